#!/usr/bin/env bash
# Reproduces a network from scratch with mneme's own tools: self-play data, master-game data,
# training, export. Every step resumes when run again (the data generators continue their
# files; the trainer resumes from its checkpoint), and each step's output stays outside the
# repository, in WORK (default ../nnue-work beside the project).
#
#   scripts/train_network.sh [--work DIR] [--games N (200000)] [--nodes N (4000)]
#                            [--master-nodes N (100)] [--epochs N (20)] [--hidden N (256)]
#                            [--net PREVIOUS.mnet] [--out OUT.mnet]
#
# --net: the self-play games are played and scored by that network (the next iteration).
# The data set's master games come from ../shared/data/pgn/human (skipped when absent).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mneme="$root/build/release/mneme"
work="$root/../nnue-work" games=200000 nodes=4000 master_nodes=100 epochs=20 hidden=256
net="" out=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --work) work="$2"; shift 2 ;;
        --games) games="$2"; shift 2 ;;
        --nodes) nodes="$2"; shift 2 ;;
        --master-nodes) master_nodes="$2"; shift 2 ;;
        --epochs) epochs="$2"; shift 2 ;;
        --hidden) hidden="$2"; shift 2 ;;
        --net) net="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        *) echo "train_network: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[[ -x "$mneme" ]] || { echo "train_network: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
mkdir -p "$work"
out="${out:-$work/network.mnet}"
tag="${net:+-$(basename "$net" .mnet)}"
eval_args=()
[[ -n "$net" ]] && eval_args=(--net "$net")

# 1. Self-play, both cores (two shards at once), then joined in game order.
for shard in 0 1; do
    "$mneme" learn datagen -o "$work/selfplay$tag-$shard.mdata" --games "$games" --nodes "$nodes" \
        --seed 1 --shard "$shard/2" "${eval_args[@]}" &
done
wait
"$mneme" learn data-merge "$work/selfplay$tag-0.mdata" "$work/selfplay$tag-1.mdata" -o "$work/selfplay$tag.mdata"

# 2. Master games: positions sampled and scored by a short search.
data=("$work/selfplay$tag.mdata")
masters="$root/../shared/data/pgn/human/pgnmentor_players_union.pgn.zst"
if [[ -f "$masters" ]]; then
    "$mneme" learn label-games "$masters" -o "$work/masters$tag.mdata" --nodes "$master_nodes" \
        --sample-rate 0.3 --seed 2 --threads 2 "${eval_args[@]}"
    data+=("$work/masters$tag.mdata")
fi

# 3. Training (resumes from its checkpoint), exported quantised.
resume=()
[[ -f "$out.ckpt" ]] && resume=(--resume "$out.ckpt")
"$mneme" learn nnue "${data[@]}" -o "$out" --hidden "$hidden" --epochs "$epochs" --cosine \
    --log "$out.csv" "${resume[@]}"
"$mneme" learn loss-curve "$out.csv" -o "$out.svg"
echo "network: $out (loss curve $out.svg); try it: $mneme bench --net $out"
