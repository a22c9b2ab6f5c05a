#!/usr/bin/env python3
"""The protocol check behind scripts/check-protocol (run it through that script).

Starts .build/debug/voxnavd on a temporary socket, runs a scripted session that calls every
method, successfully and with errors of every JSON-RPC class, records every line sent and
received, validates each against docs/protocol.schema.json (requests the daemon refuses as
-32600/-32601/-32602 must be refused by the schema too; everything else must conform, and each
result must match $defs/result.<method>), then runs examples/guidance_client.py against the
same daemon (its traffic is validated too), stops the daemon with SIGTERM and prints
`protocol: N passed, M failed`.
"""
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMA_PATH = os.path.join(ROOT, "docs", "protocol.schema.json")
DAEMON = os.path.join(ROOT, ".build", "debug", "voxnavd")
CLIENT = os.path.join(ROOT, "examples", "guidance_client.py")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_schema  # noqa: E402  (the method list and the generator's --check)

PASSED, FAILED = [], []


def check(name, ok, detail=""):
    (PASSED if ok else FAILED).append(name)
    print("%s  %s%s" % ("PASS" if ok else "FAIL", name, "" if ok or not detail else "\n        " + str(detail).replace("\n", "\n        ")))
    return ok


class Conn:
    """One connection: sends lines, collects responses by id and events, records everything."""

    def __init__(self, path, name, transcript):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.name = name
        self.transcript = transcript
        self.buffer = b""
        self.responses = []      # parsed responses (dicts), in arrival order, not yet taken
        self.batches = []        # parsed batch replies (lists)
        self.events = []         # event params
        self.methods = {}        # id (json) -> method, for result validation

    def send(self, line, expect="valid", method=None, request_id=None):
        """expect: valid (the schema must accept it), invalid (must reject it), notjson."""
        data = line.encode() if isinstance(line, str) else line
        self.transcript.append({"conn": self.name, "dir": "send", "line": data.decode("utf-8", "replace"), "expect": expect})
        if method is not None and request_id is not None:
            self.methods[json.dumps(request_id)] = method
        self.sock.sendall(data + b"\n")

    def request(self, method, params=None, request_id=None, expect="valid"):
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(json.dumps(message), expect=expect, method=method, request_id=request_id)

    def pump(self, seconds):
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            readable, _, _ = select.select([self.sock], [], [], left)
            if not readable:
                return
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise ConnectionError("%s: voxnavd closed the connection" % self.name)
            self.buffer += chunk
            while b"\n" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\n", 1)
                line = raw.decode("utf-8", "replace")
                self.transcript.append({"conn": self.name, "dir": "recv", "line": line})
                message = json.loads(line)
                if isinstance(message, list):
                    self.batches.append(message)
                elif "method" in message and "id" not in message:
                    self.events.append(message.get("params", {}))
                else:
                    self.responses.append(message)

    def take(self, request_id, timeout=30.0):
        """The response with this id (None: the next response whose id is null)."""
        deadline = time.monotonic() + timeout
        while True:
            for i, response in enumerate(self.responses):
                if response.get("id") == request_id and type(response.get("id")) is type(request_id):
                    return self.responses.pop(i)
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("%s: no response with id %r within %.0f s" % (self.name, request_id, timeout))
            self.pump(min(left, 0.2))

    def take_batch(self, timeout=10.0):
        deadline = time.monotonic() + timeout
        while not self.batches:
            if time.monotonic() > deadline:
                raise TimeoutError("%s: no batch reply" % self.name)
            self.pump(0.2)
        return self.batches.pop(0)

    def wait_events(self, predicate, timeout=20.0):
        deadline = time.monotonic() + timeout
        while not predicate(self.events):
            if time.monotonic() > deadline:
                return False
            self.pump(0.2)
        return True


class Session:
    def __init__(self, path):
        self.path = path
        self.transcript = []
        self.next_id = 0
        self.called_ok = set()
        self.error_codes = set()

    def conn(self, name):
        return Conn(self.path, name, self.transcript)

    def call(self, conn, name, method, params=None, expect_error=None, predicate=None, schema="valid", request_id=None, timeout=30.0):
        """One request and its check: a result satisfying `predicate`, or an error with `expect_error`'s code."""
        if request_id is None:
            self.next_id += 1
            request_id = self.next_id
        if schema == "valid" and expect_error in (-32600, -32601, -32602):
            schema = "invalid"
        try:
            conn.request(method, params, request_id, expect=schema)
            response = conn.take(request_id, timeout)
        except Exception as error:  # noqa: BLE001
            check(name, False, error)
            return None
        if expect_error is not None:
            code = response.get("error", {}).get("code")
            self.error_codes.add(code)
            return response if check(name, code == expect_error, "expected error %s, got %s" % (expect_error, json.dumps(response))) else None
        if "error" in response:
            check(name, False, "error: %s" % json.dumps(response["error"]))
            return None
        result = response.get("result")
        try:
            ok = predicate(result) if predicate else True
        except Exception as error:  # noqa: BLE001
            ok, result = False, "%s (%s)" % (json.dumps(result), error)
        if check(name, bool(ok), "unexpected result: %s" % (result if isinstance(result, str) else json.dumps(result))):
            self.called_ok.add(method)
        return result

    def raw(self, conn, name, line, expect_code, expect_id=None, schema="invalid"):
        """A raw frame that must be refused with `expect_code`, answered with `expect_id`."""
        try:
            conn.send(line, expect=schema)
            response = conn.take(expect_id)
        except Exception as error:  # noqa: BLE001
            return check(name, False, error)
        code = response.get("error", {}).get("code")
        self.error_codes.add(code)
        return check(name, code == expect_code, "expected %s with id %r, got %s" % (expect_code, expect_id, json.dumps(response)[:300]))


def scripted_session(s):
    a = s.conn("A")
    b = s.conn("B")
    ALL = gen_schema.EVENT_TYPES

    # --- events ---
    s.call(a, "events.subscribe: every event", "events.subscribe", {}, predicate=lambda r: r["subscribed"] == ALL)
    s.call(b, "events.subscribe: types filter", "events.subscribe", {"types": ["source", "prompt.finished"]},
           predicate=lambda r: r["subscribed"] == ["prompt.finished", "source"])

    # --- state ---
    s.call(a, "state.get", "state.get", predicate=lambda r: isinstance(r["promptsSpoken"], int) and "sources" in r)
    s.call(a, "source.list", "source.list", {}, predicate=lambda r: isinstance(r["sources"], list))
    s.call(a, "session.promptStyle: normal", "session.promptStyle",
           predicate=lambda r: r == {"style": "normal", "alertStyle": "normal", "voiceGuidance": "all", "promptsDuringCall": "tone", "guidanceGain": "normal"})

    # --- sources and prompts ---
    s.call(a, "source.start fmRadio", "source.start", {"kind": "fmRadio"},
           predicate=lambda r: r["kind"] == "fmRadio" and r["state"] == "playing")
    s.call(a, "prompt.speak text over the radio: finished, radio ducked", "prompt.speak",
           {"text": "In 300 meters, turn right onto Solar Circle.", "language": "en-US"},
           predicate=lambda r: r["result"] in ("finished", "shortened") and any(d["kind"] == "fmRadio" for d in r["ducked"])
           and r["timings"]["restored"] > 0)

    first = s.call(a, "prompt.speak maneuver, wait false", "prompt.speak",
                   {"maneuver": {"type": "roundaboutExit3", "roadName": "Hauptstr.", "state": "initial", "distanceRemaining": 640},
                    "then": {"type": "leftTurn"}, "language": "de", "wait": False, "priority": "important", "key": "m1"},
                   predicate=lambda r: r["id"].startswith("p-") and r["position"] >= 0)
    second = s.call(a, "prompt.speak queued behind it", "prompt.speak",
                    {"text": "This prompt will be cancelled while it waits.", "wait": False, "priority": "low"},
                    predicate=lambda r: r["position"] >= 0)
    third = s.call(a, "prompt.speak with a 0.3 s deadline", "prompt.speak",
                   {"text": "Too late.", "wait": False, "deadline": 0.3}, predicate=lambda r: r["position"] >= 0)
    if second:
        s.call(a, "prompt.cancel one waiting prompt", "prompt.cancel", {"id": second["id"]},
               predicate=lambda r: r["cancelled"] == [second["id"]])
    if first and second and third:
        def ended(events, pid, types):
            return any(e.get("prompt") == pid and e["type"] in types for e in events)
        ok = a.wait_events(lambda ev: ended(ev, first["id"], ("prompt.finished", "prompt.shortened"))
                           and ended(ev, second["id"], ("prompt.skipped",)) and ended(ev, third["id"], ("prompt.expired",)))
        check("queued prompts end as finished, skipped (cancelled), expired (deadline)", ok,
              [e for e in a.events if e.get("prompt") in (first["id"], second["id"], third["id"])])
    s.call(a, "prompt.cancel all: nothing waiting", "prompt.cancel", {}, predicate=lambda r: r["cancelled"] == [])

    s.call(a, "source.start voiceAssistant listening", "source.start", {"kind": "voiceAssistant", "activity": "listening"},
           predicate=lambda r: r["activity"] == "listening")
    s.call(a, "session.promptStyle: none while the assistant listens", "session.promptStyle", {}, predicate=lambda r: r["style"] == "none")
    s.call(a, "prompt.speak while the assistant listens: skipped", "prompt.speak", {"text": "Keep left."},
           predicate=lambda r: r["result"] == "skipped" and r["style"] == "none" and r["reason"])
    s.call(a, "source.start voiceAssistant speaking (activity change)", "source.start", {"kind": "voiceAssistant", "activity": "speaking"},
           predicate=lambda r: r["activity"] == "speaking")
    s.call(a, "source.stop voiceAssistant", "source.stop", {"kind": "voiceAssistant"},
           predicate=lambda r: r == {"kind": "voiceAssistant", "state": "stopped"})
    s.call(a, "source.start phoneCall", "source.start", {"kind": "phoneCall"}, predicate=lambda r: r["kind"] == "phoneCall")
    s.call(a, "prompt.speak during a call: the earcon", "prompt.speak", {"text": "Keep right."},
           predicate=lambda r: r["style"] == "short" and r["text"].startswith("(earcon)"))
    s.call(a, "source.stop phoneCall", "source.stop", {"kind": "phoneCall"}, predicate=lambda r: r["state"] == "stopped")

    # --- sessions and audit ---
    voice_prompt = {"category": "playback", "mode": "voicePrompt", "options": ["duckOthers", "interruptSpokenAudioAndMixWithOthers"]}
    s.call(a, "session.configure voicePrompt", "session.configure", voice_prompt, predicate=lambda r: r["configured"] == voice_prompt)
    s.call(a, "session.setActive true", "session.setActive", {"active": True},
           predicate=lambda r: r["active"] is True and isinstance(r["effects"], list))
    s.call(a, "session.setActive false", "session.setActive", {"active": False, "notifyOthers": True},
           predicate=lambda r: r["active"] is False)
    s.call(a, "state.get with a session and the radio", "state.get", {},
           predicate=lambda r: any(x["configuration"] == voice_prompt for x in r["sessions"])
           and any(x["kind"] == "fmRadio" for x in r["sources"]))
    # --- voice control: the one window recording is allowed, and no prompt over the user's speech ---
    vc = s.conn("VC")
    s.call(vc, "session.voiceControl shown: style none", "session.voiceControl", {"shown": True},
           predicate=lambda r: r == {"shown": True, "style": "none"})
    s.call(a, "session.promptStyle: none while a voice-control template is shown", "session.promptStyle", predicate=lambda r: r["style"] == "none")
    s.call(vc, "session.configure playAndRecord inside the template", "session.configure", {"category": "playAndRecord"},
           predicate=lambda r: r["configured"]["category"] == "playAndRecord")
    s.call(vc, "session.setActive: recording inside the template", "session.setActive", {"active": True}, predicate=lambda r: r["active"] is True)
    s.call(vc, "session.setActive false", "session.setActive", {"active": False}, predicate=lambda r: r["active"] is False)
    s.call(vc, "session.voiceControl hidden: style normal", "session.voiceControl", {"shown": False},
           predicate=lambda r: r == {"shown": False, "style": "normal"})
    s.call(vc, "audit.get: recording inside the template is not audited", "audit.get", {"all": False},
           predicate=lambda r: not any(v["rule"] == "recordingInCar" for v in r["violations"]))
    s.call(vc, "session.setActive: recording outside the template", "session.setActive", {"active": True}, predicate=lambda r: r["active"] is True)
    s.call(vc, "audit.get: recording outside the template is audited", "audit.get", {"all": False},
           predicate=lambda r: any(v["rule"] == "recordingInCar" for v in r["violations"]))
    s.call(vc, "session.setActive false after recording", "session.setActive", {"active": False}, predicate=lambda r: r["active"] is False)
    # --- the user's voice guidance: off, alertsOnly, all ---
    s.call(vc, "session.voiceGuidance alertsOnly", "session.voiceGuidance", {"level": "alertsOnly"},
           predicate=lambda r: r == {"style": "none", "alertStyle": "normal", "voiceGuidance": "alertsOnly", "promptsDuringCall": "tone", "guidanceGain": "normal"})
    s.call(vc, "prompt.speak a maneuver with alerts only: skipped", "prompt.speak", {"maneuver": {"type": "leftTurn"}},
           predicate=lambda r: r["result"] == "skipped" and "voice guidance" in r["reason"])
    s.call(vc, "session.voiceGuidance all", "session.voiceGuidance", {"level": "all"}, predicate=lambda r: r["voiceGuidance"] == "all")
    # --- the user's setting for prompts during a call: tone, voice, off ---
    s.call(vc, "session.promptsDuringCall off", "session.promptsDuringCall", {"setting": "off"},
           predicate=lambda r: r["promptsDuringCall"] == "off" and r["style"] == "normal")
    s.call(vc, "session.promptsDuringCall tone", "session.promptsDuringCall", {"setting": "tone"},
           predicate=lambda r: r["promptsDuringCall"] == "tone")
    # --- the user's guidance gain: softer, normal, louder ---
    s.call(vc, "session.guidanceGain louder", "session.guidanceGain", {"gain": "louder"},
           predicate=lambda r: r["guidanceGain"] == "louder" and r["style"] == "normal")
    s.call(vc, "prompt.speak at louder: started with its gain", "prompt.speak", {"text": "Louder."},
           predicate=lambda r: r["result"] == "finished")
    s.call(vc, "session.guidanceGain normal", "session.guidanceGain", {"gain": "normal"},
           predicate=lambda r: r["guidanceGain"] == "normal")

    # --- the session prompts play in is checked (CarPlay: voicePrompt, duckOthers, interruptSpokenAudioAndMixWithOthers) ---
    s.call(vc, "session.configure playback with duckOthers only", "session.configure", {"category": "playback", "options": ["duckOthers"]},
           predicate=lambda r: r["configured"]["mode"] == "default")
    s.call(vc, "prompt.speak in that session: it plays", "prompt.speak", {"text": "Turn left."},
           predicate=lambda r: r["result"] in ("finished", "shortened"))
    s.call(vc, "audit.get: promptSessionMisconfigured, saying what is missing", "audit.get", {"all": False},
           predicate=lambda r: any(x["rule"] == "promptSessionMisconfigured" and "mode voicePrompt" in x["detail"] for x in r["violations"]))
    s.call(a, "audit.get all", "audit.get", {}, predicate=lambda r: isinstance(r["violations"], list))
    s.call(a, "audit.get this client", "audit.get", {"all": False}, predicate=lambda r: isinstance(r["violations"], list))

    # --- alerts ---
    s.call(a, "prompt.alert speedCamera 150 m, awaited: important, in words", "prompt.alert",
           {"kind": "speedCamera", "distance": 150},
           predicate=lambda r: r["result"] in ("finished", "shortened") and r["text"] == "Speed camera in 500 feet")
    s.call(a, "prompt.alert roadworks in German, wait false", "prompt.alert", {"kind": "roadworks", "language": "de", "wait": False},
           predicate=lambda r: r["id"].startswith("p-") and isinstance(r["position"], int))
    own = s.call(a, "prompt.alert in the app's own words: the richest variant that fits is said", "prompt.alert",
                 {"text": ["Accident on the A7 between Hamburg-Othmarschen and Hamburg-Bahrenfeld, the left lane is closed and traffic is "
                           "held up for about twenty minutes; expect long delays and consider another route if you can",
                           "Accident on the A7, expect delays"]},
                 predicate=lambda r: r["result"] in ("finished", "shortened") and r["text"] == "Accident on the A7, expect delays")
    check("prompt.alert: alert.shown when accepted, alert.dismissed (with how it ended) when said, named by its prompt",
          own is not None and a.wait_events(lambda ev: [(e["type"], e.get("reason")) for e in ev
                                                        if e.get("prompt") == own["id"] and e["type"].startswith("alert.")]
                                            == [("alert.shown", None), ("alert.dismissed", own["result"])]),
          json.dumps([e for e in a.events if own is not None and e.get("prompt") == own["id"]]))

    # --- guidance ---
    s.call(a, "guidance.start", "guidance.start", {"language": "en-US", "profile": "car"},
           predicate=lambda r: r == {"language": "en-US", "profile": "car", "units": "imperialUS", "verbosity": "normal",
                                     "roadNames": True, "roadNumbers": True, "arrivalOnDeparture": False})
    s.call(a, "guidance.estimates before a report carried trip: nothing said, with the reason", "guidance.estimates", {},
           predicate=lambda r: r["announced"] is False and "no trip estimates" in r["reason"] and "prompt" not in r)
    s.call(a, "guidance.update plans the initial prompt", "guidance.update",
           {"speed": 13.9, "maneuvers": [{"id": "m1", "distance": 1400, "maneuver": {"type": "rightTurn", "roadName": "Solar Cir."}}]},
           predicate=lambda r: len(r["prompts"]) == 1 and r["prompts"][0]["maneuverID"] == "m1" and r["prompts"][0]["state"] == "initial")
    # --- the trip's estimates (CarPlay's travel estimates) ---
    s.call(a, "guidance.update with trip: kept, the arrival worked out (now plus the time to go)", "guidance.update",
           {"speed": 13.9, "maneuvers": [{"id": "m1", "distance": 1390, "speedLimit": 13.9}], "trip": {"distance": 22500, "time": 1380}},
           predicate=lambda r: r["trip"]["arrivalDerived"] is True and r["trip"]["distance"] == 22500 and r["trip"]["time"] == 1380)
    s.call(a, "guidance.update with trip and its arrival on the driver's clock", "guidance.update",
           {"speed": 13.9, "maneuvers": [{"id": "m1", "distance": 1380}],
            "trip": {"distance": 22400, "time": 1370, "arrival": "2026-11-28T17:42:00-05:00"}},
           predicate=lambda r: r["trip"] == {"distance": 22400, "time": 1370, "arrival": "2026-11-28T17:42:00-05:00", "arrivalDerived": False})
    s.call(a, "-32602 guidance.update with an arrival without its offset (changes nothing)", "guidance.update",
           {"speed": 13.9, "maneuvers": [{"id": "m1", "distance": 1370}], "trip": {"distance": 1, "time": 60, "arrival": "2026-11-28T17:42:00"}},
           expect_error=-32602)
    s.call(a, "state.get: the guidance's trip as reported", "state.get", {},
           predicate=lambda r: [g.get("trip", {}).get("arrival") for g in r["guidance"]] == ["2026-11-28T17:42:00-05:00"])
    s.call(a, "guidance.estimates says the arrival, the time and the distance to go", "guidance.estimates", {},
           predicate=lambda r: r["announced"] is True and r["prompt"].startswith("p-") and r["text"].startswith("You'll arrive at 5:42 PM, in ")
           and r["trip"]["arrival"] == "2026-11-28T17:42:00-05:00")
    carplay = {"type": "enter_Ferry", "roadName": "Harbour Rd.", "instructionVariants": ["Take the ferry"],
               "attributedInstructionVariants": ["Take the ferry"], "dashboardInstructionVariants": ["Ferry"],
               "dashboardAttributedInstructionVariants": ["Ferry"], "notificationInstructionVariants": ["Take the ferry"],
               "notificationAttributedInstructionVariants": ["Take the ferry"], "roadFollowingManeuverVariants": ["Follow Quay St."],
               "currentRoadNameVariants": ["Quay Street"], "highwayExitLabel": "Pier 3", "symbolImage": "ferry",
               "junctionImage": "pier-3", "dashboardSymbolImage": "ferry", "dashboardJunctionImage": "pier-3",
               "notificationSymbolImage": "ferry", "symbolSet": {"lightContentImage": "ferry-light", "darkContentImage": "ferry-dark"}}
    s.call(a, "guidance.update with a CarPlay maneuver forwarded as it is (display-only members, enter_Ferry)", "guidance.update",
           {"speed": 13.9, "maneuvers": [{"id": "m1", "distance": 1400}, {"id": "f1", "distance": 4000, "maneuver": carplay}]},
           predicate=lambda r: isinstance(r["prompts"], list))
    s.call(a, "guidance.update naming an undescribed id: -32000", "guidance.update",
           {"speed": 13.9, "maneuvers": [{"id": "m9", "distance": 500}]}, expect_error=-32000)
    s.call(a, "guidance.repeat says the next maneuver again, at its distance now", "guidance.repeat", {},
           predicate=lambda r: r["repeated"] is True and r["maneuverID"] == "m1" and r["prompt"].startswith("p-")
           and 0 < r["distance"] <= 1400 and r["state"] in ("initial", "prepare", "execute"))
    s.call(a, "guidance.repeat again within 3 s: refused with the wait", "guidance.repeat", {},
           predicate=lambda r: r["repeated"] is False and "3 s" in r["reason"] and 0 < r["retryAfter"] <= 3 and "prompt" not in r)
    s.call(a, "guidance.reroute says Recalculating route", "guidance.reroute", {},
           predicate=lambda r: r["announced"] is True and r["text"] == "Recalculating route" and r["prompt"].startswith("p-"))
    s.call(a, "guidance.reroute again within 10 s: not said again", "guidance.reroute", {},
           predicate=lambda r: r["announced"] is False and "reason" in r and "prompt" not in r)
    s.call(a, "guidance.update after a reroute: an old id must be described again (-32000)", "guidance.update",
           {"speed": 13.9, "maneuvers": [{"id": "m1", "distance": 1300}]}, expect_error=-32000)
    # --- the guidance lifecycle: a pause, its words once per 10 s, nothing announced until it resumes ---
    s.call(a, "guidance.pause loading says Loading route", "guidance.pause", {"reason": "loading"},
           predicate=lambda r: r["paused"] == "loading" and r["announced"] is True and r["text"] == "Loading route"
           and r["prompt"].startswith("p-") and isinstance(r["cancelled"], list))
    s.call(a, "guidance.pause loading again within 10 s: not said again", "guidance.pause", {"reason": "loading"},
           predicate=lambda r: r["paused"] == "loading" and r["announced"] is False and "10 s" in r["reason"] and "prompt" not in r)
    s.call(a, "guidance.pause arrived: paused, nothing said", "guidance.pause", {"reason": "arrived"},
           predicate=lambda r: r["paused"] == "arrived" and r["announced"] is False and "text" not in r)
    s.call(a, "guidance.update while paused: taken, nothing announced", "guidance.update",
           {"speed": 13.9, "maneuvers": [{"id": "m1", "distance": 300, "maneuver": {"type": "leftTurn", "roadName": "Pine St."}}]},
           predicate=lambda r: r["prompts"] == [] and r["paused"] == "arrived")
    s.call(a, "guidance.repeat while paused: refused with the reason", "guidance.repeat", {},
           predicate=lambda r: r["repeated"] is False and "paused" in r["reason"])
    s.call(a, "guidance.resume", "guidance.resume", {}, predicate=lambda r: r == {"resumed": True, "from": "arrived"})
    s.call(a, "guidance.resume when not paused: nothing changes", "guidance.resume", {}, predicate=lambda r: r == {"resumed": False})
    s.call(a, "guidance.update after resuming: no longer paused (the maneuver described while paused is known)", "guidance.update",
           {"speed": 13.9, "maneuvers": [{"id": "m1", "distance": 290}]},
           predicate=lambda r: isinstance(r["prompts"], list) and "paused" not in r)
    check("guidance.pause and guidance.resume: guidance.paused (loading, loading, arrived) and guidance.resumed (arrived) events",
          a.wait_events(lambda ev: [e.get("reason") for e in ev if e["type"] == "guidance.paused"][-3:] == ["loading", "loading", "arrived"]
                        and any(e["type"] == "guidance.resumed" and e.get("reason") == "arrived" for e in ev)))
    s.call(a, "guidance.end", "guidance.end", predicate=lambda r: r == {"ended": True})
    s.call(a, "prompt.cancel all: stops the guidance prompt", "prompt.cancel", {}, predicate=lambda r: isinstance(r["cancelled"], list))
    s.call(a, "source.stop fmRadio", "source.stop", {"kind": "fmRadio"}, predicate=lambda r: r["state"] == "stopped")
    check("guidance.end: a guidance.ended event, reason clientRequest",
          a.wait_events(lambda ev: any(e["type"] == "guidance.ended" and e.get("reason") == "clientRequest" for e in ev)))
    s.call(a, "guidance.start with the route's first report: its prompts decided at once", "guidance.start",
           {"language": "en-US", "speed": 13.9,
            "maneuvers": [{"id": "m1", "distance": 1400, "maneuver": {"type": "rightTurn", "roadName": "Solar Cir."}}]},
           predicate=lambda r: r["language"] == "en-US" and len(r["prompts"]) == 1 and r["prompts"][0]["state"] == "initial")
    s.call(a, "guidance.end finished", "guidance.end", {"reason": "finished"}, predicate=lambda r: r == {"ended": True})
    check("guidance.end finished: a guidance.ended event, reason finished",
          a.wait_events(lambda ev: any(e["type"] == "guidance.ended" and e.get("reason") == "finished" for e in ev)))
    ended = s.call(a, "-32000 guidance.update after guidance.end: why there is none, in data", "guidance.update",
                   {"speed": 13.9, "maneuvers": [{"id": "m1", "distance": 1300}]}, expect_error=-32000)
    check("-32000 after the end names it: data {guidanceEnded: finished}",
          ended is not None and ended["error"].get("data") == {"guidanceEnded": "finished"}, json.dumps(ended))
    s.call(a, "prompt.cancel all: stops what the finished guidance left playing", "prompt.cancel", {},
           predicate=lambda r: isinstance(r["cancelled"], list))
    s.call(a, "guidance.start with arrivalOnDeparture and a trip: the departure ends with the arrival", "guidance.start",
           {"language": "en-US", "arrivalOnDeparture": True, "speed": 0,
            "trip": {"distance": 22500, "time": 1380, "arrival": "2026-11-28T08:12:00+00:00"},
            "maneuvers": [{"id": "m0", "distance": 0, "maneuver": {"type": "startRoute", "roadName": "Kings Rd"}},
                          {"id": "m1", "distance": 22500, "maneuver": {"type": "arriveAtDestination"}}]},
           predicate=lambda r: r["arrivalOnDeparture"] is True and r["trip"]["arrivalDerived"] is False
           and r["prompts"][0]["text"] == "Head out on Kings Road. You'll arrive at 8:12 AM")
    s.call(a, "-32602 guidance.start with trip but no maneuvers", "guidance.start", {"trip": {"distance": 1, "time": 60}}, expect_error=-32602)
    s.call(a, "guidance.end cancelled", "guidance.end", {"reason": "cancelled"}, predicate=lambda r: r == {"ended": True})

    # --- the car's own navigation takes over (CarPlay: end your guidance) ---
    s.call(a, "guidance.start en-GB in metric (as in Australia), detailed, without road names", "guidance.start",
           {"language": "en-GB", "units": "metric", "verbosity": "detailed", "roadNames": False},
           predicate=lambda r: r["units"] == "metric" and r["verbosity"] == "detailed" and r["roadNames"] is False
           and r["roadNumbers"] is True)
    s.call(a, "guidance.update: distances in metres, the road not named", "guidance.update",
           {"speed": 13.9, "maneuvers": [{"id": "m1", "distance": 1400, "maneuver": {"type": "rightTurn", "roadName": "Baker St"}}]},
           predicate=lambda r: len(r["prompts"]) == 1 and "kilometre" in r["prompts"][0]["text"] and "Baker" not in r["prompts"][0]["text"])
    s.call(b, "source.start nativeNavigation", "source.start", {"kind": "nativeNavigation"}, predicate=lambda r: r["kind"] == "nativeNavigation")
    check("the car's navigation ends the guidance: guidance.ended, reason nativeNavigation",
          a.wait_events(lambda ev: any(e["type"] == "guidance.ended" and e.get("reason") == "nativeNavigation" for e in ev)))
    s.call(a, "session.promptStyle: none while the car's navigation guides", "session.promptStyle", predicate=lambda r: r["style"] == "none")
    s.call(a, "-32000 guidance.start while the car's navigation guides", "guidance.start", {}, expect_error=-32000)
    s.call(b, "source.stop nativeNavigation", "source.stop", {"kind": "nativeNavigation"}, predicate=lambda r: r["state"] == "stopped")

    # --- -32000: valid requests the engine cannot carry out ---
    s.call(a, "-32000 source.stop of a source not running", "source.stop", {"kind": "fmRadio"}, expect_error=-32000)
    s.call(b, "-32000 guidance.update before guidance.start", "guidance.update", {"speed": 10, "maneuvers": [{"id": "m1", "distance": 5}]},
           expect_error=-32000)
    s.call(b, "-32000 guidance.pause before guidance.start", "guidance.pause", {"reason": "loading"}, expect_error=-32000)
    s.call(b, "-32000 guidance.resume before guidance.start", "guidance.resume", {}, expect_error=-32000)
    s.call(b, "-32000 guidance.reroute before guidance.start", "guidance.reroute", {}, expect_error=-32000)
    s.call(b, "-32000 guidance.repeat before guidance.start", "guidance.repeat", {}, expect_error=-32000)
    s.call(b, "-32000 guidance.estimates before guidance.start", "guidance.estimates", {}, expect_error=-32000)
    s.call(b, "-32000 guidance.start with an unknown profile", "guidance.start", {"profile": "hovercraft"}, expect_error=-32000)
    s.call(b, "-32000 guidance.start with an unknown language", "guidance.start", {"language": "tlh"}, expect_error=-32000)
    s.call(b, "-32000 guidance.start in units its pack does not word", "guidance.start", {"language": "de", "units": "imperialUS"}, expect_error=-32000)
    s.call(b, "-32000 prompt.speak maneuver in an unknown language", "prompt.speak",
           {"maneuver": {"type": "leftTurn"}, "language": "tlh"}, expect_error=-32000)
    s.call(b, "-32000 prompt.speak text with an unknown voice", "prompt.speak", {"text": "Hello", "language": "tlh"}, expect_error=-32000)
    s.call(b, "-32000 session.setActive before session.configure", "session.setActive", {"active": True}, expect_error=-32000)
    s.call(b, "-32000 clock.advance on the real clock", "clock.advance", {"to": 5}, expect_error=-32000)

    # --- -32602: invalid params ---
    for method in gen_schema.METHODS:
        s.call(b, "-32602 %s with an unknown member" % method, method, {"bogus": 1}, expect_error=-32602)
    invalid = [
        ("prompt.speak", {}, "neither text nor maneuver"),
        ("prompt.speak", {"text": "x", "maneuver": {"type": "leftTurn"}}, "both text and maneuver"),
        ("prompt.speak", {"text": "   "}, "blank text"),
        ("prompt.speak", {"text": "x", "then": {"type": "leftTurn"}}, "then with text"),
        ("prompt.speak", {"maneuver": {"type": "roundaboutExit20"}}, "unknown maneuver type"),
        ("prompt.speak", {"maneuver": {"type": "leftTurn", "lanes": [{"angle": 270, "status": "good"}]}}, "lane angle out of range"),
        ("prompt.speak", {"maneuver": {"type": "leftTurn", "state": "halfway"}}, "unknown maneuver state"),
        ("prompt.speak", {"maneuver": {"type": "leftTurn", "symbolName": "turn-left"}}, "a maneuver member outside CarPlay's display list"),
        ("prompt.speak", {"maneuver": {"type": "leftTurn", "symbolImage": ["turn-left"]}}, "a display member of the wrong shape"),
        ("prompt.speak", {"text": "x", "deadline": 0}, "deadline 0"),
        ("prompt.speak", {"text": "x", "priority": "urgent"}, "unknown priority"),
        ("prompt.speak", {"text": 42}, "text not a string"),
        ("prompt.cancel", {"id": 3}, "id not a string"),
        ("events.subscribe", {"types": ["prompt.sung"]}, "unknown event type"),
        ("source.start", {"kind": "jukebox"}, "unknown kind"),
        ("source.start", {}, "kind missing"),
        ("source.start", {"kind": "voiceAssistant", "activity": "dreaming"}, "unknown activity"),
        ("source.stop", {"kind": None}, "kind null"),
        ("session.configure", {"category": "ambient", "options": ["duckOthers"]}, "impossible configuration (ambient + duckOthers)"),
        ("session.configure", {"category": "record", "mode": "voicePrompt"}, "impossible configuration (record + voicePrompt)"),
        ("session.configure", {"category": "playback", "options": ["shuffle"]}, "unknown option"),
        ("session.setActive", {}, "active missing"),
        ("session.voiceControl", {}, "shown missing"),
        ("session.voiceGuidance", {"level": "mute"}, "unknown voice-guidance level"),
        ("session.promptsDuringCall", {"setting": "whisper"}, "unknown setting for prompts during a call"),
        ("session.promptsDuringCall", {}, "setting missing"),
        ("session.guidanceGain", {"gain": "deafening"}, "unknown guidance gain"),
        ("session.guidanceGain", {}, "gain missing"),
        ("guidance.start", {"units": "furlongs"}, "unknown unit system"),
        ("guidance.start", {"verbosity": "chatty"}, "unknown verbosity"),
        ("guidance.start", {"roadNames": "no"}, "roadNames not a boolean"),
        ("session.voiceControl", {"shown": "yes"}, "shown not a boolean"),
        ("audit.get", {"all": "yes"}, "all not a boolean"),
        ("guidance.update", {"speed": -3, "maneuvers": []}, "speed below 0"),
        ("guidance.update", {"speed": 10}, "maneuvers missing"),
        ("guidance.update", {"speed": 10, "maneuvers": [{"id": "m1", "distance": 50, "speedLimit": 101}]}, "a road's speed limit over 100 m/s"),
        ("guidance.update", {"speed": 10, "maneuvers": []}, "no maneuver ahead"),
        ("guidance.start", {"maneuvers": []}, "a first report with no maneuver ahead"),
        ("guidance.start", {"maneuvers": [{"id": "m1", "distance": 300}]}, "a first report with a maneuver not described"),
        ("guidance.start", {"speed": 10}, "speed without maneuvers"),
        ("guidance.pause", {}, "reason missing"),
        ("guidance.pause", {"reason": "napping"}, "unknown pause reason"),
        ("guidance.pause", {"reason": "loading", "time": -1}, "time below 0"),
        ("guidance.end", {"reason": "abandoned"}, "unknown end reason"),
        ("guidance.reroute", {"time": -1}, "time below 0"),
        ("guidance.repeat", {"time": -1}, "time below 0"),
        ("guidance.repeat", {"maneuver": "m1"}, "unknown member"),
        ("prompt.alert", {}, "alert kind missing"),
        ("prompt.alert", {"kind": "meteorShower"}, "unknown alert kind"),
        ("prompt.alert", {"kind": "hazard", "distance": -1}, "alert distance below 0"),
        ("prompt.alert", {"kind": "hazard", "text": ["Hazard"]}, "both kind and text"),
        ("prompt.alert", {"text": []}, "no text variant"),
        ("prompt.alert", {"text": ["Road closed", "  "]}, "a blank variant"),
        ("prompt.alert", {"text": ["Road closed"], "distance": 300}, "distance with text"),
        ("prompt.alert", {"kind": "hazard", "dismissAfter": 0}, "dismissAfter 0"),
        ("guidance.update", {"speed": 10, "maneuvers": [{"id": "m1", "distance": -2000}]}, "distance below -1000"),
        ("state.get", [], "params an array"),
        ("source.start", {"kind": "fmRadio", "duration": 2}, "duration on a source other than a chime"),
        ("source.start", {"kind": "vehicleChime", "duration": 0}, "duration 0"),
        ("clock.advance", {}, "to missing"),
        ("clock.advance", {"to": -1}, "to below 0"),
    ]
    for method, params, why in invalid:
        s.call(b, "-32602 %s: %s" % (method, why), method, params, expect_error=-32602)

    # --- -32601, -32600, -32700 and framing ---
    c = s.conn("C")
    s.call(c, "-32601 unknown method", "prompt.sing", {"text": "la"}, expect_error=-32601)
    s.raw(c, "-32700 a frame that is not JSON", '{"jsonrpc":"2.0","id":1,"method":', -32700, None, schema="notjson")
    s.raw(c, "-32600 jsonrpc not 2.0 (answered with its id)", '{"jsonrpc":"1.0","id":"v1","method":"state.get"}', -32600, "v1")
    s.raw(c, "-32600 no method", '{"jsonrpc":"2.0","id":"nm"}', -32600, "nm")
    s.raw(c, "-32600 method not a string", '{"jsonrpc":"2.0","id":"ms","method":7}', -32600, "ms")
    s.raw(c, "-32600 params a string", '{"jsonrpc":"2.0","id":"ps","method":"state.get","params":"x"}', -32600, "ps")
    s.raw(c, "-32600 params null", '{"jsonrpc":"2.0","id":"pn","method":"state.get","params":null}', -32600, "pn")
    s.raw(c, "-32600 a fractional id", '{"jsonrpc":"2.0","id":1.5,"method":"state.get"}', -32600, None)
    s.raw(c, "-32600 not an object", "42", -32600, None)
    s.raw(c, "-32600 an empty batch", "[]", -32600, None)
    big = '{"jsonrpc":"2.0","id":"big","method":"prompt.speak","params":{"text":"' + "a" * (1 << 20) + '"}}'
    s.raw(c, "-32600 a frame longer than 1 MiB", big, -32600, None, schema="skip")
    s.call(c, "the connection is usable after the long frame", "session.promptStyle", request_id="after-big",
           predicate=lambda r: r["style"] in gen_schema.STYLES)
    # Notifications (no id) are executed and never answered, even for an unknown method.
    c.send('{"jsonrpc":"2.0","method":"session.promptStyle"}')
    c.send('{"jsonrpc":"2.0","method":"prompt.sing"}', expect="invalid")
    s.call(c, "string ids are echoed", "state.get", request_id="s-1", predicate=lambda r: "sources" in r)
    c.pump(0.3)
    check("notifications get no response", not c.responses, c.responses)
    c.send(json.dumps([{"jsonrpc": "2.0", "id": "b1", "method": "state.get"},
                       {"jsonrpc": "2.0", "method": "session.promptStyle"},
                       {"jsonrpc": "2.0", "id": "b3", "method": "session.promptStyle", "params": {}}]))
    c.methods['"b1"'] = "state.get"
    c.methods['"b3"'] = "session.promptStyle"
    try:
        batch = c.take_batch()
        check("a batch is answered by an array of its requests' responses", sorted(r["id"] for r in batch) == ["b1", "b3"]
              and all("result" in r for r in batch), batch)
    except Exception as error:  # noqa: BLE001
        check("a batch is answered by an array of its requests' responses", False, error)

    s.call(b, "events.unsubscribe", "events.unsubscribe", predicate=lambda r: r == {"subscribed": []})
    s.call(a, "events.unsubscribe", "events.unsubscribe", {}, predicate=lambda r: r == {"subscribed": []})

    # --- what the subscriptions brought ---
    seen_a = {e["type"] for e in a.events}
    wanted = {"source.started", "source.ended", "source.ducked", "source.restored", "prompt.queued", "prompt.started",
              "prompt.finished", "prompt.skipped", "prompt.expired", "session.activated", "session.deactivated"}
    check("A heard the events it caused (%d events)" % len(a.events), wanted <= seen_a, "missing: %s" % sorted(wanted - seen_a))
    seen_b = {e["type"] for e in b.events}
    check("B heard only the types it subscribed to (%s)" % ", ".join(sorted(seen_b)),
          bool(seen_b) and all(t == "prompt.finished" or t.startswith("source.") for t in seen_b), sorted(seen_b))
    for conn in (a, b, c):
        conn.pump(0.1)
        conn.sock.close()
    return [a, b, c, vc]


# The schema must also refuse what it should: (definition, instance, accepted?).
CASES = [
 ("ServerMessage", {"jsonrpc":"2.0","method":"event","params":{"type":"prompt.sung","time":1}}, False),
 ("ServerMessage", {"jsonrpc":"2.0","method":"event","params":{"type":"prompt.queued","time":1,"client":"c","prompt":"p-1","text":"x","priority":"normal"}}, True),
 ("ServerMessage", {"jsonrpc":"2.0","method":"event","params":{"type":"prompt.queued","time":1,"client":"c","prompt":"p-1","text":"x"}}, False),
 ("ServerMessage", {"jsonrpc":"2.0","id":1,"result":{},"error":{"code":-32000,"message":"x"}}, False),
 ("ServerMessage", {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"x"}}, True),
 ("ServerMessage", {"jsonrpc":"2.0","error":{"code":-32000,"message":"x"}}, False),
 ("result.guidance.update", {"prompts":[{"maneuverID":"m1","state":"initial","text":"x"}]}, False),
 ("ClientMessage", {"jsonrpc":"2.0","id":1,"method":"guidance.update","params":{"speed":13.9,"maneuvers":[{"id":"m1","distance":340,"timeRemaining":17,"speedLimit":33.3}]}}, True),
 ("ClientMessage", {"jsonrpc":"2.0","id":1,"method":"guidance.update","params":{"speed":13.9,"maneuvers":[{"id":"m1","distance":340,"speedLimit":-1}]}}, False),
 ("result.state.get", {"sessionActive":False}, False),
 ("ClientMessage", {"jsonrpc":"2.0","id":1,"method":"prompt.speak","params":{"text":"hi","language":None}}, True),
 ("ClientMessage", {"jsonrpc":"2.0","id":1,"method":"prompt.speak","params":{"maneuver":{"type":"leftTurn"},"text":None,"then":{"type":"keepLeft"}}}, True),
 ("ClientMessage", {"jsonrpc":"2.0","id":1,"method":"session.configure","params":{"category":"playAndRecord","mode":"voiceChat","options":["allowBluetooth","duckOthers"]}}, True),
 ("ClientMessage", {"jsonrpc":"2.0","id":1,"method":"session.configure","params":{"category":"playback","options":["allowBluetooth"]}}, False),
 ("ClientMessage", {"jsonrpc":"2.0","method":"event","params":{}}, False),
]


def schema_self_test():
    schema = json.load(open(SCHEMA_PATH, encoding="utf-8"))
    wrong = []
    for name, instance, accepted in CASES:
        v = jsonschema.Draft202012Validator({"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/" + name})
        if v.is_valid(instance) != accepted:
            wrong.append("%s %s %s" % (name, "rejects" if accepted else "accepts", json.dumps(instance)))
    check("the schema accepts and refuses %d hand-made messages as it should" % len(CASES), not wrong, "\n".join(wrong))


def validate(transcript, conns_methods, label):
    """Validates recorded lines; returns (client ok, server ok, results ok) with details."""
    schema = json.load(open(SCHEMA_PATH, encoding="utf-8"))
    cls = jsonschema.Draft202012Validator

    def validator(name):
        return cls({"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/" + name})
    client_v, server_v = validator("ClientMessage"), validator("ServerMessage")
    result_v = {m: validator("result." + m) for m in gen_schema.METHODS}
    problems = {"client": [], "server": [], "result": []}
    counts = {"client": 0, "rejected": 0, "server": 0, "result": 0}

    def brief(line):
        return line if len(line) < 200 else line[:200] + "…"
    for entry in transcript:
        line = entry["line"]
        if entry["dir"] == "send":
            expect = entry.get("expect", "valid")
            if expect in ("skip", "notjson"):
                if expect == "notjson":
                    try:
                        json.loads(line)
                        problems["client"].append("meant not to be JSON but is: " + brief(line))
                    except ValueError:
                        pass
                continue
            errors = sorted(client_v.iter_errors(json.loads(line)), key=lambda e: e.path)
            counts["client"] += 1
            if expect == "valid" and errors:
                problems["client"].append("%s: rejected by the schema: %s\n  %s" % (entry["conn"], brief(line), errors[0].message[:300]))
            elif expect == "invalid":
                counts["rejected"] += 1
                if not errors:
                    problems["client"].append("%s: the daemon refuses this but the schema accepts it: %s" % (entry["conn"], brief(line)))
        else:
            message = json.loads(line)
            counts["server"] += 1
            errors = list(server_v.iter_errors(message))
            if errors:
                best = jsonschema.exceptions.best_match(errors)
                problems["server"].append("%s: %s\n  %s at %s" % (entry["conn"], brief(line), best.message[:300], list(best.absolute_path)))
            for response in message if isinstance(message, list) else [message]:
                if "result" not in response:
                    continue
                method = conns_methods.get((entry["conn"], json.dumps(response.get("id"))))
                if method in result_v:
                    counts["result"] += 1
                    errors = list(result_v[method].iter_errors(response["result"]))
                    if errors:
                        best = jsonschema.exceptions.best_match(errors)
                        problems["result"].append("%s result: %s\n  %s at %s" % (method, brief(line), best.message[:300], list(best.absolute_path)))
    check("%s: %d client messages conform to ClientMessage, %d the daemon refuses are refused by it too"
          % (label, counts["client"] - counts["rejected"], counts["rejected"]), not problems["client"], "\n".join(problems["client"][:8]))
    check("%s: %d server messages conform to ServerMessage" % (label, counts["server"]), not problems["server"], "\n".join(problems["server"][:8]))
    check("%s: %d results match $defs/result.<method>" % (label, counts["result"]), counts["result"] > 0 and not problems["result"],
          "\n".join(problems["result"][:8]))


def main():
    print("protocol check: python %s, jsonschema %s (%s)" % (sys.version.split()[0], jsonschema_version(), sys.executable))
    if not os.access(DAEMON, os.X_OK):
        print("check-protocol: %s not found: run `swift build` first" % os.path.relpath(DAEMON, ROOT), file=sys.stderr)
        return 2
    schema = json.load(open(SCHEMA_PATH, encoding="utf-8"))
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
        check("docs/protocol.schema.json is a valid draft 2020-12 schema", True)
    except jsonschema.exceptions.SchemaError as error:
        check("docs/protocol.schema.json is a valid draft 2020-12 schema", False, error.message)
    generated = subprocess.run([sys.executable, os.path.join(ROOT, "Tests", "protocol", "gen_schema.py"), "--check"],
                               capture_output=True, text=True)
    check("docs/protocol.schema.json is what Tests/protocol/gen_schema.py generates", generated.returncode == 0, generated.stderr.strip())

    schema_self_test()

    workdir = tempfile.mkdtemp(prefix="voxnav-protocol-")
    socket_path = os.path.join(workdir, "voxnav.sock")
    log_path = os.path.join(workdir, "voxnavd.log")
    log = open(log_path, "w")
    daemon = subprocess.Popen([DAEMON, "--socket", socket_path, "--voices", os.path.join(ROOT, "voices"), "--log-level", "warning"],
                              stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(100):
            if os.path.exists(socket_path) or daemon.poll() is not None:
                break
            time.sleep(0.1)
        if not check("voxnavd listens on %s" % socket_path, os.path.exists(socket_path) and daemon.poll() is None,
                     open(log_path).read()[-2000:]):
            return finish()
        session = Session(socket_path)
        conns = []
        try:
            conns = scripted_session(session)
        except Exception as error:  # noqa: BLE001
            check("the scripted session ran to its end", False, repr(error))
        virtual_clock_session(workdir, session)
        check("every method succeeded at least once", set(gen_schema.METHODS) <= session.called_ok,
              "never succeeded: %s" % sorted(set(gen_schema.METHODS) - session.called_ok))
        classes = {-32700, -32600, -32601, -32602, -32000}
        check("every error class was exercised (%s)" % ", ".join(str(c) for c in sorted(classes)), classes <= session.error_codes,
              "missing: %s" % sorted(classes - session.error_codes))
        methods = {(conn.name, key): method for conn in conns for key, method in conn.methods.items()}
        validate(session.transcript, methods, "scripted session")

        # The example guidance engine, against the same daemon.
        transcript_path = os.path.join(workdir, "guidance.jsonl")
        print("---- examples/guidance_client.py ----", flush=True)
        started = time.monotonic()
        client = subprocess.run([sys.executable, CLIENT, "--socket", socket_path, "--transcript", transcript_path], timeout=120)
        print("---- (%.1f s) ----" % (time.monotonic() - started))
        check("examples/guidance_client.py exits 0", client.returncode == 0, "exit status %s" % client.returncode)
        lines = []
        if os.path.exists(transcript_path):
            for raw in open(transcript_path, encoding="utf-8"):
                entry = json.loads(raw)
                entry["conn"] = "guidance_client"
                lines.append(entry)
        client_methods = {}
        for entry in lines:
            if entry["dir"] == "send":
                message = json.loads(entry["line"])
                client_methods[("guidance_client", json.dumps(message.get("id")))] = message.get("method")
        validate(lines, client_methods, "guidance_client")
    finally:
        if daemon.poll() is None:
            daemon.send_signal(signal.SIGTERM)
            try:
                status = daemon.wait(timeout=15)
            except subprocess.TimeoutExpired:
                daemon.kill()
                status = "killed after 15 s"
            check("voxnavd exits 0 on SIGTERM", status == 0, "status %s; log:\n%s" % (status, open(log_path).read()[-2000:]))
        else:
            check("voxnavd was still running at the end", False, "exit status %s; log:\n%s" % (daemon.returncode, open(log_path).read()[-2000:]))
        log.close()
        if not FAILED:
            shutil.rmtree(workdir, ignore_errors=True)
        else:
            print("(daemon log and transcripts kept in %s)" % workdir)
    return finish()


def virtual_clock_session(workdir, main_session):
    """A second daemon on the virtual clock (as voxnav drive runs it): time moves only on clock.advance,
    a prompt takes exactly its audio's length of it, and every message still fits the schema."""
    socket_path = os.path.join(workdir, "virtual.sock")
    log = open(os.path.join(workdir, "voxnavd-virtual.log"), "w")
    daemon = subprocess.Popen([DAEMON, "--socket", socket_path, "--voices", os.path.join(ROOT, "voices"), "--log-level", "warning",
                               "--clock", "virtual"], stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(100):
            if os.path.exists(socket_path) or daemon.poll() is not None:
                break
            time.sleep(0.1)
        if not check("voxnavd --clock virtual listens", os.path.exists(socket_path) and daemon.poll() is None):
            return
        v = Session(socket_path)
        c = v.conn("V")
        v.call(c, "virtual: events.subscribe", "events.subscribe", {})
        v.call(c, "virtual: state.get at time 0 on the virtual clock", "state.get",
               predicate=lambda r: r["time"] == 0 and r["clock"] == "virtual" and r["promptsWaiting"] == 0 and r["promptPlaying"] is False)
        v.call(c, "virtual: clock.advance to 5", "clock.advance", {"to": 5}, predicate=lambda r: r == {"now": 5, "clock": "virtual"})
        v.call(c, "virtual: clock.advance backwards stays at 5", "clock.advance", {"to": 1}, predicate=lambda r: r["now"] == 5)
        v.call(c, "virtual: a chime of 2 s", "source.start", {"kind": "vehicleChime", "duration": 2},
               predicate=lambda r: r["kind"] == "vehicleChime")
        v.call(c, "virtual: a prompt queued at 5", "prompt.speak", {"text": "Turn left now", "wait": False},
               predicate=lambda r: r["id"].startswith("p-"))
        v.call(c, "virtual: clock.advance to 60", "clock.advance", {"to": 60}, predicate=lambda r: r["now"] == 60)
        v.call(c, "virtual: state.get: nothing left to play", "state.get",
               predicate=lambda r: r["time"] == 60 and r["promptsWaiting"] == 0 and not r["promptPlaying"] and not r["sessionActive"])
        c.pump(0.5)
        started = [e for e in c.events if e.get("type") == "prompt.started"]
        ended = [e for e in c.events if e.get("type") in ("prompt.finished", "prompt.shortened")]
        chime_end = [e for e in c.events if e.get("type") == "source.ended" and e.get("source") == "vehicleChime"]
        check("virtual: the chime ends at exactly 5 + 2 s", [e["time"] for e in chime_end] == [7], json.dumps(chime_end))
        check("virtual: the prompt starts at once (it mixes with a chime) and lasts exactly its audio's length",
              len(started) == 1 and len(ended) == 1 and started[0]["time"] == 5
              and abs(ended[0]["time"] - started[0]["time"] - ended[0]["duration"]) < 1e-9,
              json.dumps(started + ended))
        main_session.called_ok |= v.called_ok
        validate(v.transcript, {(c.name, key): method for key, method in c.methods.items()}, "virtual-clock session")
    finally:
        daemon.send_signal(signal.SIGTERM)
        try:
            daemon.wait(timeout=15)
        except subprocess.TimeoutExpired:
            daemon.kill()
        log.close()


def jsonschema_version():
    try:
        from importlib import metadata
        return metadata.version("jsonschema")
    except Exception:  # noqa: BLE001
        return "?"


def finish():
    print()
    if FAILED:
        print("Failed:")
        for name in FAILED:
            print("  - " + name)
    print("protocol: %d passed, %d failed" % (len(PASSED), len(FAILED)))
    return 0 if not FAILED and PASSED else 1


if __name__ == "__main__":
    sys.exit(main())
