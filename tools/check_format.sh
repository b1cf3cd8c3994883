#!/usr/bin/env bash
# The house style (.clang-format), checked mechanically (CTest label `format`).
#
#   tools/check_format.sh                  every production file; exit 1 naming each file
#                                          that clang-format would change, with its diff
#   tools/check_format.sh --fix            format them all in place
#   tools/check_format.sh [--fix] FILE...  the same for the files named
#
# Production code is the C and C++ (.c .cc .cpp .h .hpp) under reference/, validator/,
# reports/, benchmarks/ and tools/ (the sample backends, the DirectML reproducers). Not
# tests/ (fixtures and hand-laid tables) and not the X-macro lists (*.inc), whose one
# entry per line clang-format would rejoin.
#
# One clang-format version, pinned: another version formats some constructs otherwise,
# and the check must say the same on every machine. Debian 12's is 14 (package
# clang-format-14, which tools/bootstrap.sh test installs); without it this fails, saying
# so, rather than skip.
set -euo pipefail

version=14
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fix=0
if [ "${1:-}" = "--fix" ]; then
  fix=1
  shift
fi

clang_format=""
for candidate in "clang-format-$version" clang-format; do
  path=$(command -v "$candidate" || true)
  [ -n "$path" ] || continue
  if "$path" --version | grep -Eq "clang-format version $version\."; then
    clang_format=$path
    break
  fi
done
if [ -z "$clang_format" ]; then
  echo "check_format.sh: clang-format $version not found (the check is pinned to it);" \
    "install Debian's clang-format-$version (tools/bootstrap.sh test does)" >&2
  exit 2
fi

files=()
if [ $# -gt 0 ]; then
  files=("$@")
else
  cd "$root"
  while IFS= read -r -d '' f; do files+=("$f"); done < <(
    find reference validator reports benchmarks tools -type f \
      \( -name '*.c' -o -name '*.cc' -o -name '*.cpp' -o -name '*.h' -o -name '*.hpp' \) \
      -not -path '*/node_modules/*' -print0 | sort -z)
fi

if [ $fix -eq 1 ]; then
  "$clang_format" -i --style=file "${files[@]}"
  echo "check_format.sh: formatted ${#files[@]} files with $($clang_format --version)"
  exit 0
fi

# Each file against what clang-format makes of it; the diffs of the first files that
# differ, then every such file by name, so the verdict is readable whatever the count.
shown_lines=0
bad=()
for f in "${files[@]}"; do
  if ! diff=$("$clang_format" --style=file "$f" | diff -u --label "$f" --label "$f (clang-format $version)" "$f" -); then
    bad+=("$f")
    if [ $shown_lines -lt 400 ]; then
      printf '%s\n' "$diff"
      shown_lines=$((shown_lines + $(printf '%s\n' "$diff" | wc -l)))
    fi
  fi
done
if [ ${#bad[@]} -gt 0 ]; then
  for f in "${bad[@]}"; do echo "$f needs formatting"; done
  echo "check_format.sh: ${#bad[@]} of ${#files[@]} files need clang-format $version;" \
    "run tools/check_format.sh --fix (or clang-format-$version -i on your own files)"
  exit 1
fi
echo "check_format.sh: all ${#files[@]} files formatted (clang-format $version)"
