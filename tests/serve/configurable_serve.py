#!/usr/bin/env python3
"""A serve: program (validator/BACKENDS.md, protocol 2) that implements JOIN only, with
tools/sample_backend/join_backend.py's validation, and whose describe and misdeeds are
chosen on its command line. Standard library only.

Usage: configurable_serve.py [--name N] [--version V] [--description D]
                             [--grow-output BYTES] [--answer ok|error] [--skip-last]
                             [--stderr TEXT]

  --name, --version, --description  what describe answers (left out when not given)
  --grow-output BYTES  after each execute, write one byte BYTES bytes past the end of
                       the output tensor, past the buffer file's guard bytes: the file grows
  --answer error       answer every execute "error" (after doing the rest)
  --skip-last          leave the output's last element unwritten
  --stderr TEXT        write TEXT (\\n for a line break) to standard error at each execute
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "tools", "sample_backend"))
import join_backend  # noqa: E402  (check_join, strides, coordinates, ELEMENT_SIZE)


def read(buffer):
    with open(buffer["path"], "rb") as f:
        return bytearray(f.read())


def execute(request, options):
    d = request["descriptor"]
    out, axis = d["OutputTensor"], d["Axis"]
    size = join_backend.ELEMENT_SIZE[out["DataType"]]
    target = request["outputs"][0]
    result, base = read(target), target["offset"]
    last = -1  # the output element furthest into the file
    offset = 0
    for t, buffer in zip(d["InputTensors"], request["inputs"]):
        data, lead = read(buffer), buffer["offset"]
        for c in join_backend.coordinates(t["Sizes"]):
            dst_c = c[:axis] + [c[axis] + offset] + c[axis + 1:]
            src = lead + size * sum(i * s for i, s in zip(c, join_backend.strides(t)))
            dst = base + size * sum(i * s for i, s in zip(dst_c, join_backend.strides(out)))
            last = max(last, dst)
            result[dst:dst + size] = data[src:src + size]
        offset += t["Sizes"][axis]
    if options.skip_last and last >= 0:
        result[last:last + size] = read(target)[last:last + size]
    with open(target["path"], "r+b") as f:
        f.write(result)
        if options.grow_output is not None:
            f.seek(base + target["bytes"] + options.grow_output)
            f.write(b"\x5a")
    if options.stderr:
        sys.stderr.write(options.stderr.replace("\\n", "\n") + "\n")
        sys.stderr.flush()


def answer(request, options):
    rid = request["id"]
    if request["action"] == "describe":
        reply = {"id": rid, "status": "ok", "max_feature_level": "6_4",
                 "reports_reason_codes": True}
        for field in ("name", "version", "description"):
            if getattr(options, field) is not None:
                reply[field] = getattr(options, field)
        return reply
    if request["operator"] != "JOIN":
        return {"id": rid, "status": "unsupported", "message": "this program implements JOIN only"}
    level = tuple(int(part) for part in request["feature_level"].split("_"))
    try:
        join_backend.check_join(request["descriptor"], level)
    except join_backend.Reject as refusal:
        return {"id": rid, "status": "rejected", "reason": refusal.args[0],
                "message": refusal.args[1]}
    if request["action"] == "execute":
        execute(request, options)
        if options.answer == "error":
            return {"id": rid, "status": "error", "message": "told to answer error"}
    return {"id": rid, "status": "ok"}


def main():
    p = argparse.ArgumentParser()
    for field in ("--name", "--version", "--description", "--stderr"):
        p.add_argument(field)
    p.add_argument("--grow-output", type=int)
    p.add_argument("--answer", default="ok", choices=("ok", "error"))
    p.add_argument("--skip-last", action="store_true")
    options = p.parse_args()
    for line in sys.stdin:
        sys.stdout.write(json.dumps(answer(json.loads(line), options)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
