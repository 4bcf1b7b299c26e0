#!/usr/bin/env bash
# The CBR player (by default the hybrid: CBR candidates judged by a depth-4 search) against a
# Debian engine, run by mneme's own match runner with the CBR player as a UCI engine
# (`mneme uci --player cbr --cases FILE`): 5+0.05, each opening of 8moves_v3 played with both
# colours, one game at a time (a core stays free for other jobs), PGN and JSON kept. No
# adjudication: the CBR player reports no score, so games end by the rules. At this speed on a
# loaded machine Stockfish flags (39 of 100 games in a first run), so it gets a Move Overhead of
# 100 ms and every player 100 ms of grace per move (-margin). Prints the runner's final table
# (Elo with 95% intervals, draw ratio, losses by termination).
# Usage: bench/cbr_hybrid_match.sh OPPONENT CASES.mcases [GAMES] [PLAYER] [OUTDIR]
#   OPPONENT: fairymax (XBoard) | stockfish-ELO (UCI_LimitStrength at that UCI_Elo; Stockfish
#             15.1's lowest is 1350) | gnuchess
#   PLAYER:   hybrid (default: choice=vote k=16 repetition=true verify=4) | hybrid8 (the same
#             with verify=8) | faithful (the thesis's player, weights 0.5,0.5,0.5) |
#             "NAME=VALUE ..." (any CBR settings; the files are named after them)
#   GAMES defaults to 100; OUTDIR to bench/results. Installs the engine's Debian package if
#   missing. Interrupt with Ctrl-C and run again with the same arguments to resume.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
usage="usage: bench/cbr_hybrid_match.sh OPPONENT CASES.mcases [GAMES] [PLAYER] [OUTDIR]"
opponent="${1:?$usage}"
cases="$(realpath "${2:?$usage}")"
games="${3:-100}"
player="${4:-hybrid}"
outdir="${5:-$root/bench/results}"
mneme="$root/build/release/mneme"
openings="$root/../shared/data/openings/8moves_v3.pgn.zst"

[[ -x "$mneme" ]] || { echo "cbr_hybrid_match: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
[[ -s "$cases" ]] || { echo "cbr_hybrid_match: no case base at $cases (mneme cases build ...)" >&2; exit 2; }

source "$root/bench/debian_engines.sh"
case "$opponent" in
    gnuchess|fairymax|stockfish-*) debian_engine "$opponent" ;;
    *) echo "cbr_hybrid_match: unknown opponent '$opponent'" >&2; exit 2 ;;
esac
# Against flagging on a loaded machine (see above).
[[ "$opponent" == stockfish-* ]] && engine+=("option.Move Overhead=100")

case "$player" in
    hybrid)   settings="choice=vote k=16 repetition=true verify=4" ;;
    hybrid8)  settings="choice=vote k=16 repetition=true verify=8" ;;
    faithful) settings="weights=0.5,0.5,0.5" ;;
    *=*)      settings="$player"; player="$(echo "$settings" | tr -s ' =,' '_--')" ;;
    *) echo "cbr_hybrid_match: PLAYER must be hybrid, faithful or NAME=VALUE settings" >&2; exit 2 ;;
esac
options=""
for setting in $settings; do options+=" --option $setting"; done

mkdir -p "$outdir"
# The runner plays a copy, so rebuilding during a long match does not swap the player.
binary="$outdir/mneme-cbr-$player-$opponent"
pgn="$outdir/cbr-$player-vs-$opponent.pgn"
resume=()
if [[ -s "$pgn" && -x "$binary" ]]; then resume=(-resume); else cp "$mneme" "$binary"; fi

# timeout=: opening and indexing a large case base happens at the first isready.
"$binary" match \
    -engine cmd="$binary uci --player cbr --cases $cases --seed 1$options" proto=uci \
            name="cbr-$player" timeout=300 \
    -engine "${engine[@]}" \
    -each tc=5+0.05 -margin 100 -games 2 -rounds $((games / 2)) -concurrency 1 \
    -openings file="$openings" order=random -seed 1 \
    -pgnout "$pgn" "${resume[@]}" -json "$outdir/cbr-$player-vs-$opponent.json"
