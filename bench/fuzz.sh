#!/bin/sh
# Runs every libFuzzer target (fuzz/, built by `cmake --preset fuzz && cmake --build --preset
# fuzz`) for SECONDS each and prints a table: executions, executions per second, coverage
# (edges) and features, corpus size and crashes. Inputs that crash, hang (> 1 s), leak or trip a
# sanitizer are kept in build/fuzz/findings/TARGET/; the exit status is 1 when there is one.
# The corpus grows in build/fuzz/corpus/TARGET/ (seeded from fuzz/corpus/, never written back).
# Committed regression inputs (fuzz/regressions/TARGET/) are run first.
#
#   bench/fuzz.sh [SECONDS (60)] [TARGET...]
#   bench/fuzz.sh --until EXECUTIONS [SECONDS (600)] [TARGET...]
#
# With --until, each run is added to a ledger (bench/results/in-progress/fuzz-ledger/TARGET: one
# line per run with its seconds, executions, coverage, crashes and date), targets that reached
# EXECUTIONS in all are skipped, the others run SECONDS more, and the table shows the totals. A
# long campaign (the hardening issue's 10 million executions per target) is so played a piece at
# a time, stopped and started at will; two such runs over different targets use both cores. The
# ledger is committed (`git add -f`) at a session's end so that a new machine goes on counting
# (each run starts from the committed seed corpus and the corpus grown on its machine).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
goal=0
if [ "${1:-}" = "--until" ]; then
    goal=${2:?"fuzz.sh: --until needs a number of executions"}
    shift 2
    seconds=${1:-600}
else
    seconds=${1:-60}
fi
case "$goal$seconds" in
    *[!0-9]*) echo "fuzz.sh: SECONDS and EXECUTIONS are whole numbers" >&2; exit 2 ;;
esac
[ $# -gt 0 ] && shift
build=$root/build/fuzz
. "$root/bench/fuzz_ledger.sh"
mkdir -p "$ledger"
targets=${*:-"fen san uci_move epd pgn uci xboard polyglot mbook mcases mpos mpshard mdata mnet gui_api"}

dict_of() {
    case $1 in
        fen|epd) echo fen.dict ;;
        san) echo san.dict ;;
        pgn) echo pgn.dict ;;
        uci) echo uci.dict ;;
        xboard) echo xboard.dict ;;
        gui_api) echo json.dict ;;
        *) echo "" ;;
    esac
}

status=0
printf '%-9s %7s %12s %9s %7s %8s %7s %8s\n' target seconds executions exec/s cov features corpus crashes
for target in $targets; do
    binary=$build/fuzz/${target}_fuzzer
    if [ ! -x "$binary" ]; then
        echo "fuzz.sh: no $binary (cmake --preset fuzz && cmake --build --preset fuzz -j2)" >&2
        exit 2
    fi
    corpus=$build/corpus/$target
    findings=$build/findings/$target
    log=$build/logs/$target.log
    mkdir -p "$corpus" "$findings" "$build/logs"
    [ -d "$root/fuzz/corpus/$target" ] && cp -n "$root/fuzz/corpus/$target/"* "$corpus/" 2>/dev/null || true
    if [ -d "$root/fuzz/regressions/$target" ]; then
        if ! "$binary" -runs=0 "$root/fuzz/regressions/$target" > "$log.regressions" 2>&1; then
            echo "$target: a committed regression input fails again (see $log.regressions)" >&2
            status=1
        fi
    fi
    if [ "$goal" -gt 0 ]; then
        set -- $(ledger_totals "$target")
        if [ "$3" -ge "$goal" ]; then
            printf '%-9s %7s %12s %9s %7s %8s %7s %8s  (goal reached in %s runs)\n' "$target" "$2" "$3" \
                "$(( $3 / ($2 > 0 ? $2 : 1) ))" "$5" - "$(ls "$corpus" | wc -l)" "$4" "$1"
            continue
        fi
    fi
    dict=$(dict_of "$target")
    # -reload=0: one fuzzer per corpus, so rereading it every second (a stat of each of its
    # thousands of files) finds nothing new; it was 4% of the engine loops' system calls' time.
    set -- -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
        -max_len=65536 -print_final_stats=1 -reload=0 -artifact_prefix="$findings/"
    [ -n "$dict" ] && set -- "$@" -dict="$root/fuzz/dict/$dict"
    before=$(ls "$findings" | wc -l)
    before_list=$(ls "$findings")
    failed=0
    started=$(date +%s)
    "$binary" "$@" "$corpus" > "$log" 2>&1 || failed=1
    # The ledger counts the seconds the run lasted (a finding ends it early).
    ran=$(( $(date +%s) - started ))
    [ "$ran" -gt "$seconds" ] && ran=$seconds
    # libFuzzer's per-input timeout is wall time: on an overloaded machine (a test suite or a
    # build beside the fuzzers) a quick input can take more than a second. A timeout is a
    # finding only when the input is slow again on its own; one that replays three times well
    # within the limit goes to findings-unreproduced/ and the run counts no finding.
    unreproduced=0
    for input in "$findings"/timeout-*; do
        [ -e "$input" ] || continue
        printf '%s\n' "$before_list" | grep -qxF "${input##*/}" && continue  # an earlier run's
        slowest=0
        for replay in 1 2 3; do
            ms=$("$binary" -runs=1 -timeout=1 -rss_limit_mb=2048 "$input" 2>&1 | sed -n 's/^Executed .* in \([0-9]*\) ms$/\1/p')
            [ -n "$ms" ] || ms=1000000
            [ "$ms" -gt "$slowest" ] && slowest=$ms
        done
        if [ "$slowest" -lt 250 ]; then
            mkdir -p "$build/findings-unreproduced/$target"
            mv "$input" "$build/findings-unreproduced/$target/"
            echo "$target: a timeout under load that replays in ${slowest} ms at most: not a finding (build/fuzz/findings-unreproduced/$target/)" >&2
            unreproduced=$(( unreproduced + 1 ))
        fi
    done
    crashes=$(( $(ls "$findings" | wc -l) - before ))
    [ "$failed" -eq 1 ] && { [ "$crashes" -gt 0 ] || [ "$unreproduced" -eq 0 ]; } && status=1
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    features=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    files=$(ls "$corpus" | wc -l)
    if [ "$goal" -gt 0 ]; then
        echo "$ran ${executions:-0} ${coverage:-?} $crashes $(date -u +%Y-%m-%dT%H:%M)" >> "$ledger/$target"
        set -- $(ledger_totals "$target")
        printf '%-9s %7s %12s %9s %7s %8s %7s %8s  (%s runs; %s)\n' "$target" "$2" "$3" \
            "$(( $3 / ($2 > 0 ? $2 : 1) ))" "${coverage:-?}" "${features:-?}" "$files" "$4" "$1" \
            "$([ "$3" -ge "$goal" ] && echo "goal reached" || echo "$(( goal - $3 )) to go")"
    else
        printf '%-9s %7s %12s %9s %7s %8s %7s %8s\n' "$target" "$seconds" "${executions:-?}" "${speed:-?}" \
            "${coverage:-?}" "${features:-?}" "$files" "$crashes"
    fi
    if [ "$crashes" -gt 0 ]; then
        status=1
        grep -m 3 -E 'ERROR|SUMMARY|fuzz check failed|deadly signal|timeout' "$log" | sed "s/^/  $target: /"
    fi
done
exit $status
