#!/usr/bin/env python3
"""Helpers of scripts/check-install, each a subcommand:

  subcommands DUMP.json          every subcommand path of a swift-argument-parser tool's
                                 --experimental-dump-help, one per line ("session activate")
  names-in FILE DUMP.json        fails, naming them, unless FILE (a man page, a bash, zsh or fish
                                 completion script) names every subcommand and long option
  unit KEY FILE                  the value of KEY= in a systemd unit file (the first)
  notify-listen SOCKET LOG       receives sd_notify datagrams on SOCKET, appends each to LOG
  audio RAW                      checks a capture (s16le stereo 16 kHz) holds speech, not silence:
                                 prints its peak and how long it is above -40 dBFS
  voices-from PREFIX JSON        fails unless every pack of `voxnav voices --json` is read from PREFIX,
                                 and no checkout is among the directories
"""
import json
import math
import re
import socket
import struct
import sys


def walk(command, path=()):
    for sub in command.get("subcommands") or []:
        name = sub["commandName"]
        if name == "help":
            continue
        yield path + (name,), sub
        yield from walk(sub, path + (name,))


def load(dump):
    with open(dump) as f:
        return json.load(f)["command"]


def subcommands(dump):
    return [" ".join(p) for p, _ in walk(load(dump))]


def long_options(dump):
    """Every long option shown in help, of the command and each subcommand."""
    root = load(dump)
    names = set()
    for command in [root] + [c for _, c in walk(root)]:
        for argument in command.get("arguments") or []:
            if argument.get("shouldDisplay", True):
                names |= {n["name"] for n in argument.get("names") or [] if n["kind"] == "long"}
    return sorted(names - {"help", "version", "experimental-dump-help", "generate-completion-script"})


def missing_in(path, dump):
    """The subcommands and long options a man page or completion script does not name, each as it
    would name it: `.It Em say` and `Fl -socket` (mdoc), `-l socket` (fish), `--socket` (bash, zsh)."""
    text = open(path, encoding="utf-8").read()
    if path.endswith(".1"):
        command = lambda n: rf"^\.It Em {re.escape(n)}\b"
        option = lambda n: rf"Fl -{re.escape(n)}\b"
    elif path.endswith(".fish"):
        command = lambda n: rf"\b{re.escape(n)}\b"
        option = lambda n: rf"-l '?{re.escape(n)}\b"
    else:
        command = lambda n: rf"\b{re.escape(n)}\b"
        option = lambda n: rf"--{re.escape(n)}\b"
    names = sorted({p.split(" ")[-1] for p in subcommands(dump)})
    missing = [n for n in names if not re.search(command(n), text, re.M)]
    missing += ["--" + n for n in long_options(dump) if not re.search(option(n), text, re.M)]
    return names, missing


def main(argv):
    what = argv[1]
    if what == "subcommands":
        print("\n".join(subcommands(argv[2])))
    elif what == "names-in":
        names, missing = missing_in(argv[2], argv[3])
        if missing:
            sys.exit(f"{argv[2]} does not name: {', '.join(missing)}")
        print(f"{argv[2]}: names all {len(names)} subcommands and {len(long_options(argv[3]))} long options")
    elif what in ("unit", "unit-all"):
        key = argv[2] + "="
        values = [line[len(key):].strip() for line in open(argv[3], encoding="utf-8") if line.startswith(key)]
        if not values:
            sys.exit(f"{argv[3]} has no {argv[2]}=")
        print("\n".join(values if what == "unit-all" else values[:1]))
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
        # An installed copy reads no checkout: no source-tree directory, nothing overridden from one.
        tree = [d["path"] for d in listing["directories"] if d["origin"] == "source-tree"]
        tree += [o for p in packs for o in p.get("overrides", []) if "source-tree" in json.dumps(o)]
        if tree:
            sys.exit(f"an installed copy reads the build machine's checkout: {tree}")
        print(f"{len(packs)} packs, each from {prefix} ({', '.join(sorted({p['origin'] for p in packs}))})")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
