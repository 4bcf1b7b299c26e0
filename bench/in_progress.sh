# Sourced by the match scripts. A long match outlives a session but not always its machine, so
# bench/keep_in_progress.sh commits the games played so far to bench/results/in-progress/, and a
# match script that finds no PGN of its own starts from those games instead of from nothing.
#   carry_in_progress NAME.pgn DEST   copies the kept games of NAME.pgn (if any) to DEST
#   (NAME.csv: an SPSA trajectory, kept the same way)
carry_in_progress() {
    local kept
    kept="$root/bench/results/in-progress/$1.zst"
    [[ -s "$kept" ]] || return 0
    zstd -q -dc "$kept" >"$2.partial" && mv "$2.partial" "$2"
    echo "$(basename "$0" .sh): going on from the $(kept_count "$2") kept in $kept" >&2
}

# "N games" of a PGN, "N iterations" of an SPSA trajectory (its settings line, header, start row).
kept_count() {
    if [[ "$1" == *.csv ]]; then
        echo "$(($(grep -c . "$1") - 3)) iterations"
    else
        echo "$(grep -c '^\[Result ' "$1") games"
    fi
}
