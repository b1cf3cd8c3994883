#!/bin/bash
# Issue 19 through the real binary, one scenario per call:
#   identity_cli.sh DMLCONF SOURCE_DIR PYTHON WORK_DIR SCENARIO
# Prints "ok: SCENARIO" last when every check holds; any mismatch prints the output
# and what was expected, and exits 1. The serve: program is
# tests/serve/configurable_serve.py (JOIN only, the Python sample's validation).
set -u
dmlconf=$1 src=$2 python=$3 work=$4 scenario=$5
fixtures=$src/tests/cli/fixtures
wrong=$fixtures/wrong_expected.yaml
odd=$fixtures/odd_names.yaml
join=$src/cases/spec/join.yaml
spec=$src/cases/spec
program="$python -S $src/tests/serve/configurable_serve.py"
misbehaves="sh $src/tests/serve/exec_misbehaves.sh"
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1

source "$src/tests/cli/harness.sh"
has() { grep -qF -- "$1" "${2:-out.txt}" || { cat "${2:-out.txt}"; fail "no '$1' in ${2:-out.txt}"; }; }
lacks() { ! grep -qF -- "$1" "${2:-out.txt}" || { cat "${2:-out.txt}"; fail "'$1' in ${2:-out.txt}"; }; }

case $scenario in
  xfail-by-name)
    # The user's case: --backend lib=serve:CMD and entries lib:GLOB.
    echo 'lib:cli/wrong-*' >named.txt
    expect 0 '^4 passed, 0 failed, 0 skipped, 1 xfail$' \
      "$dmlconf" run "$join" "$wrong" --backend "lib=serve:$program" --xfail named.txt
    # The name the program declares works the same, and NAME@VERSION only for that version.
    expect 0 ', 1 xfail$' "$dmlconf" run "$join" "$wrong" --backend "serve:$program --name lib" \
      --xfail named.txt
    echo 'lib@1.2:cli/wrong-*' >versioned.txt
    expect 0 ', 1 xfail$' "$dmlconf" run "$join" "$wrong" \
      --backend "serve:$program --name lib --version 1.2" --xfail versioned.txt
    expect 1 '^4 passed, 1 failed, 0 skipped$' "$dmlconf" run "$join" "$wrong" \
      --backend "serve:$program --name lib --version 1.3" --xfail versioned.txt
    # Without a name the spec is the identity, colons and all: split at the last ':'.
    echo "serve:$program:cli/wrong-*" >spec.txt
    expect 0 ', 1 xfail$' "$dmlconf" run "$join" "$wrong" --backend "serve:$program" --xfail spec.txt
    # An entry that matches nothing is a warning naming its line; --strict-xfail stops the run.
    printf '# a comment\nlbi:cli/wrong-*\n' >typo.txt
    expect 1 '^4 passed, 1 failed, 0 skipped$' "$dmlconf" run "$join" "$wrong" \
      --backend "lib=serve:$program" --xfail typo.txt
    has "dmlconf run: warning: typo.txt:2: 'lbi:cli/wrong-*' matches no selected case (no backend of this run is named 'lbi'; this run's: lib)"
    expect 2 '^dmlconf run: --strict-xfail: 1 of the 1 entries of typo.txt match no selected case$' \
      "$dmlconf" run "$join" "$wrong" --backend "lib=serve:$program" --xfail typo.txt --strict-xfail
    lacks 'passed,'
    # An xpass names the line that listed it; a glob's says how much it covers.
    printf 'lib:cli/wrong-expected\nlib:spec/join/*\n' >stale.txt
    expect 1 ', 1 xfail, 4 xpass$' "$dmlconf" run "$join" "$wrong" --backend "lib=serve:$program" \
      --xfail stale.txt
    has "passed, but stale.txt:2 lists it as expected to fail ('lib:spec/join/*'), a glob covering 4 results of this run: do not remove it"
    ;;
  two-ways-diff-clean)
    # One program started two ways: one identity, by its describe name...
    expect 1 '1 failed' "$dmlconf" run "$join" "$wrong" --backend "serve:$program --name joiner" --report-dir a
    expect 1 '1 failed' "$dmlconf" run "$join" "$wrong" \
      --backend "serve:sh -c 'exec $program --name joiner'" --report-dir b
    expect 0 '^0 newly failing, 0 newly passing, 0 newly skipped, 0 changed message, 0 gone$' \
      "$dmlconf" diff a/report.json b/report.json
    # ...or by NAME=.
    expect 1 '1 failed' "$dmlconf" run "$join" "$wrong" --backend "lib=serve:$program" --report-dir c
    expect 1 '1 failed' "$dmlconf" run "$join" "$wrong" --backend "lib=serve:sh -c 'exec $program'" \
      --report-dir d
    expect 0 '^0 newly failing, 0 newly passing, 0 newly skipped, 0 changed message, 0 gone$' \
      "$dmlconf" diff c/report.json d/report.json
    expect 0 '; no regression against c/report.json$' "$dmlconf" run "$join" "$wrong" \
      --backend "lib=serve:sh -c 'exec $program'" --baseline c/report.json
    # Unnamed, the two specs share nothing: said, exit 2, not "5 new, 5 gone".
    expect 1 '1 failed' "$dmlconf" run "$join" "$wrong" --backend "serve:$program" --report-dir e
    expect 2 '^dmlconf diff: warning: the two reports share no backend' \
      "$dmlconf" diff c/report.json e/report.json
    expect 2 "^dmlconf run: --baseline c/report.json shares no backend with this run \(it has: lib\)" \
      "$dmlconf" run "$join" "$wrong" --backend "serve:$program" --baseline c/report.json
    # report.json records the spec and what the backend declared.
    expect 0 'passed' "$dmlconf" run "$join" --backend "lib=serve:$program --version 1.2 --description 'a test'" \
      --report-dir info
    "$python" - info/report.json "serve:$program --version 1.2 --description 'a test'" <<'PY' || fail "backend_info"
import json, sys
info = json.load(open(sys.argv[1]))["backend_info"]
want = [{"name": "lib", "spec": sys.argv[2], "version": "1.2", "description": "a test",
         "max_feature_level": "6_4"}]
sys.exit(0 if info == want else print(info) or 1)
PY
    ;;
  operator-claim)
    # A JOIN-only backend claims for JOIN when only JOIN is selected...
    expect 0 '; claim 6_4 holds for JOIN only \(--operator JOIN\)$' "$dmlconf" run "$src/cases" \
      --backend "serve:$program --name joiner" --operator JOIN --claim 6_4
    has 'claim joiner: conforms at 6_4 for JOIN only (--operator JOIN): all '
    lacks 'skipped,'
    expect 0 'claim 6_4 holds' "$dmlconf" run "$spec" --backend "serve:$program --name joiner" \
      --operator dml_operator_join --claim 6_4
    # ...and without --operator the "no claim" line says so (the spec examples hold every
    # operator: the whole suite through a Python backend only repeats them, at minutes a run).
    expect 1 '; claim 6_4 does not hold$' "$dmlconf" run "$spec" \
      --backend "serve:$program --name joiner" --claim 6_4
    has 'every one of an operator it answers "unsupported" to; to claim for the operators it implements, select them: --operator JOIN'
    # list and coverage select the same way; an unknown operator is exit 2.
    run "$dmlconf" list "$spec"
    all_join=$(grep -c ' JOIN ' out.txt)
    expect 0 ' JOIN ' "$dmlconf" list "$spec" --operator JOIN
    [ "$(wc -l <out.txt)" = "$all_join" ] || fail "list --operator JOIN: $(wc -l <out.txt) lines, $all_join JOIN cases"
    [ "$(grep -c ' JOIN ' out.txt)" = "$all_join" ] || fail "list --operator JOIN lists other operators"
    expect 0 '^JOIN' "$dmlconf" coverage "$src/cases" --operator JOIN
    lacks 'SPLIT'
    expect 2 "^dmlconf run: --operator CONCAT: no such operator" "$dmlconf" run "$spec" --operator CONCAT
    ;;
  values-profile-claim)
    cases=$src/cases/generated/join
    run "$dmlconf" list "$cases"
    rejects=$(grep -c '  reject ' out.txt)
    [ "$rejects" -gt 1 ] || fail "too few must-reject cases in $cases"
    scope="under --profile values ($rejects must-reject cases not judged)"
    expect 0 "; claim 6_4 holds under --profile values \($rejects must-reject" \
      "$dmlconf" run "$cases" --profile values --claim 6_4 --report-dir r
    has "claim reference: conforms at 6_4 $scope: all "
    has "$scope" r/report.md
    has "$scope" r/report.html
    grep -q '"profile": "values"' r/report.json || fail "report.json has no profile"
    # The reproducer is the binary that ran, by its absolute path, with the profile.
    expect 1 '1 failed' "$dmlconf" run "$wrong" --profile values
    self=$(readlink -f "$dmlconf")
    has "  reproduce: $self run $wrong --case=cli/wrong-expected --backend reference --feature-level 6_4 --profile values"
    line=$(sed -n 's/^  reproduce: //p' out.txt)
    run bash -c "cd / && $line"
    grep -q '^0 passed, 1 failed, 0 skipped$' out.txt || fail "the reproducer ran: $(tail -n 1 out.txt)"
    ;;
  write-xfail)
    # Every case that did not pass, by exact name (glob characters escaped): a rerun
    # with the list is green.
    expect 1 '^0 passed, 10 failed' "$dmlconf" run "$odd" --write-xfail odd.txt
    has 'wrote 10 expected failures to odd.txt'
    has 'reference:x/\[abc\]' odd.txt
    expect 0 '^0 passed, 0 failed, 0 skipped, 10 xfail$' "$dmlconf" run "$odd" --xfail odd.txt --strict-xfail
    expect 1 ' failed, 0 skipped$' "$dmlconf" run "$join" --backend "lib=serve:$program --skip-last" \
      --write-xfail new.txt
    expect 0 ', 4 xfail$' "$dmlconf" run "$join" --backend "lib=serve:$program --skip-last" --xfail new.txt
    # Issue 32 (item 13): a case name ending in a space, and a backend name holding '#'
    # (and a backslash), round trip too.
    sed 's|name: cli/wrong-expected|name: "cli/ends in a space "|' "$wrong" >space.yaml
    hashed="serve:$program --name 'lib#1\\x'"
    expect 1 '^0 passed, 2 failed' "$dmlconf" run space.yaml --backend "$hashed" \
      --backend reference --write-xfail edges.txt
    has 'wrote 2 expected failures to edges.txt'
    expect 0 '^0 passed, 0 failed, 0 skipped, 2 xfail$' "$dmlconf" run space.yaml \
      --backend "$hashed" --backend reference --xfail edges.txt --strict-xfail
    ;;
  merge-refuses)
    for i in 0 1; do
      "$dmlconf" run "$spec" --shard $i/2 --report-dir s$i >/dev/null || fail "shard $i"
    done
    grep -q '"shard": "0/2"' s0/report.json || fail "report.json names no shard"
    expect 2 '^dmlconf merge: the shard set is incomplete: 1/2 missing \(given 1 of 2\)$' \
      "$dmlconf" merge s0/report.json --report-dir m
    [ ! -e m ] || fail "a refused merge wrote reports"
    expect 2 '^dmlconf merge: shard 0/2 is given twice: s0/report.json and s0/report.json$' \
      "$dmlconf" merge s0/report.json s0/report.json --report-dir m
    "$dmlconf" run "$spec" --shard 1/3 --report-dir t1 >/dev/null
    expect 2 'is shard 1/3, but s0/report.json is shard 0/2' \
      "$dmlconf" merge s0/report.json t1/report.json --report-dir m
    "$dmlconf" run "$spec" "$wrong" --shard 1/2 --report-dir other >/dev/null
    expect 2 'other/report.json is not of the same run as s0/report.json: another list of case paths' \
      "$dmlconf" merge s0/report.json other/report.json --report-dir m
    # Issue 32: a case taken out of a shard's report.json merged as one case fewer, exit 0.
    mkdir lost && python3 - s1/report.json lost/report.json <<'PY' || fail "editing the shard"
import json, sys
r = json.load(open(sys.argv[1]))
r["cases"].pop()
json.dump(r, open(sys.argv[2], "w"))
PY
    gone=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["cases"][-1]; print(c["name"], "on", c["backend"])' s1/report.json)
    expect 2 '^dmlconf merge: the shard set lost cases: no result for ' \
      "$dmlconf" merge s0/report.json lost/report.json --report-dir m2
    grep -qF "no result for $gone (lost/report.json)" out.txt || fail "$gone not named"
    [ ! -e m2 ] || fail "a refused merge wrote reports"
    expect 0 'passed, 0 failed' "$dmlconf" merge s1/report.json s0/report.json --report-dir m
    ;;
  keep-run-dir)
    mkdir tmp
    expect 1 'failed' env TMPDIR="$work/tmp" "$dmlconf" run "$wrong" --backend "serve:$program" \
      --keep-run-dir
    folder=$(sed -n 's/^backend .* keeps its files in \(.*\) (--keep-run-dir)$/\1/p' out.txt)
    case $folder in "$work"/tmp/dmlconf-serve-*) ;; *) fail "no folder named: $folder";; esac
    [ -f "$folder/stderr.log" ] || fail "$folder lost its stderr.log"
    ls "$folder" | grep -q -- '-out0\.bin$' || fail "$folder lost its buffer files: $(ls "$folder")"
    expect 1 'failed' env TMPDIR="$work/tmp" "$dmlconf" run "$join" \
      --backend "exec:$misbehaves write-input marker $work" --keep-run-dir
    folder=$(sed -n 's/^backend .* keeps its files in \(.*\) (--keep-run-dir)$/\1/p' out.txt)
    ls "$folder"/*/input_0.bin >/dev/null 2>&1 || fail "$folder lost its request folders"
    ;;
  stderr-on-failed)
    expect 1 '^0 passed, 1 failed' "$dmlconf" run "$wrong" \
      --backend "serve:$program --stderr 'first line\nsecond line'" --report-dir r
    has '; its standard error says: first line'
    grep -qx '    second line' out.txt || { cat out.txt; fail "the second line is not indented"; }
    has 'first line&#10;second line' r/junit.xml
    "$python" - r/junit.xml <<'PY' || fail "junit.xml's message attribute is not whole"
import sys, xml.etree.ElementTree as ET
message = ET.parse(sys.argv[1]).find(".//failure").get("message")
sys.exit(0 if "wrong output values" in message and message.endswith("first line\nsecond line") else 1)
PY
    ;;
  stray-write)
    # A write 5000 bytes past the output, answered "error": stray_write, with the
    # file's real size and where the write landed, and no deleted file named.
    expect 1 '^0 passed, 4 failed' "$dmlconf" run "$join" \
      --backend "serve:$program --grow-output 5000 --answer error"
    has 'wrote outside its output buffer: guard byte 5000 after the end of OutputTensor (its buffer is 56 bytes) changed; the buffer file grew from '
    has '(it answered error: told to answer error)'
    grep -E 'JOIN +stray_write +4$' out.txt >/dev/null || fail "the kind is not stray_write"
    lacks '.bin'
    lacks 'backend_error'
    sizes=$(sed -n 's/.*its buffer is 56 bytes) changed; the buffer file grew from \([0-9]*\) to \([0-9]*\) bytes.*/\1 \2/p' out.txt | head -n 1)
    set -- $sizes
    # The file held its guard bytes (4096 after the tensor); the byte landed 5000 after it.
    [ $(($2 - $1)) = $((5000 + 1 - 4096)) ] || fail "sizes $sizes"
    expect 1 '^0 passed, 4 failed' "$dmlconf" run "$join" --backend "exec:$misbehaves grow-output marker $work"
    has 'wrote outside its output buffer: byte 5000 after the end of OutputTensor (its buffer is 56 bytes) changed; output_0.bin grew from 56 to 5057 bytes (it answered error: gave up)'
    expect 1 '^0 passed, 4 failed' "$dmlconf" run "$join" --backend "exec:$misbehaves write-input marker $work"
    has 'wrote its input: byte 0 of InputTensors[0] changed'
    grep -E 'JOIN +stray_write_input +4$' out.txt >/dev/null || fail "the kind is not stray_write_input"
    ;;
  never-written)
    expect 1 '^0 passed, 4 failed' "$dmlconf" run "$join" --backend "serve:$program --skip-last"
    has 'expected 14 (bits 0x41600000), actual never written (it still holds the bits 0x'
    lacks 'no input element'
    ;;
  *) fail "unknown scenario $scenario" ;;
esac
echo "ok: $scenario"
