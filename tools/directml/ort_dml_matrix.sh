#!/usr/bin/env bash
# ONNX Runtime's DirectML execution provider on every onnxruntime-node release of
# tools/directml/versions.txt: the spec examples as --backend ort-dml@RELEASE, and the
# reach probes of E1 and E2 (tools/directml/ort_dml_reach.js), then a Markdown table:
#
#   tools/directml/ort_dml_matrix.sh DMLCONF OUT_DIR [VERSIONS_MD]
#
# OUT_DIR/<release>/ gets each run's reports, console and probe lines; VERSIONS_MD
# (default reports/peers/ort-dml-versions.md) the table. Sets the releases up first
# (setup.sh --matrix). The whole suite is not run per release: each DirectML session
# costs seconds under Wine (reports/peers/README.md), so the scoreboard's sample runs
# on the newest release only.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: tools/directml/ort_dml_matrix.sh DMLCONF OUT_DIR [VERSIONS_MD]" >&2; exit 2; }
dmlconf=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
versions_md=${3:-$root/reports/peers/ort-dml-versions.md}
[ -x "$dmlconf" ] || { echo "ort_dml_matrix: $1 is not an executable dmlconf" >&2; exit 2; }
probes=(e1/length-5-of-4 e2/length-2^32 e4/ones1-axis0-q1)

"$here/setup.sh" --matrix
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"

rows=()
for release in $(sed -e 's/#.*//' "$here/versions.txt" | awk 'NF { print $1 }'); do
  dir="$out/$release"
  rm -rf "$dir"
  mkdir -p "$dir"
  echo "ort_dml_matrix: onnxruntime-node $release: the spec examples and ${#probes[@]} probes" >&2
  start=$(date +%s)
  "$dmlconf" run cases/spec --backend "ort-dml@$release" --report-dir "$dir" >"$dir/console.txt" 2>&1 || true
  "$here/dmlconf-ort-dml" --onnxruntime-node "$release" --reach "${probes[@]}" >"$dir/probes.txt" 2>/dev/null || true
  seconds=$(($(date +%s) - start))
  counts=$(tail -n 1 "$dir/console.txt")
  verdicts=""
  for probe in "${probes[@]}"; do
    line=$(grep -F "$probe |" "$dir/probes.txt" | head -n 1 || true)
    dml=$(echo "$line" | sed -n 's/.*| dml \(as ONNX\|DIFFERS\) \([^|]*\) |.*/\1: \2/p')
    verdicts+=" | ${dml:-no result}"
  done
  rows+=("| $release | $(cat ".directml/npm/onnxruntime-node-$release") | $counts$verdicts | $seconds |")
done
{
  echo "# ONNX Runtime's DirectML execution provider, release by release"
  echo
  echo "Written by \`tools/directml/ort_dml_matrix.sh\` on $(date -u +%Y-%m-%d). Each onnxruntime-node"
  echo "release of \`tools/directml/versions.txt\`, its Windows build on Windows Node under Wine"
  echo "(\`--backend ort-dml@RELEASE\`): the spec examples, and the DirectML EP's values for the"
  echo "reach probes of [\`README.md\`](README.md)'s reach table (\`tools/directml/ort_dml_reach.js\`)."
  echo
  echo "| onnxruntime-node | DirectML | spec examples | ${probes[0]} | ${probes[1]} | ${probes[2]} | seconds |"
  echo "| --- | --- | --- | --- | --- | --- | ---: |"
  printf '%s\n' "${rows[@]}"
} >"$versions_md"
echo "ort_dml_matrix: wrote $versions_md" >&2
