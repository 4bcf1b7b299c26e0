#!/usr/bin/env bash
# A real match of the mneme engine (the built binary, over UCI) against a Debian engine: the
# standard match of bench/standard_match.sh (10+0.1, 8moves_v3 with both colours, fishtest's
# adjudication, which shortens matches without changing who wins them). Prints the runner's final
# table (Elo with 95% intervals, LOS, draw ratio, losses by termination: time forfeits, crashes).
# Usage: bench/engine_match.sh OPPONENT [GAMES] [OUTDIR] [--option NAME=VALUE]...
#   OPPONENT: gnuchess | stockfish-ELO (UCI_LimitStrength at that UCI_Elo, e.g. stockfish-2500)
#             | fairymax | phalanx (XBoard) | glaurung | toga2 | ethereal | stockfish
#   GAMES defaults to 200; OUTDIR to bench/results. --option sets one of mneme's UCI options
#   (a search switch off, to see what it is worth against this opponent); give each such match
#   an OUTDIR of its own. Installs the engine's Debian package if missing. Interrupt with Ctrl-C
#   and run again with the same arguments to resume.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
usage="usage: bench/engine_match.sh OPPONENT [GAMES] [OUTDIR] [--option NAME=VALUE]..."
opponent="${1:?$usage}"
games="${2:-200}"
outdir="${3:-$root/bench/results}"
shift $(($# < 3 ? $# : 3))
options=()
while [[ $# -gt 0 ]]; do
    [[ "$1" == --option && "${2:-}" == ?*=* ]] || { echo "engine_match: unexpected '$1' ($usage)" >&2; exit 2; }
    options+=("option.$2")
    shift 2
done
mneme="$root/build/release/mneme"

[[ -x "$mneme" ]] || { echo "engine_match: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
source "$root/bench/standard_match.sh"
standard_openings_present || exit 2

source "$root/bench/debian_engines.sh"
debian_engine "$opponent" || { echo "engine_match: unknown opponent '$opponent'" >&2; exit 2; }

mkdir -p "$outdir"
# The runner plays a copy, so rebuilding during a long match does not swap the engine.
binary="$outdir/mneme-$opponent"
pgn="$outdir/mneme-vs-$opponent.pgn"
source "$root/bench/in_progress.sh"
# Kept games are named by the output folder too (network-v4-mneme-vs-ethereal.pgn): matches of
# different engines of ours against one opponent must not take up each other's games.
[[ -s "$pgn" ]] || carry_in_progress "$(basename "$outdir")-mneme-vs-$opponent.pgn" "$pgn"
[[ -x "$binary" && -s "$pgn" ]] || cp "$mneme" "$binary"

ours=(cmd="$binary" proto=uci name=mneme option.Hash=64 "${options[@]}")
standard_match "$binary" "$games" "$pgn" "$outdir/mneme-vs-$opponent.json" ours engine
