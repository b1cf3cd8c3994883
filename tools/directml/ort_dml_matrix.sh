#!/usr/bin/env bash
# ONNX Runtime's DirectML execution provider on every onnxruntime-node release of
# tools/directml/versions.txt: the reach probes of E1, E2 and E4
# (tools/directml/ort_dml_reach.js) and a sample of the suite, then a Markdown table:
#
#   tools/directml/ort_dml_matrix.sh OUT_DIR [VERSIONS_MD]
#
# OUT_DIR/<release>/ gets each release's probe lines and the sample's report folder;
# VERSIONS_MD (default reports/peers/ort-dml-versions.md) the table. Sets the releases up
# first (setup.sh --matrix). The sample is `--shard 0/$SAMPLE_SHARDS` (default 128) of
# `dmlconf run cases --profile values` with the EP's expected-failure list, run by
# $DMLCONF (default build/dmlconf): each DirectML session costs seconds under Wine
# (reports/peers/README.md), so the whole suite per release would take hours. Where a
# release writes no profile while the session lives (before 1.30), where ORT placed each
# node comes from its verbose log (validator/src/backends/onnxruntime/session_workers.js).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: tools/directml/ort_dml_matrix.sh OUT_DIR [VERSIONS_MD]" >&2; exit 2; }
out=$1
versions_md=${2:-$root/reports/peers/ort-dml-versions.md}
probes=(e1/length-5-of-4 e2/length-2^32 e4/ones1-axis0-q1)
dmlconf=${DMLCONF:-build/dmlconf}
shards=${SAMPLE_SHARDS:-128}

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
  sample_start=$(date +%s)
  "$dmlconf" run cases --profile values --shard "0/$shards" --backend "ort-dml@$release" \
    --xfail "$here/ort-dml-expected-failures.txt" --report-dir "$dir/sample" >"$dir/sample.txt" 2>&1 || true
  sample="$(python3 - "$dir/sample/report.json" <<'PY'
import json, sys
try:
    s = json.load(open(sys.argv[1]))["summary"]
except (OSError, ValueError, KeyError):
    print("no report")
    sys.exit()
print(", ".join(f"{s[k]} {k}" for k in ("passed", "xfail", "failed", "error", "skipped", "xpass")
                if s[k] or k == "passed") + f" of {s['total']}")
PY
) | $(($(date +%s) - sample_start))"
  rows+=("| $release | $(cat ".directml/npm/onnxruntime-node-$release")$verdicts | $seconds | $sample |")
done
{
  echo "# ONNX Runtime's DirectML execution provider, release by release"
  echo
  echo "Written by \`tools/directml/ort_dml_matrix.sh\` on $(date -u +%Y-%m-%d). Each onnxruntime-node"
  echo "release of \`tools/directml/versions.txt\`, its Windows build on Windows Node under Wine"
  echo "(\`tools/directml/dmlconf-ort-dml --onnxruntime-node RELEASE --reach\`): the DirectML EP's"
  echo "values for three probes of [\`README.md\`](README.md)'s reach table"
  echo "(\`tools/directml/ort_dml_reach.js\`), against ONNX's; then a sample of the suite,"
  echo "\`dmlconf run cases --profile values --shard 0/$shards --backend ort-dml@RELEASE\` with"
  echo "[\`ort-dml-expected-failures.txt\`](../../tools/directml/ort-dml-expected-failures.txt)"
  echo "(skipped: a node ORT placed on the CPU EP, or a model it cannot build). \`seconds\`:"
  echo "the probes', then the sample's wall time."
  echo
  echo "| onnxruntime-node | DirectML | ${probes[0]} | ${probes[1]} | ${probes[2]} | probes s | sample | sample s |"
  echo "| --- | --- | --- | --- | --- | ---: | --- | ---: |"
  printf '%s\n' "${rows[@]}"
} >"$versions_md"
echo "ort_dml_matrix: wrote $versions_md" >&2
