#!/usr/bin/env bash
# Sets up a Debian machine for dmlconf and builds it; then does one job.
#
#   tools/bootstrap.sh run     the full conformance run on the in-tree backends
#                              (and their cross-check), reports in out/conformance/
#   tools/bootstrap.sh test    the whole test suite (CTest), DirectML's included
#   tools/bootstrap.sh directml set up DirectML under Wine and run the suite on it,
#                              reports in out/directml/
#   tools/bootstrap.sh directml-matrix  the suite and the deviations' reproducers on
#                              every DirectML version (tools/directml/versions.txt),
#                              reports/directml/versions.md, runs in out/directml-matrix/
#   tools/bootstrap.sh asan    the test suite under ASan+UBSan (build-asan/)
#   tools/bootstrap.sh build   set up and build only
#
# Idempotent: packages already installed are not touched, and an existing build
# directory is reused.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
job=${1:-build}

# The Debian packages, by job: `run` gets only what building and running dmlconf
# takes; `build` adds the test and benchmark libraries; the jobs that run the tests
# (`test`, `asan`) add what the tests themselves start.
run_packages=(
  g++ cmake ninja-build pkg-config
  libyaml-cpp-dev                             # case files
  libeigen3-dev                               # FLOAT16 (Eigen::half), third-opinion oracles
  libhwy-dev                                  # Highway: the blocked kernels' runtime-dispatched SIMD
  nlohmann-json3-dev                          # JSON reports
  libcli11-dev                                # the dmlconf command line
)
build_packages=(
  libgtest-dev libgmock-dev libbenchmark-dev  # tests and benchmarks
  python3                                     # CMake registers the Python-driven tests with it
)
test_packages=(
  python3-yaml                                # the sample exec backend; the independent case reader
  python3-numpy                               # the NumPy sample backend (validator/src/backends/numpy)
  python3-torch                               # the PyTorch adapter (validator/src/backends/torch)
  chromium                                    # headless: the CTest that renders the HTML report
  clang libclang-rt-14-dev libomp-dev         # the libFuzzer targets (tools/fuzz.sh, CTest label fuzz)
  clang-format-14                             # the format check's pinned version (CTest label format)
  dpkg-dev file                               # cpack -G DEB's dpkg-shlibdeps (CTest label install)
)

install_missing() {  # packages...
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "bootstrap: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# tools/node (onnxruntime-node for the ONNX Runtime adapter and the benchmark peer;
# DirectML.dll ships inside it): Debian's nodejs and npm when node is missing, then npm
# install when node_modules is missing or older than package.json (.npmrc there skips
# the CUDA download).
install_node_tools() {
  command -v node >/dev/null && command -v npm >/dev/null || install_missing nodejs npm
  [ tools/node/node_modules/.package-lock.json -nt tools/node/package.json ] && return 0
  (cd tools/node && npm install --no-audit --no-fund --loglevel=error)
}

# The WebNN vectors, an optional extra (README.md, "The external opinion"): run too
# when $DMLCONF_WEBNN_DIR names their folder.
case_paths=(cases)
[ -n "${DMLCONF_WEBNN_DIR:-}" ] && [ -d "$DMLCONF_WEBNN_DIR" ] && case_paths+=("$DMLCONF_WEBNN_DIR")

configure_and_build() {  # build_dir, extra cmake args...
  local dir=$1
  shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDMLCONF_BUILD_TESTS=ON \
    -DDMLCONF_BUILD_BENCHMARKS=ON "$@" >/dev/null
  cmake --build "$dir" --parallel "$(nproc)"
}

# Only dmlconf (and dmlconf-plugin-host, which it depends on, so plugin: backends work
# too), without the tests and benchmarks, whose libraries `run` does not install.
build_dmlconf_only() {
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDMLCONF_BUILD_TESTS=OFF \
    -DDMLCONF_BUILD_BENCHMARKS=OFF >/dev/null
  cmake --build build --target dmlconf dmlconf-plugin-host --parallel "$(nproc)"
}

case "$job" in
  build)
    install_missing "${run_packages[@]}" "${build_packages[@]}"
    configure_and_build build
    ;;
  run)
    install_missing "${run_packages[@]}"
    build_dmlconf_only
    # The committed cases (and the WebNN vectors when present): each in-tree backend,
    # then the two checking each other byte for byte.
    build/dmlconf run "${case_paths[@]}" --backend reference --backend blocked --cross-check \
      --report-dir out/conformance
    ;;
  test)
    # The `directml` tests run the real DirectML: set it up first, and fail here,
    # loudly, when a package cannot be had, rather than skip them.
    install_missing "${run_packages[@]}" "${build_packages[@]}" "${test_packages[@]}"
    install_node_tools
    tools/directml/setup.sh
    configure_and_build build -DDMLCONF_WERROR=ON -DDMLCONF_DIRECTML=ON
    ctest --test-dir build --output-on-failure --parallel "$(nproc)"
    ;;
  asan)
    install_missing "${run_packages[@]}" "${build_packages[@]}" "${test_packages[@]}"
    install_node_tools
    configure_and_build build-asan -DDMLCONF_SANITIZE=ON -DDMLCONF_BUILD_BENCHMARKS=OFF \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo
    ctest --test-dir build-asan --output-on-failure --parallel "$(nproc)"
    ;;
  directml)
    # Microsoft's DirectML.dll under Wine (tools/directml/README.md), then the whole
    # suite on it, with the committed list of its known deviations.
    install_missing "${run_packages[@]}"
    install_node_tools
    tools/directml/setup.sh
    build_dmlconf_only
    build/dmlconf run "${case_paths[@]}" --backend directml \
      --xfail tools/directml/expected-failures.txt --report-dir out/directml
    ;;
  directml-matrix)
    # Every distinct DirectML.dll of npm's onnxruntime-node releases through the whole
    # suite and each deviation's reproducer: reports/directml/versions.md.
    install_missing "${run_packages[@]}"
    build_dmlconf_only
    tools/directml/matrix.sh build/dmlconf out/directml-matrix reports/directml/versions.md
    ;;
  *)
    echo "usage: tools/bootstrap.sh run|test|asan|build|directml|directml-matrix" >&2
    exit 2
    ;;
esac
