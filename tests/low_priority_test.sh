#!/bin/sh
# scripts/low_priority.sh runs its command at nice 19 in a session of its own, and the command
# keeps what a caller gives it: the standard input (a shell without job control gave the
# background job /dev/null), the arguments as they were split, and the exit status. A TERM to
# the script stops the command.
#
#   tests/low_priority_test.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tests/shell_checks.sh"
low="$root/scripts/low_priority.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/mneme-low-priority.XXXXXX")
trap 'rm -rf "$work"' EXIT

read_back=$(printf 'e4\nNf3\n' | "$low" cat)
[ "$read_back" = "$(printf 'e4\nNf3\n')" ] || fail "standard input not passed on: '$read_back'"

[ "$("$low" sh -c 'cat; echo done' <&-)" = done ] || fail "a closed input did not run the command"

words=$("$low" sh -c 'printf "[%s]" "$@"' sh 'two words' '' last)
[ "$words" = "[two words][][last]" ] || fail "arguments changed: $words"

status=0
"$low" sh -c 'exit 7' || status=$?
[ "$status" = 7 ] || fail "exit status 7 came back as $status"

[ "$("$low" nice)" = 19 ] || fail "the command does not run at nice 19"
# Its own session (where setsid exists): the session id, the sixth field of /proc/PID/stat, is
# the command's own process id (sh's $$ here).
if command -v setsid > /dev/null; then
    session=$("$low" sh -c 'printf "%s %s" "$(cut -d " " -f 6 /proc/$$/stat)" $$')
    [ "${session% *}" = "${session#* }" ] || fail "not a session of its own: sid and pid $session"
    # Run again from a command it runs (the test suite run at low priority runs this test), it
    # makes a session of its own again.
    printf '%s\n' 'printf "%s %s" "$(cut -d " " -f 6 /proc/$$/stat)" $$' > "$work/session.sh"
    session=$("$low" sh -c '"$1" sh "$2"; true' sh "$low" "$work/session.sh")
    [ "${session% *}" = "${session#* }" ] || fail "run from a low-priority command, not a session of its own: sid and pid $session"
fi

# A TERM to the script ends the command's whole session (the command and what it started) at
# once, not when the command would have ended by itself.
"$low" sh -c 'sleep 30 & echo "$$ $!" > "$1"; wait' sh "$work/pids" &
wrapper=$!
tries=0
while [ ! -s "$work/pids" ] && [ $tries -lt 100 ]; do sleep 0.05; tries=$((tries + 1)); done
[ -s "$work/pids" ] || fail "the command never started"
kill -TERM "$wrapper"
tries=0
for pid in $(cat "$work/pids"); do
    while kill -0 "$pid" 2> /dev/null && [ $tries -lt 100 ]; do
        sleep 0.05
        tries=$((tries + 1))
    done
    kill -0 "$pid" 2> /dev/null && fail "process $pid of the command outlived a TERM to the script by 5 s"
done
status=0
wait "$wrapper" || status=$?
[ "$status" -gt 128 ] || fail "the script stopped by TERM exited with $status"
echo "low_priority: input, arguments, status, nice 19, own session and TERM all kept"
