#!/bin/sh
# Runs a command so that a timed job beside it (a match, a test suite at fixed time) keeps the
# cores: a build, a test run or a data job started while a match plays.
#   scripts/low_priority.sh COMMAND [ARGUMENT]...
# `nice -n 19` alone is not enough on Linux: its autogroup scheduler first shares the cores
# between sessions (each terminal, each setsid job) and applies nice only inside a session, so a
# `nice -n 19` build started from another terminal took as much CPU as the match's session and
# cost 2 threads against 1 their whole gain (docs/engine.md, Threads). The command therefore
# runs in a session of its own whose autogroup is set to nice 19 as well. Ctrl-C and kill of
# this script stop the command's whole session.
set -u
[ "$#" -gt 0 ] || { echo "usage: scripts/low_priority.sh COMMAND [ARGUMENT]..." >&2; exit 2; }
if [ -z "${MNEME_LOW_PRIORITY_SESSION:-}" ] && command -v setsid > /dev/null; then
    # A background job is not its process group's leader, so setsid makes the session in place
    # and the child's pid names the session's process group. A shell without job control gives a
    # background job /dev/null for its standard input, so the command gets ours through fd 3
    # (`echo moves | scripts/low_priority.sh mneme play` read nothing); a closed input stays empty.
    { command exec 3<&0; } 2> /dev/null || exec 3< /dev/null
    MNEME_LOW_PRIORITY_SESSION=1 setsid "$0" "$@" <&3 3<&- &
    child=$!
    # (dash's kill takes no '--': the group's negative id comes straight after the signal)
    trap 'kill -TERM -"$child" 2> /dev/null' INT TERM
    wait "$child"
    status=$?
    # A signal interrupts the first wait; the second collects the command's own status.
    kill -0 "$child" 2> /dev/null && { wait "$child"; status=$?; }
    exit "$status"
fi
# The session's weight against the other sessions (no such file without autogroup: then nice
# alone decides, as it does across all processes).
[ -w /proc/self/autogroup ] && echo 19 > /proc/self/autogroup
# The mark is this script's alone: a command that runs the script again (a test suite run at low
# priority runs this script's own test) gets a session of its own too.
unset MNEME_LOW_PRIORITY_SESSION
exec nice -n 19 "$@"
