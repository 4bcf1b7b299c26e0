#!/usr/bin/env bash
# Keeps the games of unfinished matches in the repository, so that a new machine goes on where
# this one stopped (bench/sprt.sh and bench/engine_match.sh start from them when they find no PGN
# of their own). Run before a session ends, then commit bench/results/in-progress/ with
# `git add -f`; delete a match's files there once its finished PGN is committed elsewhere.
#   bench/keep_in_progress.sh PGN[=NAME]...   (NAME defaults to the PGN's file name; the soak's legs
#   are kept as gauntlet-OUTDIR-LEG.pgn, e.g. /work/soak/idle/movetime.pgn=gauntlet-idle-movetime.pgn,
#   and engine matches as OUTDIR-mneme-vs-OPPONENT.pgn, e.g.
#   ../matches/network-v4/mneme-vs-ethereal.pgn=network-v4-mneme-vs-ethereal.pgn;
#   an SPSA run's trajectory, ../matches/NAME.csv, is kept the same way)
# The match scripts only add to their files, so when the kept parts are the start of the file,
# only what follows them is kept, as the next part (bench/in_progress.sh); a file that no longer
# starts with them is kept whole again.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[[ $# -gt 0 ]] || { echo "usage: bench/keep_in_progress.sh PGN[=NAME]..." >&2; exit 2; }
source "$root/bench/in_progress.sh"
mkdir -p "$kept_dir"

# Writes standard input compressed to $1, whole or not at all.
write_part() {
    zstd -q -19 -f -c >"$1.partial" && mv "$1.partial" "$1"
}

kept_copy="$(mktemp "${TMPDIR:-/tmp}/keep-in-progress.XXXXXX")"
trap 'rm -f "$kept_copy"' EXIT
for argument in "$@"; do
    pgn="${argument%%=*}"
    name="$(basename "$pgn")"
    [[ "$argument" == *=* ]] && name="${argument#*=}"
    [[ -s "$pgn" ]] || { echo "keep_in_progress: $pgn is empty or missing; skipped" >&2; continue; }
    mapfile -t parts < <(kept_parts "$name")
    # The kept games, decompressed once: their size and whether the PGN starts with them.
    kept_bytes=0
    if [[ ${#parts[@]} -gt 0 ]]; then
        kept_text "$name" >"$kept_copy"
        kept_bytes="$(stat -c %s "$kept_copy")"
    fi
    if [[ ${#parts[@]} -gt 0 ]] && [[ "$(stat -c %s "$pgn")" -ge "$kept_bytes" ]] &&
        cmp -s "$kept_copy" <(head -c "$kept_bytes" "$pgn"); then
        if [[ "$(stat -c %s "$pgn")" -eq "$kept_bytes" ]]; then
            echo "kept $(kept_count "$pgn") of $pgn already; nothing new"
            continue
        fi
        part="$kept_dir/${name%.*}.$((${#parts[@]} + 1)).${name##*.}.zst"
        tail -c +"$((kept_bytes + 1))" "$pgn" | write_part "$part"
        echo "kept $(kept_count "$pgn") of $pgn: the new ones in ${part#"$root"/}," \
            "beside ${#parts[@]} earlier part(s)"
    else
        # The later parts go first: the base alone is still a start of the games.
        for stale in "${parts[@]:1}"; do rm -f "$stale"; done
        write_part "$kept_dir/$name.zst" <"$pgn"
        echo "kept $(kept_count "$pgn") of $pgn in ${kept_dir#"$root"/}/$name.zst"
    fi
done
