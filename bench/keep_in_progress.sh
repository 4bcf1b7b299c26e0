#!/usr/bin/env bash
# Keeps the games of unfinished matches in the repository, so that a new machine goes on where
# this one stopped (bench/sprt.sh and bench/engine_match.sh start from them when they find no PGN
# of their own). Run before a session ends, then commit bench/results/in-progress/ with
# `git add -f`; delete a match's file there once its finished PGN is committed elsewhere.
#   bench/keep_in_progress.sh PGN[=NAME]...   (NAME defaults to the PGN's file name; the soak's legs
#   are kept as gauntlet-OUTDIR-LEG.pgn, e.g. /work/soak/idle/movetime.pgn=gauntlet-idle-movetime.pgn,
#   and engine matches as OUTDIR-mneme-vs-OPPONENT.pgn, e.g.
#   ../matches/network-v4/mneme-vs-ethereal.pgn=network-v4-mneme-vs-ethereal.pgn;
#   an SPSA run's trajectory, ../matches/NAME.csv, is kept the same way)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[[ $# -gt 0 ]] || { echo "usage: bench/keep_in_progress.sh PGN[=NAME]..." >&2; exit 2; }
source "$root/bench/in_progress.sh"
mkdir -p "$root/bench/results/in-progress"
for argument in "$@"; do
    pgn="${argument%%=*}"
    name="$(basename "$pgn")"
    [[ "$argument" == *=* ]] && name="${argument#*=}"
    [[ -s "$pgn" ]] || { echo "keep_in_progress: $pgn is empty or missing; skipped" >&2; continue; }
    kept="$root/bench/results/in-progress/$name.zst"
    zstd -q -19 -f -c "$pgn" >"$kept.partial" && mv "$kept.partial" "$kept"
    echo "kept $(kept_count "$pgn") of $pgn in ${kept#"$root"/}"
done
