#!/bin/sh
# The hardening issue's fuzz campaign (10 million executions per target) as a long job on both
# cores: two workers, each taking the first target in the list below that is short of
# EXECUTIONS on its ledger (bench/results/in-progress/fuzz-ledger/) and that the other worker
# is not running, and fuzzing it SECONDS (bench/fuzz.sh --until), again and again until no
# target is left. Stopped at any time, it goes on from the ledger; a run that finds a crash
# stops the campaign (exit 1) so that the input is looked at first (build/fuzz/findings/TARGET/).
# Builds the fuzz preset if it is missing.
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
# From the slowest to the quickest (docs/fuzzing.md: the engine loops run hundreds of inputs a
# second, the PGN reader thousands, the rest tens of thousands). The first worker takes them in
# this order and the second in the reverse one, so that both cores stay busy to the end (neither
# waits while the other plays the longest target alone) and the quick targets are done within
# hours instead of after the two engine loops' many hours. (Until 2026-11-29 the targets were
# split into two fixed halves played in rounds; a round waited for its slower half. Until
# 2026-12-02 both workers took the slowest first.)
targets="xboard uci pgn gui_api mnet mcases epd polyglot mpshard fen mbook mpos mdata uci_move san"
locks=build/fuzz/campaign-locks
rm -rf "$locks" && mkdir -p "$locks"
below_goal() {
    for target in $targets; do
        executions=$(ledger_totals "$target" | cut -d' ' -f3)
        [ "$executions" -lt "$goal" ] && echo "$target"
    done
    return 0
}
# A worker's fuzz.sh and its fuzzer go with it (they are not in a group of their own when the
# campaign runs in the background).
kill_tree() {
    for child in $(pgrep -P "$1"); do kill_tree "$child"; done
    kill "$1" 2> /dev/null
}
# Each worker keeps to one core (taskset, when there is one and more than one core): a fuzzer
# whose threads run on both cores makes every unmapping flush the other core's TLB as well,
# which on these virtual machines took a third of the engine loops' time (docs/fuzzing.md).
# The prefix of a worker's runs: a word list, so that `$pinning bench/fuzz.sh ... &` starts
# fuzz.sh itself (through taskset's exec) and $! is its pid, which a stop kills with its fuzzer.
pinning_for() {
    cores=$(nproc 2> /dev/null || echo 1)
    if command -v taskset > /dev/null && [ "$cores" -gt 1 ]; then echo "taskset -c $(($1 % cores))"; fi
}
worker() {
    # A TERM meant for the campaign reaches the workers too (pkill -f matches them): each takes
    # its fuzz.sh and fuzzer along, which would otherwise run on to the end of their run.
    pinning=$(pinning_for "$1")
    order=$2
    running=""
    trap '[ -n "$running" ] && kill_tree "$running"; exit 143' INT TERM
    while :; do
        picked=""
        for target in $(if [ "$order" = quickest ]; then below_goal | tac; else below_goal; fi); do
            # mkdir is atomic: of two workers asking at once, one gets the target.
            if mkdir "$locks/$target" 2> /dev/null; then picked=$target; break; fi
        done
        # Nothing left that the other worker is not already playing.
        [ -z "$picked" ] && return 0
        $pinning bench/fuzz.sh --until "$goal" "$seconds" "$picked" &
        running=$!
        wait "$running"
        result=$?
        running=""
        rmdir "$locks/$picked"
        [ "$result" -ne 0 ] && return 1
    done
}
pids=""
trap 'for pid in $pids; do kill_tree "$pid"; done; echo "fuzz_campaign: interrupted; run it again to go on" >&2; exit 130' INT TERM
worker 0 slowest & pids="$pids $!"
worker 1 quickest & pids="$pids $!"
failed=0
for pid in $pids; do wait "$pid" || failed=1; done
if [ "$failed" -ne 0 ]; then
    echo "fuzz_campaign: a run found a crash or a failing regression input (build/fuzz/findings/); stopped" >&2
    exit 1
fi
if [ -n "$(below_goal)" ]; then
    echo "fuzz_campaign: targets short of $goal executions remain" >&2
    exit 1
fi
echo "fuzz_campaign: every target has $goal executions (ledger in ${ledger#"$root"/})"
