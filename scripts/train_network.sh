#!/usr/bin/env bash
# Reproduces a network from scratch with mneme's own tools: self-play data, master-game data,
# training, export. Every step resumes when run again (the data generators continue their
# files; the trainer resumes from its checkpoint), and each step's output stays outside the
# repository, in WORK (default ../nnue-work beside the project).
#
#   scripts/train_network.sh [--work DIR] [--games N (200000)] [--shard-games K] [--nodes N (4000)]
#                            [--master-nodes N (100)] [--epochs N (20)] [--hidden N (256)]
#                            [--buckets B (1)] [--also DATA.mdata]...
#                            [--k K] [--wdl W] [--seed S (1)] [--net PREVIOUS.mnet]
#                            [--masters GAMES.pgn[.zst] | none] [--out OUT.mnet]
#
# --net: the self-play games are played and scored by that network (the next iteration).
# --k, --wdl: the trainer's sigmoid scale and result weight (its defaults when not given).
# --also: more training data besides this run's (an earlier iteration's self-play); repeatable.
# --buckets: output layers chosen by the men on the board. Another --out trains such a variant
#   from the same data (the data steps find their work done and return at once).
# --seed: the self-play openings' seed (another seed, other games).
# --shard-games: the self-play stops once each of its two shards holds the first K games of its
#   half of the N (a run cut short on purpose, reproducibly); the same command without it, or with
#   a larger K, goes on from those games.
# An interrupted step (Ctrl-C, or TERM to the generators) stops the script before the next one,
# so a network is never trained on part of its data; run the same command to go on.
# The master games come from ../shared/data/pgn/human/pgnmentor_players_union.pgn.zst unless
# --masters names others ("none": self-play only); skipped when the file is absent.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mneme="${MNEME_BINARY:-$root/build/release/mneme}"  # MNEME_BINARY: another build (the tests)
work="$root/../nnue-work" games=200000 nodes=4000 master_nodes=100 epochs=20 hidden=256
net="" out="" seed=1 shard_games=""
masters="$root/../shared/data/pgn/human/pgnmentor_players_union.pgn.zst"
trainer_args=()
also=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --work) work="$2"; shift 2 ;;
        --games) games="$2"; shift 2 ;;
        --shard-games) shard_games="$2"; shift 2 ;;
        --nodes) nodes="$2"; shift 2 ;;
        --master-nodes) master_nodes="$2"; shift 2 ;;
        --epochs) epochs="$2"; shift 2 ;;
        --hidden) hidden="$2"; shift 2 ;;
        --net) net="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --k) trainer_args+=(--k "$2"); shift 2 ;;
        --wdl) trainer_args+=(--wdl "$2"); shift 2 ;;
        --buckets) trainer_args+=(--buckets "$2"); shift 2 ;;
        --also) [[ -f "$2" ]] || { echo "train_network: --also $2: no such file" >&2; exit 2; }
                also+=("$2"); shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --masters) masters="$2"; shift 2 ;;
        *) echo "train_network: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[[ -x "$mneme" ]] || { echo "train_network: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
mkdir -p "$work"
# The binary of the run's start plays every game, so that a rebuild while the run is stopped does
# not change them (delete WORK/mneme to take a new build).
[[ -x "$work/mneme" ]] || cp "$mneme" "$work/mneme"
mneme="$work/mneme"
out="${out:-$work/network.mnet}"
tag="${net:+-$(basename "$net" .mnet)}"
eval_args=()
[[ -n "$net" ]] && eval_args=(--net "$net")
limit_args=() merge_args=()
[[ -n "$shard_games" ]] && { limit_args=(--shard-games "$shard_games"); merge_args=(--unfinished-shards); }

# 1. Self-play, both cores (two shards at once), then joined in game order.
pids=()
for shard in 0 1; do
    "$mneme" learn datagen -o "$work/selfplay$tag-$shard.mdata" --games "$games" --nodes "$nodes" \
        --seed "$seed" --shard "$shard/2" "${limit_args[@]}" "${eval_args[@]}" &
    pids+=($!)
done
trap 'kill -INT "${pids[@]}" 2>/dev/null; wait; echo "train_network: interrupted; run the same command to go on" >&2; exit 130' INT TERM
unfinished=0
for pid in "${pids[@]}"; do wait "$pid" || unfinished=1; done
trap - INT TERM
if [[ $unfinished == 1 ]]; then
    echo "train_network: the self-play did not finish; run the same command to go on" >&2
    exit 1
fi
"$mneme" learn data-merge "$work/selfplay$tag-0.mdata" "$work/selfplay$tag-1.mdata" -o "$work/selfplay$tag.mdata" \
    "${merge_args[@]}"

# 2. Master games: positions sampled and scored by a short search.
data=("$work/selfplay$tag.mdata")
if [[ -f "$masters" ]]; then
    "$mneme" learn label-games "$masters" -o "$work/masters$tag.mdata" --nodes "$master_nodes" \
        --sample-rate 0.3 --seed 2 --threads 2 "${eval_args[@]}"
    data+=("$work/masters$tag.mdata")
fi

# 3. Training (resumes from its checkpoint), exported quantised.
data+=("${also[@]}")
resume=()
[[ -f "$out.ckpt" ]] && resume=(--resume "$out.ckpt")
"$mneme" learn nnue "${data[@]}" -o "$out" --hidden "$hidden" --epochs "$epochs" --cosine \
    --log "$out.csv" "${trainer_args[@]}" "${resume[@]}"
"$mneme" learn loss-curve "$out.csv" -o "$out.svg"
echo "network: $out (loss curve $out.svg); try it: $mneme bench --net $out"
