#!/bin/sh
# The foundation's speed goals, side by side on this machine in one run:
#   perft (startpos d6 + Kiwipete d5) against Debian's stockfish `go perft`,
#   whole-union PGN replay against `pgn-extract -s -r`.
# Usage: bench/foundation_speed.sh [path/to/mneme]
set -eu
cd "$(dirname "$0")/.."
MNEME="${1:-build/release/mneme}"
[ -x "$MNEME" ] || { echo "build first: cmake --preset release && cmake --build --preset release" >&2; exit 1; }
echo "== perft: mneme vs stockfish"
bash bench/perft_vs_stockfish.sh "$MNEME"
echo
echo "== PGN replay: mneme vs pgn-extract"
sh bench/pgn_replay_vs_pgn_extract.sh "$MNEME"
