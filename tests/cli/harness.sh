# The checks the bash scenario scripts of tests/cli share (sourced, not run).
fail() { echo "FAIL: $*"; exit 1; }
# run COMMAND...: stdout and stderr into out.txt, the exit code into $rc.
run() { "$@" >out.txt 2>&1; rc=$?; }
# expect RC REGEX COMMAND...: runs COMMAND, checks its exit code and that a line of
# its output matches REGEX (grep -E).
expect() {
  local want=$1 regex=$2
  shift 2
  run "$@"
  [ "$rc" = "$want" ] || { cat out.txt; fail "exit $rc, wanted $want: $*"; }
  grep -Eq -- "$regex" out.txt || { cat out.txt; fail "no line matches '$regex': $*"; }
}
