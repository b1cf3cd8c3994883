#!/bin/bash
# Issue 12 (items 8 and 10) through the real binary, one scenario per call:
#   failure_cli.sh DMLCONF SOURCE_DIR WORK_DIR SCENARIO
# Prints "ok: SCENARIO" last when every check holds; any mismatch prints what was
# expected and exits 1. bash, not sh: the reproducers of names holding control
# characters are $'...' words.
set -u
dmlconf=$1 src=$2 work=$3 scenario=$4
fixtures=$src/tests/cli/fixtures
odd=$fixtures/odd_names.yaml
wrong=$fixtures/wrong_expected.yaml
join=$src/cases/spec/join.yaml
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1

source "$src/tests/cli/harness.sh"
# The names of the failed results in out.txt, one per line.
failed_names() { sed -n 's/^failed  \(.*\) \[[^]]*\] (.*$/\1/p' out.txt; }
# No byte a terminal acts on (C0 other than tab and newline, DEL) in FILE.
no_controls() { ! LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$1"; }
# Same bytes in every report of two folders.
same_set() {
  for f in report.json junit.xml report.md report.html; do
    cmp -s "$1/$f" "$2/$f" || fail "$2/$f differs from $1/$f"
  done
}

# DIR holds the four reports, each of the old run (none names cli/wrong-expected) or each
# of the new one; a mix only while a killed run's marked temporary folder waits there for
# the next run to finish it.
whole_set() {
  local new=0 f
  for f in report.json junit.xml report.md report.html; do
    [ -s "$1/$f" ] || fail "$1/$f is missing"
    grep -q 'cli/wrong-expected' "$1/$f" && new=$((new + 1))
  done
  [ "$new" = 0 ] || [ "$new" = 4 ] || ls "$1"/.dmlconf-tmp-*/INSTALLING >/dev/null 2>&1
}
# storm DIR COMMAND...: COMMAND (writing into DIR) stopped by each of SIGTERM, SIGINT,
# SIGHUP and SIGKILL after each delay of a fixed list; DIR must hold a whole set after
# every one. No time is asserted: the delays only spread where the signals land.
storm() {
  local dir=$1 sig delay pid stopped=0 finished=0
  shift
  for sig in TERM INT HUP KILL; do
    for delay in 0 0.003 0.01 0.02 0.04 0.08; do
      "$@" >storm.txt 2>&1 &
      pid=$!
      sleep "$delay"
      kill -"$sig" "$pid" 2>/dev/null
      wait "$pid"
      if [ $? -ge 128 ]; then stopped=$((stopped + 1)); else finished=$((finished + 1)); fi
      whole_set "$dir" || fail "SIG$sig after ${delay} s left a mixed set in $dir: $(cat storm.txt)"
    done
  done
  echo "storm: $stopped stopped by the signal, $finished finished first"
}

case $scenario in
  exact-case)
    # Item 8: --case is an exact name. 'x/[abc]' is not a glob class, 'x/star*' does
    # not take x/starry, and '(' is an ordinary character.
    for name in 'x/[abc]' 'x/star*' 'x/p(1)' "x/it's a [case] (1)" 'x/back\slash?'; do
      expect 1 '^0 passed, 1 failed, 0 skipped$' "$dmlconf" run "$odd" --case "$name"
      [ "$(failed_names)" = "$name" ] || fail "--case '$name' ran: $(failed_names)"
    done
    # A name no loaded case has: exit 2, naming it, not "nothing judged".
    expect 2 "^dmlconf run: --case 'x/\[ab\]': no case of that name among the 10 cases loaded$" \
      "$dmlconf" run "$odd" --case 'x/[ab]'
    # Every reproducer a failing run prints reruns its own case and no other, and the
    # reports carry the same --case= line, with the binary as `dmlconf` (issue 31: no
    # path of this machine in a file meant to be kept).
    self=$(readlink -f "$dmlconf")
    run "$dmlconf" run "$odd" --report-dir reports
    [ "$rc" = 1 ] || fail "the full run exited $rc"
    grep '^  reproduce: ' out.txt | sed 's/^  reproduce: //' >reproducers.txt
    failed_names >names.txt
    [ "$(wc -l <reproducers.txt)" = 10 ] || fail "$(wc -l <reproducers.txt) reproducers, wanted 10"
    i=0
    while IFS= read -r line; do
      i=$((i + 1))
      want=$(sed -n "${i}p" names.txt)
      portable="dmlconf${line#"$self"}"
      grep -qF -- "\"reproducer\": \"$(printf '%s' "$portable" | sed 's/\\/\\\\/g; s/"/\\"/g')\"" \
        reports/report.json || fail "report.json lacks the reproducer $portable"
      run bash -c "${line/#build\/dmlconf/\"\$0\"}" "$dmlconf"
      grep -q '^0 passed, 1 failed, 0 skipped$' out.txt || fail "$line ran: $(tail -n 1 out.txt)"
      [ "$(failed_names)" = "$want" ] || fail "$line ran $(failed_names), not $want"
    done <reproducers.txt
    ;;
  escapes)
    # Item 10: escape sequences in case names, backend specs and messages reach the
    # terminal as \xNN. The case name holds ESC and BEL; the backend's program path
    # holds ESC, so its spec (on the line naming the backend after the run) does too.
    run "$dmlconf" run "$odd"
    no_controls out.txt || fail "raw control characters in the run's output"
    grep -qF 'failed  x/esc\x1B[31mred\x1B]0;title\x07 [reference]' out.txt ||
      fail "the name is not shown with \\xNN"
    grep -qF "case 'x/esc\\x1B[31mred" out.txt || fail "the message is not shown with \\xNN"
    run "$dmlconf" list "$odd"
    no_controls out.txt || fail "raw control characters in list's output"
    program="$work/nothing"$'\e[2J'".sh"
    cp "$fixtures/exec_writes_nothing.sh" "$program"
    run "$dmlconf" run "$join" --backend "exec:sh $program"
    [ "$rc" = 1 ] || fail "the exec: run exited $rc"
    no_controls out.txt || fail "raw control characters with an exec: backend"
    grep -qF 'backend writes-nothing: exec:sh ' out.txt || fail "the backend's spec is not shown"
    grep -qF 'nothing\x1B[2J.sh' out.txt || fail "the backend's spec is not shown with \\xNN"
    expect 2 "unknown backend 'no\\\\x1B\]0;x\\\\x07such'" "$dmlconf" run "$join" \
      --backend $'no\e]0;x\asuch'
    no_controls out.txt || fail "raw control characters in a usage error"
    # A case file's error line quotes the file's text.
    printf 'cases:\n  - name: x\n    operator: "JO\\e[2JIN"\n' >bad.yaml
    expect 2 'bad\.yaml:3:[0-9]+: cases\[0\]\.operator: .*JO\\x1B\[2JIN' "$dmlconf" run bad.yaml
    no_controls out.txt || fail "raw control characters in a case file's error line"
    ;;
  report-set-interrupted)
    # Item 10: a run killed while writing its reports leaves the old complete set. The
    # file size limit lets report.json through and stops a later report part way, with
    # SIGXFSZ, which ends the process as a crash would.
    expect 0 '^4 passed' "$dmlconf" run "$join" --report-dir old
    cp -r old reports
    run "$dmlconf" run "$wrong" --report-dir sizes
    json=$(stat -c %s sizes/report.json)
    largest=$(stat -c %s sizes/junit.xml sizes/report.md sizes/report.html | sort -n | tail -n 1)
    limit=$(((json + 1023) / 1024))  # ulimit -f counts KiB
    [ $((limit * 1024)) -lt "$largest" ] || fail "no size limit passes report.json only"
    (ulimit -f "$limit" && exec "$dmlconf" run "$wrong" --report-dir reports) >out.txt 2>&1
    rc=$?
    [ "$rc" = $((128 + 25)) ] || fail "the writer was not stopped by SIGXFSZ (exit $rc)"
    same_set old reports
    [ "$(ls reports | wc -l)" = 4 ] || fail "reports/ holds $(ls reports)"
    ;;
  report-set-sigterm)
    # SIGTERM while the reports are written (they follow the summary line): the run dies
    # of it and leaves the old complete set, or it had finished and the new set is whole;
    # never a mix, and no temporary folder beside it.
    expect 0 '^4 passed' "$dmlconf" run "$join" --report-dir old
    cp -r old reports
    "$dmlconf" run "$src/cases" --report-dir reports >run.txt 2>&1 &
    pid=$!
    for _ in $(seq 3000); do
      grep -Eqs '^[0-9]+ passed, 0 failed' run.txt && break
      sleep 0.01
    done
    kill -TERM "$pid"
    wait "$pid"
    rc=$?
    if [ "$rc" = 143 ] && ! grep -q 'the new reports were already in place' run.txt; then
      same_set old reports
      grep -q 'interrupted by SIGTERM.*; no report written$' run.txt ||
        fail "no line says the run was interrupted"
    else
      [ "$rc" = 143 ] || [ "$rc" = 0 ] || fail "exit $rc"
      grep -q '"passed": 4,' reports/report.json && fail "report.json is the old run's"
      for f in junit.xml report.md report.html; do
        cmp -s "old/$f" "reports/$f" && fail "$f is the old run's beside a new report.json"
      done
    fi
    echo "the run ended with exit $rc"
    [ "$(ls -A reports | wc -l)" = 4 ] || fail "reports/ holds $(ls -A reports)"
    ;;
  report-write-fails)
    # Item 10: a report that cannot be written keeps the summary line and the run's
    # verdict. With SIGXFSZ ignored, the write fails with EFBIG instead.
    expect 0 '^4 passed' "$dmlconf" run "$join" --report-dir old
    cp -r old reports
    # The limit on dmlconf alone: its output goes through a pipe to a file cat writes.
    limited() { (trap '' XFSZ && ulimit -f 1 && exec "$@") 2>&1 | cat; return "${PIPESTATUS[0]}"; }
    expect 2 '^4 passed, 0 failed, 0 skipped$' limited "$dmlconf" run "$join" --report-dir reports
    grep -q '^dmlconf run: the reports were not written: .*(exit code 2: the run itself passed)$' \
      out.txt || fail "no line says why the passing run exits 2"
    expect 1 '^0 passed, 1 failed, 0 skipped$' limited "$dmlconf" run "$wrong" --report-dir reports
    grep -q "^dmlconf run: the reports were not written: .*(exit code 1, the run's own verdict)$" \
      out.txt || fail "no line says the failing run keeps exit 1"
    expect 3 '^0 passed, 0 failed, 0 skipped$' limited "$dmlconf" run "$join" --filter none \
      --report-dir reports
    same_set old reports
    [ "$(ls -A reports | wc -l)" = 4 ] || fail "reports/ holds $(ls -A reports)"
    # A --report-dir that is a file is refused before the first case (issue 32).
    touch afile
    expect 2 '^dmlconf run: cannot write the reports to .*/afile: it exists and is not a folder$' \
      "$dmlconf" run "$join" --report-dir afile
    grep -q 'passed' out.txt && fail "a case ran before the report folder was checked"
    ;;
  report-set-replaces)
    # The new set replaces the old whole; files that are not reports stay (a README
    # beside them), and a folder made for the reports gets the umask's mode, not 0700.
    umask 022
    expect 1 '1 failed' "$dmlconf" run "$wrong" --report-dir reports
    [ "$(stat -c %a reports)" = 755 ] || fail "reports/ has mode $(stat -c %a reports)"
    expect 0 '^4 passed' "$dmlconf" run "$join" --report-dir reports/
    grep -q '"passed": 4' reports/report.json || fail "report.json is not the new run's"
    grep -q 'cli/wrong-expected' reports/report.html && fail "report.html is the old run's"
    echo keep >reports/README.md
    expect 1 '1 failed' "$dmlconf" run "$wrong" --report-dir reports
    [ "$(cat reports/README.md)" = keep ] || fail "README.md beside the reports was lost"
    grep -q 'cli/wrong-expected' reports/report.md || fail "report.md is not the new run's"
    [ "$(ls -A reports | wc -l)" = 5 ] || fail "reports/ holds $(ls -A reports)"
    ;;
  report-dir-stays)
    # Issue 32: the reports go into the folder named, which stays the same folder: a
    # shell standing in it (--report-dir .) sees them, and a second run there passes.
    # in_here COMMAND...: COMMAND run with here/ as its working folder.
    in_here() { (cd here && exec "$@"); }
    mkdir here
    inode=$(stat -c %i here)
    expect 0 '^4 passed' in_here "$dmlconf" run "$join" --report-dir .
    [ -s here/report.json ] || fail "report.json is not in the folder the shell stands in"
    expect 1 '1 failed' in_here "$dmlconf" run "$wrong" --report-dir .
    grep -q 'cli/wrong-expected' here/report.json || fail "report.json is not the second run's"
    [ "$(stat -c %i here)" = "$inode" ] || fail "the folder was replaced"
    # Every file that is not one of the four stays, hidden *.tmp ones included.
    echo mine >here/.notes.tmp && echo mine >here/notes.tmp && mkdir here/.cache &&
      echo mine >here/.cache/x.tmp
    expect 0 '^4 passed' in_here "$dmlconf" run "$join" --report-dir .
    for f in .notes.tmp notes.tmp .cache/x.tmp; do
      [ "$(cat "here/$f")" = mine ] || fail "$f did not survive the rerun"
    done
    [ "$(LC_ALL=C ls -A here | tr '\n' ' ')" = '.cache .notes.tmp junit.xml notes.tmp report.html report.json report.md ' ] ||
      fail "the folder holds $(ls -A here)"
    # A folder named like a report is not dmlconf's to replace: refused before the first
    # case, and nothing in the folder is touched.
    cp -r here before
    rm here/report.html && mkdir here/report.html && echo mine >here/report.html/inside
    expect 2 '^dmlconf run: cannot write the reports to .*/here: report\.html there is not a file' \
      "$dmlconf" run "$wrong" --report-dir here
    grep -q 'failed' out.txt && fail "a case ran before the report folder was checked"
    [ "$(cat here/report.html/inside)" = mine ] || fail "the folder named report.html was touched"
    cmp -s before/report.json here/report.json || fail "report.json changed"
    ;;
  report-dir-stale)
    # Issue 32: what a killed run left in the report folder is cleaned by the next run,
    # which says so; a set a SIGKILL cut between two renames is finished first.
    expect 0 '^4 passed' "$dmlconf" run "$join" --report-dir reports
    dead=$(sh -c 'echo $$')  # a pid that has ended
    mkdir "reports/.dmlconf-tmp-$dead-abcdef" && echo x >"reports/.dmlconf-tmp-$dead-abcdef/report.json"
    mkdir "reports/.dmlconf-tmp-$$-ghijkl"  # this shell's: alive, so not stale
    expect 1 '1 failed' "$dmlconf" run "$wrong" --report-dir reports
    grep -q "^dmlconf: removed \.dmlconf-tmp-$dead-abcdef, left by a killed dmlconf in .*/reports$" \
      out.txt || fail "no line says what was cleaned"
    [ -e "reports/.dmlconf-tmp-$dead-abcdef" ] && fail "the stale folder is still there"
    [ -d "reports/.dmlconf-tmp-$$-ghijkl" ] || fail "a live process's folder was removed"
    rmdir "reports/.dmlconf-tmp-$$-ghijkl"
    # Killed between two renames: report.json new, the other three still in the marked
    # temporary folder. The next run finishes that set before its first case.
    expect 0 '^4 passed' "$dmlconf" run "$join" --report-dir new
    half="reports/.dmlconf-tmp-$dead-mnopqr"
    mkdir "$half" && touch "$half/INSTALLING" && cp new/junit.xml new/report.md new/report.html "$half/"
    cp new/report.json reports/
    expect 2 "unknown backend" "$dmlconf" run "$join" --backend no-such --report-dir reports
    [ -d "$half" ] || fail "a run refused before its work touched the folder"
    expect 1 '1 failed' "$dmlconf" run "$wrong" --report-dir reports
    grep -q "^dmlconf: finished installing the report set a killed dmlconf left half installed, and removed \.dmlconf-tmp-$dead-mnopqr" \
      out.txt || fail "no line says the half-installed set was finished"
    [ -e "$half" ] && fail "the half-installed folder is still there"
    [ "$(ls -A reports | wc -l)" = 4 ] || fail "reports/ holds $(ls -A reports)"
    # Earlier versions wrote in "reports.tmp-XXXXXX" beside the folder: one holding only
    # report files, unchanged for long, is swept; a fresh one (a run of such a version
    # may be writing it) and one holding anything else stay.
    for old in Ab12Cd Ef34Gh Ij56Kl; do mkdir "reports.tmp-$old" && echo x >"reports.tmp-$old/report.json"; done
    echo mine >reports.tmp-Ij56Kl/notes.txt
    touch -d '2 hours ago' reports.tmp-Ab12Cd reports.tmp-Ij56Kl
    expect 1 '1 failed' "$dmlconf" run "$wrong" --report-dir reports
    grep -q "^dmlconf: removed reports\.tmp-Ab12Cd, left beside .*/reports by a killed run of an earlier dmlconf$" \
      out.txt || fail "no line says the old-style folder was swept"
    [ -e reports.tmp-Ab12Cd ] && fail "the old-style folder is still there"
    [ -d reports.tmp-Ef34Gh ] || fail "a fresh old-style folder was removed"
    [ "$(cat reports.tmp-Ij56Kl/notes.txt)" = mine ] || fail "a folder holding other files was removed"
    ;;
  signal-storm-run)
    # Issue 32: the probe's signal storm on run, bounded (24 runs of 5 cases). Then one
    # more run cleans what the SIGKILLs left (saying so) and leaves the four alone.
    expect 0 '^4 passed' "$dmlconf" run "$join" --report-dir reports
    storm reports "$dmlconf" run "$join" "$wrong" --report-dir reports
    expect 1 '1 failed' "$dmlconf" run "$join" "$wrong" --report-dir reports
    whole_set reports || fail "the last run left a mixed set"
    [ "$(ls -A reports | wc -l)" = 4 ] || fail "reports/ holds $(ls -A reports)"
    ;;
  signal-storm-merge)
    # The same storm on merge: nothing left beside the folder (merge used to leave
    # DIR.tmp-* there), and the next merge cleans what the SIGKILLs left inside it.
    for i in 0 1; do
      "$dmlconf" run "$join" "$wrong" --shard $i/2 --report-dir s$i >/dev/null
    done
    expect 0 '^4 passed' "$dmlconf" run "$join" --report-dir merged
    storm merged "$dmlconf" merge s0/report.json s1/report.json --report-dir merged
    expect 1 '1 failed' "$dmlconf" merge s0/report.json s1/report.json --report-dir merged
    whole_set merged || fail "the last merge left a mixed set"
    [ "$(ls -A merged | wc -l)" = 4 ] || fail "merged/ holds $(ls -A merged)"
    [ "$(ls -d ./*.tmp-* 2>/dev/null | wc -l)" = 0 ] || fail "left beside: $(ls -d ./*.tmp-*)"
    ;;
  signal-while-allocating)
    # A SIGTERM that freezes the run's thread inside malloc (loading 1,300 cases allocates
    # without pause): the clean-up must not wait for the lock that thread holds. Under
    # AddressSanitizer the old in-process clean-up hung so within two tries. A run still
    # there 60 s after its signal is hung (a bound on a hang, not a speed). Twenty signals
    # 0.1 s apart over the run's 2 s (forty took 45 s of the suite).
    for delay in $(seq 0.05 0.1 2); do
      "$dmlconf" run "$src/cases/generated/join" "$src/cases/generated/gather" --backend blocked \
        --report-dir reports >out.txt 2>&1 &
      pid=$!
      sleep "$delay"
      kill -TERM "$pid" 2>/dev/null
      for _ in $(seq 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      if kill -0 "$pid" 2>/dev/null; then
        kill -KILL "$pid"
        fail "still running 60 s after SIGTERM at ${delay} s: hung in its clean-up"
      fi
      wait "$pid"
      code=$?
      [ "$code" = 143 ] || [ "$code" = 0 ] || fail "SIGTERM at ${delay} s: exit $code: $(tail -3 out.txt)"
      # (no closing line when the signal came before the clean-up was installed)
      # (or "the new reports were already in place" when it came after they were installed)
      ! grep -q 'interrupted' out.txt || grep -q -E '^dmlconf: interrupted by SIGTERM: killed 0 backend processes, removed [0-9]+ request folders; (no report written|the new reports were already in place in .*/reports \(the run ended\))$' \
        out.txt || fail "SIGTERM at ${delay} s: a wrong closing line: $(tail -3 out.txt)"
      [ "$(ls -d ./*.tmp-* reports/.dmlconf-tmp-* 2>/dev/null | wc -l)" = 0 ] || fail "left behind: $(ls -A . reports)"
    done
    ;;
  *)
    fail "unknown scenario $scenario"
    ;;
esac
echo "ok: $scenario"
