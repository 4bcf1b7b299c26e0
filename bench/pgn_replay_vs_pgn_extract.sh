#!/bin/sh
# Whole-union PGN replay (decompress, parse, SAN resolution, legality, incremental keys):
# `mneme pgn stats` against `pgn-extract -s -r` on the same decompressed file (both single
# threaded), and mneme on the .zst directly (zstd decoding runs on a second thread). Prints the best wall time of RUNS runs of each and the ratio.
# Usage: bench/pgn_replay_vs_pgn_extract.sh [path/to/mneme] [RUNS]
set -eu
cd "$(dirname "$0")/.."
MNEME="${1:-build/release/mneme}"
RUNS="${2:-3}"
UNION="${MNEME_DATA_DIR:-../shared/data}/pgn/human/pgnmentor_players_union.pgn.zst"

[ -x "$MNEME" ] || { echo "build first: cmake --preset release && cmake --build --preset release" >&2; exit 1; }
[ -f "$UNION" ] || { echo "missing $UNION" >&2; exit 1; }
command -v zstd >/dev/null || { echo "needs the zstd command" >&2; exit 1; }

PGN_EXTRACT="$(command -v pgn-extract || echo /usr/games/pgn-extract)"
if [ ! -x "$PGN_EXTRACT" ]; then
    echo "pgn-extract not found; installing it (Debian package pgn-extract)" >&2
    if [ "$(id -u)" = 0 ]; then apt-get install -y pgn-extract >&2; else sudo apt-get install -y pgn-extract >&2; fi
    PGN_EXTRACT="$(command -v pgn-extract || echo /usr/games/pgn-extract)"
fi

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT INT TERM
PLAIN="$TMP/union.pgn"
zstd -q -dc "$UNION" > "$PLAIN"

# best_of COMMAND...: runs it RUNS times (output to $TMP/out, $TMP/err), prints the best wall time.
best_of() {
    best=""
    run=0
    while [ "$run" -lt "$RUNS" ]; do
        start=$(date +%s.%N)
        "$@" > "$TMP/out" 2> "$TMP/err" || true
        end=$(date +%s.%N)
        best=$(awk -v s="$start" -v e="$end" -v b="$best" 'BEGIN { t = e - s; if (b == "" || t < b) b = t; printf "%.3f", b }')
        run=$((run + 1))
    done
    echo "$best"
}

echo "union file: $UNION ($(wc -c < "$PLAIN") bytes decompressed), best of $RUNS runs each"

extract=$(best_of "$PGN_EXTRACT" -s -r "$PLAIN")
extract_errors=$(grep -c . "$TMP/err" || true)
echo "pgn-extract -s -r  (plain): $extract s  ($extract_errors lines of error reports)"

mneme_plain=$(best_of "$MNEME" pgn stats "$PLAIN")
echo "mneme pgn stats    (plain): $mneme_plain s"
sed 's/^/    /' "$TMP/out"
sed 's/^/    /' "$TMP/err"

mneme_zst=$(best_of "$MNEME" pgn stats "$UNION")
echo "mneme pgn stats    (.zst):  $mneme_zst s"

awk -v x="$extract" -v p="$mneme_plain" -v z="$mneme_zst" \
    'BEGIN { printf "ratio pgn-extract / mneme: %.1fx on the plain file, %.1fx with mneme reading the .zst\n", x / p, x / z }'
