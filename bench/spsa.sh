#!/usr/bin/env bash
# An SPSA run of the search's margins on games (mneme learn spsa) as a long job: it plays a copy
# of the built binary (rebuilding during the run does not change the players), writes its
# trajectory to OUTDIR/NAME.csv, and goes on from it when started again with the same
# arguments, or, on a new machine, from the trajectory bench/keep_in_progress.sh kept in
# bench/results/in-progress/. The last line printed is the options to test against the
# defaults (bench/sprt.sh --new-option ...).
#   bench/spsa.sh NAME OUTDIR LEARN-SPSA-ARGUMENTS...   (everything but -o)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[[ $# -ge 3 ]] || { echo "usage: bench/spsa.sh NAME OUTDIR LEARN-SPSA-ARGUMENTS..." >&2; exit 2; }
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
exec "$binary" learn spsa "$@" -o "$trajectory"
