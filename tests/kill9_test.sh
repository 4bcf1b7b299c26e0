#!/bin/sh
# kill -9 at random moments of mneme's long jobs (issue 24, "no data lost"). For each job, an
# old output is in place and the job is killed after a random delay of up to one and a half
# runs: the file must then be the old one or the complete new one (byte for byte), never a
# torn one; the resumable jobs (a match's -pgnout, datagen, training, the GUI server's game)
# must resume to the uninterrupted result.
#
#   tests/kill9_test.sh MNEME [KILLS_PER_JOB (5)] [SEED (1)]
set -eu
mneme=$1
kills=${2:-5}
seed=${3:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/mneme-kill9.XXXXXX")
server=""
cleanup() {
    [ -n "$server" ] && kill -9 "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# A random delay in seconds from 0 to $1, a new one at each call. It is called in $(...), a
# subshell, so the count of draws lives in a file (a variable would stay 0: one delay for all).
delay() {
    draw=$(($(cat "$work/draws" 2>/dev/null || echo 0) + 1))
    echo "$draw" > "$work/draws"
    awk -v s="$seed" -v n="$draw" -v top="$1" 'BEGIN { srand(s * 7919 + n); printf "%.3f", rand() * top }'
}
# The jobs below are shell functions that end by exec'ing mneme, so that in the background the
# process killed is mneme itself; in the foreground they run in a subshell, ( job ... ).
#
# Runs a job in the background and kills it with SIGKILL after $1 seconds.
kill_after() {
    wait_for=$1
    shift
    "$@" > "$work/killed.log" 2>&1 &
    pid=$!
    sleep "$wait_for"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
# Seconds a job takes (to three decimals).
timed() {
    start=$(date +%s.%N)
    ( "$@" ) > /dev/null 2>&1
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'
}
# The games of fuzz/corpus/pgn/games.pgn repeated N times, each with its own Event.
games() {
    awk -v n="$1" '{ line[NR] = $0 } END { for (i = 1; i <= n; i++) for (j = 1; j <= NR; j++) {
        l = line[j]; if (l ~ /^\[Event "/) sub(/^\[Event "/, "[Event \"" i " ", l); print l } }' \
        "$root/fuzz/corpus/pgn/games.pgn"
}
games 200 > "$work/a.pgn"
games 20000 > "$work/b.pgn"
games 2000 > "$work/c.pgn"  # for the slower positions job: about a second on an idle machine

# An atomically written output: killed at any moment, it is the old file or the new one. The
# old file is what the job wrote from a.pgn, the new one what it writes from NEW_INPUT (the same
# output path, since the files record the command that made them).
atomic_job() {  # atomic_job NAME NEW_INPUT OUTPUT COMMAND... (with INPUT where the PGN goes)
    name=$1
    new_input=$2
    out=$3
    shift 3
    old=$work/$name.old
    new=$work/$name.new
    with_input() {
        input=$1
        shift
        for word in "$@"; do [ "$word" = INPUT ] && set -- "$@" "$input" || set -- "$@" "$word"; shift; done
        exec "$@"
    }
    ( with_input "$work/a.pgn" "$@" ) > /dev/null 2>&1 && cp "$out" "$old"
    ( with_input "$new_input" "$@" ) > /dev/null 2>&1 && cp "$out" "$new"
    cmp -s "$old" "$new" && { fail "$name: the old and new outputs are the same file"; return; }
    whole=$(timed with_input "$new_input" "$@")
    kept_old=0
    got_new=0
    i=0
    while [ $i -lt "$kills" ]; do
        i=$((i + 1))
        cp "$old" "$out"
        kill_after "$(delay "$(awk -v t="$whole" 'BEGIN { print t * 1.5 }')")" with_input "$new_input" "$@"
        if cmp -s "$out" "$old"; then kept_old=$((kept_old + 1))
        elif cmp -s "$out" "$new"; then got_new=$((got_new + 1))
        else fail "$name: kill $i left a file that is neither the old nor the new one"; fi
    done
    echo "ok   $name: $kills kills within ${whole}s runs: $kept_old left the old file, $got_new the new one"
}

atomic_job book "$work/b.pgn" "$work/out.mbook" "$mneme" book build INPUT -o "$work/out.mbook" --quiet
atomic_job cases "$work/b.pgn" "$work/out.mcases" "$mneme" cases build INPUT -o "$work/out.mcases" --quiet
atomic_job positions "$work/c.pgn" "$work/out.mpos" "$mneme" learn positions INPUT -o "$work/out.mpos" \
    --skip-plies 0 --threads 1 --no-progress

# A match writing its games as it goes: killed, it resumes (dropping a game cut off in the
# middle) to the same games as a run that was never killed.
match() {
    exec "$mneme" match -engine proto=greedy name=greedy seed=3 -engine proto=random name=random seed=4 \
        -each depth=1 -rounds 150 -concurrency 1 -maxmoves 60 -seed 9 -pgnout "$1" "$2" > /dev/null 2>&1
}
( match "$work/match.pgn" -overwrite )
"$mneme" report "$work/match.pgn" > "$work/match.whole.txt"
whole=$(timed match "$work/match.pgn" -overwrite)
i=0
while [ $i -lt "$kills" ]; do
    i=$((i + 1))
    rm -f "$work/match.pgn"
    kill_after "$(delay "$whole")" match "$work/match.pgn" -overwrite
    kill_after "$(delay "$whole")" match "$work/match.pgn" -resume
    ( match "$work/match.pgn" -resume ) || fail "match: kill $i: the run does not resume"
    "$mneme" report "$work/match.pgn" > "$work/match.txt" 2>&1 || true
    cmp -s "$work/match.txt" "$work/match.whole.txt" ||
        fail "match: kill $i: the resumed run's statistics differ from the whole run's"
done
echo "ok   match: $kills runs killed twice each (${whole}s runs) resumed to the whole run's games"

# Self-play training data: killed twice and resumed, the file equals the uninterrupted run's.
datagen() {
    exec "$mneme" learn datagen -o "$1" --games 12 --nodes 400 --max-plies 80 --seed 5 --no-progress > /dev/null 2>&1
}
( datagen "$work/data.mdata" )
mv "$work/data.mdata" "$work/data.whole.mdata"
whole=$(timed datagen "$work/data.mdata")
i=0
while [ $i -lt "$kills" ]; do
    i=$((i + 1))
    rm -f "$work/data.mdata"
    kill_after "$(delay "$whole")" datagen "$work/data.mdata"
    kill_after "$(delay "$whole")" datagen "$work/data.mdata"
    ( datagen "$work/data.mdata" ) || fail "datagen: kill $i: the run does not resume"
    cmp -s "$work/data.mdata" "$work/data.whole.mdata" ||
        fail "datagen: kill $i: the resumed file differs from the uninterrupted run's"
done
echo "ok   datagen: $kills runs killed twice each (${whole}s runs) resumed to the same bytes"

# Training: killed, the network file is the old one or a complete new one, and the checkpoint
# it left (if any) resumes to a complete network.
train() {
    exec "$mneme" learn nnue "$work/data.whole.mdata" -o "$work/net.mnet" --hidden 16 --epochs 40 --batch 64 \
        --threads 1 --validation 0 --no-progress "$@" > /dev/null 2>&1
}
( train )
cp "$work/net.mnet" "$work/net.old"
whole=$(timed train)
i=0
while [ $i -lt "$kills" ]; do
    i=$((i + 1))
    cp "$work/net.old" "$work/net.mnet"
    rm -f "$work/net.mnet.ckpt"
    kill_after "$(delay "$whole")" train
    "$mneme" eval --net "$work/net.mnet" > /dev/null 2>&1 || fail "training: kill $i left a network mneme cannot read"
    if [ -f "$work/net.mnet.ckpt" ]; then
        ( train --resume "$work/net.mnet.ckpt" ) || fail "training: kill $i: the checkpoint does not resume"
        "$mneme" eval --net "$work/net.mnet" > /dev/null 2>&1 || fail "training: kill $i: the resumed network is unreadable"
    fi
done
echo "ok   training: $kills kills within ${whole}s runs left a readable network; checkpoints resumed"

# The GUI server: every move it acknowledged is there after a kill -9 and a restart.
starts=0
start_server() {
    starts=$((starts + 1))
    log=$work/serve.$starts.log  # a new file: an old one would give the last server's address
    "$mneme" serve --port 0 --games-dir "$work/games" > "$log" 2>&1 &
    server=$!
    tries=0
    until address=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$log" 2>/dev/null | head -n 1) && [ -n "$address" ]; do
        tries=$((tries + 1))
        [ $tries -gt 100 ] && { fail "server: no address printed"; return 1; }
        sleep 0.1
    done
}
first_words() {  # first_words N WORD...: the first N words, one space after each
    n=$1; shift
    printf '%s\n' "$@" | head -n "$n" | tr '\n' ' '
}
api() {  # api METHOD PATH [BODY]
    curl -s -f -X "$1" -H 'Content-Type: application/json' ${3:+--data "$3"} "$address$2"
}
# The Immortal Game's 45 moves: no repetition ends it early.
moves="e2e4 e7e5 f2f4 e5f4 f1c4 d8h4 e1f1 b7b5 c4b5 g8f6 g1f3 h4h6 d2d3 f6h5 f3h4 h6g5 h4f5 c7c6
g2g4 h5f6 h1g1 c6b5 h2h4 g5g6 h4h5 g6g5 d1f3 f6g8 c1f4 g5f6 b1c3 f8c5 c3d5 f6b2 f4d6 c5g1 e4e5
b2a1 f1e2 b8a6 f5g7 e8d8 f3f6 g8f6 d6e7"
i=0
killed_after_moves=0
while [ $i -lt "$kills" ]; do
    i=$((i + 1))
    rm -rf "$work/games"
    start_server || break
    if ! api POST /api/new-game '{"players":{"white":"human","black":"human"}}' > /dev/null; then
        fail "server: kill $i: no new game"
        continue
    fi
    acknowledged=0
    ( sleep "$(delay 0.6)"; kill -9 "$server" 2>/dev/null ) &
    killer=$!
    for move in $moves; do
        api POST /api/move "{\"uci\":\"$move\"}" > /dev/null 2>&1 || break
        acknowledged=$((acknowledged + 1))
    done
    wait "$killer" 2>/dev/null || true
    kill -9 "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    start_server || break
    tries=0
    answered=1
    until api GET /api/state > "$work/state.json" 2>/dev/null; do
        tries=$((tries + 1))
        [ $tries -gt 50 ] && { answered=0; break; }
        sleep 0.1
    done
    kill -9 "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
    if [ $answered -eq 0 ]; then
        fail "server: kill $i: the restarted server did not answer /api/state"
        continue
    fi
    # The game's moves in order (with human players nothing else in the state has a "uci"):
    # the acknowledged moves must be their beginning, move for move.
    kept_moves=$(grep -o '"uci":"[a-h1-8qrbn]*"' "$work/state.json" | cut -d'"' -f4 | tr '\n' ' ')
    kept=$(echo $kept_moves | wc -w)
    wanted=$(first_words "$acknowledged" $moves)
    got=$(first_words "$acknowledged" $kept_moves)
    [ "$got" = "$wanted" ] ||
        { fail "server: kill $i: $acknowledged moves acknowledged ($wanted), after the restart: $kept_moves";
          ls -la "$work/games"; head -c 600 "$work/state.json"; echo; }
    [ "$acknowledged" -gt 0 ] && killed_after_moves=$((killed_after_moves + 1))
    echo "     server: kill $i after $acknowledged acknowledged moves: $kept kept"
done
# A kill before the first move proves nothing; at least one must come after some.
[ "$killed_after_moves" -gt 0 ] || fail "server: no kill came after an acknowledged move"
echo "ok   server: $kills kills, $killed_after_moves after acknowledged moves"

if [ $failures -gt 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "all jobs survived kill -9"
