#!/bin/sh
# Runs every libFuzzer target (fuzz/, built by `cmake --preset fuzz && cmake --build --preset
# fuzz`) for SECONDS each and prints a table: executions, executions per second, coverage
# (edges) and features, corpus size and crashes. Inputs that crash, hang (> 1 s), leak or trip a
# sanitizer are kept in build/fuzz/findings/TARGET/; the exit status is 1 when there is one.
# The corpus grows in build/fuzz/corpus/TARGET/ (seeded from fuzz/corpus/, never written back).
# Committed regression inputs (fuzz/regressions/TARGET/) are run first.
#
#   bench/fuzz.sh [SECONDS (60)] [TARGET...]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
[ $# -gt 0 ] && shift
build=$root/build/fuzz
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
    dict=$(dict_of "$target")
    set -- -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$findings/"
    [ -n "$dict" ] && set -- "$@" -dict="$root/fuzz/dict/$dict"
    before=$(ls "$findings" | wc -l)
    if ! "$binary" "$@" "$corpus" > "$log" 2>&1; then status=1; fi
    crashes=$(( $(ls "$findings" | wc -l) - before ))
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    features=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    files=$(ls "$corpus" | wc -l)
    printf '%-9s %7s %12s %9s %7s %8s %7s %8s\n' "$target" "$seconds" "${executions:-?}" "${speed:-?}" \
        "${coverage:-?}" "${features:-?}" "$files" "$crashes"
    if [ "$crashes" -gt 0 ]; then
        status=1
        grep -m 3 -E 'ERROR|SUMMARY|fuzz check failed|deadly signal|timeout' "$log" | sed "s/^/  $target: /"
    fi
done
exit $status
