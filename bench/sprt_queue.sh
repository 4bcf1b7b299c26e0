#!/usr/bin/env bash
# Runs queued tests one after the other, so that the cores never wait for a person: each line of
# QUEUE (default bench/sprt-queue.txt) holds the arguments of one bench/sprt.sh run, or a line
# starting with engine_match.sh, fast_gauntlet.sh, spsa.sh, elo_calibration.sh, epd_suite.sh or fuzz_campaign.sh runs that script
# of bench/ (train_network.sh: of scripts/) with the rest of the line ('#' starts a comment). A test that is decided, or played to its --max-games, returns
# at once when run again, so the queue can be started again after an interruption (Ctrl-C, a new session) and goes on
# where it stopped. Paths are relative to the project folder; outputs go where each line's --out
# says (the queue's lines use ../matches, beside the project like ../shared).
# A queue started in the background (nohup ... &) ignores SIGINT, as background jobs of a
# script do: stop it with `pkill -TERM -f sprt_queue.sh` (it then ends when the running job
# ends), and interrupt that job with SIGINT (e.g. `pkill -INT -f 'NAME-new-mneme match'` or
# `pkill -INT -f 'mneme-OPPONENT match'`; a soak: `pkill -INT -f 'soak/LEG/mneme tournament'`;
# a network's data: `pkill -INT -f 'learn (datagen|label-games)'`; the trainer: `pkill -INT -f
# 'learn nnue'`; an SPSA run: `pkill -INT -f 'learn spsa'`, which drops the iteration it is
# playing), which keeps its finished
# games (the trainer: a checkpoint after its current batch, resumed from there).
#   bench/sprt_queue.sh [QUEUE]
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
queue="${1:-$root/bench/sprt-queue.txt}"
[[ -r "$queue" ]] || { echo "sprt_queue: $queue not found" >&2; exit 2; }
cd "$root"
trap 'echo "sprt_queue: interrupted; run it again to go on" >&2; exit 130' INT TERM
while IFS= read -r line || [[ -n "$line" ]]; do
    line="${line%%#*}"
    [[ -n "${line// /}" ]] || continue
    # The line's words, as the shell would split them (no globbing).
    read -r -a arguments <<<"$line"
    script=sprt.sh
    case "${arguments[0]}" in
        engine_match.sh | fast_gauntlet.sh | spsa.sh | elo_calibration.sh | epd_suite.sh | fuzz_campaign.sh) script="${arguments[0]}"; arguments=("${arguments[@]:1}") ;;
        train_network.sh) script="../scripts/train_network.sh"; arguments=("${arguments[@]:1}") ;;
    esac
    echo "== sprt_queue: bench/$script ${arguments[*]} ($(date -u +%H:%M))"
    "$root/bench/$script" "${arguments[@]}" || echo "sprt_queue: this run failed (exit $?); going on" >&2
done <"$queue"
echo "== sprt_queue: every test of $queue has run"
