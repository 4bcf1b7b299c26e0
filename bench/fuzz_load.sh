#!/bin/sh
# Load that does work: WORKERS processes of the fuzz campaign (bench/fuzz.sh --until, on the same
# ledger as bench/fuzz_campaign.sh) instead of busy loops, for a soak that needs the machine
# loaded (bench/fast_gauntlet.sh ROUNDS OUTDIR fuzz:WORKERS). Each worker fuzzes its share of the
# targets, SECONDS a run, again and again; once its share has EXECUTIONS it helps with the engine
# loops (the slowest targets), and once every target has them it becomes a busy loop, so the load
# stays the same until the soak ends. A finding stops no worker: it is kept in
# build/fuzz/findings/TARGET/ under the worker's name and reported in its log
# (build/fuzz/logs/load-WORKER.log), to be looked at after the soak. A hang counts from
# FUZZ_TIMEOUT seconds of wall clock (default 10 here: an input gets a few of the machine's
# cores' time-slices out of many). Started as a process group of its own, it is stopped with
# `kill -- -PID`; a run stopped so loses its current SECONDS (not on the ledger).
#   bench/fuzz_load.sh WORKERS [EXECUTIONS (10000000)] [SECONDS (300)]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
workers=${1:?"usage: bench/fuzz_load.sh WORKERS [EXECUTIONS] [SECONDS]"}
goal=${2:-10000000}
seconds=${3:-300}
case "$workers$goal$seconds" in
    *[!0-9]*) echo "fuzz_load: WORKERS, EXECUTIONS and SECONDS are whole numbers" >&2; exit 2 ;;
esac
. "$root/bench/fuzz_ledger.sh"
cd "$root"
if [ ! -x build/fuzz/fuzz/fen_fuzzer ]; then
    { cmake --preset fuzz > /dev/null && cmake --build --preset fuzz -j2; } || exit 2
fi
export FUZZ_TIMEOUT="${FUZZ_TIMEOUT:-10}"

# The shares, by the work each needs (docs/fuzzing.md: the engine loops about 1,000 inputs a
# second, the PGN reader 3,400, the rest 5,000 to 40,000): the engine loops get a worker each
# and then every worker's help.
share() {
    case $(( $1 % 8 )) in
        1) echo "uci" ;;
        2) echo "xboard" ;;
        3) echo "pgn uci" ;;
        4) echo "gui_api mnet xboard" ;;
        5) echo "mcases epd uci" ;;
        6) echo "fen san uci_move polyglot xboard" ;;
        7) echo "mbook mpos mpshard mdata uci" ;;
        0) echo "xboard uci" ;;
    esac
}
remaining() {
    for target; do
        [ "$(ledger_totals "$target" | cut -d' ' -f3)" -lt "$goal" ] && echo "$target"
    done
    return 0
}

worker() {  # worker N
    log=build/fuzz/logs/load-$1.log
    mkdir -p build/fuzz/logs
    while :; do
        targets=$(remaining $(share "$1"))
        [ -n "$targets" ] || targets=$(remaining uci xboard pgn gui_api mnet mcases epd)
        [ -n "$targets" ] || break
        FUZZ_WORKER=w$1 bench/fuzz.sh --until "$goal" "$seconds" $targets >> "$log" 2>&1 ||
            echo "fuzz_load: worker $1 found something or failed ($(date -u +%H:%M)); see build/fuzz/findings/" >> "$log"
    done
    echo "fuzz_load: worker $1: every target has $goal executions; a busy loop from here" >> "$log"
    while :; do :; done
}

i=1
while [ "$i" -le "$workers" ]; do
    worker "$i" &
    i=$((i + 1))
done
trap 'trap - INT TERM; kill 0; exit 130' INT TERM
wait
