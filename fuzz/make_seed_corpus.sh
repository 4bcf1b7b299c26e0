#!/bin/sh
# Writes fuzz/corpus/TARGET/, the seed inputs of each fuzz target: real data from the project
# (its test data, the built-in defaults, files mneme makes) cut to a few KB each. The result is
# committed; run this again only when a format changes.
#
#   fuzz/make_seed_corpus.sh [MNEME]      (MNEME: build/release/mneme)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
mneme=${1:-$root/build/release/mneme}
out=$root/fuzz/corpus
work=$(mktemp -d "${TMPDIR:-/tmp}/mneme-corpus.XXXXXX")
trap 'rm -rf "$work"' EXIT
rm -rf "$out"
mkdir -p "$out"

seed() {  # seed TARGET NAME: the file's text from stdin
    mkdir -p "$out/$1"
    cat > "$out/$1/$2"
}
flagged() {  # flagged TARGET NAME BYTE TEXT: a first byte choosing a position or variant
    mkdir -p "$out/$1"
    printf "\\$(printf '%03o' "$3")%s" "$4" > "$out/$1/$2"
}

# FEN: the perft sample's positions (a flag byte: 0 standard, 1 Chess960).
n=0
grep -v '^#' "$root/tests/data/perft_sample.epd" | cut -d';' -f1 | head -n 24 | while read -r fen; do
    n=$((n + 1))
    flagged fen "perft-$n" 0 "$fen"
done
flagged fen chess960 1 "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"

# SAN and UCI moves in the fuzz targets' positions (fuzz/fuzz_support.h).
for entry in "0 e4" "0 Nf3" "0 Nbd2" "1 O-O" "1 O-O-O" "1 Bxa6" "1 dxe6" "1 Qxf7+" "2 bxa1=Q+" \
             "2 b1=N" "3 exf6" "4 Rxh5" "5 O-O"; do
    set -- $entry
    flagged san "san-$1-$2" "$1" "$2"
done
for entry in "0 e2e4" "0 g1f3" "1 e1g1" "1 e1c1" "1 d5e6" "2 c7c8q" "2 b2a1n" "3 e5f6" "5 g1f1" "5 g1h1"; do
    set -- $entry
    flagged uci_move "uci-$1-$2" "$1" "$2"
done

# EPD: lines of the test data.
head -n 12 "$root/tests/data/perft_sample.epd" | seed epd perft-sample
printf '%s\n' 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id "ruy";' \
    'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - c0 "castles"; c1 "both"; acd 12; ce +35; pv e1g1;' | seed epd operations

# PGN: games with tags, comments, NAGs, variations, a FEN start, and compressed copies.
cat > "$work/games.pgn" <<'PGN'
[Event "Casual game"]
[Site "London"]
[Date "1851.06.21"]
[White "Anderssen, Adolf"]
[Black "Kieseritzky, Lionel"]
[Result "1-0"]
[ECO "C33"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5 8. Nh4 Qg5
9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 15. Bxf4 Qf6
16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1 {the bishop sacrifice} 19. e5 Qxa1+ 20. Ke2 Na6
21. Nxg7+ Kd8 22. Qf6+ Nxf6 23. Be7# 1-0

[Event "Variations"]
[White "A"]
[Black "B"]
[Result "*"]

1. d4 $1 {a solid start} d5 (1... Nf6 2. c4 (2. Nf3 g6) e6) 2. c4 $5 dxc4 ; rest of line
% escaped line
3. e4 *

[Event "From a position"]
[White "C"]
[Black "D"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]

1. a8=Q+ Kd7 2. Qb7+ Ke6 1/2-1/2
PGN
mkdir -p "$out/pgn"
cp "$work/games.pgn" "$out/pgn/games.pgn"
zstd -q -19 -c "$work/games.pgn" > "$out/pgn/games.pgn.zst"
gzip -9 -n -c "$work/games.pgn" > "$out/pgn/games.pgn.gz"

# Engine protocols: short sessions.
printf 'isready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 3\nisready\n' | seed uci play
printf 'setoption name MultiPV value 3\nposition fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ngo nodes 2000\n' | seed uci multipv
printf 'position startpos\ngo wtime 1000 btime 1000 winc 10 binc 10 movestogo 5\nponderhit\nstop\n' | seed uci clock
printf 'setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 1500\nposition startpos moves e2e4\ngo movetime 50\nd\neval\n' | seed uci strength
printf 'perft 3\nposition fen 8/8/8/8/8/8/8/K6k w - - 0 1\ngo infinite\nstop\ndebug on\nregister later\n' | seed uci perft
printf 'new\nlevel 40 5 0\ntime 30000\notim 30000\nusermove e2e4\ngo\n' | seed xboard play
printf 'setboard r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\nanalyze\n.\nexit\nforce\nusermove e1g1\nundo\nremove\n' | seed xboard analyze
printf 'new\nst 1\nsd 3\nhard\npost\nusermove d2d4\n?\ndraw\nresult 1/2-1/2 {agreed}\nping 7\n' | seed xboard misc

# Books, case bases, training data and a network made by mneme from the games above.
"$mneme" book build "$work/games.pgn" -o "$work/small.mbook" --quiet >/dev/null
mkdir -p "$out/mbook" "$out/polyglot" "$out/mcases" "$out/mdata" "$out/mnet" "$out/mpos" "$out/mpshard"
cp "$work/small.mbook" "$out/mbook/small.mbook"
"$mneme" book export "$work/small.mbook" -o "$out/polyglot/small.bin" --min-games 1 >/dev/null
"$mneme" cases build "$work/games.pgn" -o "$out/mcases/small.mcases" --quiet >/dev/null
"$mneme" learn positions "$work/games.pgn" -o "$out/mpos/small.mpos" --skip-plies 0 --no-progress >/dev/null
"$mneme" learn positions "$work/games.pgn" -o "$out/mpshard/whole.mpshard" --skip-plies 0 --max-per-game 3 --shard 0/1 --no-progress >/dev/null
"$mneme" learn positions "$work/games.pgn" -o "$out/mpshard/second.mpshard" --skip-plies 0 --shard 2/3 --no-progress >/dev/null
"$mneme" learn datagen -o "$out/mdata/small.mdata" --games 1 --nodes 300 --max-plies 40 --skip-plies 4 --no-progress >/dev/null
"$mneme" learn nnue "$out/mdata/small.mdata" -o "$work/tiny.mnet" --hidden 16 --epochs 1 --threads 1 --no-progress --validation 0 >/dev/null
cp "$work/tiny.mnet" "$out/mnet/tiny.mnet"
"$mneme" learn nnue "$out/mdata/small.mdata" -o "$work/buckets.mnet" --hidden 16 --buckets 4 --epochs 1 --threads 1 --no-progress --validation 0 >/dev/null
cp "$work/buckets.mnet" "$out/mnet/buckets.mnet"

# The graphical program's API: "METHOD PATH" then the body.
printf 'GET /api/state\n' | seed gui_api state
printf 'POST /api/new-game\n{"players":{"white":"human","black":"human"},"fen":"4k3/P7/8/8/8/8/8/4K3 w - - 0 1"}' | seed gui_api new-game
printf 'POST /api/move\n{"uci":"e2e4"}' | seed gui_api move
printf 'POST /api/pgn/load\n{"pgn":"1. e4 (1. d4 d5) e5 {x} 2. Nf3 *","index":0}' | seed gui_api pgn-load
printf 'POST /api/pgn/games\n{"pgn":"[White \\"a\\"]\\n\\n1. e4 e5 1-0"}' | seed gui_api pgn-games
printf 'POST /api/validate-position\n{"fen":"8/8/8/8/8/8/8/K6k w - - 0 1"}' | seed gui_api validate
printf 'GET /api/book?ply=0&policy=opta3\n' | seed gui_api book
printf 'GET /api/position?ply=0\n' | seed gui_api position
printf 'POST /api/strength\n{"depth":2,"movetime_ms":10,"elo":0}' | seed gui_api strength

du -sh "$out"
find "$out" -type f | wc -l
