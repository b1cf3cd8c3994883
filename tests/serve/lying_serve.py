#!/usr/bin/env python3
"""A protocol 2 program (validator/BACKENDS.md, serve:COMMAND) that answers JOIN right and
misbehaves once, on purpose, for the serve tests. Standard library only.

Usage: lying_serve.py STATE_DIR MODE [ACTION:N]

It accepts every JOIN at create (the tests run valid JOIN cases only), executes it by
copying bytes, and answers `unsupported` to every other operator. At the N-th request of
ACTION (describe, create or execute; default execute:2) it does what MODE says, once per
run: the first time it fires it leaves STATE_DIR/fired, and the program dmlconf restarts
afterwards finds it and behaves. MODE is one of:

  correct        never misbehaves
  crash          exits with status 3
  abort          kills itself with SIGABRT
  hang           sleeps far past any --timeout
  garbage        answers a line that is not JSON
  not-object     answers a JSON array
  wrong-id       answers with the id of the request before
  double-reply   answers right, twice
  no-id          answers without an id
  bad-status     answers a status the action does not allow
  stdout-noise   prints a log line to stdout before its reply
  huge-line      writes 20 MiB without a newline, then waits
  guard-write    executes right, then changes the guard byte after the output tensor
  input-write    executes right, then changes the first tensor byte of input 0
  short-output   executes right, then truncates the output file by one byte
  child-crash    starts a child (`sleep 1000`, holding stdout) and exits with status 3
  child-hang     starts a child (`sleep 1000`, holding stdout) and sleeps
  reply-then-exit  answers right, starts a child (holding stdout) and exits with status 0
  crash-loop     exits with status 3; every program started after that fails describe
  remove-folder  removes dmlconf's run folder (the buffers' folder), then answers ok
  bad-describe   describe answers without a max_feature_level, in every program
  linger         at the end of the run, ignores its closed stdin and SIGTERM
  child-at-exit  at the end of the run, starts a child and exits normally

Each misbehaviour writes `lying_serve: MODE at ACTION request ID` to stderr first, so the
tests can see dmlconf quote it. Whatever the program notices dmlconf doing wrong (an id that
does not increase across the whole run, a `created` that is not the create just before,
an execute not preceded by its create, no describe first) goes to STATE_DIR/violations; the
ids it saw go to STATE_DIR/ids, and every child's pid to STATE_DIR/children.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

ELEMENT_SIZE = {"FLOAT64": 8, "FLOAT32": 4, "FLOAT16": 2, "INT64": 8, "INT32": 4, "INT16": 2,
                "INT8": 1, "UINT64": 8, "UINT32": 4, "UINT16": 2, "UINT8": 1}


def strides(t):
    if "Strides" in t:
        return t["Strides"]
    out, step = [], 1
    for size in reversed(t["Sizes"]):
        out.insert(0, step)
        step *= size
    return out


def coordinates(sizes):
    coord = [0] * len(sizes)
    while True:
        yield coord
        d = len(sizes)
        while d > 0:
            coord[d - 1] += 1
            if coord[d - 1] < sizes[d - 1]:
                break
            coord[d - 1] = 0
            d -= 1
        if d == 0:
            return


def read(buffer):
    with open(buffer["path"], "rb") as f:
        return bytearray(f.read())


def write(buffer, data):
    with open(buffer["path"], "r+b") as f:
        f.write(data)


def join(request):
    d = request["descriptor"]
    out, axis = d["OutputTensor"], d["Axis"]
    size = ELEMENT_SIZE[out["DataType"]]
    target = request["outputs"][0]
    result = read(target)
    base, offset = target["offset"], 0
    for t, buffer in zip(d["InputTensors"], request["inputs"]):
        data, lead = read(buffer), buffer["offset"]
        src_strides, dst_strides = strides(t), strides(out)
        for c in coordinates(t["Sizes"]):
            dst_c = c[:axis] + [c[axis] + offset] + c[axis + 1:]
            src = lead + size * sum(i * s for i, s in zip(c, src_strides))
            dst = base + size * sum(i * s for i, s in zip(dst_c, dst_strides))
            result[dst:dst + size] = data[src:src + size]
        offset += t["Sizes"][axis]
    write(target, result)


class Server:
    def __init__(self, state, mode, trigger):
        self.state, self.mode = state, mode
        self.action, self.at = trigger.split(":")
        self.at = int(self.at)
        self.seen = {}  # action -> how many of its requests this program got
        self.previous = None  # the request before this one
        self.out = sys.stdout

    def path(self, name):
        return os.path.join(self.state, name)

    def note(self, name, text):
        with open(self.path(name), "a") as f:
            f.write(text + "\n")

    def fired(self):
        return os.path.exists(self.path("fired"))

    def child(self):
        # Inherits stdout, as a helper a plug-in forks would: the pipe stays open.
        p = subprocess.Popen(["sleep", "1000"])
        self.note("children", str(p.pid))

    def check(self, request):
        """What dmlconf promises about requests, noted when broken."""
        ids = self.path("ids")
        last = 0
        if os.path.exists(ids):
            with open(ids) as f:
                lines = f.read().split()
                last = int(lines[-1]) if lines else 0
        rid = request.get("id")
        if not isinstance(rid, int) or rid <= last:
            self.note("violations", f"id {rid} after {last}")
        self.note("ids", str(rid))
        if request.get("protocol") != 2:
            self.note("violations", f"request {rid}: protocol {request.get('protocol')}")
        if self.previous is None and request.get("action") != "describe":
            self.note("violations", f"request {rid}: the first request is not describe")
        if request.get("action") == "execute":
            p = self.previous or {}
            if (p.get("action") != "create" or request.get("created") != p.get("id")
                    or p.get("descriptor") != request.get("descriptor")
                    or p.get("feature_level") != request.get("feature_level")):
                self.note("violations", f"execute {rid}: created {request.get('created')}, "
                                        f"but the request before was {p.get('action')} {p.get('id')}")

    def reply(self, message):
        self.out.write(json.dumps(message) + "\n")
        self.out.flush()

    def misbehave(self, request):
        """Does MODE to `request`; returns the reply to send, or None when it sent one."""
        rid, mode = request["id"], self.mode
        sys.stderr.write(f"lying_serve: {mode} at {request['action']} request {rid}\n")
        sys.stderr.flush()
        open(self.path("fired"), "w").close()
        if mode in ("crash", "crash-loop"):
            os._exit(3)
        if mode == "abort":
            os.kill(os.getpid(), signal.SIGABRT)
        if mode == "hang":
            time.sleep(1000)
        if mode == "garbage":
            self.out.write("this is not json\n")
            self.out.flush()
            return None
        if mode == "not-object":
            self.out.write(json.dumps([rid, "ok"]) + "\n")
            self.out.flush()
            return None
        if mode == "wrong-id":
            return {"id": rid - 1, "status": "ok"}
        if mode == "double-reply":
            message = self.answer(request)
            self.reply(message)
            return message
        if mode == "no-id":
            return {"status": "ok"}
        if mode == "bad-status":
            return {"id": rid, "status": "rejected" if request["action"] == "execute" else "error",
                    "message": "a status this action does not allow"}
        if mode == "stdout-noise":
            self.out.write("lying_serve: working on it\n")
            return self.answer(request)
        if mode == "huge-line":
            self.out.write("x" * (20 << 20))
            self.out.flush()
            time.sleep(1000)
        if mode in ("guard-write", "input-write", "short-output"):
            reply = self.answer(request)
            if mode == "guard-write":
                out = request["outputs"][0]
                data = read(out)
                data[out["offset"] + out["bytes"]] ^= 0xFF
                write(out, data)
            elif mode == "input-write":
                buffer = request["inputs"][0]
                data = read(buffer)
                data[buffer["offset"]] ^= 0xFF
                write(buffer, data)
            else:
                os.truncate(request["outputs"][0]["path"], len(read(request["outputs"][0])) - 1)
            return reply
        if mode == "remove-folder":
            shutil.rmtree(os.path.dirname(request["outputs"][0]["path"]))
            return {"id": rid, "status": "ok"}
        if mode == "reply-then-exit":
            self.reply(self.answer(request))
            self.child()
            os._exit(0)
        if mode in ("child-crash", "child-hang"):
            self.child()
            if mode == "child-crash":
                os._exit(3)
            time.sleep(1000)
        raise SystemExit(f"lying_serve: unknown mode {mode}")

    def answer(self, request):
        action, rid = request["action"], request["id"]
        if action == "describe":
            if self.mode == "bad-describe" or (self.mode == "crash-loop" and self.fired()):
                sys.stderr.write("lying_serve: describe fails on purpose\n")
                sys.stderr.flush()
                return {"id": rid, "status": "ok"}
            return {"id": rid, "status": "ok", "name": "lying_serve " + self.mode,
                    "max_feature_level": "6_4", "reports_reason_codes": False}
        if request["operator"] != "JOIN":
            return {"id": rid, "status": "unsupported", "message": "JOIN only"}
        if action == "execute":
            join(request)
        return {"id": rid, "status": "ok"}

    def serve(self):
        for line in sys.stdin:
            request = json.loads(line)
            self.check(request)
            action = request["action"]
            self.seen[action] = self.seen.get(action, 0) + 1
            misbehaving = (action == self.action and self.seen[action] == self.at
                           and not self.fired() and self.mode not in ("correct", "linger",
                                                                      "child-at-exit"))
            message = self.misbehave(request) if misbehaving else self.answer(request)
            if message is not None:
                self.reply(message)
            self.previous = request
        # End of the run: stdin closed.
        if self.mode == "linger":
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            self.child()
            time.sleep(1000)
        if self.mode == "child-at-exit":
            self.child()


def main():
    state, mode = sys.argv[1], sys.argv[2]
    Server(state, mode, sys.argv[3] if len(sys.argv) > 3 else "execute:2").serve()


if __name__ == "__main__":
    main()
