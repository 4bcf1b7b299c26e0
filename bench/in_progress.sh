# shellcheck shell=bash
# Sourced by the match scripts. A long match outlives a session but not always its machine, so
# bench/keep_in_progress.sh commits the games played so far to bench/results/in-progress/, and a
# match script that finds no PGN of its own starts from those games instead of from nothing.
# A match's games are kept in parts: NAME.zst, then NAME.2.zst, NAME.3.zst, ... each holding only
# the games played since the part before, so that a long test kept session after session adds
# its new games to the repository's history instead of all of its games again.
#   carry_in_progress NAME.pgn DEST   copies the kept games of NAME.pgn (if any) to DEST
#   (NAME.csv: an SPSA trajectory, kept the same way)
# IN_PROGRESS_DIR overrides the folder (for the tests).
kept_dir="${IN_PROGRESS_DIR:-$root/bench/results/in-progress}"

# The kept parts of NAME, in order, one per line; nothing when none is kept.
kept_parts() {
    local part=2
    [[ -s "$kept_dir/$1.zst" ]] || return 0
    echo "$kept_dir/$1.zst"
    while [[ -s "$kept_dir/${1%.*}.$part.${1##*.}.zst" ]]; do
        echo "$kept_dir/${1%.*}.$part.${1##*.}.zst"
        part=$((part + 1))
    done
}

# The kept text of NAME (all of its parts, in order) on standard output.
kept_text() {
    local parts
    mapfile -t parts < <(kept_parts "$1")
    [[ ${#parts[@]} -gt 0 ]] && zstd -q -dc "${parts[@]}"
}

carry_in_progress() {
    [[ -n "$(kept_parts "$1")" ]] || return 0
    kept_text "$1" >"$2.partial" && mv "$2.partial" "$2"
    echo "$(basename "$0" .sh): going on from the $(kept_count "$2") kept in $kept_dir/$1.zst" \
        "($(kept_parts "$1" | wc -l) parts)" >&2
}

# "N games" of a PGN, "N iterations" of an SPSA trajectory (its settings line, header, start row).
kept_count() {
    if [[ "$1" == *.csv ]]; then
        echo "$(($(grep -c . "$1") - 3)) iterations"
    else
        echo "$(grep -c '^\[Result ' "$1") games"
    fi
}
