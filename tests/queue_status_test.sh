#!/bin/sh
# bench/queue_status.sh reads each kind of queued job's files: an SPRT's games, test state and
# the time to its cap at the pace of its games (20 s each, two at once: 360 an hour), an SPSA
# run's iterations and its test (waiting, then its games to spsa.sh's cap), a match's games, a
# job with no files yet as waiting, and one whose games a session kept (in two parts) as waiting
# with them.
#
#   tests/queue_status_test.sh MNEME
set -eu
mneme=$1
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/mneme-queue-status.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
    echo "FAIL $*"
    exit 1
}
game() {  # white black result
    printf '[White "%s"]\n[Black "%s"]\n[Result "%s"]\n[GameDuration "00:00:20"]\n\n1. e4 e5 %s\n\n' \
        "$1" "$2" "$3" "$3"
}
{
    game new base 1-0
    game base new 1/2-1/2
    game new base 1/2-1/2
    game base new 0-1
} >"$work/played.pgn"
mkdir -p "$work/search-final"
{
    game mneme ethereal 1-0
    game ethereal mneme 1-0
} >"$work/search-final/mneme-vs-ethereal.pgn"
# A job a session kept in two parts (bench/keep_in_progress.sh) and no machine plays yet.
export IN_PROGRESS_DIR="$work/kept"
mkdir -p "$IN_PROGRESS_DIR"
game new base 1-0 | zstd -q >"$IN_PROGRESS_DIR/kept-job.pgn.zst"
{
    game base new 1-0
    game new base 0-1
} | zstd -q >"$IN_PROGRESS_DIR/kept-job.2.pgn.zst"
printf '%s\n' '# iterations' 'iteration,wins,draws,losses,A' '0,0,0,0,100' '1,3,4,1,101' \
    '2,1,4,3,99' '3,2,4,2,100' >"$work/tuning.csv"
cat >"$work/queue.txt" <<QUEUE
# a comment line, then one job of each kind
--name played --new-option X=1 --tc 8+0.08 --elo0 0 --elo1 5 --max-games 104 --out $work
--name not-played-yet --new-option X=2 --out $work  # no files yet
--name kept-job --new-option X=3 --out $work
spsa.sh --then-test tuning $work --iterations 10 --param A=100,0,200,10,0.004
engine_match.sh ethereal 400 $work/search-final
engine_match.sh ethereal 400 $work/five-off --option KillerReductions=false
QUEUE
status=$(MNEME="$mneme" "$root/bench/queue_status.sh" "$work/queue.txt") || fail "exit $?"
echo "$status"
[ "$(echo "$status" | wc -l)" -eq 7 ] || fail "not one line per job (and the SPSA run's test)"
echo "$status" | grep -q '^played  *4 games, Elo [-+0-9.]* +- [0-9.inf]*, llr [-0-9.]* of +-2.94, no decision yet, 100 games to its cap of 104: 0.3 h at 360 games/h$' ||
    fail "the SPRT's line"
echo "$status" | grep -q '^not-played-yet  *waiting$' || fail "the waiting job's line"
echo "$status" | grep -q "^kept-job  *waiting, 3 games kept in $IN_PROGRESS_DIR/kept-job.pgn.zst$" ||
    fail "the kept job's line"
echo "$status" | grep -q '^tuning  *SPSA, 3 of 10 iterations$' || fail "the SPSA run's line"
echo "$status" | grep -q '^tuning-result  *waiting$' || fail "the SPSA run's test's line"
# Once its test has games, the test's line counts to bench/spsa.sh's cap, not sprt.sh's.
cp "$work/played.pgn" "$work/tuning-result.pgn"
status=$(MNEME="$mneme" "$root/bench/queue_status.sh" "$work/queue.txt") || fail "exit $?"
echo "$status" | grep -q '^tuning-result  *4 games, .*, 3996 games to its cap of 4000: 11.1 h at 360 games/h$' ||
    fail "the SPSA run's test's line once it has games"
echo "$status" | grep -q '^search-final/ethereal  *2 of 400 games$' || fail "the match's line"
echo "$status" | grep -q '^five-off/ethereal  *0 of 400 games$' || fail "the line of a match with an option"
echo "queue_status: ok"
