#!/usr/bin/env bash
# ONNX Runtime's DirectML execution provider on every onnxruntime-node release of
# tools/directml/versions.txt: the reach probes of E1, E2 and E4
# (tools/directml/ort_dml_reach.js), then a Markdown table:
#
#   tools/directml/ort_dml_matrix.sh OUT_DIR [VERSIONS_MD]
#
# OUT_DIR/<release>/ gets each release's probe lines; VERSIONS_MD (default
# reports/peers/ort-dml-versions.md) the table. Sets the releases up first (setup.sh
# --matrix). The suite is not run per release: each DirectML session costs seconds under
# Wine (reports/peers/README.md), and a release whose ORT writes no profile while the
# session lives (1.17.3) skips every case (placement unknown); the scoreboard's sample
# runs on the newest release.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: tools/directml/ort_dml_matrix.sh OUT_DIR [VERSIONS_MD]" >&2; exit 2; }
out=$1
versions_md=${2:-$root/reports/peers/ort-dml-versions.md}
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
  echo "ort_dml_matrix: onnxruntime-node $release: ${#probes[@]} probes" >&2
  start=$(date +%s)
  "$here/dmlconf-ort-dml" --onnxruntime-node "$release" --reach "${probes[@]}" >"$dir/probes.txt" 2>/dev/null || true
  seconds=$(($(date +%s) - start))
  verdicts=""
  for probe in "${probes[@]}"; do
    line=$(grep -F "$probe |" "$dir/probes.txt" | head -n 1 || true)
    dml=$(echo "$line" | sed -n 's/.*| dml \(as ONNX\|DIFFERS\) \([^|]*\) |.*/\1: \2/p')
    verdicts+=" | ${dml:-no result}"
  done
  rows+=("| $release | $(cat ".directml/npm/onnxruntime-node-$release")$verdicts | $seconds |")
done
{
  echo "# ONNX Runtime's DirectML execution provider, release by release"
  echo
  echo "Written by \`tools/directml/ort_dml_matrix.sh\` on $(date -u +%Y-%m-%d). Each onnxruntime-node"
  echo "release of \`tools/directml/versions.txt\`, its Windows build on Windows Node under Wine"
  echo "(\`tools/directml/dmlconf-ort-dml --onnxruntime-node RELEASE --reach\`): the DirectML EP's"
  echo "values for three probes of [\`README.md\`](README.md)'s reach table"
  echo "(\`tools/directml/ort_dml_reach.js\`), against ONNX's."
  echo
  echo "| onnxruntime-node | DirectML | ${probes[0]} | ${probes[1]} | ${probes[2]} | seconds |"
  echo "| --- | --- | --- | --- | --- | ---: |"
  printf '%s\n' "${rows[@]}"
} >"$versions_md"
echo "ort_dml_matrix: wrote $versions_md" >&2
