#!/bin/sh
# The project's C++ layout (.clang-format, clang-format 14 from Debian):
#   scripts/format.sh          reformat every tracked C++ file in place
#   scripts/format.sh --check  list the files that differ from it and exit 1 (CI's format leg)
set -eu
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "format: clang-format is not installed (scripts/install-deps.sh installs it)" >&2; exit 2; }
files=$(git ls-files '*.cpp' '*.h')
if [ "${1:-}" = "--check" ]; then
    bad=0
    for f in $files; do
        if ! clang-format --style=file "$f" | cmp -s - "$f"; then
            echo "format: $f differs from .clang-format (scripts/format.sh fixes it)"
            bad=1
        fi
    done
    [ "$bad" = 0 ] && echo "format: $(echo "$files" | wc -w) files follow .clang-format"
    exit "$bad"
fi
for f in $files; do
    clang-format --style=file "$f" > "$f.formatted" && mv "$f.formatted" "$f"
done
