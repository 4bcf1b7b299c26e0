#!/bin/sh
# book build and cases build signalled while they wait for their input (a FIFO that has given
# no game yet): each ends when the input does, with 130 for SIGINT and 143 for SIGTERM, and
# writes nothing, so the good file already at the output stays byte for byte.
#
#   tests/build_interrupt_test.sh MNEME
set -eu
mneme=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d "${TMPDIR:-/tmp}/mneme-build-interrupt.XXXXXX")
pid=""
cleanup() {
    [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
fail() {
    echo "FAIL $*"
    exit 1
}
cd "$work"
printf '[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' >games.pgn
"$mneme" book build games.pgn -o old.mbook --quiet >/dev/null
"$mneme" cases build games.pgn -o old.mcases --quiet >/dev/null
cp old.mbook kept.mbook
cp old.mcases kept.mcases

# $1: book or cases; $2: the signal; $3: the status expected.
interrupt() {
    rm -f input.pgn
    mkfifo input.pgn
    # Held open for reading and writing, so that neither this shell nor mneme waits to open it;
    # mneme's copy is closed (3>&-), so closing it here ends mneme's input.
    exec 3<>input.pgn
    "$mneme" "$1" build input.pgn -o "old.m$1" --quiet >"$1.out" 2>"$1.err" 3>&- &
    pid=$!
    # Signalled once it reads the FIFO (its handlers are installed by then).
    for _ in $(seq 1 100); do
        ls -l "/proc/$pid/fd" 2>/dev/null | grep -q input.pgn && break
        sleep 0.1
    done
    sleep 0.5
    kill "-$2" "$pid"
    sleep 0.3
    exec 3>&-
    status=0
    wait "$pid" || status=$?
    pid=""
    [ "$status" -eq "$3" ] ||
        fail "$1 build after SIG$2: exit $status, expected $3: $(cat "$1.err")"
    grep -q "interrupted" "$1.err" || fail "$1 build after SIG$2 said: $(cat "$1.err")"
    cmp -s "old.m$1" "kept.m$1" || fail "$1 build after SIG$2 replaced the old file"
    [ -z "$(ls | grep '\.tmp')" ] || fail "$1 build after SIG$2 left $(ls | grep '\.tmp')"
}
interrupt book INT 130
interrupt book TERM 143
interrupt cases INT 130
interrupt cases TERM 143
echo "interrupted builds wrote nothing"
