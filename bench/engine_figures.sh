#!/usr/bin/env bash
# The engine's figures that are not matches, each a step that can be run alone:
#   speed    `mneme bench` on one thread, with the classic evaluation and with a network
#            (MNEME_NET, default the built-in network), against `stockfish bench` (depth 13, one
#            thread, 16 MB) on the same machine in the same run: nodes/s of each and the ratios
#   tactics  `mneme epd-test` at 1 s per position on one thread: WAC (300), Bratko-Kopec (24),
#            ECM (879, about 15 minutes), each followed by Stockfish on the same suite and limits
#            (epd-test --engine)
#   compare  `mneme search-compare` on Bratko-Kopec at a fixed depth: nodes and time per variant,
#            from minimax to the full engine
#   threads  Lazy SMP's time to depth: the bench positions at a fixed depth (THREADS_DEPTH,
#            default 14) on 1 and on 2 threads, three runs each, and the speed-up of the medians
#            (Elo at equal time is a match: bench/sprt.sh --new-option Threads=2 --concurrency 1)
# Usage: bench/engine_figures.sh [speed] [tactics] [compare] [threads]   (no step: all four)
# Run it on an otherwise idle machine: time-limited tests count what fits in a second.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mneme="$root/build/release/mneme"
suites="$root/../shared/data/epd/tests"
[[ -x "$mneme" ]] || { echo "engine_figures: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }

source "$root/bench/debian_engines.sh"

steps=("$@")
[[ ${#steps[@]} -gt 0 ]] || steps=(speed tactics compare threads)

speed() {
    need stockfish stockfish
    echo "== speed: mneme bench (depth 12, 1 thread) and stockfish bench (depth 13, 1 thread)"
    local ours theirs
    # Both print "Nodes/second    : N" at the end.
    nodes_per_second() { awk -F: '/Nodes\/second/ {gsub(/ /, "", $2); print $2}'; }
    # --eval classic: the default evaluation is the network, so a bare `mneme bench` is not
    # the classic one (the figures of 2026-11-27 13:11 were both the network for that reason).
    local net_args=() net_name="built-in" network
    [[ -n "${MNEME_NET:-}" ]] && { net_args=(--net "$MNEME_NET"); net_name=$(basename "$MNEME_NET"); }
    ours=$("$mneme" bench --threads 1 --eval classic 2>&1 | nodes_per_second)
    network=$("$mneme" bench --threads 1 --eval nnue "${net_args[@]}" 2>&1 | nodes_per_second)
    theirs=$(stockfish bench 16 1 13 2>&1 | nodes_per_second)
    echo "mneme bench (classic evaluation): $ours nodes/s"
    echo "mneme bench (network $net_name): $network nodes/s"
    echo "stockfish bench: $theirs nodes/s"
    awk -v a="$ours" -v n="$network" -v b="$theirs" 'BEGIN {printf "mneme %d (classic) and %d (network) nodes/s, stockfish %d nodes/s: mneme / stockfish = %.2f and %.2f\n", a, n, b, a / b, n / b}'
}

tactics() {
    need stockfish stockfish
    echo "== tactics at 1 s per position, one thread"
    for suite in wac_arasan_revised bratko_kopec ecm_879; do
        echo "-- $suite"
        "$mneme" epd-test "$suites/$suite.epd" --movetime 1000 --threads 1 --quiet
        # The reference engine on the same suite and limits, in the same run.
        echo "-- $suite, stockfish"
        "$mneme" epd-test "$suites/$suite.epd" --movetime 1000 --threads 1 --quiet --engine "cmd=$(command -v stockfish)"
    done
}

compare() {
    echo "== search-compare on Bratko-Kopec at depth 6"
    "$mneme" search-compare --epd "$suites/bratko_kopec.epd" --depth 6
}

threads() {
    local depth="${THREADS_DEPTH:-14}"
    echo "== time to depth $depth over the bench positions, 1 and 2 threads ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
    local -A median
    for n in 1 2; do
        local times=()
        for run in 1 2 3; do
            local line
            line=$("$mneme" bench "$depth" --threads "$n" 2>&1 | awk -F: '/Total time/ {t=$2} /Nodes searched/ {s=$2} END {gsub(/ /, "", t); gsub(/ /, "", s); print t, s}')
            echo "threads $n run $run: ${line% *} ms, ${line#* } nodes"
            times+=("${line% *}")
        done
        median[$n]=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
    done
    awk -v a="${median[1]}" -v b="${median[2]}" 'BEGIN {printf "median time to depth: 1 thread %d ms, 2 threads %d ms: speed-up %.2f\n", a, b, a / b}'
}

for step in "${steps[@]}"; do
    case "$step" in
        speed | tactics | compare | threads) "$step" ;;
        *) echo "engine_figures: unknown step '$step' (speed, tactics, compare, threads)" >&2; exit 2 ;;
    esac
done
