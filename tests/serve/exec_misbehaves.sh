#!/bin/sh
# An exec: backend (validator/BACKENDS.md, protocol 1) that answers describe and create
# like an honest one and misbehaves at execute, as MODE says. Every process it starts
# carries MARKER in its command line, so a test can look for survivors.
# Usage: exec_misbehaves.sh MODE MARKER WORK DIR
#   hang         starts an interpreter in the background and hangs in another (the
#                shell and both interpreters must not outlive the run); touches WORK/busy
#   fifo         leaves result.json as a FIFO (reading it would block forever)
#   dev-zero     leaves result.json as a symlink to /dev/zero (reading it never ends)
#   sparse       leaves result.json as a 1 GB sparse file
#   link-output  replaces output_0.bin by a symlink to a file outside its folder
#   big-error    prints 50 MB and answers error with a 900 KB message
#   stale        first execute: writes result.json (unsupported), then exits 1, so its
#                folder is kept; every later execute exits 0 and writes nothing
#   bad-describe describe answers [] (a JSON array, not an object)
#   grow-output  writes one byte 5000 bytes past the end of output_0.bin and answers
#                error: a stray write, whatever it answered
#   write-input  changes the first byte of input_0.bin and answers ok
#   two-statuses answers {"status": "error", "status": "ok"} (issue 32: the last key won)
#   nul          answers ok, a NUL byte, then error (issue 32: the NUL ended the JSON)
#   symlink-dir  answers from another folder put in its request folder's place as a
#                symbolic link (issue 32: it was read through it)
#   daemon       starts a daemon in a session of its own (setsid), then answers ok with
#                the outputs unwritten (issue 32: it outlived the request)
#   daemon-hang  starts such a daemon, touches WORK/busy and hangs: a SIGKILL of dmlconf
#                then must not leave the daemon, the program or its request folder
mode=$1 marker=$2 work=$3 d=$4
python=${DMLCONF_TEST_PYTHON:-python3}
action=$(sed -n 's/.*"action": "\([a-z]*\)".*/\1/p' "$d/request.json")
case $action in
  describe)
    if [ "$mode" = bad-describe ]; then echo '[]' >"$d/result.json"; exit 0; fi
    echo '{"status": "ok", "max_feature_level": "6_4"}' >"$d/result.json"; exit 0;;
  create) echo '{"status": "ok"}' >"$d/result.json"; exit 0;;
esac
case $mode in
  hang)
    "$python" -c 'import time; time.sleep(1000)' "$marker" background &
    touch "$work/busy"
    exec "$python" -c 'import time; time.sleep(1000)' "$marker" foreground;;
  fifo) mkfifo "$d/result.json";;
  dev-zero) ln -s /dev/zero "$d/result.json";;
  sparse) truncate -s 1G "$d/result.json";;
  link-output)
    echo outside >"$work/outside.bin"
    rm "$d/output_0.bin"; ln -s "$work/outside.bin" "$d/output_0.bin"
    echo '{"status": "ok"}' >"$d/result.json";;
  big-error)
    head -c 50000000 /dev/zero | tr '\0' x
    "$python" -c 'import json, sys; json.dump({"status": "error", "message": "y" * 900000}, sys.stdout)' \
      >"$d/result.json";;
  grow-output)
    size=$(wc -c <"$d/output_0.bin")
    printf 'Z' | dd of="$d/output_0.bin" bs=1 seek=$((size + 5000)) conv=notrunc 2>/dev/null
    echo '{"status": "error", "message": "gave up"}' >"$d/result.json";;
  write-input)
    printf 'Z' | dd of="$d/input_0.bin" bs=1 seek=0 conv=notrunc 2>/dev/null
    echo '{"status": "ok"}' >"$d/result.json";;
  two-statuses) echo '{"status": "error", "status": "ok"}' >"$d/result.json";;
  nul) printf '{"status": "ok"}\000{"status": "error"}' >"$d/result.json";;
  symlink-dir)
    other=$work/other-$(basename "$d")
    mkdir -p "$other" && cp "$d"/*.bin "$other/"
    echo '{"status": "ok"}' >"$other/result.json"
    rm -rf "$d" && ln -s "$other" "$d";;
  daemon)
    setsid "$python" -c 'import time; time.sleep(1000)' "$marker" daemon </dev/null >/dev/null 2>&1 &
    echo '{"status": "ok"}' >"$d/result.json";;
  daemon-hang)
    setsid "$python" -c 'import time; time.sleep(1000)' "$marker" daemon </dev/null >/dev/null 2>&1 &
    touch "$work/busy"
    exec "$python" -c 'import time; time.sleep(1000)' "$marker" foreground;;
  stale)
    if [ ! -e "$work/first-done" ]; then
      touch "$work/first-done"
      echo '{"status": "unsupported", "reason": "a stale answer"}' >"$d/result.json"
      exit 1
    fi;;
esac
exit 0
