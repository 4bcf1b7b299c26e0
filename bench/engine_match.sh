#!/usr/bin/env bash
# A real match of the mneme engine (the built binary, over UCI) against a Debian engine: the
# standard match of bench/standard_match.sh (10+0.1, 8moves_v3 with both colours, fishtest's
# adjudication, which shortens matches without changing who wins them). Prints the runner's final
# table (Elo with 95% intervals, LOS, draw ratio, losses by termination: time forfeits, crashes).
# Usage: bench/engine_match.sh OPPONENT [GAMES] [OUTDIR]
#   OPPONENT: gnuchess | stockfish-ELO (UCI_LimitStrength at that UCI_Elo, e.g. stockfish-2500)
#             | fairymax | phalanx (XBoard) | glaurung | toga2 | ethereal | stockfish
#   GAMES defaults to 200; OUTDIR to bench/results. Installs the engine's Debian package if
#   missing. Interrupt with Ctrl-C and run again with the same arguments to resume.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
opponent="${1:?usage: bench/engine_match.sh OPPONENT [GAMES] [OUTDIR]}"
games="${2:-200}"
outdir="${3:-$root/bench/results}"
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

ours=(cmd="$binary" proto=uci name=mneme option.Hash=64)
standard_match "$binary" "$games" "$pgn" "$outdir/mneme-vs-$opponent.json" ours engine
