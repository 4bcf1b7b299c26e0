# Sourced by bench/fuzz.sh and bench/fuzz_campaign.sh: the ledger of a fuzz campaign, one file
# per target in bench/results/in-progress/fuzz-ledger/, one line per run:
#   SECONDS EXECUTIONS COVERAGE CRASHES DATE
ledger=$root/bench/results/in-progress/fuzz-ledger
# The totals of a target's ledger: runs seconds executions crashes, and the last run's coverage.
ledger_totals() {
    [ -s "$ledger/$1" ] || { echo "0 0 0 0 ?"; return; }
    awk '{ s += $1; e += $2; c += $4; cov = $3 } END { print NR, s, e, c, cov }' "$ledger/$1"
}
