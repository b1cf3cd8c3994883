#!/usr/bin/env python3
"""Runs `dmlconf run`, maybe interrupts it, and checks that nothing of the run is left.

Usage: check_cleanup.py --dmlconf D --work DIR [--signal TERM|INT|KILL --when FILE]
                        [--expect-rc N] [--expect REGEX]... [--max-rss-mb M]
                        [--max-report-bytes B] [--no-report] -- RUN_ARGS...

In RUN_ARGS, @WORK@ becomes DIR and @MARKER@ a word unique to this run, which the
test's backend puts in the command line of every process it starts. The run gets
TMPDIR=DIR/tmp and --report-dir DIR/reports. With --signal, the signal is sent to
dmlconf (to it alone, as `kill` does) once FILE exists, i.e. once the backend is busy;
after SIGKILL, which dmlconf cannot answer, what follows is its watchdog's work, and
is awaited (polled, up to 30 s) before it fails.
Checked afterwards:
- the exit code (default 1; a death by signal N counts as 128 + N) and each --expect
  regex (multi-line, `.` matching newlines) in stdout + stderr;
- no process whose command line holds the marker is alive (zombies are dead), nor any
  pid listed in DIR/state/children (where lying_serve.py notes the children it starts);
- nothing is left under TMPDIR (no request or run folder);
- with --no-report (an interrupted run), that DIR/reports does not exist: no partial set;
- with --max-report-bytes, that the reports written stay under B bytes in all;
- with --max-rss-mb, that dmlconf's peak resident memory stayed under M MiB;
- with --relative-reports, dmlconf runs in DIR with `--report-dir reports` (relative) and
  DMLCONF_CHDIR_TO=DIR/elsewhere (for a plug-in that moves the working directory): the
  reports must be in DIR/reports.
"""
import argparse
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import time


def fail(message, output=""):
    sys.exit(f"check_cleanup: {message}\n--- output ---\n{output}")


def marked_processes(marker):
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
            with open(f"/proc/{pid}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker in cmdline and state not in ("Z", "X"):
            found.append(f"{pid}: {cmdline}")
    return found


def survivors(marker, children_file):
    found = marked_processes(marker)
    if os.path.exists(children_file):
        with open(children_file) as f:
            for pid in f.read().split():
                try:
                    with open(f"/proc/{pid}/stat") as stat:
                        if stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X"):
                            found.append(f"{pid}: a child lying_serve.py started")
                except OSError:
                    pass
    return found


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dmlconf", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--signal", choices=["TERM", "INT", "KILL"])
    p.add_argument("--when")
    p.add_argument("--expect-rc", type=int, default=1)
    p.add_argument("--expect", action="append", default=[])
    p.add_argument("--max-rss-mb", type=int)
    p.add_argument("--max-report-bytes", type=int)
    p.add_argument("--no-report", action="store_true")
    p.add_argument("--relative-reports", action="store_true")
    p.add_argument("run_args", nargs=argparse.REMAINDER)
    a = p.parse_args()
    run_args = a.run_args[1:] if a.run_args[:1] == ["--"] else a.run_args

    work = os.path.abspath(a.work)
    shutil.rmtree(work, ignore_errors=True)
    tmp, reports = os.path.join(work, "tmp"), os.path.join(work, "reports")
    os.makedirs(tmp)
    os.makedirs(os.path.join(work, "state"))
    marker = f"dmlconf-cleanup-mark-{os.getpid()}-{int(time.time())}"
    run_args = [arg.replace("@WORK@", work).replace("@MARKER@", marker) for arg in run_args]
    env = dict(os.environ, TMPDIR=tmp)
    if a.relative_reports:
        os.makedirs(os.path.join(work, "elsewhere"))
        env["DMLCONF_CHDIR_TO"] = os.path.join(work, "elsewhere")
    proc = subprocess.Popen(
        [os.path.abspath(a.dmlconf), "run", *run_args, "--report-dir",
         "reports" if a.relative_reports else reports],
        env=env, cwd=work if a.relative_reports else None, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        errors="replace")
    if a.signal:
        when = a.when.replace("@WORK@", work)
        deadline = time.monotonic() + 60
        while not os.path.exists(when) and proc.poll() is None:
            if time.monotonic() > deadline:
                proc.kill()
                fail(f"{when} never appeared", proc.communicate()[0])
            time.sleep(0.05)
        time.sleep(0.3)  # well inside the request, not at its very start
        proc.send_signal(getattr(signal, "SIG" + a.signal))
    try:
        out = proc.communicate(timeout=90)[0]
    except subprocess.TimeoutExpired:
        proc.kill()
        fail("dmlconf did not end within 90 s", proc.communicate()[0])
    rc = proc.returncode if proc.returncode >= 0 else 128 - proc.returncode

    # Give killed processes a moment to be gone (after SIGKILL, the watchdog's sweep),
    # then look.
    def leftovers_under_tmp():
        found = []
        for root, dirs, files in os.walk(tmp):
            found += [os.path.join(root, n) for n in dirs + files]
        return found

    patience = 30 if a.signal == "KILL" else 2
    deadline = time.monotonic() + patience
    left = survivors(marker, os.path.join(work, "state", "children"))
    while (left or (a.signal == "KILL" and leftovers_under_tmp())) and time.monotonic() < deadline:
        time.sleep(0.05)
        left = survivors(marker, os.path.join(work, "state", "children"))
    for line in left:  # do not leave them to the next test
        try:
            os.kill(int(line.split(":")[0]), signal.SIGKILL)
        except OSError:
            pass
    if left:
        fail("processes of the backend survived the run:\n  " + "\n  ".join(left), out)
    if rc != a.expect_rc:
        fail(f"exit code {rc}, expected {a.expect_rc}", out)
    for regex in a.expect:
        if not re.search(regex, out, re.S):
            fail(f"no match for {regex!r}", out)
    leftovers = leftovers_under_tmp()
    if leftovers:
        fail("left under TMPDIR: " + ", ".join(sorted(leftovers)[:10]), out)
    if a.no_report and os.path.exists(reports):
        fail(f"an interrupted run left {reports}: " + ", ".join(os.listdir(reports)), out)
    if a.relative_reports and not os.path.exists(os.path.join(reports, "report.json")):
        fail(f"no {reports}/report.json; the working directory holds: "
             + ", ".join(sorted(os.listdir(work))), out)
    if a.max_report_bytes is not None:
        total = sum(os.path.getsize(os.path.join(reports, f)) for f in os.listdir(reports))
        if total > a.max_report_bytes:
            fail(f"the reports take {total} bytes, more than {a.max_report_bytes}", out)
    if a.max_rss_mb is not None:
        peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        if peak_mb > a.max_rss_mb:
            fail(f"dmlconf's peak memory was {peak_mb:.0f} MiB, more than {a.max_rss_mb}", out)
    print(out)
    print("check_cleanup: ok")


if __name__ == "__main__":
    main()
