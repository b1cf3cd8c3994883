#!/usr/bin/env bash
# Runs the whole suite on every DirectML version of tools/directml/versions.txt, and each
# deviation's reproducer (tools/directml/repro) against each, then writes the table:
#
#   tools/directml/matrix.sh DMLCONF OUT_DIR [VERSIONS_MD]
#
# DMLCONF is the dmlconf binary; OUT_DIR/<version>/ gets each run's reports, its describe
# reply, its wall time and the reproducers' exit codes; VERSIONS_MD (default
# reports/directml/versions.md) the summary (versions_report.py). Sets the versions up
# first (setup.sh --matrix). Exit 0 when every run passed with the committed
# expected-failure list and every reproducer ran; otherwise 1, after writing the table.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: tools/directml/matrix.sh DMLCONF OUT_DIR [VERSIONS_MD]" >&2; exit 2; }
dmlconf=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
versions_md=${3:-$root/reports/directml/versions.md}
[ -x "$dmlconf" ] || { echo "matrix: $1 is not an executable dmlconf" >&2; exit 2; }

"$here/setup.sh" --matrix
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"

status=0
for release in $(sed -e 's/#.*//' "$here/versions.txt" | awk 'NF { print $1 }'); do
  version=$(cat ".directml/npm/onnxruntime-node-$release")
  dir="$out/$version"
  rm -rf "$dir"
  mkdir -p "$dir"
  echo "$release" >"$dir/release"
  echo '{"protocol":2,"id":1,"action":"describe"}' \
    | "$here/dmlconf-directml-host" --directml "$version" >"$dir/describe.json" 2>/dev/null || true
  echo "matrix: DirectML $version (onnxruntime-node@$release): the whole suite" >&2
  start=$(date +%s.%N)
  rc=0
  "$dmlconf" run cases --backend "directml@$version" --xfail tools/directml/expected-failures.txt \
    --report-dir "$dir" >"$dir/console.txt" 2>&1 || rc=$?
  end=$(date +%s.%N)
  echo "$start $end" | awk '{ printf "%.1f\n", $2 - $1 }' >"$dir/seconds"
  echo "$rc" >"$dir/exit_code"
  tail -n 1 "$dir/console.txt" >&2
  [ "$rc" -eq 0 ] || status=1
  : >"$dir/repro.txt"
  for exe in .directml/repro/*.exe; do
    rc=0
    "$here/wine-run" "$exe" "Z:$root/.directml/bin/DirectML-$version.dll" >"$dir/$(basename "$exe" .exe).txt" 2>&1 \
      || rc=$?
    echo "$(basename "$exe" .exe) $rc" >>"$dir/repro.txt"
    [ "$rc" -le 1 ] || status=1
  done
done
python3 "$here/versions_report.py" "$out" >"$versions_md"
echo "matrix: wrote $versions_md" >&2
exit $status
