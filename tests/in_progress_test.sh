#!/bin/sh
# bench/keep_in_progress.sh keeps a growing match in parts, each with only the games added since
# the part before, and bench/in_progress.sh carries all of them back as the same file; a file that
# no longer starts with the kept games is kept whole again, its old parts gone.
#
#   tests/in_progress_test.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/mneme-in-progress.XXXXXX")
trap 'rm -rf "$work"' EXIT
export IN_PROGRESS_DIR="$work/kept"
fail() {
    echo "FAIL $*"
    exit 1
}
game() {  # round result
    printf '[Round "%s"]\n[Result "%s"]\n\n1. e4 e5 %s\n\n' "$1" "$2" "$2"
}
keep() { "$root/bench/keep_in_progress.sh" "$work/match.pgn"; }
carried() {  # the kept games as a match script brings them back
    rm -f "$work/carried.pgn"
    bash -c 'root=$1; source "$root/bench/in_progress.sh"; carry_in_progress match.pgn "$2"' \
        carry "$root" "$work/carried.pgn" 2>/dev/null
    cmp -s "$work/match.pgn" "$work/carried.pgn" || fail "carried back is not the match: $1"
}
parts() { ls "$IN_PROGRESS_DIR" | tr '\n' ' '; }

{ game 1 1-0; game 2 0-1; } >"$work/match.pgn"
keep | grep -q 'kept 2 games' || fail "first keep"
[ "$(parts)" = "match.pgn.zst " ] || fail "first keep's files: $(parts)"
carried "first keep"

{ game 3 1/2-1/2; game 4 1-0; game 5 0-1; } >>"$work/match.pgn"
keep | grep -q 'kept 5 games .* the new ones in .*match.2.pgn.zst' || fail "second keep"
[ "$(parts)" = "match.2.pgn.zst match.pgn.zst " ] || fail "second keep's files: $(parts)"
[ "$(zstd -dc "$IN_PROGRESS_DIR/match.2.pgn.zst" | grep -c '^\[Result ')" -eq 3 ] ||
    fail "the second part does not hold just the three new games"
carried "second keep"

keep | grep -q 'nothing new' || fail "keeping again with no new game"
[ "$(parts)" = "match.2.pgn.zst match.pgn.zst " ] || fail "a part without games: $(parts)"

game 6 1-0 >>"$work/match.pgn"
keep >/dev/null
[ "$(parts)" = "match.2.pgn.zst match.3.pgn.zst match.pgn.zst " ] || fail "third keep: $(parts)"
carried "third keep"

{ game 1 0-1; game 2 0-1; } >"$work/match.pgn"
keep | grep -q 'kept 2 games .* in .*match.pgn.zst$' || fail "keeping a rewritten file"
[ "$(parts)" = "match.pgn.zst " ] || fail "the old parts of a rewritten file stay: $(parts)"
carried "rewritten file"
echo "in_progress: ok"
