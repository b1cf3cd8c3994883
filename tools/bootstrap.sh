#!/usr/bin/env bash
# Sets up a Debian machine for dmlconf and builds it; then does one job.
#
#   tools/bootstrap.sh run     the full conformance run on the in-tree backends
#                              (and their cross-check), reports in out/conformance/
#   tools/bootstrap.sh test    the whole test suite (CTest), DirectML's included
#   tools/bootstrap.sh directml set up DirectML under Wine and run the suite on it,
#                              reports in out/directml/
#   tools/bootstrap.sh asan    the test suite under ASan+UBSan (build-asan/)
#   tools/bootstrap.sh build   set up and build only
#
# Idempotent: packages already installed are not touched, and an existing build
# directory is reused.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
job=${1:-build}

packages=(
  g++ cmake ninja-build pkg-config
  libgtest-dev libgmock-dev libbenchmark-dev  # tests and benchmarks
  libyaml-cpp-dev                             # case files
  libeigen3-dev                               # FLOAT16 (Eigen::half), third-opinion oracles
  libhwy-dev                                  # Highway: the blocked kernels' runtime-dispatched SIMD
  nlohmann-json3-dev                          # JSON reports
  libcli11-dev                                # the dmlconf command line
  python3 python3-yaml                        # the sample exec backend; the independent case reader
  python3-numpy                               # the NumPy sample backend (validator/src/backends/numpy)
  python3-torch                               # the PyTorch adapter (validator/src/backends/torch)
  chromium                                    # headless: the CTest that renders the HTML report
  clang libclang-rt-14-dev libomp-dev         # the libFuzzer targets (tools/fuzz.sh, CTest label fuzz)
  dpkg-dev file                               # cpack -G DEB's dpkg-shlibdeps (CTest label install)
)

install_missing() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "bootstrap: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# tools/node (onnxruntime-node for the ONNX Runtime adapter and the benchmark peer):
# Debian's nodejs and npm when node is missing, then npm install when node_modules
# is missing or older than package.json (.npmrc there skips the CUDA download).
install_node_tools() {
  command -v node >/dev/null && command -v npm >/dev/null || { packages+=(nodejs npm); install_missing; }
  [ tools/node/node_modules/.package-lock.json -nt tools/node/package.json ] && return 0
  (cd tools/node && npm install --no-audit --no-fund --loglevel=error)
}

configure_and_build() {  # build_dir, extra cmake args...
  local dir=$1
  shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
  cmake --build "$dir" --parallel "$(nproc)"
}

install_missing
install_node_tools
case "$job" in
  build)
    configure_and_build build
    ;;
  run)
    # Only what the run needs, not the tests and benchmarks: dmlconf (which
    # depends on dmlconf-plugin-host, so plugin: backends work too).
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build build --target dmlconf --parallel "$(nproc)"
    # The committed cases, and the outside opinion (WebNN's vectors, read where
    # they lie) when the shared folder is there; each in-tree backend, then the
    # two checking each other byte for byte.
    paths=(cases)
    [ -d ../shared/external/wpt-webnn ] && paths+=(../shared/external/wpt-webnn)
    build/dmlconf run "${paths[@]}" --backend reference --backend blocked --cross-check \
      --report-dir out/conformance
    ;;
  test)
    # The `directml` tests run the real DirectML: set it up first, and fail here,
    # loudly, when a package cannot be had, rather than skip them.
    tools/directml/setup.sh
    configure_and_build build -DDMLCONF_WERROR=ON -DDMLCONF_DIRECTML=ON
    ctest --test-dir build --output-on-failure --parallel "$(nproc)"
    ;;
  asan)
    configure_and_build build-asan -DDMLCONF_SANITIZE=ON -DDMLCONF_BUILD_BENCHMARKS=OFF \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo
    ctest --test-dir build-asan --output-on-failure --parallel "$(nproc)"
    ;;
  directml)
    # Microsoft's DirectML.dll under Wine (tools/directml/README.md), then the whole
    # suite on it, with the committed list of its known deviations.
    tools/directml/setup.sh
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build build --target dmlconf dmlconf-plugin-host --parallel "$(nproc)"
    paths=(cases)
    [ -d ../shared/external/wpt-webnn ] && paths+=(../shared/external/wpt-webnn)
    build/dmlconf run "${paths[@]}" --backend directml \
      --xfail tools/directml/expected-failures.txt --report-dir out/directml
    ;;
  *)
    echo "usage: tools/bootstrap.sh run|test|asan|build|directml" >&2
    exit 2
    ;;
esac
