#!/bin/sh
# Two mneme learn spsa workers (--worker 1 and 2) share one run: started together on one
# trajectory, they play its 16 iterations between them, each row written once (the lock keeps
# one worker's row from overwriting another's), and a worker joining the finished run plays none.
#
#   tests/spsa_workers_test.sh MNEME
set -eu
mneme=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/mneme-spsa-workers.XXXXXX")
pids=""
cleanup() {
    for pid in $pids; do kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
. "$(dirname "$0")/shell_checks.sh"
printf '%s\n' \
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" \
    "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1" \
    "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1" > "$work/openings.epd"
worker() {
    "$mneme" learn spsa --param FutilityBase=100,0,300,20,0.002 \
        --param QuiescenceDelta=200,50,600,20,0.002 --iterations 16 --games-per-iteration 2 \
        --tc depth=3 --openings "$work/openings.epd" --seed 7 -o "$work/run.csv" --worker "$1"
}
worker 1 > "$work/1.log" 2>&1 &
pids="$!"
worker 2 > "$work/2.log" 2>&1 &
pids="$pids $!"
for pid in $pids; do
    wait "$pid" || fail "a worker failed: $(tail -n 3 "$work/1.log" "$work/2.log")"
done
pids=""
played() { sed -n "s/^worker *$1 played \([0-9]*\) of the 16 iterations$/\1/p" "$work/$1.log"; }
one=$(played 1)
two=$(played 2)
[ -n "$one" ] && [ -n "$two" ] || fail "a worker did not say what it played: $(tail -n 2 "$work/1.log" "$work/2.log")"
[ $((one + two)) -eq 16 ] || fail "the workers played $one + $two iterations, not 16"
# The trajectory: settings, header, then rows 0 to 16, each once and in order.
rows=$(tail -n +3 "$work/run.csv" | cut -d, -f1 | tr '\n' ' ')
[ "$rows" = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 " ] || fail "the trajectory's rows: $rows"
games=$(tail -n +3 "$work/run.csv" | awk -F, '{ n += $2 + $3 + $4 } END { print n }')
[ "$games" -eq 32 ] || fail "$games games in the trajectory, not 32"
grep -q "^games      32:" "$work/1.log" || fail "worker 1 did not report the run's 32 games"
worker 3 > "$work/3.log" 2>&1 || fail "a worker joining the finished run failed: $(tail -n 3 "$work/3.log")"
[ "$(played 3)" = "0" ] || fail "a worker joining the finished run played: $(tail -n 3 "$work/3.log")"
echo "ok: worker 1 played $one iterations, worker 2 $two; rows 0-16 once each, 32 games"
