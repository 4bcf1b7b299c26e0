#!/bin/bash
# The cluster drivers' scaling on this machine: each job kind as 1 shard and as 2 shards run at
# once on the one-node Slurm cluster of scripts/slurm-local.sh (one CPU per shard), wall time from
# submission to the merged result, and throughput. Prints a Markdown table (docs/cluster.md).
#
#   bench/cluster_scaling.sh [build/release/mneme]     (as root; the cluster is started and stopped)
#
# Sizes: MNEME_SCALING_GAMES (datagen games, default 24), MNEME_SCALING_ROUNDS (match rounds,
# default 12); the book and the training positions read the 30 player files of
# ../shared/data/pgn/players. MNEME_SCALING_JOBS picks the job kinds (default
# "book datagen match positions relabel").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mneme=$(realpath "${1:-$root/build/release/mneme}")
cluster="$root/scripts/mneme-cluster"
data=${MNEME_DATA_DIR:-$root/../shared/data}
games=${MNEME_SCALING_GAMES:-24}
rounds=${MNEME_SCALING_ROUNDS:-12}
jobs=" ${MNEME_SCALING_JOBS:-book datagen match positions relabel} "
work=$(mktemp -d /tmp/mneme_cluster_scaling_XXXXXX)

"$root/scripts/slurm-local.sh" start "$work/cluster" >/dev/null
trap '"$root/scripts/slurm-local.sh" stop "$work/cluster" >/dev/null; rm -rf "$work"' EXIT
export SLURM_CONF="$work/cluster/slurm.conf"
resources=(--mem 1000 --time 30:00 --mneme "$mneme")

ls "$data"/pgn/players/*.pgn >"$work/players.txt"
player_games=$("$mneme" pgn stats $(cat "$work/players.txt") | awk '/^total/ { total = 1 } total && /games/ { print $2; exit }')

# Seconds from submission until the run's merge is done.
timed_run() {
    local name=$1
    shift
    local start end
    start=$(date +%s.%N)
    "$cluster" "$@" >/dev/null
    "$cluster" wait "$work/$name" --timeout 3600 --poll 0.5 >/dev/null
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }'
}

rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", n / s }'; }

echo "| job | work | 1 shard: wall s | 2 shards at once: wall s | speed-up | throughput (1 -> 2) |"
echo "|---|---|---|---|---|---|"
if [[ "$jobs" == *" book "* ]]; then
for shards in 1 2; do
    book[$shards]=$(timed_run book$shards book "$work/book$shards" --shards "$shards" \
        --pgn-list "$work/players.txt" "${resources[@]}" -- --max-ply 30)
done
echo "| book build + merge (files split over shards) | $player_games games | ${book[1]} | ${book[2]} |" \
     "$(awk -v a="${book[1]}" -v b="${book[2]}" 'BEGIN { printf "%.2f", a / b }') |" \
     "$(rate "$player_games" "${book[1]}") -> $(rate "$player_games" "${book[2]}") games/s |"
cmp <("$mneme" book info "$work/book1/book.mbook" | grep checksum) \
    <("$mneme" book info "$work/book2/book.mbook" | grep checksum) >/dev/null || echo "(the two books differ!)"
fi

if [[ "$jobs" == *" datagen "* ]]; then
for shards in 1 2; do
    gen[$shards]=$(timed_run gen$shards datagen "$work/gen$shards" --shards "$shards" "${resources[@]}" -- \
        --games "$games" --nodes 5000 --seed 9 --hash 16)
done
positions=$("$mneme" learn data-info "$work/gen2/data.mdata" | awk '$1 == "positions" { print $2; exit }')
echo "| datagen + data-merge (5000 nodes) | $games games, $positions positions | ${gen[1]} | ${gen[2]} |" \
     "$(awk -v a="${gen[1]}" -v b="${gen[2]}" 'BEGIN { printf "%.2f", a / b }') |" \
     "$(rate "$positions" "${gen[1]}") -> $(rate "$positions" "${gen[2]}") positions/s |"
cmp <("$mneme" learn data-info "$work/gen1/data.mdata" | grep -i checksum) \
    <("$mneme" learn data-info "$work/gen2/data.mdata" | grep -i checksum) >/dev/null || echo "(the two data files differ!)"
fi

if [[ "$jobs" == *" match "* ]]; then
for shards in 1 2; do
    match[$shards]=$(timed_run match$shards match "$work/match$shards" --shards "$shards" "${resources[@]}" -- \
        -engine proto=mneme name=a nodes=5000 -engine proto=mneme name=b nodes=5000 -each option.Hash=16 \
        -rounds "$rounds" -games 2 -maxmoves 100 -seed 3 -concurrency 1)
done
match_games=$((rounds * 2))
echo "| match + report (5000 nodes a move) | $match_games games | ${match[1]} | ${match[2]} |" \
     "$(awk -v a="${match[1]}" -v b="${match[2]}" 'BEGIN { printf "%.2f", a / b }') |" \
     "$(awk -v n="$match_games" -v s="${match[1]}" 'BEGIN { printf "%.1f", n * 60 / s }') -> $(awk -v n="$match_games" -v s="${match[2]}" 'BEGIN { printf "%.1f", n * 60 / s }') games/min |"
diff "$work/match1/report.txt" "$work/match2/report.txt" >/dev/null || echo "(the two match reports differ!)"
fi

positions_sum() { "$mneme" learn info "$1" | awk '/^checksum/ { print $2 }'; }
if [[ "$jobs" == *" positions "* || "$jobs" == *" relabel "* ]]; then
for shards in 1 2; do
    pos[$shards]=$(timed_run pos$shards positions "$work/pos$shards" --shards "$shards" "${resources[@]}" -- \
        $(cat "$work/players.txt") --max-per-game 2 --seed 5)
done
kept=$("$mneme" learn info "$work/pos1/positions.mpos" | awk '$1 == "positions" { print $2; exit }')
[[ "$jobs" == *" positions "* ]] &&
echo "| learn positions + positions-merge (quiet, at most 2 a game) | $player_games games, $kept positions | ${pos[1]} | ${pos[2]} |" \
     "$(awk -v a="${pos[1]}" -v b="${pos[2]}" 'BEGIN { printf "%.2f", a / b }') |" \
     "$(rate "$player_games" "${pos[1]}") -> $(rate "$player_games" "${pos[2]}") games/s |"
[ "$(positions_sum "$work/pos1/positions.mpos")" = "$(positions_sum "$work/pos2/positions.mpos")" ] || echo "(the two position files differ!)"
fi
if [[ "$jobs" == *" relabel "* ]]; then
for shards in 1 2; do
    rel[$shards]=$(timed_run rel$shards relabel "$work/rel$shards" --shards "$shards" "${resources[@]}" -- \
        "$work/pos1/positions.mpos" --depth 4)
done
echo "| learn relabel + positions-merge (depth 4) | $kept positions | ${rel[1]} | ${rel[2]} |" \
     "$(awk -v a="${rel[1]}" -v b="${rel[2]}" 'BEGIN { printf "%.2f", a / b }') |" \
     "$(rate "$kept" "${rel[1]}") -> $(rate "$kept" "${rel[2]}") positions/s |"
[ "$(positions_sum "$work/rel1/relabelled.mpos")" = "$(positions_sum "$work/rel2/relabelled.mpos")" ] || echo "(the two relabelled files differ!)"
fi
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
