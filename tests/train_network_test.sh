#!/bin/sh
# scripts/train_network.sh on a tiny run (self-play only): a self-play interrupted by SIGINT stops
# the script before the merge, so that no network is trained on part of its data; the same
# command then resumes the self-play and ends with a network the engine loads. A variant (other
# --out, --buckets, --also more data) is then trained from the same data without playing it again.
#   tests/train_network_test.sh MNEME PROJECT_DIR
set -u
mneme="$1" root="$2"
work=$(mktemp -d)
trap 'pkill -INT -f "learn datagen -o $work/" 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; for log in "$work"/*.log; do echo "--- $log"; cat "$log"; done; exit 1; }
# Further arguments (a later --out wins) make a variant of the same run.
run() {
    MNEME_BINARY="$mneme" "$root/scripts/train_network.sh" --work "$work" --games 200 --nodes 200 \
        --epochs 1 --seed 5 --masters none --out "$work/t.mnet" "$@"
}

run > "$work/first.log" 2>&1 &
script=$!
tries=0
until [ -s "$work/selfplay-0.mdata" ] && [ -s "$work/selfplay-1.mdata" ]; do
    tries=$((tries + 1))
    [ "$tries" -le 1200 ] || fail "no self-play file after 120 s"
    sleep 0.1
done
pkill -INT -f "learn datagen -o $work/"
wait "$script" && fail "the script went on after its self-play was interrupted"
grep -q "the self-play did not finish" "$work/first.log" || fail "no word of the unfinished self-play"
[ ! -e "$work/selfplay.mdata" ] || fail "the shards were merged after an interruption"
[ ! -e "$work/t.mnet" ] || fail "a network was trained after an interruption"

run > "$work/second.log" 2>&1 || fail "the same command did not go on to the end"
grep -q "resumed;" "$work/second.log" || fail "the self-play started again instead of resuming"
grep -qE "(^|[^0-9])200 games" "$work/second.log" || fail "the merged self-play does not hold the 200 games"
"$mneme" eval --net "$work/t.mnet" > "$work/eval.log" 2>&1 || fail "the engine refused the network"
grep -q "^Network ($work/t.mnet" "$work/eval.log" || fail "the engine did not evaluate with the network"

cp "$work/selfplay-0.mdata" "$work/before-0.mdata"
cp "$work/selfplay-1.mdata" "$work/extra.mdata"  # stands for an earlier iteration's data
run --buckets 2 --also "$work/extra.mdata" --out "$work/t2.mnet" > "$work/variant.log" 2>&1 ||
    fail "the variant was not trained"
grep -q "^data  *$work/extra.mdata" "$work/variant.log" || fail "the --also data was not trained on"
grep -q "resumed;" "$work/variant.log" || fail "the variant's self-play did not find its games"
cmp -s "$work/selfplay-0.mdata" "$work/before-0.mdata" || fail "the variant played games again"
"$mneme" eval --net "$work/t2.mnet" > "$work/eval2.log" 2>&1 || fail "the engine refused the variant"
grep -q "\[2 buckets\]" "$work/eval2.log" || fail "the variant has not 2 output buckets"
grep -q interrupted "$work/first.log" || fail "the self-play did not say it was interrupted"

# A self-play cut short on purpose: the first 30 games of each half, merged and trained on.
MNEME_BINARY="$mneme" "$root/scripts/train_network.sh" --work "$work/short" --games 200 \
    --shard-games 30 --nodes 200 --epochs 1 --seed 5 --masters none --out "$work/short/s.mnet" \
    > "$work/short.log" 2>&1 || fail "the self-play cut short by --shard-games was not trained on"
grep -qE "selfplay.mdata: 60 games" "$work/short.log" || fail "the cut-short self-play does not hold 2 x 30 games"
"$mneme" eval --net "$work/short/s.mnet" > "$work/eval3.log" 2>&1 || fail "the engine refused the cut-short network"
echo "train_network: interrupted self-play stopped before the merge; resumed to a network the engine loads; a 2-bucket variant from the same data; a self-play cut short by --shard-games"
