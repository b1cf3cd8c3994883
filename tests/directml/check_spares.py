#!/usr/bin/env python3
"""The DirectML host's warm spares (validator/src/backends/directml/spare_pool.h), through
its protocol: every case that must run in a process of its own runs in a process no
other case used, and a spare that died while waiting is dropped, never handed a case.

Usage: check_spares.py LAUNCHER

Three hazardous GATHERs (ERRATA.md E3: accepted, so `create` answers ok) go to a host
started with --warm-spares 2. Between the second and the third, the host's idle spares
are killed (SIGKILL, as a crash would end them): the third must still answer ok, from a
process started after them. Checked in the host's log lines: the isolated process ids
are all different, the killed spares are reported dropped, and no killed one ran a case.
The spares are found by a word unique to this run in their command line (each is this
host's own command line, with --isolated).
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

# Valid by seed 002's rule only if the output had rank 9: accepted by DirectML (E3).
HAZARD = {"InputTensor": {"DataType": "UINT32", "Sizes": [3, 1, 1, 1, 2]},
          "IndicesTensor": {"DataType": "UINT32", "Sizes": [1, 1, 1, 1, 2]},
          "OutputTensor": {"DataType": "UINT32", "Sizes": [2, 1, 1, 1, 2]},
          "Axis": 0, "IndexDimensions": 5}
SAFE = {"InputTensor": {"DataType": "UINT32", "Sizes": [3, 2]},
        "IndicesTensor": {"DataType": "UINT32", "Sizes": [1, 2]},
        "OutputTensor": {"DataType": "UINT32", "Sizes": [2, 2]}, "Axis": 0, "IndexDimensions": 1}


def spares_alive(marker):
    """Unix pids of this run's isolated processes (Wine shows the Windows command line)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % entry, "rb") as f:
                line = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marker in line and "--isolated" in line:
            found.append(int(entry))
    return found


def main():
    launcher = sys.argv[1]
    marker = "spares-check-%d" % os.getpid()
    failures = []
    with tempfile.TemporaryFile() as log:
        # The unix root is only used to reach files; creates read none.
        host = subprocess.Popen([launcher, "--warm-spares", "2", "--unix-root", "Z:/" + marker],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log)
        next_id = [1]

        def request(action, **fields):
            message = {"protocol": 2, "id": next_id[0], "action": action, **fields}
            next_id[0] += 1
            host.stdin.write((json.dumps(message) + "\n").encode())
            host.stdin.flush()
            return json.loads(host.stdout.readline())

        def create(descriptor):
            return request("create", operator="GATHER", feature_level="6_4", descriptor=descriptor)

        if request("describe")["status"] != "ok":
            failures.append("describe failed")
        for label in ("first", "second"):
            reply = create(HAZARD)
            if reply["status"] != "ok":
                failures.append("%s hazardous create: %s" % (label, reply))
        # A safe create retires the second case's process, so only idle spares remain.
        if create(SAFE)["status"] != "ok":
            failures.append("safe create failed")
        time.sleep(1)  # the retired child's exit
        killed = spares_alive(marker)
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        if len(killed) != 2:
            failures.append("expected 2 idle spares to kill, found %d" % len(killed))
        time.sleep(1)
        reply = create(HAZARD)
        if reply["status"] != "ok":
            failures.append("hazardous create after the spares were killed: %s" % reply)
        host.stdin.close()
        host.stdout.read()
        host.wait(timeout=60)
        log.seek(0)
        text = log.read().decode(errors="replace")

    ran = re.findall(r"ran in isolated process (\d+)", text)
    dropped = re.findall(r"spare host process (\d+) died before its case; dropped", text)
    if len(ran) != 3 or len(set(ran)) != 3:
        failures.append("expected 3 cases in 3 different processes, got %s" % ran)
    if len(dropped) != 2:
        failures.append("expected the 2 killed spares dropped, got %s" % dropped)
    if set(dropped) & set(ran):
        failures.append("a dropped spare ran a case: %s" % (set(dropped) & set(ran)))
    if spares_alive(marker):
        failures.append("isolated processes outlived the host: %s" % spares_alive(marker))
    for failure in failures:
        print("FAILED: " + failure)
    if failures:
        print("--- host log ---\n" + text[-3000:])
        return 1
    print("3 isolated cases in processes %s; killed spares %s dropped" % (ran, dropped))
    return 0


if __name__ == "__main__":
    sys.exit(main())
