#!/bin/bash
# End to end on a real one-node Slurm cluster (scripts/slurm-local.sh): a 4-shard book build
# with its merge, the same for a sampled case base and for training positions cut at a count (then relabelled in 4
# shards by a run that waits for them), a 4-shard match with its report, a 4-shard datagen in which one array task
# is cancelled mid-run and resubmitted, and a small SPRT campaign, each checked against the
# single-process run (byte for byte, same checksum, same statistics); an SPSA run by two workers
# sharing its trajectory (each iteration written once). A shard that is corrupt is refused by
# the merge with the file and the reason.
#
#   tests/slurm/slurm_end_to_end.sh build/release/mneme
#
# Exits 77 (ctest: skipped) with the reason when the cluster cannot start here (not root, the
# slurm-wlm and munge packages missing). Keeps its folder when it fails.
set -euo pipefail

mneme=$(realpath "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
cluster="$root/scripts/mneme-cluster"
local_cluster="$root/scripts/slurm-local.sh"
work=$(mktemp -d /tmp/mneme_slurm_e2e_XXXXXX)
started=$(date +%s.%N)

say() { printf '[%6.1f s] %s\n' "$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')" "$*"; }
fail() {
    echo "FAILED: $*" >&2
    echo "the run's files are kept in $work" >&2
    exit 1
}
skip() {
    echo "skipped: $1"
    if [ -n "${MNEME_SKIP_MARKERS:-}" ]; then
        mkdir -p "$MNEME_SKIP_MARKERS"
        echo "$1" >"$MNEME_SKIP_MARKERS/slurm_end_to_end"
    fi
    rm -rf "$work"
    exit 77
}

status=0
start_output=$("$local_cluster" start "$work/cluster" 2>&1) || status=$?
if [ "$status" -eq 77 ]; then
    skip "the one-node Slurm cluster cannot start: ${start_output##*cannot start a cluster here: }"
elif [ "$status" -ne 0 ]; then
    echo "$start_output"
    fail "scripts/slurm-local.sh start failed ($status)"
fi
finish() {
    local code=$?
    "$local_cluster" stop "$work/cluster" >/dev/null 2>&1 || true
    [ "$code" -eq 0 ] && rm -rf "$work"
    return "$code"
}
trap finish EXIT
export SLURM_CONF="$work/cluster/slurm.conf"
say "cluster up: $(sinfo -h -N -o '%N %T, %c CPUs')"

# Every job asks for one CPU and a little memory, so the node runs two at once.
resources=(--mem 300 --time 10:00 --mneme "$mneme")

# --- inputs: three player files of the shared data set, else games played here ---------------
data=${MNEME_DATA_DIR:-$root/../shared/data}
inputs=()
for name in Morphy Steinitz Capablanca; do
    [ -f "$data/pgn/players/$name.pgn" ] && inputs+=("$data/pgn/players/$name.pgn")
done
if [ "${#inputs[@]}" -ne 3 ]; then
    inputs=("$work/games.pgn")
    "$mneme" match -engine proto=greedy name=greedy depth=1 -engine proto=random name=random depth=1 \
        -rounds 150 -maxmoves 60 -concurrency 1 -pgnout "$work/games.pgn" >/dev/null
fi
say "book input: ${inputs[*]}"

# --- book: 4 shards and a merge against one build --------------------------------------------
# Merged as a tree (at most 3 files a merge): shards 0-2 with --partial, then that with shard 3.
"$mneme" book build "${inputs[@]}" --max-ply 30 -o "$work/single.mbook" --quiet >/dev/null
"$cluster" book "$work/book" --shards 4 --merge-fanin 3 -o "$work/book.mbook" "${resources[@]}" -- \
    "${inputs[@]}" --max-ply 30 | sed 's/^/  /'
"$cluster" wait "$work/book" --timeout 300 || fail "the book run did not finish"
cmp "$work/book.mbook" "$work/single.mbook" || fail "the merged book differs from the single build"
grep -q -- "--partial" "$work/book/merge.sh" || fail "the book's merge is not a tree"
say "book: the 4-shard book, merged as a tree, is byte-identical to the single build ($(stat -c %s "$work/single.mbook") bytes, checksum $("$mneme" book info "$work/book.mbook" | awk '/checksum/ { print $2 }'))"

# A corrupt shard is refused, with its name and the reason.
cp "$work/book/shards/shard-2.mbook" "$work/corrupt.mbook"
printf '\x55' | dd of="$work/corrupt.mbook" bs=1 seek=$(($(stat -c %s "$work/corrupt.mbook") - 7)) conv=notrunc 2>/dev/null
if refusal=$("$mneme" book merge "$work/book/shards/shard-0.mbook" "$work/book/shards/shard-1.mbook" \
    "$work/corrupt.mbook" "$work/book/shards/shard-3.mbook" -o "$work/refused.mbook" 2>&1); then
    fail "book merge accepted a corrupt shard"
fi
case "$refusal" in *"$work/corrupt.mbook: not a usable mneme book: checksum mismatch"*) ;;
    *) fail "book merge refused the corrupt shard without naming it: $refusal" ;; esac
[ ! -e "$work/refused.mbook" ] || fail "book merge wrote a book from a corrupt shard"
say "book: a corrupt shard is refused: ${refusal#*mneme book merge: }"

# --- case base: 4 shards and a merge against one build ---------------------------------------
# A --max-cases sample of every move (the merge draws it from the shards' moves), mirrored.
cases_args=(--max-games 400 --max-cases 6000 --sample-seed 5 --mirror)
"$mneme" cases build "${inputs[@]}" "${cases_args[@]}" -o "$work/single.mcases" --quiet >/dev/null
"$cluster" cases "$work/cases" --shards 4 -o "$work/cases.mcases" "${resources[@]}" -- \
    "${inputs[@]}" "${cases_args[@]}" | sed 's/^/  /'
"$cluster" wait "$work/cases" --timeout 300 || fail "the case base run did not finish"
cmp "$work/cases.mcases" "$work/single.mcases" || fail "the merged case base differs from the single build"
say "cases: the merged 4-shard case base (a 6,000-move sample, mirrored) is byte-identical to the single build ($(stat -c %s "$work/single.mcases") bytes)"

# --- training positions: 4 sampling shards and a merge, then a 4-shard relabelling after it ----
checksum_of_positions() { "$mneme" learn info "$1" | awk '/^checksum/ { print $2 }'; }
positions_args=(--max-per-game 4 --sample-rate 0.3 --seed 3 --max-positions 1500)
"$mneme" learn positions "${inputs[@]}" "${positions_args[@]}" -o "$work/single.mpos" --no-progress >/dev/null
"$mneme" learn relabel "$work/single.mpos" --depth 3 -o "$work/single-relabelled.mpos" --no-progress >/dev/null
"$cluster" positions "$work/positions" --shards 4 -o "$work/positions.mpos" "${resources[@]}" -- \
    "${inputs[@]}" "${positions_args[@]}" | sed 's/^/  /'
"$cluster" relabel "$work/relabel" --shards 4 --after "$work/positions" -o "$work/relabelled.mpos" \
    "${resources[@]}" -- "$work/positions.mpos" --depth 3 | sed 's/^/  /'
"$cluster" wait "$work/relabel" --timeout 300 || fail "the relabelling run did not finish"
single_sum=$(checksum_of_positions "$work/single.mpos")
[ -n "$single_sum" ] && [ "$single_sum" = "$(checksum_of_positions "$work/positions.mpos")" ] ||
    fail "the merged positions differ from the single run's ($single_sum)"
relabelled_sum=$(checksum_of_positions "$work/single-relabelled.mpos")
[ "$relabelled_sum" = "$(checksum_of_positions "$work/relabelled.mpos")" ] ||
    fail "the merged relabelling differs from the single run's ($relabelled_sum)"
say "positions: the 4 merged sampling shards have the single run's checksum $single_sum; relabelled in 4 shards after them, $relabelled_sum as in one run"
cp "$work/positions/shards/shard-1.mpshard" "$work/corrupt.mpshard"
printf '\x55' | dd of="$work/corrupt.mpshard" bs=1 seek=100 conv=notrunc 2>/dev/null
if refusal=$("$mneme" learn positions-merge "$work/positions/shards/shard-0.mpshard" "$work/corrupt.mpshard" \
    "$work/positions/shards/shard-2.mpshard" "$work/positions/shards/shard-3.mpshard" -o "$work/refused.mpos" 2>&1); then
    fail "learn positions-merge accepted a corrupt shard"
fi
case "$refusal" in *"$work/corrupt.mpshard: checksum mismatch"*) ;;
    *) fail "learn positions-merge refused the corrupt shard without naming it: $refusal" ;; esac
say "positions: a corrupt shard is refused: ${refusal#*: }"

# --- match: 4 shards of rounds and their report against one run ------------------------------
cat >"$work/openings.epd" <<'EPD'
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id "e4";
rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id "d4";
rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - id "c4";
rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - id "Nf3";
rnbqkbnr/pppppppp/8/8/8/6P1/PPPPPP1P/RNBQKBNR b KQkq - id "g3";
EPD
match_args=(-engine proto=mneme name=deeper nodes=1500 -engine proto=mneme name=shallower nodes=300
    -each option.Hash=4 -rounds 8 -games 2 -maxmoves 80 -seed 7 -concurrency 1
    -openings "file=$work/openings.epd" order=random)
"$mneme" match "${match_args[@]}" -pgnout "$work/single.pgn" >/dev/null
"$mneme" report "$work/single.pgn" >"$work/single-report.txt"
"$cluster" match "$work/match" --shards 4 -o "$work/match-report.txt" "${resources[@]}" -- \
    "${match_args[@]}" | sed 's/^/  /'
"$cluster" wait "$work/match" --timeout 300 || fail "the match run did not finish"
diff "$work/single-report.txt" "$work/match-report.txt" || fail "the shards' report differs from the single run's"
say "match: the report over the 4 shards equals the single run's: $(grep -m1 'Elo' "$work/match-report.txt" | sed 's/^ *//')"

# --- datagen: 4 shards, one cancelled mid-run and resubmitted --------------------------------
# 12,000 nodes a move: a shard of three games takes seconds, time for the cancel to reach it
# (at 4,000 a shard took 1 s, and on a loaded machine the cancel came after its end).
datagen_args=(--games 12 --nodes 12000 --seed 5 --hash 4)
"$mneme" learn datagen "${datagen_args[@]}" -o "$work/single.mdata" --no-progress >/dev/null
"$cluster" datagen "$work/datagen" --shards 4 -o "$work/data.mdata" "${resources[@]}" -- \
    "${datagen_args[@]}" | sed 's/^/  /'
victim="$work/datagen/shards/shard-1"
for _ in $(seq 1 600); do
    [ -e "$victim.started" ] && break
    sleep 0.1
done
[ -e "$victim.started" ] || fail "shard 1 of the datagen run never started"
[ ! -e "$victim.done" ] || fail "shard 1 finished before it could be cancelled (make its games longer)"
task=$(cut -d' ' -f1 "$victim.started")
scancel "$task"
say "datagen: cancelled array task $task mid-run"
if "$cluster" wait "$work/datagen" --timeout 300 >"$work/wait.txt"; then
    # datagen ends the game it is playing when told to stop (SIGTERM) and keeps it: a cancel
    # that reaches shard 1 during its last game lets it end complete. Only a loaded machine is
    # that slow; the data must then still be whole (checked below), and there is nothing to
    # resubmit.
    [ -e "$victim.done" ] || fail "the datagen run finished although shard 1 was cancelled"
    say "datagen: the cancel reached shard 1 only in its last game (a loaded machine), which it finished; no resubmission to test this time"
else
    sed 's/^/  /' "$work/wait.txt"
    grep -q "shard   1: failed" "$work/wait.txt" || fail "status does not show shard 1 as failed"
    "$cluster" resubmit "$work/datagen" | sed 's/^/  /'
    "$cluster" wait "$work/datagen" --timeout 300 || fail "the resubmitted datagen run did not finish"
fi
checksum() { "$mneme" learn data-info "$1" | grep -m1 -i checksum | grep -o '0x[0-9a-f]*'; }
single_sum=$(checksum "$work/single.mdata")
merged_sum=$(checksum "$work/data.mdata")
[ -n "$single_sum" ] && [ "$single_sum" = "$merged_sum" ] ||
    fail "the merged data's checksum $merged_sum differs from the single run's $single_sum"
say "datagen: after the cancel and the resubmission the merged data has the single run's checksum $single_sum"

# --- SPSA: two workers share one run, then the result -----------------------------------------
"$cluster" spsa "$work/spsa" --workers 2 -o "$work/spsa-result.txt" "${resources[@]}" -- \
    --param FutilityBase=100,0,300,20,0.002 --param QuiescenceDelta=200,50,600,20,0.002 \
    --iterations 8 --games-per-iteration 2 --tc depth=2 --openings "$work/openings.epd" \
    --seed 5 | sed 's/^/  /'
"$cluster" wait "$work/spsa" --timeout 300 || fail "the SPSA run did not finish"
rows=$(tail -n +3 "$work/spsa/trajectory.csv" | cut -d, -f1 | tr '\n' ' ')
[ "$rows" = "0 1 2 3 4 5 6 7 8 " ] || fail "the SPSA trajectory's rows: $rows"
played=$(cat "$work/spsa/logs/shard-"*.log | sed -n 's/^worker *[12] played \([0-9]*\) of the 8 iterations$/\1/p' |
    awk '{ n += $1 } END { print n }')
[ "$played" = 8 ] || fail "the SPSA workers played $played iterations, not 8"
grep -q "^games      16:" "$work/spsa-result.txt" || fail "the SPSA result does not count 16 games"
grep -q "^worker     3 played 0 of the 8 iterations" "$work/spsa-result.txt" ||
    fail "the SPSA result job played games"
say "spsa: 2 workers played the 8 iterations once each; $(grep '^result ' "$work/spsa-result.txt")"

# --- an SPRT campaign in batches --------------------------------------------------------------
"$cluster" sprt "$work/sprt" --rounds-per-shard 2 --batch 2 --max-shards 6 \
    --sprt "elo0=0 elo1=20 alpha=0.05 beta=0.05" "${resources[@]}" -- \
    -engine proto=mneme name=deeper nodes=1500 -engine proto=mneme name=shallower nodes=300 \
    -each option.Hash=4 -games 2 -maxmoves 80 -seed 11 -concurrency 1 \
    -openings "file=$work/openings.epd" order=random | sed 's/^/  /'
"$cluster" wait "$work/sprt" --timeout 400 || fail "the SPRT campaign did not finish"
grep -q "^campaign: " "$work/sprt/result.txt" || fail "the campaign wrote no verdict"
say "sprt: $(grep '^campaign: ' "$work/sprt/result.txt")"
shards_played=$(ls "$work/sprt/shards/"*.done | wc -l)
"$mneme" report $(for s in $(seq 0 $((shards_played - 1))); do echo "$work/sprt/shards/shard-$s.pgn"; done) \
    --sprt elo0=0 elo1=20 alpha=0.05 beta=0.05 >"$work/sprt-check.txt"
diff <(grep -v '^campaign: ' "$work/sprt/result.txt") "$work/sprt-check.txt" ||
    fail "the campaign's report differs from one over its shards"

say "all checks passed"
