#!/usr/bin/env bash
# Where each job of the queue stands, one line each, from the files the jobs leave: an SPRT's
# games, Elo (pentanomial) and test state; an SPSA run's iterations; a match's games. "running"
# marks the job a process is playing now. Reads only; safe beside a running queue.
#   bench/queue_status.sh [QUEUE]   (default bench/sprt-queue.txt; MNEME=BINARY to use another build)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
queue="${1:-$root/bench/sprt-queue.txt}"
mneme="${MNEME:-$root/build/release/mneme}"
[[ -r "$queue" ]] || { echo "queue_status: $queue not found" >&2; exit 2; }
[[ -x "$mneme" ]] || { echo "queue_status: build first (cmake --build --preset release)" >&2; exit 2; }
cd "$root"
source "$root/bench/in_progress.sh"

# The value of option $1 among the remaining arguments, or $2 when absent.
option() {
    local name="$1" fallback="$2"
    shift 2
    while [[ $# -gt 0 ]]; do
        [[ "$1" == "$name" && $# -ge 2 ]] && { echo "$2"; return; }
        shift
    done
    echo "$fallback"
}

# The jobs' players are copies named after the job, in its output folder.
running() { pgrep -f -- "$1" >/dev/null && echo "  [running]"; }

sprt_status() {
    local name out pgn elo0 elo1 report
    name="$(option --name sprt "$@")"
    out="$(option --out bench/results/sprt "$@")"
    pgn="$out/$name.pgn"
    if [[ ! -s "$pgn" ]]; then
        # A new machine's queue goes on from the games a session kept.
        if [[ -n "$(kept_parts "$name.pgn")" ]]; then
            printf '%-40s waiting, %s games kept in %s\n' "$name" \
                "$(kept_text "$name.pgn" | grep -c '^\[Result ')" "${kept_dir#"$root"/}/$name.pgn.zst"
        else
            printf '%-40s waiting\n' "$name"
        fi
        return
    fi
    elo0="$(option --elo0 0 "$@")" elo1="$(option --elo1 5 "$@")"
    if [[ " $* " == *" --no-sprt "* ]]; then
        report="$("$mneme" report "$pgn" 2>/dev/null)"
    else
        report="$("$mneme" report "$pgn" --sprt elo0="$elo0" elo1="$elo1" 2>/dev/null)"
    fi
    local games elo state
    games="$(sed -n 's/^Results of \([0-9]*\) games.*/\1/p' <<<"$report")"
    elo="$(grep -m1 'pentanomial' <<<"$report" | sed 's/ (95%.*//; s/^ *//')"
    state="$(sed -n 's/^SPRT: llr \([-0-9.]*\) (bounds [-0-9.]*, \([0-9.]*\)): \(.*\)$/\1 \2 \3/p' \
        <<<"$report")"
    [[ -n "$state" ]] && state="$(awk '{ printf "llr %.2f of +-%.2f, ", $1, $2; $1 = $2 = ""; print substr($0, 3) }' <<<"$state")"
    printf '%-40s %s games, %s%s%s%s\n' "$name" "${games:-0}" "$elo" "${state:+, $state}" \
        "$(hours_to_cap "$pgn" "${games:-0}" "$state" "$@")" "$(running "/$name-new-mneme match")"
}

# How long an undecided test may still play: the games left to its cap at the pace of its
# last 200 games (their GameDuration, so many at once), for planning sessions around it.
hours_to_cap() {
    local pgn="$1" games="$2" state="$3"
    shift 3
    [[ "$state" == *"no decision yet"* || -z "$state" ]] || return 0
    local cap concurrency
    cap="$(option --max-games 20000 "$@")" concurrency="$(option --concurrency 2 "$@")"
    ((games < cap)) || return 0
    grep '^\[GameDuration "' "$pgn" | tail -200 | awk -F'"' -v left=$((cap - games)) \
        -v at_once="$concurrency" -v cap="$cap" '
        { split($2, t, ":"); seconds += t[1] * 3600 + t[2] * 60 + t[3]; n++ }
        END { if (n) printf ", %d games to its cap of %d: %.1f h at %.0f games/h", left, cap,
                  left * seconds / n / at_once / 3600, 3600 * at_once * n / seconds }'
}

spsa_status() {
    local then_test=0
    [[ "${1:-}" == "--then-test" ]] && { then_test=1; shift; }
    local name="$1" outdir="$2" csv done_iterations wanted
    shift 2
    csv="$outdir/$name.csv"
    wanted="$(option --iterations '?' "$@")"
    done_iterations=0
    if [[ -s "$csv" ]]; then
        done_iterations=$(($(grep -c '^[0-9]' "$csv") - 1))
    elif [[ -n "$(kept_parts "$name.csv")" ]]; then
        done_iterations="$(($(kept_text "$name.csv" | grep -c '^[0-9]') - 1)) (kept)"
    fi
    printf '%-40s SPSA, %s of %s iterations%s\n' "$name" "$done_iterations" "$wanted" \
        "$(running "/$name-mneme learn spsa")"
    # The tuned values' test (bench/spsa.sh --then-test plays it after the run, to its cap).
    if [[ -s "$outdir/$name-result.pgn" || $then_test == 1 ]]; then
        sprt_status --name "$name-result" --out "$outdir" --max-games "${SPSA_TEST_MAX_GAMES:-4000}"
    fi
    return 0
}

match_status() {
    local opponent="$1" games="${2:-?}" outdir="${3:-bench/results}" pgn played=0
    pgn="$outdir/mneme-vs-$opponent.pgn"
    [[ -s "$pgn" ]] && played="$(grep -c '^\[Result ' "$pgn")"
    printf '%-40s %s of %s games%s\n' "$(basename "$outdir")/$opponent" "$played" "$games" \
        "$(running "$(basename "$outdir")/mneme-$opponent match")"
}

while IFS= read -r line || [[ -n "$line" ]]; do
    line="${line%%#*}"
    [[ -n "${line// /}" ]] || continue
    read -r -a words <<<"$line"
    case "${words[0]}" in
        spsa.sh) spsa_status "${words[@]:1}" ;;
        engine_match.sh) match_status "${words[@]:1}" ;;
        -*) sprt_status "${words[@]}" ;;
        *) printf '%-40s (see its own output)\n' "${words[0]} ${words[1]:-}" ;;
    esac
done <"$queue"
