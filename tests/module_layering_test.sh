#!/bin/sh
# The include check of cmake/library_modules.cmake: an upward include (core including match) is
# refused naming the file and the line, and a module's own and lower includes pass.
set -eu
check=$1/cmake/check_module_includes.cmake
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '#include "mneme/core/position.h"\n#include "mneme/util/text.h"\n' > "$dir/good.cpp"
printf '#include <vector>\n  #  include "mneme/match/player.h"\n' > "$dir/bad.h"
printf 'set(MODULE core)\nset(ALLOWED "core;util")\nset(FILES "%s")\n' "$dir/good.cpp" > "$dir/good.cmake"
printf 'set(MODULE core)\nset(ALLOWED "core;util")\nset(FILES "%s;%s")\n' "$dir/good.cpp" "$dir/bad.h" > "$dir/bad.cmake"
cmake -DSETTINGS="$dir/good.cmake" -DSTAMP="$dir/good.stamp" -P "$check"
[ -e "$dir/good.stamp" ] || { echo "FAIL: the lawful includes were not stamped"; exit 1; }
if cmake -DSETTINGS="$dir/bad.cmake" -DSTAMP="$dir/bad.stamp" -P "$check" > "$dir/out" 2>&1; then
    echo "FAIL: core including match passed the check"; exit 1
fi
grep -q "bad.h: *#  include \"mneme/match/player.h\"" "$dir/out" || { echo "FAIL: the refusal does not name the line"; cat "$dir/out"; exit 1; }
[ ! -e "$dir/bad.stamp" ] || { echo "FAIL: a refused module was stamped"; exit 1; }
echo "module layering: the upward include was refused and named"
