#!/bin/sh
# mneme play --eval / --net: the game is played with the evaluation asked for (the greeting
# names it, and the scores it reports differ from the built-in network's), and a network file
# that cannot be read stops the command before the game with the reason.
#   tests/play_evaluation_test.sh MNEME NETWORK.mnet
mneme=$1
net=$2
fail() {
    echo "FAIL: $*"
    exit 1
}
says() {  # says TEXT WHAT: TEXT contains WHAT
    case $1 in *"$2"*) ;; *) fail "expected '$2' in: $1" ;; esac
}
# The engine's reply to 1. e4 at depth 4 with its score, as the terminal game prints it.
reply() {
    printf 'e4\nquit\n' | "$mneme" play --depth 4 --letters "$@" 2>&1
}
default=$(reply)
says "$default" "you play White against the network (built in)"
classic=$(reply --eval classic)
says "$classic" "you play White against the classic evaluation"
other=$(reply --net "$net")
says "$other" "you play White against the network $net"
line() { printf '%s\n' "$1" | grep 'mneme plays 1\.\.\.' | sed 's/, [0-9]* nodes.*//'; }
[ -n "$(line "$default")" ] || fail "no reply in: $default"
[ "$(line "$default")" != "$(line "$classic")" ] || fail "--eval classic played as the network: $(line "$classic")"
[ "$(line "$default")" != "$(line "$other")" ] || fail "--net played as the built-in network: $(line "$other")"

out=$("$mneme" play --net /nonexistent/mneme.mnet </dev/null 2>&1) && fail "a missing network file started a game: $out"
says "$out" "/nonexistent/mneme.mnet: cannot open: No such file or directory"
case $out in *"you play"*) fail "the game started before the refusal: $out" ;; esac
echo "the terminal game plays the evaluation asked for"
