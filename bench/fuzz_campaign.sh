#!/bin/sh
# The hardening issue's fuzz campaign (10 million executions per target) as a long job on both
# cores: two bench/fuzz.sh --until runs at once over two halves of the targets, SECONDS per
# target and run, again and again until every target's ledger (bench/results/in-progress/
# fuzz-ledger/) reaches EXECUTIONS. Stopped at any time, it goes on from the ledger; a run that
# finds a crash stops the campaign (exit 1) so that the input is looked at first
# (build/fuzz/findings/TARGET/). Builds the fuzz preset if it is missing.
#   bench/fuzz_campaign.sh [EXECUTIONS (10000000)] [SECONDS (1800)]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
goal=${1:-10000000}
seconds=${2:-1800}
. "$root/bench/fuzz_ledger.sh"
cd "$root"
if [ ! -x build/fuzz/fuzz/fen_fuzzer ]; then
    { cmake --preset fuzz > /dev/null && cmake --build --preset fuzz -j2; } || exit 2
fi
# Halves of about equal work at the speeds measured (docs/fuzzing.md, 2026-11-27 late): uci
# ~1,000 inputs/s and xboard ~900 take about 3 hours each, pgn ~3,400 50 minutes, gui_api, mnet,
# mcases and epd half an hour to an hour, the rest minutes: about 5 hours a half.
first="uci pgn mnet epd mcases"
second="xboard gui_api polyglot fen san uci_move mbook mpos mpshard mdata"
remaining() {
    for target; do
        executions=$(ledger_totals "$target" | cut -d' ' -f3)
        [ "$executions" -lt "$goal" ] && echo "$target"
    done
    return 0
}
trap 'kill $pids 2>/dev/null; echo "fuzz_campaign: interrupted; run it again to go on" >&2; exit 130' INT TERM
while :; do
    a=$(remaining $first)
    b=$(remaining $second)
    [ -z "$a$b" ] && break
    pids=""
    [ -n "$a" ] && { bench/fuzz.sh --until "$goal" "$seconds" $a & pids="$pids $!"; }
    [ -n "$b" ] && { bench/fuzz.sh --until "$goal" "$seconds" $b & pids="$pids $!"; }
    failed=0
    for pid in $pids; do wait "$pid" || failed=1; done
    if [ "$failed" -ne 0 ]; then
        echo "fuzz_campaign: a run found a crash or a failing regression input (build/fuzz/findings/); stopped" >&2
        exit 1
    fi
done
echo "fuzz_campaign: every target has $goal executions (ledger in ${ledger#"$root"/})"
