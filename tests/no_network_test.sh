#!/bin/sh
# mneme as it is built when networks/default.mnet is absent (a fork without the file, or a
# build that drops it): the classic evaluation is the default, Eval=nnue waits for EvalFile and
# says so, and a network file given later is played. The release binary has a network built in,
# so these paths run only here.
#   tests/no_network_test.sh MNEME_WITHOUT_NETWORK NETWORK.mnet
mneme=$1
net=$2
. "$(dirname "$0")/shell_checks.sh"

out=$("$mneme" version 2>&1)
says "$out" "network    none built in (the classic evaluation is the default)"

out=$(printf 'uci\nquit\n' | "$mneme" 2>&1)
says "$out" "option name Eval type combo default classic"

# Eval=nnue with nothing to play: it waits for the file and the search says what it plays with.
out=$(printf 'uci\nsetoption name Eval value nnue\nposition startpos\ngo depth 1\nquit\n' | "$mneme" 2>&1)
says "$out" "info string Eval nnue waits for EvalFile"
says "$out" "info string warning: Eval is nnue but no network was given"
says "$out" "bestmove "

# The file after the wish (cutechess's order): the network is played.
out=$(printf 'uci\nsetoption name Eval value nnue\nsetoption name EvalFile value %s\nisready\nquit\n' "$net" | "$mneme" 2>&1)
says "$out" "info string evaluation nnue: $net"

# The command line: asking for the network without a file is refused with the reason.
out=$("$mneme" bench --eval nnue 2>&1) && fail "bench --eval nnue without a network succeeded: $out"
says "$out" "this mneme was built without a network; give one with EvalFile / --net"
out=$("$mneme" eval 2>&1) || fail "eval failed: $out"
says "$out" "Network: none built in (--net FILE evaluates with one)"
out=$("$mneme" eval --net "$net" 2>&1) || fail "eval --net failed: $out"
says "$out" "Network ($net, (768->"

echo "without a network: classic by default, nnue waits for its file"
