#!/usr/bin/env bash
# An SPSA run of the search's margins on games (mneme learn spsa) as a long job: it plays a copy
# of the built binary (rebuilding during the run does not change the players), writes its
# trajectory to OUTDIR/NAME.csv, and goes on from it when started again with the same
# arguments, or, on a new machine, from the trajectory bench/keep_in_progress.sh kept in
# bench/results/in-progress/. The output is kept in OUTDIR/NAME.log; its last line is the test
# of the result against the defaults (bench/sprt.sh --new-option ...). With --then-test that
# SPRT is played right after the run (as OUTDIR/NAME-result.pgn), so a queue need not wait for
# a person to read the result. That test stops at 4,000 games undecided (the cap of the queue's
# other [0, 5] tests; sprt.sh's own is 20,000), so that a tuning worth a point or two does not
# hold the queue for days; SPSA_TEST_MAX_GAMES sets another cap.
#   bench/spsa.sh [--then-test] NAME OUTDIR LEARN-SPSA-ARGUMENTS...   (everything but -o)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
then_test=0
[[ "${1:-}" == "--then-test" ]] && { then_test=1; shift; }
[[ $# -ge 3 ]] || { echo "usage: bench/spsa.sh [--then-test] NAME OUTDIR LEARN-SPSA-ARGUMENTS..." >&2; exit 2; }
name="$1" outdir="$2"
shift 2
mneme="$root/build/release/mneme"
[[ -x "$mneme" ]] || { echo "spsa: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
mkdir -p "$outdir"
trajectory="$outdir/$name.csv"
binary="$outdir/$name-mneme"
source "$root/bench/in_progress.sh"
[[ -s "$trajectory" ]] || carry_in_progress "$name.csv" "$trajectory"
[[ -x "$binary" && -s "$trajectory" ]] || cp "$mneme" "$binary"
log="$outdir/$name.log"
set +e
"$binary" learn spsa "$@" -o "$trajectory" | tee "$log"
status=${PIPESTATUS[0]}
set -e
[[ $status == 0 && $then_test == 1 ]] || exit "$status"
# The run's last line: "test with  bench/sprt.sh --name spsa-result --new-option ... --tc ...".
test_line="$(sed -n 's/^test with  //p' "$log" | tail -1)"
[[ -n "$test_line" ]] || { echo "spsa: the run printed no test command (see $log)" >&2; exit 1; }
read -r -a test <<<"$test_line"
echo "spsa: testing the result: ${test[*]} --max-games ${SPSA_TEST_MAX_GAMES:-4000} --name $name-result --out $outdir"
exec "$root/${test[0]}" "${test[@]:1}" --max-games "${SPSA_TEST_MAX_GAMES:-4000}" \
    --name "$name-result" --out "$outdir"
