#!/usr/bin/env python3
"""Helpers of scripts/check-install, each a subcommand:

  subcommands DUMP.json          every subcommand path of a swift-argument-parser tool's
                                 --experimental-dump-help, one per line ("session activate")
  names-in FILE DUMP.json        fails, naming them, unless every subcommand's name is in FILE
  unit KEY FILE                  the value of KEY= in a systemd unit file (the first)
  notify-listen SOCKET LOG       receives sd_notify datagrams on SOCKET, appends each to LOG
  audio RAW                      checks a capture (s16le stereo 16 kHz) holds speech, not silence:
                                 prints its peak and how long it is above -40 dBFS
  voices-from PREFIX JSON        fails unless every pack of `voxnav voices --json` is read from PREFIX
"""
import json
import math
import socket
import struct
import sys


def walk(command, path=()):
    for sub in command.get("subcommands") or []:
        name = sub["commandName"]
        if name == "help":
            continue
        yield path + (name,)
        yield from walk(sub, path + (name,))


def subcommands(dump):
    with open(dump) as f:
        return [" ".join(p) for p in walk(json.load(f)["command"])]


def main(argv):
    what = argv[1]
    if what == "subcommands":
        print("\n".join(subcommands(argv[2])))
    elif what == "names-in":
        text = open(argv[2], encoding="utf-8").read()
        names = sorted({p.split(" ")[-1] for p in subcommands(argv[3])})
        missing = [n for n in names if n not in text]
        if missing:
            sys.exit(f"{argv[2]} does not name: {', '.join(missing)}")
        print(f"{argv[2]}: names all {len(names)} subcommands")
    elif what == "unit":
        key = argv[2] + "="
        for line in open(argv[3], encoding="utf-8"):
            if line.startswith(key):
                print(line[len(key):].strip())
                return
        sys.exit(f"{argv[3]} has no {argv[2]}=")
    elif what == "notify-listen":
        s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        s.bind(argv[2])
        with open(argv[3], "a") as log:
            while True:
                message = s.recv(4096).decode()
                log.write(message.replace("\n", " | ") + "\n")
                log.flush()
    elif what == "audio":
        data = open(argv[2], "rb").read()
        frames = len(data) // 4
        samples = struct.unpack(f"<{frames * 2}h", data[: frames * 4])
        mono = [(samples[2 * i] + samples[2 * i + 1]) / 2 for i in range(frames)]
        peak = max((abs(x) for x in mono), default=0)
        window, loud = 160, 0  # 10 ms windows
        threshold = 32768 * 10 ** (-40 / 20)
        for start in range(0, len(mono) - window + 1, window):
            rms = math.sqrt(sum(x * x for x in mono[start:start + window]) / window)
            loud += rms > threshold
        seconds = loud * window / 16000
        print(f"captured {frames / 16000:.2f} s: peak {peak:.0f}, {seconds:.2f} s above -40 dBFS")
        if peak < 3000 or seconds < 0.5:
            sys.exit("the null sink heard no speech")
    elif what == "voices-from":
        prefix = argv[2].rstrip("/") + "/"
        listing = json.load(open(argv[3]))
        packs = listing["packs"]
        wrong = [p["file"] for p in packs if not p["file"].startswith(prefix)]
        if not packs or wrong:
            sys.exit(f"packs not from {prefix}: {wrong or 'none listed'}")
        print(f"{len(packs)} packs, each from {prefix} ({', '.join(sorted({p['origin'] for p in packs}))})")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
