# Sourced by the match scripts. A long match outlives a session but not always its machine, so
# bench/keep_in_progress.sh commits the games played so far to bench/results/in-progress/, and a
# match script that finds no PGN of its own starts from those games instead of from nothing.
#   carry_in_progress NAME.pgn DEST   copies the kept games of NAME.pgn (if any) to DEST
carry_in_progress() {
    local kept
    kept="$root/bench/results/in-progress/$1.zst"
    [[ -s "$kept" ]] || return 0
    zstd -q -dc "$kept" >"$2.partial" && mv "$2.partial" "$2"
    echo "$(basename "$0" .sh): going on from the $(grep -c '^\[Result ' "$2") games kept in $kept" >&2
}
