#!/usr/bin/env bash
# A test suite at a fixed time per position, one run per core at once, so that a queue can
# measure the default engine and its variants between two matches (timed: the machine must be
# otherwise idle). Each RUN is NAME or NAME:OPTION=VALUE[,OPTION=VALUE...] (mneme epd-test's
# --option), or NAME@ENGINE-SPEC for another engine under the same limits (epd-test --engine,
# e.g. stockfish@cmd=stockfish, spaces allowed in the spec when the RUN is quoted); its output
# goes to OUTDIR/NAME.txt, whose last lines are the score and the failed positions. A run whose file is complete returns at once, so a queue started again goes on.
# Usage: bench/epd_suite.sh OUTDIR SUITE.epd MOVETIME_MS HASH_MB RUN...
#   e.g. bench/epd_suite.sh ../matches/wac-v5 ../shared/data/epd/tests/wac_arasan_revised.epd 1000 256 \
#            default quiescence-checks:QuiescenceChecks=true
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[[ $# -ge 5 ]] || { echo "usage: bench/epd_suite.sh OUTDIR SUITE.epd MOVETIME_MS HASH_MB RUN..." >&2; exit 2; }
outdir="$1" suite="$2" movetime="$3" hash="$4"
shift 4
mneme="$root/build/release/mneme"
[[ -x "$mneme" ]] || { echo "epd_suite: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
[[ -r "$suite" ]] || { echo "epd_suite: $suite not found" >&2; exit 2; }
[[ "$movetime" =~ ^[0-9]+$ && "$hash" =~ ^[0-9]+$ ]] || { echo "epd_suite: MOVETIME_MS and HASH_MB are numbers" >&2; exit 2; }
mkdir -p "$outdir"

cores="$(nproc)"
pids=()
for run in "$@"; do
    options=()
    if [[ "$run" == *@* ]]; then
        name="${run%%@*}"
        options=(--engine "${run#*@}")
    elif [[ "$run" == *:* ]]; then
        name="${run%%:*}"
        IFS=, read -r -a pairs <<<"${run#*:}"
        for pair in "${pairs[@]}"; do options+=(--option "$pair"); done
    else
        name="$run"
    fi
    out="$outdir/$name.txt"
    # A finished run's output names the suite and the score ("FILE: solved N/M at ...").
    if [[ -s "$out" ]] && grep -q ": solved [0-9]*/[0-9]* at " "$out"; then
        echo "epd_suite: $name done: $(grep ": solved " "$out" | sed 's/.*: solved/solved/')"
        continue
    fi
    while ((${#pids[@]} >= cores)); do
        wait -n || true
        for i in "${!pids[@]}"; do kill -0 "${pids[$i]}" 2>/dev/null || unset 'pids[i]'; done
        pids=("${pids[@]}")
    done
    echo "== epd_suite: $name (${options[*]:-default options}) at ${movetime} ms, hash ${hash} MB ($(date -u +%H:%M))"
    # Written under another name and moved when complete: an interrupted run starts again.
    ("$mneme" epd-test "$suite" --movetime "$movetime" --hash "$hash" --quiet "${options[@]}" >"$out.partial" 2>&1 &&
        mv "$out.partial" "$out" && echo "epd_suite: $name: $(grep ": solved " "$out" | sed 's/.*: solved/solved/')") &
    pids+=($!)
done
wait
