#!/bin/sh
# mneme play from a position whose game is already over (a FEN of a mate or stalemate) says so
# and waits for the player: it does not ask the engine for a move there (which looped, printing
# "mneme is thinking..." without end), and 'new' and 'undo' back to it say it again.
#   tests/play_over_at_start_test.sh MNEME
set -u
mneme=$1
fail() {
    echo "FAIL: $*"
    exit 1
}
play() {  # FEN, then the lines typed
    fen=$1
    shift
    printf '%s\n' "$@" | timeout 20 "$mneme" play --depth 2 --fen "$fen" 2>&1
    status=$?
    [ $status -eq 0 ] || fail "exit $status (124: did not end) from $fen"
}
thinking() { echo "$1" | grep -c 'mneme is thinking'; }

# Black, mneme's side, is mated: nothing to think about.
out=$(play "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1" "Qg8" "new" "quit") || fail "$out"
[ "$(thinking "$out")" -eq 0 ] || fail "mneme thought in a mated position: $(echo "$out" | head -5)"
[ "$(echo "$out" | grep -c '^Checkmate: White wins. 1-0$')" -eq 2 ] ||
    fail "the mate is not named at the start and after 'new': $out"
echo "$out" | grep -q "^The game is over; 'undo' to take a move back" ||
    fail "a move after the end is not refused: $out"

# Stalemate with mneme to move.
out=$(play "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" "quit") || fail "$out"
[ "$(thinking "$out")" -eq 0 ] || fail "mneme thought in a stalemate"
echo "$out" | grep -q '^Draw by stalemate. 1/2-1/2$' || fail "the stalemate is not named: $out"

# The player's side (White) is mated; one move of mneme's after a mate is taken back to it.
out=$(play "7K/6q1/6k1/8/8/8/8/8 w - - 0 1" "undo" "quit") || fail "$out"
echo "$out" | grep -q '^Checkmate: Black wins. 0-1$' || fail "the player's mate is not named: $out"
echo "$out" | grep -q '^There is no move to take back.$' || fail "undo at the start: $out"
echo "play over at the start: ok"
