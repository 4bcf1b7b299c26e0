#!/bin/sh
# The network trainer against the PyTorch reference on the same data: positions per second
# (mneme with 1 and 2 threads, PyTorch with 2) and the final validation losses side by side.
#
# Data: the newest /work/nnue-data/selfplay-*.mdata if there is one (self-play data from
# `mneme learn datagen`), otherwise quiet positions of the human games scored by the static
# evaluation (made once by the mneme_mdata_from_pgn test helper into build/release/).
# Usage: bench/nnue_trainer_bench.sh [POSITIONS (1000000)] [EPOCHS (3)] [DATA.mdata]
# Needs: the release build (targets mneme, mneme_mdata_from_pgn) and /usr/bin/python3 with
# python3-torch and python3-numpy.
set -eu
cd "$(dirname "$0")/.."
POSITIONS="${1:-1000000}"
EPOCHS="${2:-3}"
DATA="${3:-}"
BUILD=build/release
MNEME="$BUILD/mneme"
[ -x "$MNEME" ] || { echo "build first: cmake --build --preset release --target mneme mneme_mdata_from_pgn" >&2; exit 1; }
if [ -z "$DATA" ]; then
  DATA=$(ls -t /work/nnue-data/selfplay-*.mdata 2>/dev/null | head -n 1 || true)
fi
if [ -z "$DATA" ]; then
  DATA="$BUILD/bench_human_static.mdata"
  if [ ! -f "$DATA" ]; then
    echo "== making $DATA (static evaluation of quiet positions from the human games)"
    "$BUILD/tests/mneme_mdata_from_pgn" "$DATA" ../shared/data/pgn/human/pgnmentor_players_union.pgn.zst \
      --max-positions "$POSITIONS"
  fi
fi
# Both trainers: the same architecture, loss, schedule, batch and validation split.
COMMON="--hidden 256 --epochs $EPOCHS --batch 16384 --lr 0.001 --weight-decay 0.01 --k 400 --wdl 0.3 --validation 0.02 --seed 1 --max-positions $POSITIONS"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
echo "== data: $DATA, at most $POSITIONS positions, $EPOCHS epochs, (768->256)x2->1 SCReLU, batch 16384"
for threads in 1 2; do
  echo "== mneme learn nnue, $threads thread(s)"
  "$MNEME" learn nnue "$DATA" -o "$OUT/net$threads.mnet" $COMMON --threads "$threads" --no-progress \
    --log "$OUT/log$threads.csv" 2>&1 | grep -E "^(epoch|split|wrote)"
done
echo "== PyTorch reference (python3-torch), 2 threads"
/usr/bin/python3 scripts/nnue_reference.py "$DATA" $COMMON --threads 2 | tee "$OUT/reference.txt" | grep -E "^(epoch|data)"
echo
echo "trainer                 positions/s (last epoch)   final validation loss"
for threads in 1 2; do
  tail -n 1 "$OUT/log$threads.csv" | awk -F, -v t="$threads" '{ printf "mneme, %d thread(s)      %10.0f                 %.6f\n", t, $5, $3 }'
done
grep '^reference' "$OUT/reference.txt" | awk '{ printf "PyTorch, 2 threads      %10.0f                 %.6f\n", $3, $5 }'
