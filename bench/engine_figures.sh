#!/usr/bin/env bash
# The engine's figures that are not matches, each a step that can be run alone:
#   speed    `mneme bench` on one thread against `stockfish bench` (depth 13, one thread, 16 MB)
#            on the same machine in the same run: nodes/s of each and their ratio
#   tactics  `mneme epd-test` at 1 s per position on one thread: WAC (300), Bratko-Kopec (24),
#            ECM (879, about 15 minutes)
#   compare  `mneme search-compare` on Bratko-Kopec at a fixed depth: nodes and time per variant,
#            from minimax to the full engine
# Usage: bench/engine_figures.sh [speed] [tactics] [compare]   (no step: all three)
# Run it on an otherwise idle machine: time-limited tests count what fits in a second.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mneme="$root/build/release/mneme"
suites="$root/../shared/data/epd/tests"
[[ -x "$mneme" ]] || { echo "engine_figures: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }

source "$root/bench/debian_engines.sh"

steps=("$@")
[[ ${#steps[@]} -gt 0 ]] || steps=(speed tactics compare)

speed() {
    need stockfish stockfish
    echo "== speed: mneme bench (depth 12, 1 thread) and stockfish bench (depth 13, 1 thread)"
    local ours theirs
    # Both print "Nodes/second    : N" at the end.
    nodes_per_second() { awk -F: '/Nodes\/second/ {gsub(/ /, "", $2); print $2}'; }
    ours=$("$mneme" bench --threads 1 2>&1 | nodes_per_second)
    theirs=$(stockfish bench 16 1 13 2>&1 | nodes_per_second)
    echo "mneme bench: $ours nodes/s"
    echo "stockfish bench: $theirs nodes/s"
    awk -v a="$ours" -v b="$theirs" 'BEGIN {printf "mneme %d nodes/s, stockfish %d nodes/s: mneme / stockfish = %.2f\n", a, b, a / b}'
}

tactics() {
    echo "== tactics at 1 s per position, one thread"
    for suite in wac_arasan_revised bratko_kopec ecm_879; do
        echo "-- $suite"
        "$mneme" epd-test "$suites/$suite.epd" --movetime 1000 --threads 1 --quiet
    done
}

compare() {
    echo "== search-compare on Bratko-Kopec at depth 6"
    "$mneme" search-compare --epd "$suites/bratko_kopec.epd" --depth 6
}

for step in "${steps[@]}"; do
    case "$step" in
        speed | tactics | compare) "$step" ;;
        *) echo "engine_figures: unknown step '$step' (speed, tactics, compare)" >&2; exit 2 ;;
    esac
done
