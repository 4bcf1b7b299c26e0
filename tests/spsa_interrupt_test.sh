#!/bin/sh
# mneme learn spsa started in the background, where a shell leaves SIGINT ignored, stops on
# SIGINT (as the queue's instructions interrupt jobs) within its iteration, keeps the
# iterations it wrote, and the same command goes on from them to the end.
#
#   tests/spsa_interrupt_test.sh MNEME
set -eu
mneme=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/mneme-spsa-interrupt.XXXXXX")
pid=""
cleanup() {
    [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
fail() {
    echo "FAIL $*"
    exit 1
}
printf '%s\n' \
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" \
    "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1" > "$work/openings.epd"
# It execs mneme, so that in the background the process signalled is mneme itself.
spsa() {
    exec "$mneme" learn spsa --param FutilityBase=100,0,300,20,0.002 --iterations "$1" \
        --games-per-iteration 2 --tc depth=4 --openings "$work/openings.epd" --seed 3 \
        -o "$work/trajectory.csv"
}
# The trajectory's rows: a settings line, a header and the start row come before the iterations.
iterations() { echo $(($(grep -c . "$work/trajectory.csv" 2>/dev/null || echo 3) - 3)); }

spsa 30 > "$work/first.log" 2>&1 &
pid=$!
waited=0
while [ "$(iterations)" -lt 2 ]; do
    kill -0 "$pid" 2>/dev/null || fail "the run ended before it was interrupted: $(cat "$work/first.log")"
    [ "$waited" -lt 600 ] || fail "no two iterations within 60 s"
    sleep 0.1
    waited=$((waited + 1))
done
kill -INT "$pid"
status=0
wait "$pid" || status=$?
pid=""
[ "$status" -eq 130 ] || fail "exit status $status after SIGINT, not 130: $(tail -n 3 "$work/first.log")"
grep -q "^interrupted in iteration" "$work/first.log" || fail "no interruption message: $(tail -n 3 "$work/first.log")"
kept=$(iterations)
last=$(grep -c "^iteration " "$work/first.log")
[ "$kept" -eq "$last" ] || fail "$last iterations reported, $kept kept in the trajectory"

[ "$kept" -lt 30 ] || fail "the run was not interrupted before its end"
(spsa 30) > "$work/second.log" 2>&1 || fail "the resumed run failed: $(tail -n 3 "$work/second.log")"
grep -q "^resumed .* after iteration $kept of 30" "$work/second.log" ||
    fail "the second run did not resume after iteration $kept: $(head -n 3 "$work/second.log")"
[ "$(iterations)" -eq 30 ] || fail "$(iterations) iterations after the resumed run, not 30"
echo "ok: interrupted after $kept iterations (exit 130), resumed to 30"
