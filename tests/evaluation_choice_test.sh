#!/bin/sh
# mneme play and mneme serve with --eval / --net: the terminal game is played with the
# evaluation asked for (the greeting names it, and the scores it reports differ from the built-in
# network's), the server says which it searches with, and a network file that cannot be read
# stops either command before it starts, with the reason. (The server's searches themselves:
# GuiPlayersTest.TheEngineSearchesWithTheServersEvaluation.)
#   tests/evaluation_choice_test.sh MNEME NETWORK.mnet
mneme=$1
net=$2
. "$(dirname "$0")/shell_checks.sh"
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

out=$(timeout 10 "$mneme" serve --port 0 --no-save --eval classic 2>&1 | head -n 1)
says "$out" "mneme serve: the engine searches with the classic evaluation"
out=$(timeout 10 "$mneme" serve --port 0 --no-save --net "$net" 2>&1 | head -n 1)
says "$out" "mneme serve: the engine searches with the network $net"
out=$(timeout 10 "$mneme" serve --port 0 --no-save --net /nonexistent/mneme.mnet 2>&1) &&
    fail "serve started with a missing network file: $out"
says "$out" "/nonexistent/mneme.mnet: cannot open: No such file or directory"
case $out in *"open http"*) fail "the server listened before the refusal: $out" ;; esac
echo "play and serve use the evaluation asked for"
