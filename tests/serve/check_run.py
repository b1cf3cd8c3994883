#!/usr/bin/env python3
"""Runs `dmlconf run` against a misbehaving backend and checks what a user would rely on.

Usage: check_run.py --dmlconf D --work DIR --cases PATH... [--errors E] [--failed F]
                    [--skipped S] [--expect-rc N] [--expect REGEX]... [--message REGEX]...
                    [--report] [--lines N] [--allow-violations] -- RUN_ARGS...

RUN_ARGS go after `dmlconf run PATH...`; @STATE@ in them becomes WORK/state, the folder
lying_serve.py keeps its notes in (also in $DMLCONF_SERVE_STATE, for plug-ins). The run gets
TMPDIR=WORK/tmp. Checked, besides the exit code (default 1), the number of non-empty lines
of output (--lines) and each --expect regex (multi-line, `.` matching newlines):

- when the run completes (exit code below 2), that its closing line counts E errors, F
  failures, S skips and every other case passed, where the number of cases is what the
  reference backend passes on the same PATHs, and that exactly E and F cases are listed
  with those verdicts (the restarted backend judged every other case right);
- that lying_serve.py noticed nothing wrong in dmlconf's requests (WORK/state/violations:
  ids increasing across restarts, `created` naming the create just before);
- that no child the program started is still running (a zombie waiting for init to reap
  it is dead), and that no dmlconf-* folder is left under TMPDIR;
- with --report, that the run wrote its four reports, the JSON one counting E errors, and
  that each --message regex (checked in the output like --expect) matches a case in
  report.json, as "NAME [BACKEND] MESSAGE".
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys


def fail(message, output=""):
    sys.exit(f"check_run: {message}\n--- output ---\n{output}")


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dmlconf", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--cases", nargs="+", required=True)
    p.add_argument("--errors", type=int, default=0)
    p.add_argument("--failed", type=int, default=0)
    p.add_argument("--skipped", type=int, default=0)
    p.add_argument("--expect-rc", type=int, default=1)
    p.add_argument("--expect", action="append", default=[])
    p.add_argument("--message", action="append", default=[])
    p.add_argument("--lines", type=int)
    p.add_argument("--report", action="store_true")
    p.add_argument("--allow-violations", action="store_true")
    p.add_argument("run_args", nargs=argparse.REMAINDER)
    a = p.parse_args()
    run_args = a.run_args[1:] if a.run_args[:1] == ["--"] else a.run_args

    state, tmp, reports = (os.path.join(a.work, d) for d in ("state", "tmp", "reports"))
    shutil.rmtree(a.work, ignore_errors=True)
    for d in (state, tmp):
        os.makedirs(d)
    run_args = [arg.replace("@STATE@", state) for arg in run_args]
    if a.report:
        run_args += ["--report-dir", reports]

    env = dict(os.environ, TMPDIR=tmp, DMLCONF_SERVE_STATE=state)
    run = subprocess.run([a.dmlconf, "run", *a.cases, *run_args], env=env, text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, errors="replace")
    out = run.stdout
    if run.returncode != a.expect_rc:
        fail(f"exit code {run.returncode}, expected {a.expect_rc}", out)
    lines = [line for line in out.split("\n") if line.strip()]
    if a.lines is not None and len(lines) != a.lines:
        fail(f"{len(lines)} lines of output, expected {a.lines}", out)
    for regex in a.expect + a.message:
        if not re.search(regex, out, re.S | re.M):
            fail(f"the output does not match {regex!r}", out)

    if a.expect_rc < 2:
        reference = subprocess.run([a.dmlconf, "run", *a.cases], text=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        m = re.search(r"^(\d+) passed, 0 failed, 0 skipped$", reference.stdout, re.M)
        if reference.returncode != 0 or not m:
            fail("the reference backend does not pass these cases", reference.stdout)
        cases = int(m.group(1))
        closing = (f"{cases - a.errors - a.failed - a.skipped} passed, {a.failed} failed, "
                   f"{a.skipped} skipped")
        if a.errors:
            closing += f", {a.errors} error"
        if out.rstrip("\n").split("\n")[-1] != closing:
            fail(f"the closing line is not {closing!r}", out)
        for verdict, want in (("error", a.errors), ("failed", a.failed)):
            listed = len(re.findall(rf"^{verdict} +\S+ \[", out, re.M))
            if listed != want:
                fail(f"{listed} cases listed as {verdict}, expected {want}", out)

    violations = os.path.join(state, "violations")
    if os.path.exists(violations) and not a.allow_violations:
        with open(violations) as f:
            fail("the program saw dmlconf break the protocol:\n" + f.read(), out)

    children = os.path.join(state, "children")
    if os.path.exists(children):
        with open(children) as f:
            survivors = [pid for pid in f.read().split() if alive(int(pid))]
        for pid in survivors:
            os.kill(int(pid), 9)
        if survivors:
            fail(f"children of the backend survived the run: {survivors}", out)
    left = [d for d in os.listdir(tmp) if d.startswith("dmlconf-")]
    if left:
        fail(f"left under TMPDIR: {left}", out)

    if a.report:
        for name in ("report.json", "junit.xml", "report.md", "report.html"):
            if not os.path.isfile(os.path.join(reports, name)):
                fail(f"{name} was not written", out)
        with open(os.path.join(reports, "report.json")) as f:
            text = f.read()
        report = json.loads(text)
        errors = report["summary"]["error"]
        if errors != a.errors:
            fail(f"report.json counts {errors} errors, expected {a.errors}", text[:4000])
        # The verdict's message, quoted stderr included, reaches the reports too.
        for regex in a.message:
            if not any(re.search(regex, f"{c['name']} [{c['backend']}] {c['message']}", re.S)
                       for c in report["cases"]):
                fail(f"no case message in report.json matches {regex!r}", text[:4000])
    shutil.rmtree(a.work, ignore_errors=True)


if __name__ == "__main__":
    main()
