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
    expect 0 '^[0-9]+ passed, 1 failed, 0 skipped; no regression against base/report.json$' \
      "$dmlconf" run "$spec" "$wrong" --baseline base/report.json
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
