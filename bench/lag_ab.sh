#!/usr/bin/env bash
# Two builds' timing under load, side by side: each binary plays itself (one game at a time)
# at the same limit on the same openings, both matches at once beside LOAD busy loops, and
# bench/move_times.py reads every move's time and the time forfeits from the two PGNs. How the
# stall reserve (2026-11-28) and the clock's lost time (2026-11-29) were measured.
#
#   bench/lag_ab.sh OLD NEW OUTDIR [LIMIT (tc=2+0.02)] [GAMES (120)] [LOAD (8)]
#
# OLD and NEW are engine binaries (copies: the runner plays them while a build may go on), OUTDIR
# receives old.pgn, new.pgn and their logs; LIMIT is the runner's (tc=..., st=... -margin 50).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
old="${1:?usage: bench/lag_ab.sh OLD NEW OUTDIR [LIMIT] [GAMES] [LOAD]}"
new="${2:?usage: bench/lag_ab.sh OLD NEW OUTDIR [LIMIT] [GAMES] [LOAD]}"
outdir="${3:?usage: bench/lag_ab.sh OLD NEW OUTDIR [LIMIT] [GAMES] [LOAD]}"
read -r -a limit <<<"${4:-tc=2+0.02}"
games="${5:-120}"
load="${6:-8}"
[[ "$games" =~ ^[1-9][0-9]*$ ]] || { echo "lag_ab: GAMES must be a positive number, not '$games'" >&2; exit 2; }
[[ "$load" =~ ^[0-9]+$ ]] || { echo "lag_ab: LOAD must be a number of busy loops, not '$load'" >&2; exit 2; }
openings="$root/../shared/data/openings/8moves_v3.pgn.zst"
[[ -r "$openings" ]] || { echo "lag_ab: $openings is missing" >&2; exit 2; }
for binary in "$old" "$new"; do
    [[ -x "$binary" ]] || { echo "lag_ab: $binary is not an executable" >&2; exit 2; }
done
mkdir -p "$outdir"
for side in old new; do
    [[ -e "$outdir/$side.pgn" ]] && { echo "lag_ab: $outdir/$side.pgn exists; choose a new OUTDIR" >&2; exit 2; }
done

source "$root/bench/busy_load.sh"
matches=()
cleanup() {
    stop_busy_loops
    ((${#matches[@]} == 0)) || kill "${matches[@]}" 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM
start_busy_loops "$load"
echo "lag_ab: $games games each at ${limit[*]}, beside $load busy loops ($(date -u +%H:%M))" >&2
for side in old new; do
    binary="$old"
    [[ "$side" == new ]] && binary="$new"
    "$binary" match -engine cmd="$binary" proto=uci name="$side-a" \
        -engine cmd="$binary" proto=uci name="$side-b" \
        -each "${limit[@]}" -games 2 -rounds $(((games + 1) / 2)) -concurrency 1 \
        -openings file="$openings" order=random -seed 5 -hangtimeout 30 \
        -pgnout "$outdir/$side.pgn" >"$outdir/$side.log" 2>&1 &
    matches+=($!)
done
status=0
for pid in "${matches[@]}"; do wait "$pid" || status=$?; done
matches=()
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) ($load busy loops)" | tee -a "$outdir/new.log"
stop_busy_loops
for side in old new; do python3 "$root/bench/move_times.py" "$outdir/$side.pgn"; done
exit "$status"
