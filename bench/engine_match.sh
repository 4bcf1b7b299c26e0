#!/usr/bin/env bash
# A real match of the mneme engine (the built binary, over UCI) against a Debian engine, run by
# mneme's own match runner: 10+0.1, each opening of 8moves_v3 played with both colours, 2 games
# at once, PGN and JSON kept. Games are adjudicated as fishtest does (a draw after move 34 when
# both scores stay within 20 cp for 8 moves each; a loss when both engines agree on 600 cp for 3
# moves), which shortens matches without changing who wins them. Prints the runner's final table (Elo with 95% intervals, LOS,
# draw ratio, losses by termination: time forfeits, crashes).
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
openings="$root/../shared/data/openings/8moves_v3.pgn.zst"

[[ -x "$mneme" ]] || { echo "engine_match: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }

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
resume=()
[[ -s "$pgn" ]] && resume=(-resume)
[[ -x "$binary" && -s "$pgn" ]] || cp "$mneme" "$binary"

"$binary" match \
    -engine cmd="$binary" proto=uci name=mneme option.Hash=64 \
    -engine "${engine[@]}" \
    -each tc=10+0.1 -games 2 -rounds $((games / 2)) -concurrency 2 \
    -draw movenumber=34 movecount=8 score=20 -resign movecount=3 score=600 twosided=true \
    -openings file="$openings" order=random -seed 1 \
    -pgnout "$pgn" "${resume[@]}" -json "$outdir/mneme-vs-$opponent.json"
