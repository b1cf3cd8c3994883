#!/usr/bin/env python3
"""Which compute shaders DirectML dispatched, per operator and feature level: a protocol-2
proxy between dmlconf and the DirectML host that watches vkd3d's shader dump.

    build/dmlconf run cases --backend "directml=serve:python3 tools/directml/shader_census.py \\
        --out CENSUS.json"
    python3 tools/directml/shader_census.py --table CENSUS.json   # the Markdown table

The proxy starts the launcher (tools/directml/dmlconf-directml-host, its arguments after
`--`) with VKD3D_SHADER_DUMP_PATH set to a folder of its own, forwards every request line
and relays every reply. vkd3d writes each shader it translates there as it compiles a
pipeline, i.e. inside `create` (DirectML's CompileOperator); the proxy waits for each
reply, so the files that appeared meanwhile belong to that request's operator and
feature level. A shader is named by the SHA-1 of its DXBC. The shaders the host's
devices compile before any case (DirectML's own, and again in every isolated child)
are counted apart, as `device`. DirectML keeps the shaders it compiled, so a create
counts only the shaders no earlier create of the process compiled. At the end of input the census (every shader with the
operator × level keys that produced it, and the create count per key) is added to --out,
so a host dmlconf restarts after a crash adds to the same census (remove the file to
start afresh).

With --feedback FILE, a line (the new shaders' names) is appended to FILE, and flushed,
before the reply of each create that compiled a shader the census did not hold yet:
`dmlconf fuzz --guide FILE` keeps such a case's draw and explores near it.
Standard library only.
"""
import argparse
import collections
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAUNCHER = os.path.join(ROOT, "tools", "directml", "dmlconf-directml-host")


def new_shaders(folder, seen):
    """SHA-1 prefixes of the dump files that appeared since the last call."""
    hashes = []
    for name in sorted(os.listdir(folder)):
        if name in seen:
            continue
        seen.add(name)
        with open(os.path.join(folder, name), "rb") as f:
            hashes.append(hashlib.sha1(f.read()).hexdigest()[:12])
    return hashes


def known_shaders(out):
    """Every shader an earlier host of the same census compiled (a restarted host
    compiles them again: not news)."""
    if not os.path.exists(out):
        return set()
    with open(out) as f:
        earlier = json.load(f)
    return set(earlier["device"]) | set(earlier["shaders"])


def proxy(out, feedback, launcher_args):
    dump = tempfile.mkdtemp(prefix="dmlconf-shader-census-")
    seen, device = set(), set()
    known = known_shaders(out)
    shaders = collections.defaultdict(set)  # hash -> {"OP fl"}
    creates = collections.Counter()
    try:
        env = dict(os.environ, VKD3D_SHADER_DUMP_PATH=dump)
        host = subprocess.Popen([LAUNCHER] + launcher_args, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, env=env)
        for line in sys.stdin.buffer:
            host.stdin.write(line)
            host.stdin.flush()
            reply = host.stdout.readline()
            if not reply:
                break
            try:
                request = json.loads(line)
            except ValueError:
                request = {}
            if request.get("action") == "describe":
                device.update(new_shaders(dump, seen))
            elif request.get("action") == "create":
                key = "%s %s" % (request.get("operator", "?"), request.get("feature_level", "?"))
                creates[key] += 1
                compiled = new_shaders(dump, seen)
                for shader in compiled:
                    shaders[shader].add(key)
                news = [s for s in compiled if s not in known and s not in device]
                known.update(news)
                if news and feedback:
                    with open(feedback, "a") as f:
                        f.write(" ".join(news) + "\n")
            # The feedback is written before the reply, so the fuzzer reads it in time.
            sys.stdout.buffer.write(reply)
            sys.stdout.buffer.flush()
        host.stdin.close()
        host.wait()
    finally:
        shutil.rmtree(dump, ignore_errors=True)
        if os.path.exists(out):
            with open(out) as f:
                earlier = json.load(f)
            device.update(earlier["device"])
            for shader, keys in earlier["shaders"].items():
                shaders[shader].update(keys)
            creates.update(earlier["creates"])
        census = {"device": sorted(device),
                  "shaders": {h: sorted(k) for h, k in sorted(shaders.items()) if h not in device},
                  "creates": dict(sorted(creates.items()))}
        with open(out, "w") as f:
            json.dump(census, f, indent=1)
    return 0


def table(path):
    """Shaders first compiled by a create of each operator x level, in the run's order:
    DirectML keeps what it compiled, so an operator that reuses a shader compiled
    earlier adds none."""
    with open(path) as f:
        census = json.load(f)
    per_key = collections.defaultdict(set)
    for shader, keys in census["shaders"].items():
        for key in keys:
            per_key[key].add(shader)
    print("| operator | feature level | creates | shaders compiled |")
    print("| --- | --- | ---: | ---: |")
    per_operator = collections.defaultdict(set)
    for key in sorted(census["creates"], key=lambda k: k.split()):
        operator, level = key.split()
        per_operator[operator] |= per_key.get(key, set())
        print("| %s | %s | %d | %d |" % (operator, level, census["creates"][key],
                                         len(per_key.get(key, ()))))
    print("\n| operator | shaders compiled |")
    print("| --- | ---: |")
    for operator in sorted(per_operator):
        print("| %s | %d |" % (operator, len(per_operator[operator])))
    print("\n%d distinct shaders compiled for the cases (and %d by the devices before any case)"
          % (len(census["shaders"]), len(census["device"])))
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", help="where the census goes at the end of input (proxy mode)")
    parser.add_argument("--feedback", metavar="FILE",
                        help="append a line for each create that compiled a new shader")
    parser.add_argument("--table", metavar="CENSUS", help="print the Markdown table of a census")
    parser.add_argument("launcher_args", nargs="*", help="arguments for the launcher, after --")
    args = parser.parse_args()
    if args.table:
        return table(args.table)
    if not args.out:
        parser.error("--out or --table")
    return proxy(args.out, args.feedback, args.launcher_args)


if __name__ == "__main__":
    sys.exit(main())
