#!/usr/bin/env bash
# The libFuzzer targets of tests/fuzz (issue 12): builds them with clang, makes
# their seed corpora from the committed cases and the external vectors, and
# runs them all at once for SECONDS each (default 60).
#
#   tools/fuzz.sh [SECONDS]                 build if needed, run every target
#   tools/fuzz.sh --target descriptor 20    one target (repeat --target for more)
#   tools/fuzz.sh --build-only              configure and build only
#   tools/fuzz.sh --prepare [SECONDS]       build, and make the seeds a run that long uses
#
# Options: --build-dir DIR (default build-fuzz), --out DIR (default out/fuzz:
# per target corpus/, artifacts/, fuzz.log), --no-build (use the build as it is).
# The loaders run with -malloc_limit_mb=256, -rss_limit_mb=256 (1024 for runs
# of 600 s or more) and -max_len=1 MiB (issue 12, item 5).
# Exit status: 0 when every target ran its time without a finding; 1 when one
# found something (the input is in <out>/<target>/artifacts/ and named below);
# 2 on a usage or build error, a missing clang included.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=$root/build-fuzz
out_dir=$root/out/fuzz
seconds=60
build=yes
build_only=no
prepare_only=no
targets=()
all_targets=(case_loader external_vectors descriptor protocol_replies)

die() { echo "fuzz.sh: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$(realpath -m "$2"); shift 2 ;;
    --out) out_dir=$(realpath -m "$2"); shift 2 ;;
    --target) targets+=("$2"); shift 2 ;;
    --no-build) build=no; shift ;;
    --build-only) build_only=yes; shift ;;
    --prepare) prepare_only=yes; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    [0-9]*) seconds=$1; shift ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done

# Flags for every object of the clang build: coverage for libFuzzer, and the
# sanitizers that turn silent memory errors into findings. -O1 without NDEBUG:
# the kernels' asserts stay armed. Line tables only, as OSS-Fuzz builds: a finding's
# stack names file and line, and the build, a fixture of the test suite, is not
# slowed by full debug information. The blocked kernels' SIMD in two Highway targets,
# AVX2 and the baseline, not five: a fuzzer only ever runs the one dispatch picks, and
# SSSE3, SSE4 and AVX-512 (6528: HWY_SSSE3 | HWY_SSE4 | HWY_AVX3 | HWY_AVX3_DL, as a
# number because CMake hands the flags to a shell) are left to the g++ build's
# property tests, which run every compiled copy.
sanitize="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined"
simd_targets="-DHWY_DISABLED_TARGETS=6528"
configure_and_build() {
  command -v clang++ >/dev/null ||
    die "clang++ is missing: the fuzzers need Debian's clang and libFuzzer (tools/bootstrap.sh installs clang libclang-rt-14-dev libomp-dev)"
  if [ ! -f "$build_dir/CMakeCache.txt" ]; then
    # WERROR off: the g++ build checks the project's warnings; this one
    # would fail on GCC-only warning flags clang does not know.
    CC=clang CXX=clang++ cmake -S "$root" -B "$build_dir" -G Ninja \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
      "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
      "-DCMAKE_CXX_FLAGS=$sanitize $simd_targets -fno-omit-frame-pointer" \
      "-DCMAKE_C_FLAGS=$sanitize $simd_targets -fno-omit-frame-pointer" \
      "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" \
      -DDMLCONF_FUZZ_TARGETS=ON -DDMLCONF_WERROR=OFF -DDMLCONF_BUILD_BENCHMARKS=OFF \
      >"$build_dir.configure.log" 2>&1 || { cat "$build_dir.configure.log" >&2; die "configure failed"; }
  fi
  local names=(fuzz_make_seeds)
  for t in "${all_targets[@]}"; do
    grep -q "^build tests/fuzz/fuzz_$t:" "$build_dir/build.ninja" && names+=("fuzz_$t")
  done
  cmake --build "$build_dir" --target "${names[@]}" -j "${DMLCONF_FUZZ_JOBS:-2}" ||
    die "the build failed"
}

[ "$build" = yes ] && configure_and_build
[ "$build_only" = yes ] && exit 0

bin=$build_dir/tests/fuzz
[ -x "$bin/fuzz_make_seeds" ] || die "no fuzz build in $build_dir (run without --no-build)"
if [ ${#targets[@]} -eq 0 ]; then
  for t in "${all_targets[@]}"; do [ -x "$bin/fuzz_$t" ] && targets+=("$t"); done
fi
for t in "${targets[@]}"; do [ -x "$bin/fuzz_$t" ] || die "no target fuzz_$t in $bin"; done

# Seeds from what is committed now (made again when a case file is newer than
# them); the corpus a run grows is kept in <out>/<target>/corpus for the next.
# libFuzzer runs every seed before its clock starts, so a short run (under
# 600 s: CTest's 20 s) seeds from the hand-written cases/spec and the external
# vectors only, at most 200 seeds per target, none over 64 KiB; a longer run
# from every committed case.
if [ "$seconds" -lt 600 ]; then
  seeds=$out_dir/seeds-quick
  case_paths=("$root/cases/spec")
else
  seeds=$out_dir/seeds-full
  case_paths=("$root/cases")
fi
# External vectors: the committed hand-written sample, and the WebNN vectors, an
# optional extra (README.md, "The external opinion"), when present.
case_paths+=("$root/tests/fuzz/seed_vectors")
[ -n "${DMLCONF_WEBNN_DIR:-}" ] && [ -d "$DMLCONF_WEBNN_DIR" ] && case_paths+=("$DMLCONF_WEBNN_DIR")
make_seeds() {
  local stamp=$seeds/.made
  if [ -f "$stamp" ] && [ "$stamp" -nt "$bin/fuzz_make_seeds" ] &&
     [ -z "$(find "${case_paths[@]}" -newer "$stamp" -print -quit)" ]; then
    return 0
  fi
  rm -rf "$seeds"
  mkdir -p "$out_dir"
  "$bin/fuzz_make_seeds" "$seeds" "${case_paths[@]}" >/dev/null || die "fuzz_make_seeds failed"
  touch "$stamp"
}
make_seeds
[ "$prepare_only" = yes ] && exit 0

seeds_of() {  # target -> the seed directory its run reads
  local t=$1 sample=$out_dir/$1/seed-sample
  if [ "$seconds" -ge 600 ]; then echo "$seeds/$t"; return; fi
  rm -rf "$sample" && mkdir -p "$sample"
  local files step i
  mapfile -t files < <(find "$seeds/$t" -type f -size -65k | sort)
  step=$(( (${#files[@]} + 199) / 200 ))
  [ "$step" -gt 0 ] || step=1
  for ((i = 0; i < ${#files[@]}; i += step)); do cp "${files[$i]}" "$sample/"; done
  echo "$sample"
}

flags_for() {
  case "$1" in
    # Loaders: any one allocation over 256 MiB is a finding (item 5). A long
    # run's whole process outgrows 256 MiB under ASan without any input doing
    # so (the 30-minute run of 23 Nov stopped at 258 MiB after 27 minutes:
    # 44 MiB live heap, mostly libFuzzer's 10 MB in-memory corpus, the rest
    # ASan's caches; that input alone peaks at 8 MiB): long runs allow 1 GiB.
    case_loader | external_vectors)
      local rss=256
      [ "$seconds" -ge 600 ] && rss=1024
      echo "-malloc_limit_mb=256 -rss_limit_mb=$rss -max_len=1048576" \
        "-dict=$root/tests/fuzz/case_file.dict" ;;
    descriptor) echo "-rss_limit_mb=512 -max_len=8192" ;;
    protocol_replies) echo "-rss_limit_mb=256 -max_len=65536" ;;
  esac
}

# ASan keeps 256 MiB of freed memory in quarantine by default, which alone
# would exceed the loaders' 256 MiB bound; 16 MiB still catches a use after
# free of anything freed recently.
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16}

pids=()
for t in "${targets[@]}"; do
  dir=$out_dir/$t
  mkdir -p "$dir/corpus" "$dir/artifacts"
  regressions=$root/tests/fuzz/regressions/$t
  mkdir -p "$regressions"
  # shellcheck disable=SC2046
  "$bin/fuzz_$t" -max_total_time="$seconds" -timeout="${DMLCONF_FUZZ_TIMEOUT:-60}" -print_final_stats=1 \
    -artifact_prefix="$dir/artifacts/" $(flags_for "$t") \
    "$dir/corpus" "$(seeds_of "$t")" "$regressions" >"$dir/fuzz.log" 2>&1 &
  pids+=($!)
done

status=0
printf '%-17s %10s %8s %7s %8s %8s %8s  %s\n' target execs exec/s cov ft corpus rss_mb result
for i in "${!targets[@]}"; do
  t=${targets[$i]}
  log=$out_dir/$t/fuzz.log
  result=ok
  wait "${pids[$i]}" || { result="FINDING"; status=1; }
  # The last status line ("#N DONE cov: C ft: F corp: U/S ... exec/s: E rss: R Mb")
  # and the final stats.
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p' <<<"$last")
  if [ "$result" != ok ]; then
    artifact=$(sed -n 's/.*Test unit written to \(.*\)/\1/p' "$log" | tail -1)
    result="FINDING: ${artifact:-see $log}"
  fi
  printf '%-17s %10s %8s %7s %8s %8s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "${cov:-?}" \
    "${ft:-?}" "${corp:-?}" "${rss:-?}" "$result"
  if [ "$status" -ne 0 ] && [ "$result" != ok ]; then
    grep -E 'ERROR|SUMMARY|fuzz invariant|==[0-9]+==' "$log" | head -20 >&2 || true
  fi
done
exit $status
