#!/usr/bin/env python3
"""A small guidance engine for voxnavd, in plain Python (standard library only, 3.9+).

It connects to the daemon's Unix socket, subscribes to events (`events.subscribe`), starts
guidance (`guidance.start`) and drives a short simulated route through `guidance.update`:

  m1  a right turn onto Solar Circle (an intersection, with lane advice)
  m2  the 2nd exit at a roundabout, onto Harbour Road
  m3  keep left onto the A7
  m4  arrival, the destination on the right

The car follows a simple speed profile (50 km/h in town, braking for the turn and the
roundabout, 80 km/h on the way to the A7). Time is SIMULATED: every update carries `time`,
advancing one second per update, while updates are sent every --interval seconds of wall
time (0.05 s by default), so the whole drive takes some 20 s. Prompts are spoken in real time,
so they queue up; the daemon replaces a prompt still waiting for a maneuver with a newer one for
the same maneuver (the old one ends as `prompt.skipped`). Not every planned prompt is heard,
but every one must END.

Each `guidance.update` reply lists the prompts the daemon decided on (maneuverID, state, text);
the `prompt.queued` event sent just before the reply gives each its prompt id, and later events
tell what became of it (`prompt.started`, then `prompt.finished` / `shortened` / `skipped` /
`expired`). Responses and event notifications arrive interleaved on the one connection;
responses are matched to requests by id. Once the arrival has been said, the daemon ends guidance
by itself (`guidance.ended`, reason `arrived`) and the client reports no more; a drive that ends
before that ends it with `guidance.end` `{"reason": "finished"}`.

Exit status 0 only if
  - no request was answered with a JSON-RPC error,
  - the first planned prompt (the first maneuver's first prompt) was queued, started and
    finished (or shortened),
  - every planned prompt was queued and has ended, within --timeout seconds after the drive;
otherwise 1 (2 if the daemon cannot be reached), with the reason on stderr.

    examples/guidance_client.py                       # the default socket
    examples/guidance_client.py --socket /tmp/v.sock --language de --interval 0.1
"""

import argparse
import json
import math
import os
import select
import socket
import struct
import sys
import time

EVENT_ENDS = ("prompt.finished", "prompt.shortened", "prompt.skipped", "prompt.expired")


def default_socket():
    runtime = os.environ.get("XDG_RUNTIME_DIR") or "/tmp/voxnav-%d" % os.getuid()
    return os.path.join(runtime, "voxnav", "voxnav.sock")


class RPCError(Exception):
    def __init__(self, method, error):
        self.method = method
        self.error = error
        super().__init__("%s failed: %s (%s)" % (method, error.get("message"), error.get("code")))


class Connection:
    """Newline-delimited JSON-RPC 2.0 over a Unix socket. Single-threaded: while waiting for a
    response, every notification that arrives is handed to `on_event`."""

    def __init__(self, path, on_event, transcript=None):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        # Only the user's own daemon: another local user's socket put where voxnavd would be is
        # refused before any request is written (SO_PEERCRED: the pid, uid and gid at the other end).
        _, uid, _ = struct.unpack("3i", self.sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
        if uid != os.geteuid():
            self.sock.close()
            raise PermissionError("it is answered by a process of uid %d, not by you (uid %d); nothing was sent" % (uid, os.geteuid()))
        self.buffer = b""
        self.next_id = 1
        self.responses = {}
        self.on_event = on_event
        self.transcript = transcript
        self.closed = False

    def _record(self, direction, line):
        if self.transcript:
            self.transcript.write(json.dumps({"dir": direction, "line": line}) + "\n")

    def send(self, method, params=None):
        """Sends a request and returns its id (the response is collected by `pump`)."""
        request_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        line = json.dumps(message, separators=(",", ":"))
        self._record("send", line)
        self.sock.sendall(line.encode() + b"\n")
        return request_id

    def call(self, method, params=None, timeout=30.0):
        """Sends a request and waits for its response; raises RPCError on a JSON-RPC error."""
        request_id = self.send(method, params)
        deadline = time.monotonic() + timeout
        while request_id not in self.responses:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no response to %s (id %d) within %.0f s" % (method, request_id, timeout))
            self.pump(left, until_response=True)
        response = self.responses.pop(request_id)
        if "error" in response:
            raise RPCError(method, response["error"])
        return response.get("result")

    def pump(self, seconds, until_response=False):
        """Reads and dispatches whatever arrives for up to `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                return
            readable, _, _ = select.select([self.sock], [], [], left)
            if not readable:
                return
            chunk = self.sock.recv(65536)
            if not chunk:
                self.closed = True
                raise ConnectionError("voxnavd closed the connection")
            self.buffer += chunk
            got_response = False
            while b"\n" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\n", 1)
                if not raw.strip():
                    continue
                line = raw.decode("utf-8", "replace")
                self._record("recv", line)
                message = json.loads(line)
                if isinstance(message, dict) and "method" in message and "id" not in message:
                    self.on_event(message.get("method"), message.get("params") or {})
                elif isinstance(message, dict):
                    self.responses[message.get("id")] = message
                    got_response = True
                else:
                    raise ValueError("unexpected message from voxnavd: %s" % line)
            if until_response and got_response:
                return


# The route: where each maneuver is (meters from the start), what it is, and how fast the car
# takes it (m/s); `cruise` is the speed on the way to it.
ROUTE = [
    {"id": "m1", "at": 1650.0, "cruise": 13.9, "through": 6.0,
     "maneuver": {"type": "rightTurn", "roadName": "Solar Cir.", "junctionType": "intersection",
                  "lanes": [{"angle": 0, "status": "notGood"}, {"angle": 90, "status": "preferred"}],
                  "instructionVariants": ["Turn Right on Solar Circle", "Turn Right"]}},
    {"id": "m2", "at": 2400.0, "cruise": 13.9, "through": 7.0,
     "maneuver": {"type": "roundaboutExit2", "roadName": "Harbour Rd.", "junctionType": "roundabout",
                  "instructionVariants": ["Take the 2nd exit onto Harbour Rd.", "2nd exit"]}},
    {"id": "m3", "at": 3800.0, "cruise": 22.2, "through": 20.0,
     "maneuver": {"type": "keepLeft", "routeNumber": "A7",
                  "instructionVariants": ["Keep left onto A7", "Keep left"]}},
    {"id": "m4", "at": 4400.0, "cruise": 13.9, "through": 0.0,
     "maneuver": {"type": "arriveAtDestinationRight",
                  "instructionVariants": ["Arrive at your destination on the right"]}},
]
ACCELERATION = 2.0   # m/s², speeding up
TRIP_SPEED = 11.0    # m/s: the average the trip's time estimate assumes (40 km/h in town)
DECELERATION = 2.5   # m/s², braking for a maneuver


class Drive:
    """The simulated car and what it heard from voxnavd."""

    def __init__(self, args):
        self.args = args
        self.conn = None
        self.client_id = None      # learned from the first prompt.queued matching a planned prompt
        self.planned = []          # {"maneuverID", "state", "text", "prompt": id or None, "end": type or None}
        self.queued = []           # prompt.queued events not yet matched to a planned prompt
        self.events = {}           # prompt id -> [event types], in order
        self.errors = []
        self.arrived = False       # the daemon ended guidance once the arrival was said
        self.held = None           # event lines held back while an update is under way

    def say(self, line):
        if self.held is not None:
            self.held.append(line)
        else:
            print(line)

    # ----- events -----

    def on_event(self, method, event):
        if method != "event":
            self.say("   ? notification %s %s" % (method, json.dumps(event)))
            return
        kind = event.get("type", "?")
        ours = self.client_id is None or event.get("client") in (None, self.client_id)
        if kind.startswith("prompt.") and not ours:
            return  # another client's prompt
        detail = []
        for key in ("prompt", "source", "kind", "style", "priority", "dB", "shouldResume", "rule"):
            if key in event:
                detail.append("%s=%s" % (key, event[key]))
        text = ' "%s"' % event["text"] if "text" in event else ""
        reason = " (%s)" % event["reason"] if "reason" in event else ""
        self.say("   ♪ %-20s %s%s%s" % (kind, " ".join(detail), text, reason))
        prompt = event.get("prompt")
        if kind == "prompt.queued":
            self.queued.append(event)
            self.match()
        if kind == "guidance.ended" and ours and event.get("reason") == "arrived":
            self.arrived = True
        if prompt and kind.startswith("prompt."):
            self.events.setdefault(prompt, []).append(kind)
            if kind in EVENT_ENDS:
                for entry in self.planned:
                    if entry["prompt"] == prompt:
                        entry["end"] = kind

    def match(self):
        """Gives each planned prompt the id of its prompt.queued event (same text, in order)."""
        for entry in self.planned:
            if entry["prompt"] is not None:
                continue
            for i, event in enumerate(self.queued):
                if event.get("text") == entry["text"] and (self.client_id is None or event.get("client") == self.client_id):
                    entry["prompt"] = event.get("prompt")
                    self.client_id = self.client_id or event.get("client")
                    del self.queued[i]
                    # Events of this prompt may have arrived before the match.
                    for kind in self.events.get(entry["prompt"], []):
                        if kind in EVENT_ENDS:
                            entry["end"] = kind
                    break

    # ----- requests -----

    def call(self, method, params=None, quiet=False):
        if not quiet:
            print("→ %s %s" % (method, json.dumps(params, separators=(",", ":")) if params is not None else ""))
        try:
            result = self.conn.call(method, params)
        except RPCError as error:
            self.errors.append(str(error))
            print("← ERROR %s" % error)
            return None
        if not quiet:
            print("← %s" % json.dumps(result, separators=(",", ":")))
        return result

    # ----- the drive -----

    def run(self):
        transcript = open(self.args.transcript, "a") if self.args.transcript else None
        try:
            self.conn = Connection(self.args.socket, self.on_event, transcript)
        except PermissionError as error:
            print("guidance_client: not connecting to %s, which may not be your voxnavd: %s"
                  % (self.args.socket, error), file=sys.stderr)
            return 2
        except OSError as error:
            print("guidance_client: cannot connect to voxnavd at %s: %s (is voxnavd running?)"
                  % (self.args.socket, error), file=sys.stderr)
            return 2
        try:
            return self.drive()
        except (ConnectionError, TimeoutError, ValueError) as error:
            print("guidance_client: FAILED: %s" % error, file=sys.stderr)
            return 1
        finally:
            if transcript:
                transcript.close()

    def drive(self):
        if self.call("events.subscribe", {"types": ["prompt", "session", "source.ducked", "source.restored", "guidance"]}) is None:
            return self.verdict()
        started = self.call("guidance.start", {"language": self.args.language, "profile": "car"})
        if started is None:
            return self.verdict()

        position, speed, clock = 0.0, 0.0, 0.0
        described = set()
        passed = set()
        while True:
            remaining = [m for m in ROUTE if m["id"] not in passed]
            # Once the arrival has been said, guidance ends by itself (guidance.ended, reason arrived).
            if not remaining or self.arrived:
                break
            upcoming = []
            for m in remaining:
                # speedLimit: the road's speed at the maneuver (m/s), which the car may speed up to
                # on the way (the announcer judges the motorway rule at the speed it will reach).
                item = {"id": m["id"], "distance": round(m["at"] - position, 1), "speedLimit": m["cruise"]}
                if m["id"] not in described:
                    item["maneuver"] = m["maneuver"]
                    described.add(m["id"])
                upcoming.append(item)
                if m["at"] - position <= 0:
                    passed.add(m["id"])  # told once that it is passed, then left out
            params = {"time": clock, "speed": round(speed, 2), "maneuvers": upcoming,
                      "trip": self.trip_estimates(position)}
            head = upcoming[0]
            line = "→ guidance.update t=%3.0fs %5.1f km/h  %s at %6.0f m" % (clock, speed * 3.6, head["id"], head["distance"])
            # Print the update before what it brought (the prompt.queued events come before the reply).
            self.held = []
            try:
                result = self.conn.call("guidance.update", params)
            except RPCError as error:
                # The arrival was said between this update's sending and its answer: the drive is over.
                if (error.error.get("data") or {}).get("guidanceEnded") == "arrived":
                    self.arrived = True
                    break
                self.errors.append(str(error))
                print("← ERROR %s" % error)
                result = None
            finally:
                held, self.held = self.held, None
            prompts = (result or {}).get("prompts", [])
            if result is None or prompts or held or self.args.verbose or clock % 10 == 0:
                print(line)
            for event_line in held:
                print(event_line)
            if result is None:
                return self.verdict()
            for p in prompts:
                chained = " (then %s)" % p["chainedManeuverID"] if p.get("chainedManeuverID") else ""
                print("← planned %s %-8s at %5.0f m: \"%s\"%s" % (p["maneuverID"], p["state"], p["distance"], p["text"], chained))
                self.planned.append({"maneuverID": p["maneuverID"], "state": p["state"], "text": p["text"],
                                     "prompt": None, "end": None})
            self.match()
            # One simulated second passes: the car drives on, braking for the next maneuver if needed.
            target = self.target_speed(position)
            if speed < target:
                speed = min(target, speed + ACCELERATION)
            else:
                speed = max(target, speed - DECELERATION)
            position += speed
            clock += 1.0
            self.conn.pump(self.args.interval)

        # Wait for every planned prompt to end (they play in real time), then end guidance:
        # guidance.end cancels whatever guidance prompt still waits.
        deadline = time.monotonic() + self.args.timeout
        while time.monotonic() < deadline and not self.all_ended():
            self.conn.pump(min(0.5, deadline - time.monotonic()))
        if self.arrived:
            print("   guidance ended by itself once the arrival was said (guidance.ended, reason arrived)")
        else:
            self.call("guidance.end", {"reason": "finished"})
        self.match()
        return self.verdict()

    def trip_estimates(self, position):
        """The trip's estimates, as a guidance engine keeps them current: the distance to the
        destination, and the time at the legs' cruise speeds; the daemon works the arrival out
        (add "arrival" with the driver's offset to say it yourself)."""
        destination = ROUTE[-1]["at"]
        distance = max(0.0, destination - position)
        return {"distance": round(distance, 1), "time": round(distance / TRIP_SPEED, 1)}

    def target_speed(self, position):
        """Cruise speed of the current leg, capped so that the car can brake to the next
        maneuver's speed in time: sqrt(v² + 2·a·d)."""
        for m in ROUTE:
            distance = m["at"] - position
            if distance > 0:
                return min(m["cruise"], math.sqrt(m["through"] ** 2 + 2 * DECELERATION * max(distance - 5, 0)), )
        return 0.0

    def all_ended(self):
        return bool(self.planned) and all(entry["end"] for entry in self.planned)

    # ----- the verdict -----

    def verdict(self):
        problems = list(self.errors)
        if not self.errors:
            if not self.planned:
                problems.append("the daemon planned no prompt for the whole route")
            else:
                first = self.planned[0]
                if first["maneuverID"] != ROUTE[0]["id"]:
                    problems.append("the first planned prompt is for %s, not %s" % (first["maneuverID"], ROUTE[0]["id"]))
                if first["prompt"] is None:
                    problems.append('no prompt.queued event for the first prompt "%s"' % first["text"])
                else:
                    seen = self.events.get(first["prompt"], [])
                    for wanted in ("prompt.queued", "prompt.started"):
                        if wanted not in seen:
                            problems.append("no %s event for the first prompt %s (heard: %s)" % (wanted, first["prompt"], seen))
                    if not any(kind in ("prompt.finished", "prompt.shortened") for kind in seen):
                        problems.append("the first prompt %s was not finished or shortened (heard: %s)" % (first["prompt"], seen))
                for entry in self.planned:
                    if entry["prompt"] is None:
                        problems.append('planned prompt %s/%s "%s" was never queued' % (entry["maneuverID"], entry["state"], entry["text"]))
                    elif entry["end"] is None:
                        problems.append("planned prompt %s (%s/%s) had not ended after %.0f s"
                                        % (entry["prompt"], entry["maneuverID"], entry["state"], self.args.timeout))
        print()
        print("Planned prompts and what became of them:")
        for entry in self.planned:
            print("  %-5s %-3s %-8s %-17s %s" % (entry["prompt"] or "?", entry["maneuverID"], entry["state"],
                                                 entry["end"] or "(not ended)", entry["text"]))
        heard = sum(1 for e in self.planned if e["end"] in ("prompt.finished", "prompt.shortened"))
        if problems:
            for problem in problems:
                print("guidance_client: FAILED: %s" % problem, file=sys.stderr)
            return 1
        print("guidance_client: OK: %d prompts planned, %d heard, every one ended" % (len(self.planned), heard))
        return 0


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Drive a short simulated route through voxnavd's guidance.update and check the prompts it plans are spoken or accounted for.",
        epilog="Exit status: 0 all expected events heard; 1 a check failed or a JSON-RPC error; 2 cannot connect.")
    parser.add_argument("--socket", default=default_socket(),
                        help="voxnavd's socket (default: $XDG_RUNTIME_DIR/voxnav/voxnav.sock, now %(default)s)")
    parser.add_argument("--language", default="en-US", help="phrase pack for guidance.start (default: %(default)s)")
    parser.add_argument("--interval", type=float, default=0.05,
                        help="wall-clock seconds between updates; each update advances the simulated clock by 1 s (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=45.0,
                        help="seconds to wait after the drive for every planned prompt to end (default: %(default)s)")
    parser.add_argument("--verbose", action="store_true", help="print every update, not only those that planned a prompt")
    parser.add_argument("--transcript", metavar="FILE",
                        help="append every message sent and received to FILE as JSON lines {\"dir\": \"send\"|\"recv\", \"line\": ...}")
    args = parser.parse_args(argv)
    if not (0 <= args.interval <= 5):
        parser.error("--interval must be between 0 and 5 seconds")
    return Drive(args).run()


if __name__ == "__main__":
    sys.exit(main())
