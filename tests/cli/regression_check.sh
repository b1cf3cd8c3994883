#!/bin/sh
# Issue 10's CI features through the real binary, one scenario per call:
#   regression_check.sh DMLCONF SOURCE_DIR WORK_DIR SCENARIO
# Each scenario fabricates a base run and a new run and checks exit codes and
# closing lines; any mismatch prints what was expected and exits 1.
set -u
dmlconf=$1 src=$2 work=$3 scenario=$4
spec=$src/cases/spec
wrong=$src/tests/cli/fixtures/wrong_expected.yaml
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1

fail() { echo "FAIL: $*"; exit 1; }
# expect RC REGEX COMMAND...: runs COMMAND, checks its exit code and that its
# output matches REGEX (grep -E); the output is kept in out.txt.
expect() {
  want=$1 regex=$2; shift 2
  "$@" > out.txt 2>&1; rc=$?
  cat out.txt | tail -n 5
  [ "$rc" = "$want" ] || fail "exit $rc, wanted $want: $*"
  grep -Eq -- "$regex" out.txt || fail "no line matches '$regex': $*"
}

case $scenario in
  baseline-regression)
    # Base: the spec cases, all passing. New: the same plus a wrong expected
    # value, which fails and is absent from the base: a regression.
    expect 0 '^[0-9]+ passed, 0 failed' "$dmlconf" run "$spec" --report-dir base
    expect 1 '^[0-9]+ passed, 1 failed, 0 skipped; 1 regression against base/report.json$' \
      "$dmlconf" run "$spec" "$wrong" --baseline base/report.json
    grep -q '^regression  cli/wrong-expected \[reference\] wrong_values (was absent)' out.txt ||
      fail "the regression is not listed with its kind"
    ;;
  baseline-known-failure)
    # The failure is in the base too: known, not a regression, so exit 0
    # although the run has a failure.
    expect 1 '1 failed' "$dmlconf" run "$spec" "$wrong" --report-dir base
    # The known failure is an xfail excused by the baseline: one verdict everywhere.
    expect 0 '^[0-9]+ passed, 0 failed, 0 skipped, 1 xfail; no regression against base/report.json$' \
      "$dmlconf" run "$spec" "$wrong" --baseline base/report.json
    ;;
  junit-verdict)
    # A CI system that reads only junit.xml (failures and errors, per test and in
    # total) reaches the exit code's verdict: plain, xfail, baseline and claim runs.
    # agrees RC DIR [KNOWN]: the exit code was RC; DIR/junit.xml and DIR/report.json
    # say the same; KNOWN, when given, is what the one skipped known failure names.
    agrees() {
      python3 - "$1" "$2" "${3-}" <<'PY' || fail "the reports of $2 disagree with exit $1"
import json, sys, xml.etree.ElementTree as ET
rc, folder, known = int(sys.argv[1]), sys.argv[2], sys.argv[3]
root = ET.parse(folder + "/junit.xml").getroot()
bad_total = int(root.get("failures")) + int(root.get("errors"))
bad_cases = [t.get("name") for t in root.iter("testcase")
             if t.find("failure") is not None or t.find("error") is not None]
junit_green = bad_total == 0 and not bad_cases
if junit_green != (rc == 0) or (bad_total == 0) != (not bad_cases):
    sys.exit(f"exit {rc}, but junit.xml has failures+errors={bad_total}, failing {bad_cases}")
report = json.load(open(folder + "/report.json"))
if report["verdict"]["passed"] != (rc == 0):
    sys.exit(f"exit {rc}, but report.json says passed={report['verdict']['passed']}")
if known:
    messages = [s.get("message") for s in root.iter("skipped")
                if s.get("message", "").startswith("known: ")]
    if len(messages) != 1 or not messages[0].startswith("known: " + known + ": "):
        sys.exit(f"the known failure is not a skip naming {known!r}: {messages}")
    excused = [c["excused_by"] for c in report["cases"] if "excused_by" in c]
    if excused != [known]:
        sys.exit(f"report.json names {excused}, not {known!r}")
    for page in ("report.md", "report.html"):
        if ("known: " + known) not in open(folder + "/" + page).read().replace("\\", ""):
            sys.exit(f"{page} does not name {known!r}")
print("agrees:", folder, "exit", rc)
PY
    }
    expect 0 'passed, 0 failed' "$dmlconf" run "$spec" --report-dir plain-pass
    agrees 0 plain-pass
    expect 1 '1 failed' "$dmlconf" run "$spec" "$wrong" --report-dir plain-fail
    agrees 1 plain-fail
    xfail=$src/tests/cli/fixtures/xfail.txt
    expect 0 '1 xfail' "$dmlconf" run "$spec" "$wrong" --xfail "$xfail" --report-dir xfail
    agrees 0 xfail "$xfail:2: reference:cli/wrong-expected"
    expect 0 '1 xfail; no regression' "$dmlconf" run "$spec" "$wrong" --baseline plain-fail/report.json \
      --report-dir known
    agrees 0 known "baseline plain-fail/report.json"
    expect 1 '1 regression against plain-pass' "$dmlconf" run "$spec" "$wrong" \
      --baseline plain-pass/report.json --report-dir regressed
    agrees 1 regressed
    # The xfail keeps 1_0 from being claimed: the claim fails the run, and JUnit too.
    expect 1 'claim 1_0 does not hold$' "$dmlconf" run "$wrong" --xfail "$xfail" --claim 1_0 \
      --report-dir claim
    agrees 1 claim
    ;;
  diff)
    expect 1 '1 failed' "$dmlconf" run "$spec" "$wrong" --report-dir broken
    expect 0 'passed' "$dmlconf" run "$spec" --report-dir fixed
    # A fix: nothing newly fails, so exit 0; the fixed case's one is "gone".
    expect 0 '^0 newly failing, 0 newly passing, 0 newly skipped, 0 changed message, 1 gone$' \
      "$dmlconf" diff broken/report.json fixed/report.json
    # The other way round: a regression, listed under its kind, exit 1.
    expect 1 '^1 newly failing, 0 newly passing' "$dmlconf" diff fixed/report.json broken/report.json
    grep -q '^  wrong_values (1):' out.txt || fail "the newly failing case is not grouped by kind"
    # The same case fixed in place (xfail, then passing) is newly passing.
    expect 0 'xfail' "$dmlconf" run "$wrong" --xfail "$src/tests/cli/fixtures/xfail.txt" --report-dir known
    expect 1 '1 failed' "$dmlconf" run "$wrong" --report-dir still
    expect 0 '^newly passing|^0 newly failing' "$dmlconf" diff still/report.json known/report.json
    # Issue 31: runs of other selections are said to differ, with the counts; --strict
    # makes it an error.
    expect 0 'passed' "$dmlconf" run "$spec" --profile values --operator JOIN --report-dir values
    expect 0 '^dmlconf diff: warning: the profile changed: --profile directml \([0-9]+ results\) before, values \([0-9]+ results\) now$' \
      "$dmlconf" diff fixed/report.json values/report.json
    grep -q '^dmlconf diff: warning: the operators changed: all before, JOIN now$' out.txt ||
      fail "the operator change is not said"
    grep -Eq '^dmlconf diff: warning: the case sets differ: [1-9][0-9]* cases only in the base run, 0 only in the new one$' out.txt ||
      fail "the case-set difference is not counted"
    expect 2 '^dmlconf diff: --strict: the two runs did not select the same cases$' \
      "$dmlconf" diff --strict fixed/report.json values/report.json
    expect 0 '^0 newly failing' "$dmlconf" diff --strict fixed/report.json fixed/report.json
    ;;
  merge)
    # Three shards merge into exactly the single run's JSON, timings, start
    # time and command line aside.
    expect 1 'failed' "$dmlconf" run "$spec" "$wrong" --report-dir whole
    for i in 0 1 2; do
      "$dmlconf" run "$spec" "$wrong" --shard $i/3 --report-dir shard$i > /dev/null
    done
    expect 1 '^[0-9]+ passed, 1 failed, 0 skipped$' \
      "$dmlconf" merge shard2/report.json shard0/report.json shard1/report.json --report-dir merged
    for f in junit.xml report.md report.html; do [ -s merged/$f ] || fail "merged/$f missing"; done
    python3 - whole/report.json merged/report.json <<'PY' || fail "merged JSON differs"
import json, sys
def load(path):
    r = json.load(open(path))
    for k in ("started_at", "command_line"): r.pop(k)
    for c in r["cases"]: c.pop("seconds")
    return r
a, b = load(sys.argv[1]), load(sys.argv[2])
if a != b:
    for k in a:
        if a[k] != b.get(k): print("differs:", k)
    sys.exit(1)
print("merged JSON equals the single run's:", len(a["cases"]), "cases")
PY
    ;;
  *) fail "unknown scenario $scenario" ;;
esac
echo "ok: $scenario"
