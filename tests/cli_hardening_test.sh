#!/bin/sh
# The hardening issue's defects where they meet the command line (docs/hardening.md): PGN
# nested 30,000 levels deep through `pgn convert` and `pgn check`, strict numbers in `perft`
# and its suites, the warning of `serve --host 0.0.0.0`, and a real SIGINT to a match waiting
# for an engine that never answers, and a real SIGINT to the network trainer (a checkpoint
# inside the epoch, resumed to the end), and standard output on a full disk. The library's tests
# cover each fix; these hold the commands.
#   tests/cli_hardening_test.sh MNEME
mneme=$1
dir=$(mktemp -d)
server=""
match=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null
    [ -n "$match" ] && kill -9 "$match" 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT
cd "$dir" || exit 1
fail() {
    echo "FAIL: $*"
    exit 1
}

# 1. 30,000 nested variations (the size that killed `pgn convert`), then a plain game.
awk 'BEGIN {
    printf "[Event \"deep\"]\n\n1. e4 ";
    for (i = 0; i < 30000; i++) printf "(1. d4 ";
    for (i = 0; i < 30000; i++) printf ")";
    print " *\n\n[Event \"plain\"]\n\n1. e4 e5 2. Nf3 *" }' >deep.pgn
"$mneme" pgn convert deep.pgn out.pgn 2>convert.err
status=$?
[ $status -eq 1 ] || fail "pgn convert of a too-deep game: exit $status, expected 1"
grep -q 'game 1 (line 3): variations nested deeper than 256 levels' convert.err ||
    fail "pgn convert does not name the too-deep game: $(cat convert.err)"
grep -q '^1. e4 e5 2. Nf3 \*' out.pgn || fail "pgn convert lost the game after the deep one"
"$mneme" pgn check deep.pgn >check.out 2>&1
status=$?
[ $status -eq 1 ] || fail "pgn check of a too-deep game: exit $status, expected 1"
grep -q '2 games, 1 read, 1 skipped' check.out || fail "pgn check: $(cat check.out)"
printf 'k\001\376 not a game\n' >noise.pgn
"$mneme" pgn check noise.pgn >check.out 2>&1
status=$?
[ $status -eq 1 ] || fail "pgn check of a file without a game: exit $status, expected 1"
grep -q 'no game found in noise.pgn' check.out || fail "pgn check, no game: $(cat check.out)"

# 2. Numbers: a depth that is not one, and suite counts that are not whole numbers.
for depth in 4x 99999999999999999999 0 65 -1 1e3; do
    "$mneme" perft "$depth" >/dev/null 2>perft.err && fail "perft $depth was accepted"
    grep -q "the depth '$depth' is not a number from 1 to 64" perft.err ||
        fail "perft $depth: $(cat perft.err)"
done
"$mneme" perft 1 2 >/dev/null 2>perft.err && fail "perft 1 2 was accepted"
grep -q "the depth is given twice" perft.err || fail "perft 1 2: $(cat perft.err)"
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
printf '%s ;D1 20 ;D2 4x00\n%s ;D1 -15\n' "$start" "$start" >suite.epd
"$mneme" perft --suite suite.epd >suite.out 2>&1 && fail "a suite with bad counts passed"
grep -q "suite.epd:1: D2: the count '4x00' is not a whole number" suite.out ||
    fail "perft --suite, '4x00': $(cat suite.out)"
grep -q "suite.epd:2: D1: the count '-15' is not a whole number" suite.out ||
    fail "perft --suite, '-15': $(cat suite.out)"
grep -q '1/1 counts passed' suite.out || fail "perft --suite dropped the good count: $(cat suite.out)"
# A suite with nothing to check is no pass ("0/0 counts passed", status 0, before).
printf '# only a comment\n' >empty.epd
"$mneme" perft --suite empty.epd >empty.out 2>&1 && fail "a suite without a count passed"
grep -q 'empty.epd: no position with a ;Dn count to check' empty.out || fail "$(cat empty.out)"
printf '%s ;D5 4865609\n' "$start" >deep.epd
"$mneme" perft --suite deep.epd --depth 2 >deep.out 2>&1 && fail "a suite checked at no depth passed"
grep -q 'deep.epd: no count at depth 2 or less to check' deep.out || fail "$(cat deep.out)"

# 3. Beyond loopback the server warns and prints the address with its token.
"$mneme" serve --host 0.0.0.0 --port 0 --no-save >serve.out 2>&1 &
server=$!
for _ in $(seq 1 100); do
    grep -q 'token=' serve.out && break
    sleep 0.1
done
grep -q 'warning: 0.0.0.0' serve.out || fail "serve --host 0.0.0.0 gave no warning: $(cat serve.out)"
grep -q '?token=[0-9a-f]' serve.out || fail "serve --host 0.0.0.0 printed no token: $(cat serve.out)"
kill "$server"
wait "$server" 2>/dev/null
server=""

# 4. A match waiting for an engine that never answers `go` ends at the first SIGINT, at once.
cat >silent.sh <<'EOF'
#!/bin/sh
echo $$ >silent.pid
while read -r line; do
    case "$line" in
        uci) echo "id name silent"; echo uciok ;;
        isready) echo readyok ;;
        quit) exit 0 ;;
    esac
done
EOF
chmod +x silent.sh
"$mneme" match -engine cmd=./silent.sh name=silent -engine proto=random name=random \
    -each tc=300+0 -games 1 -concurrency 1 -pgnout match.pgn >match.out 2>&1 &
match=$!
sleep 1
kill -INT "$match"
for _ in $(seq 1 50); do
    kill -0 "$match" 2>/dev/null || break
    sleep 0.1
done
kill -0 "$match" 2>/dev/null && fail "mneme match still waits 5 s after SIGINT: $(cat match.out)"
wait "$match"
status=$?
match=""
[ $status -ne 0 ] || fail "an interrupted match exited 0"
sleep 0.2
kill -0 "$(cat silent.pid)" 2>/dev/null && fail "the silent engine outlived the match"
grep -q 'Interrupted' match.out || fail "the match did not say it was interrupted: $(cat match.out)"

# 5. The trainer stops at the first SIGINT after its current batch, with a checkpoint inside the
# epoch; the same command with --resume finishes; resumed once more it leaves the network alone.
"$mneme" learn datagen -o data.mdata --games 8 --nodes 300 --max-plies 60 --seed 3 --no-progress \
    >datagen.out 2>&1 || fail "datagen for the trainer: $(cat datagen.out)"
train() {
    exec "$mneme" learn nnue data.mdata -o net.mnet --hidden 16 --epochs 100000 --batch 16 \
        --threads 1 --no-progress "$@"
}
(train >train.out 2>&1) &
trainer=$!
sleep 1
kill -INT "$trainer"
wait "$trainer"
status=$?
[ $status -eq 3 ] || fail "an interrupted training exited $status, expected 3: $(cat train.out)"
grep -q 'stopped     in epoch [0-9]* after batch [0-9]* of [0-9]*; checkpoint net.mnet.ckpt' train.out ||
    grep -q 'stopped     after epoch [0-9]*; checkpoint net.mnet.ckpt' train.out ||
    fail "the trainer did not say where it stopped: $(cat train.out)"
[ -f net.mnet ] && fail "an interrupted training wrote a network"
epochs=$(sed -n 's/.*stopped     \(in epoch\|after epoch\) \([0-9]*\).*/\2/p' train.out)
# Resumed with as many epochs as it had begun: it finishes that epoch and writes the network.
"$mneme" learn nnue data.mdata -o net.mnet --hidden 16 --epochs "$epochs" --batch 16 --threads 1 \
    --no-progress --resume net.mnet.ckpt >resume.out 2>&1 ||
    fail "the stopped training does not resume: $(cat resume.out)"
grep -q "^resumed     net.mnet.ckpt" resume.out || fail "no resume line: $(cat resume.out)"
grep -q "^wrote       net.mnet" resume.out || fail "the resumed training wrote no network: $(cat resume.out)"
cp net.mnet net.first
"$mneme" learn nnue data.mdata -o net.mnet --hidden 16 --epochs "$epochs" --batch 16 --threads 1 \
    --no-progress --resume net.mnet.ckpt >again.out 2>&1 || fail "a finished run resumed: $(cat again.out)"
grep -q "^done        net.mnet was trained to epoch $epochs already" again.out ||
    fail "a finished run resumed again did not say so: $(cat again.out)"
cmp -s net.mnet net.first || fail "a finished run resumed again rewrote its network"
# A folder of opening tables given and missing is an error (it was a note, status 0).
printf '[Event "e"]\n\n1. e4 e5 1-0\n' >one.pgn
"$mneme" pgn stats --by eco --eco-dir nowhere one.pgn >eco.out 2>&1
status=$?
[ $status -eq 1 ] || fail "--eco-dir nowhere: exit $status, expected 1"
grep -q -- '--eco-dir nowhere: no such folder' eco.out || fail "--eco-dir nowhere: $(cat eco.out)"

# A sampling rate of 0 keeps nothing: refused (it wrote a file of no positions).
for command in positions label-games; do
    "$mneme" learn "$command" one.pgn -o sampled.out --sample-rate 0 >rate.out 2>&1
    status=$?
    [ $status -eq 2 ] || fail "learn $command --sample-rate 0: exit $status, expected 2"
    grep -q -- "--sample-rate: '0' keeps nothing" rate.out || fail "learn $command: $(cat rate.out)"
done

# Standard output on a full disk: the command fails with the reason (it said nothing, status 0).
if [ -c /dev/full ]; then
    "$mneme" perft 2 --divide >/dev/full 2>full.err
    status=$?
    [ $status -eq 1 ] || fail "perft onto a full disk: exit $status, expected 1"
    grep -q '^mneme: cannot write to standard output' full.err ||
        fail "perft onto a full disk: $(cat full.err)"
fi
echo "the command line held: deep PGN, strict numbers, the server's warning, SIGINT to a match and to the trainer, a full disk"
