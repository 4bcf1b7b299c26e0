# Sourced by the bench scripts that measure under load (bench/fast_gauntlet.sh, bench/lag_ab.sh):
# busy loops beside the games, 8 on a 2-core machine being four times its cores. The caller
# stops them on exit (trap stop_busy_loops EXIT), however it ends.
busy_loops=()
start_busy_loops() {  # start_busy_loops N
    local i
    for ((i = 0; i < $1; i++)); do
        sh -c 'while :; do :; done' &
        busy_loops+=($!)
    done
}
stop_busy_loops() {
    ((${#busy_loops[@]} == 0)) || kill "${busy_loops[@]}" 2>/dev/null || true
    busy_loops=()
}
