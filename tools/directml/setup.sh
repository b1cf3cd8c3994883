#!/usr/bin/env bash
# Sets up everything the DirectML host needs, inside the project, and builds it:
#   Debian's Wine, vkd3d, Xvfb and mingw-w64; the bookworm-backports lavapipe unpacked
#   into .directml/mesa (the system's own Mesa is left alone: Debian 12's 22.3 lavapipe
#   runs DirectML's shaders to garbage, see ../shared/directml-wine/README.md);
#   DirectML.dll from the npm package onnxruntime-node@1.30.0; a Wine prefix in
#   .directml/prefix; the host in .directml/bin.
# Idempotent: each step checks its own result first, so a second run takes seconds.
# Fails with one line naming what could not be had; it never skips a step silently.
#
# DirectML.h is read where it lies: $DIRECTML_INCLUDE_DIR, else
# ../shared/external/directx-headers (microsoft/DirectX-Headers, include/directx, MIT).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
state="$root/.directml"
mesa="$state/mesa"
bin="$state/bin"
prefix="$state/prefix"
host_src="$root/validator/src/backends/directml"

# The backports Mesa that the recipe was proven with; a newer one from backports is
# taken as it comes (apt-get download picks the candidate), this is only reported.
mesa_known_good="25.0.7-2~bpo12+1"
packages=(wine64 wine libvkd3d1 xvfb xauth g++-mingw-w64-x86-64 make nlohmann-json3-dev)
backports_pkgs=(mesa-vulkan-drivers libdrm2 libdrm-amdgpu1)

die() { echo "directml setup: $*" >&2; exit 1; }
say() { echo "directml setup: $*" >&2; }

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

add_backports_source() {
  if grep -rqs 'bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null; then
    return 0
  fi
  say "adding bookworm-backports to apt's sources"
  printf '%s\n' "Types: deb" "URIs: http://deb.debian.org/debian" "Suites: bookworm-backports" \
    "Components: main" "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" \
    | $sudo tee /etc/apt/sources.list.d/bookworm-backports.sources >/dev/null
  apt_updated=0
}

# Unpacks (never installs) the backports lavapipe and the libdrm it links against.
unpack_backports_mesa() {
  local stamp="$mesa/.unpacked"
  [ -f "$stamp" ] && [ -f "$mesa/usr/lib/x86_64-linux-gnu/libvulkan_lvp.so" ] && return 0
  add_backports_source
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

# The DLL comes from the project's npm folder; never from the internet by other means,
# never committed.
take_directml_dll() {
  local dll="$root/tools/node/node_modules/onnxruntime-node/bin/napi-v6/win32/x64/DirectML.dll"
  if [ ! -f "$dll" ]; then
    say "installing tools/node (onnxruntime-node@1.30.0) for DirectML.dll"
    if ! command -v npm >/dev/null; then
      apt_update_once
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends npm \
        >/dev/null || die "npm is missing and Debian's npm could not be installed"
    fi
    (cd "$root/tools/node" && npm install --no-audit --no-fund >/dev/null 2>&1) \
      || die "npm install in tools/node failed, so DirectML.dll (onnxruntime-node@1.30.0) could not be had"
    [ -f "$dll" ] || die "onnxruntime-node@1.30.0 holds no bin/napi-v6/win32/x64/DirectML.dll"
  fi
  mkdir -p "$bin"
  cmp -s "$dll" "$bin/DirectML.dll" || cp "$dll" "$bin/DirectML.dll"
}

# wineboot without mono and gecko: the host needs neither, and their installers would
# try to download.
create_wine_prefix() {
  [ -f "$prefix/system.reg" ] && return 0
  say "creating the Wine prefix $prefix"
  mkdir -p "$prefix"
  WINEPREFIX="$prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY= \
    wine wineboot --init >/dev/null 2>&1 || true
  WINEPREFIX="$prefix" wineserver -w 2>/dev/null || true
  [ -f "$prefix/system.reg" ] || die "wineboot could not create the Wine prefix $prefix"
}

build_host() {
  local include_dir="${DIRECTML_INCLUDE_DIR:-$root/../shared/external/directx-headers}"
  [ -f "$include_dir/DirectML.h" ] \
    || die "DirectML.h not found in $include_dir (set DIRECTML_INCLUDE_DIR to microsoft/DirectX-Headers' include/directx)"
  make -s -C "$host_src" BUILD_DIR="$state/build" BIN_DIR="$bin" \
    DIRECTML_INCLUDE_DIR="$include_dir" >&2 || die "building the DirectML host failed"
}

install_debian_packages
unpack_backports_mesa
write_icd_json
take_directml_dll
create_wine_prefix
build_host
say "ready: serve:tools/directml/dmlconf-directml-host"
