#!/usr/bin/env python3
"""speech-dispatcher's own Python client (python3-speechd) against voxnavd's SSIP socket, as an app
would use it: priorities and cancel, with the events each message gets. SPEECHD_ADDRESS names the
socket. Prints one line, RESULT <json>: for each step, the events of each of its messages in order.
Used by DaemonTests' SSIPProtocolTests."""
import json
import sys
import threading
import time

import speechd

LONG = "In 800 meters, at the roundabout, take the third exit onto Solar Circle, then keep left onto the ring road."
events = {}
lock = threading.Lock()
changed = threading.Condition(lock)


def client(name, priority):
    c = speechd.SSIPClient(name, component="test", autospawn=False)
    c.set_priority(priority)
    return c


def say(c, text, label):
    def callback(kind, index_mark=None):
        with changed:
            events.setdefault(label, []).append(kind)
            changed.notify_all()

    with changed:
        events[label] = []
    c.speak(text, callback=callback,
            event_types=(speechd.CallbackType.BEGIN, speechd.CallbackType.END, speechd.CallbackType.CANCEL))


def wait(label, kind, seconds=20):
    deadline = time.monotonic() + seconds
    with changed:
        while kind not in events.get(label, []):
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            changed.wait(left)
    return True


def ended(label, seconds=20):
    return wait(label, "end", seconds) or "cancel" in events.get(label, [])


nav = client("nav", speechd.Priority.TEXT)
other = client("other", speechd.Priority.NOTIFICATION)
urgent = client("urgent", speechd.Priority.IMPORTANT)

# 1. A newer text cuts the text speaking: speech-dispatcher says only the newest text.
say(nav, LONG, "text.first")
wait("text.first", "begin")
say(nav, "Keep left.", "text.second")
wait("text.second", "end")

# 2. A notification while a text speaks is dropped: it never begins.
say(nav, LONG, "text.third")
wait("text.third", "begin")
say(other, "You have a new message.", "notification")
wait("notification", "cancel", 5)

# 3. An important message cuts the text speaking and is said.
say(urgent, "Turn right now.", "important")
wait("important", "end")
ended("text.third", 5)

# 4. CANCEL SELF ends the client's message speaking and the one waiting behind it (important: the
# second does not cut the first).
say(urgent, LONG, "cancel.speaking")
wait("cancel.speaking", "begin")
say(urgent, "Then keep right.", "cancel.waiting")
urgent.cancel()
ended("cancel.speaking", 5)
ended("cancel.waiting", 5)

for c in (nav, other, urgent):
    c.close()
with lock:
    print("RESULT " + json.dumps(events), flush=True)
