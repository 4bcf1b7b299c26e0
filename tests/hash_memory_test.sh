#!/bin/sh
# Asking for more hash than the memory allows keeps the table the engine had (16 MB), says so
# through each protocol, and the engine goes on playing; a size beyond the Hash option's maximum
# is taken as the maximum, with the reason. The memory is limited with `ulimit -v`, so builds
# with a sanitizer (which reserve terabytes of address space) skip it.
#   tests/hash_memory_test.sh MNEME
set -u
mneme=$1
fail() {
    echo "FAIL: $*"
    exit 1
}
if grep -aq -e __asan_init -e __tsan_init -e __msan_init "$mneme"; then
    echo "skipped: a sanitizer build cannot run under ulimit -v"
    exit 77
fi
limited() {  # runs mneme with 2 GB of address space, its input from standard input
    (ulimit -v 2000000 && "$mneme")
}

uci=$(printf 'uci\nsetoption name Hash value 8192\nsetoption name Hash value 99999999999\nsetoption name Hash value 32\nposition startpos\ngo depth 3\nisready\n' | limited 2>&1)
echo "$uci" | grep -v '^option\|^info depth' | head -20
echo "$uci" | grep -q '^info string not enough memory for 8192 MB of hash; 16 MB kept$' ||
    fail "UCI: the failed size and the one kept"
echo "$uci" | grep -q '^info string Hash is 1 to 65536; 99999999999 taken as 65536$' ||
    fail "UCI: a size beyond the maximum"
echo "$uci" | grep -q '^info string not enough memory for 65536 MB of hash; 16 MB kept$' ||
    fail "UCI: the maximum could not be had either"
[ "$(echo "$uci" | grep -c 'not enough memory')" -eq 2 ] || fail "UCI: 32 MB should have been had"
echo "$uci" | grep -q '^bestmove [a-h][1-8][a-h][1-8]' || fail "UCI: no move after the failures"

xboard=$(printf 'xboard\nprotover 2\nmemory 8192\nnew\nsd 3\ngo\n' | limited 2>&1)
echo "$xboard" | grep -q '^telluser mneme: could not allocate 8192 MB of hash; 16 MB kept$' ||
    fail "XBoard: $(echo "$xboard" | grep -i hash)"
echo "$xboard" | grep -q '^move [a-h][1-8][a-h][1-8]' || fail "XBoard: no move after the failure"
echo "hash memory: ok"
