#!/usr/bin/env bash
# Runs every perft suite of the shared data at full requirement depth with a built mneme binary:
# perftsuite.epd and perft_standard_ethereal.epd to depth 6, perft_special_cases.epd and
# perft_ferdy_double_checks.epd in full, perft_chess960_ethereal.epd to depth 5.
# Usage: scripts/perft_all_suites.sh [MNEME_BINARY] (default build/release/mneme).
# Exits non-zero if any count differs or a file cannot be read.
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${1:-$root/build/release/mneme}"
data="${MNEME_DATA_DIR:-$root/../shared/data}/epd/perft"

if [[ ! -x "$binary" ]]; then
    echo "perft_all_suites: no executable at $binary (build first, or pass its path)" >&2
    exit 2
fi
if [[ ! -d "$data" ]]; then
    echo "perft_all_suites: perft data not found at $data" >&2
    exit 2
fi

status=0
run() {
    local file="$1"
    shift
    if ! "$binary" perft --suite "$data/$file" "$@"; then
        status=1
    fi
}

start=$SECONDS
run perftsuite.epd --depth 6
run perft_standard_ethereal.epd --depth 6
run perft_special_cases.epd
run perft_ferdy_double_checks.epd
run perft_chess960_ethereal.epd --depth 5
echo "perft_all_suites: $([[ $status == 0 ]] && echo "all counts correct" || echo "FAILURES") in $((SECONDS - start)) s"
exit $status
