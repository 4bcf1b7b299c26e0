#!/usr/bin/env bash
# Perft speed of mneme against Stockfish, side by side in one run: startpos perft 6 and
# Kiwipete perft 5, best wall time of 3 runs each, node counts checked to agree.
# Prints the ratio stockfish_time / mneme_time (higher is better for mneme), both raw and with
# Stockfish's fixed start-up cost (best time of a "go perft 1" run, mostly loading its network)
# subtracted from its times. mneme's own start-up cost is printed for reference, not subtracted.
# Usage: bench/perft_vs_stockfish.sh [MNEME_BINARY] [RUNS]  (default build/release/mneme, 3)
# Builds nothing; installs Debian's stockfish package when no stockfish is found.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mneme="${1:-$root/build/release/mneme}"
runs="${2:-3}"
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

if [[ ! -x "$mneme" ]]; then
    echo "perft_vs_stockfish: no executable at $mneme (build first, or pass its path)" >&2
    exit 2
fi

stockfish="$(command -v stockfish || true)"
[[ -z "$stockfish" && -x /usr/games/stockfish ]] && stockfish=/usr/games/stockfish
if [[ -z "$stockfish" ]]; then
    echo "perft_vs_stockfish: installing stockfish (apt-get)" >&2
    if ! apt-get install -y stockfish >/dev/null 2>&1; then
        apt-get update >/dev/null && apt-get install -y stockfish >/dev/null
    fi
    stockfish="$(command -v stockfish || echo /usr/games/stockfish)"
fi

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", b - a }'; }
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'; }

# Each runner prints "NODES SECONDS" for one timed run.
run_mneme() {  # depth [fen]
    local t0 t1 out
    t0=$(now)
    if [[ $# -ge 2 ]]; then out=$("$mneme" perft "$1" --fen "$2"); else out=$("$mneme" perft "$1"); fi
    t1=$(now)
    echo "$(awk '/^Nodes:/ { print $2 }' <<<"$out") $(elapsed "$t0" "$t1")"
}
run_stockfish() {  # depth [fen]
    local t0 t1 out position="position startpos"
    [[ $# -ge 2 ]] && position="position fen $2"
    t0=$(now)
    # "quit" waits for the running perft to finish before Stockfish exits.
    out=$(printf '%s\ngo perft %s\nquit\n' "$position" "$1" | "$stockfish")
    t1=$(now)
    echo "$(awk '/^Nodes searched:/ { print $3 }' <<<"$out") $(elapsed "$t0" "$t1")"
}

# best_of RUNNER ARGS... -> "NODES BEST_SECONDS"; fails if the node counts of runs differ.
best_of() {
    local runner="$1" best="" nodes="" n t
    shift
    for ((i = 0; i < runs; ++i)); do
        read -r n t < <("$runner" "$@")
        if [[ -n "$nodes" && "$n" != "$nodes" ]]; then
            echo "perft_vs_stockfish: $runner $* gave $n then $nodes nodes" >&2
            exit 1
        fi
        nodes="$n"
        best=$(min "$best" "$t")
    done
    echo "$nodes $best"
}

echo "mneme:     $mneme"
echo "stockfish: $stockfish ($(printf 'uci\nquit\n' | "$stockfish" | awk '/^id name/ { $1=$2=""; print substr($0, 3); exit }'))"
echo "best wall time of $runs runs each; ratio = stockfish_time / mneme_time"
echo

read -r _ sf_startup < <(best_of run_stockfish 1)
read -r _ mn_startup < <(best_of run_mneme 1)

status=0
total_mn=0 total_sf=0
printf '%-22s %12s %10s %10s %8s %18s\n' "test" "nodes" "mneme s" "sf s" "ratio" "ratio sf-startup"
for test in startpos kiwipete; do
    if [[ $test == startpos ]]; then
        read -r mn_nodes mn_time < <(best_of run_mneme 6)
        read -r sf_nodes sf_time < <(best_of run_stockfish 6)
        label="startpos perft 6"
    else
        read -r mn_nodes mn_time < <(best_of run_mneme 5 "$kiwipete")
        read -r sf_nodes sf_time < <(best_of run_stockfish 5 "$kiwipete")
        label="kiwipete perft 5"
    fi
    if [[ "$mn_nodes" != "$sf_nodes" ]]; then
        echo "NODE COUNT MISMATCH on $label: mneme $mn_nodes, stockfish $sf_nodes" >&2
        status=1
    fi
    awk -v l="$label" -v n="$mn_nodes" -v m="$mn_time" -v s="$sf_time" -v ss="$sf_startup" 'BEGIN {
        printf "%-22s %12s %10.4f %10.4f %8.2f %18.2f\n", l, n, m, s, s / m, (s - ss) / m }'
    total_mn=$(awk -v a="$total_mn" -v b="$mn_time" 'BEGIN { print a + b }')
    total_sf=$(awk -v a="$total_sf" -v b="$sf_time" 'BEGIN { print a + b }')
done
awk -v m="$total_mn" -v s="$total_sf" -v ss="$sf_startup" -v ms="$mn_startup" 'BEGIN {
    printf "%-22s %12s %10.4f %10.4f %8.2f %18.2f\n", "both", "", m, s, s / m, (s - 2 * ss) / m
    printf "\nstart-up cost (best perft 1 run): stockfish %.4f s (subtracted once per test above), mneme %.4f s (not subtracted)\n", ss, ms
    printf "ratio stockfish/mneme, raw wall times:               %.2f   (goal >= 1.4)\n", s / m
    printf "ratio stockfish/mneme, stockfish start-up subtracted: %.2f   (goal >= 1.4)\n", (s - 2 * ss) / m
}'
exit $status
