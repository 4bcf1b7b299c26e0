#!/usr/bin/env bash
# The OPTA FB feedback-learning experiment of Toni (1996, sec. 5.1.3) at the thesis's full size,
# as Slurm jobs on the one-node cluster of scripts/slurm-local.sh (or any cluster: set SLURM_CONF
# or have /etc/slurm/slurm.conf, and RUN on a shared file system), submitted from one command.
# As in the thesis the trainer is OPTA 3.1 (OPTA 3 with the book's move ordering, technique 1):
#
#   book         the union book of the master games (2 shards, merged)
#   train1       TRAIN/2 training games of OPTA FB against the trainer, not using what they
#                teach ("the first 500 without using the experience, so as not to narrow the
#                learning to a few lines too early"; 2 shards)
#   learn1       their results added to the experience file, weight 5 (book learn)
#   train2       TRAIN/2 more training games, playing with the experience and learning after
#                every game (one sequential job, as learning needs); the thesis's Figure 5.2
#                (score settling near 58%)
#   measure      OPTA FB (OPTA 3 with the experience) against the trainer, GAMES games
#                (2 shards; the thesis's Table 5.4: 13.28-6.72 in 20 games after 1,000)
#   control      OPTA 3 without the experience against the trainer, the same seed: what the
#                experience changes
#   measure_ref, control_ref  the same two against another opponent, the reference of
#                bench/book_experiments.sh (the thesis's GnuChess with its own book: 12.22
#                for OPTA FB against 11.35 for OPTA 3.1)
#
# usage: bench/opta_fb_campaign.sh [submit|status|tables]   (default: submit, wait, tables)
# environment: RUN (/work/runs/opta-fb) the campaign's folder; TRAIN (1000); GAMES (400);
#   NODES per move (3000); SEED (1); TRAINER (opta31, or "reference" for the reference).
# Games are limited by nodes, not by a clock (see bench/book_experiments.sh): the results do
# not depend on the load. Every job resumes (match -resume, done markers): after an
# interruption, `scripts/mneme-cluster resubmit RUN/<step>` for each unfinished step, in order.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
run="${RUN:-/work/runs/opta-fb}"
train="${TRAIN:-1000}"
games="${GAMES:-400}"
nodes="${NODES:-3000}"
seed="${SEED:-1}"
trainer_kind="${TRAINER:-opta31}"
pgn="$root/../shared/data/pgn/human/pgnmentor_players_union.pgn.zst"
cluster="$root/scripts/mneme-cluster"
action="${1:-all}"

[[ -x "$root/build/release/mneme" ]] || { echo "opta_fb_campaign: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
[[ -r "$pgn" ]] || { echo "opta_fb_campaign: $pgn is missing" >&2; exit 2; }
(( train % 4 == 0 && games % 4 == 0 )) || { echo "opta_fb_campaign: TRAIN and GAMES must be multiples of 4" >&2; exit 2; }

# Without a cluster of its own (no SLURM_CONF, no /etc/slurm/slurm.conf), the one-node one.
if [[ -z "${SLURM_CONF:-}" && ! -e /etc/slurm/slurm.conf && "$action" != tables ]]; then
    "$root/scripts/slurm-local.sh" start >&2
    eval "$("$root/scripts/slurm-local.sh" env)"
fi

book="$run/union.mbook"
experience="$run/experience.mbook"
host() {  # host NAME [extra options]: OPTA 3 with the union book
    local name="$1"; shift
    echo -engine proto=mneme name="$name" option.Hash=16 option.OwnBook=true \
        option.BookFile="$book" option.BookPolicy=opta3 "$@"
}
# The reference of bench/book_experiments.sh: mneme whose first three moves come from the
# union book in proportion to their games, so that the games differ.
reference=(-engine proto=mneme name=reference option.Hash=16 option.OwnBook=true
           option.BookFile="$book" option.BookPolicy=weighted option.BookDepth=6)
rules=(-each nodes="$nodes" -games 2 -draw movenumber=30 movecount=6 score=10
       -resign movecount=3 score=500 -maxmoves 120)

submit() {
    mkdir -p "$run"
    # A copy, so that a rebuild during the campaign does not change the players.
    [[ -x "$run/mneme" ]] || cp "$root/build/release/mneme" "$run/mneme"
    local common=(--mneme "$run/mneme" --time 12:00:00 --mem 2048) trainer
    case "$trainer_kind" in
        opta31) trainer=$(host opta31 option.BookOrdering=true) ;;
        reference) trainer="${reference[*]}" ;;
        *) echo "opta_fb_campaign: TRAINER is opta31 or reference" >&2; exit 2 ;;
    esac
    "$cluster" book "$run/book" --shards 2 -o "$book" "${common[@]}" -- "$pgn"
    # shellcheck disable=SC2046,SC2086
    "$cluster" match "$run/train1" --shards 2 --after "$run/book" "${common[@]}" -- \
        $(host opta_fb) $trainer "${rules[@]}" -rounds $((train / 4)) -seed $((seed + 100))
    "$cluster" step "$run/learn1" --after "$run/train1" "${common[@]}" -- \
        book learn "$run/train1/shards/shard-0.pgn" "$run/train1/shards/shard-1.pgn" \
        --experience "$experience" --weight 5
    # shellcheck disable=SC2046,SC2086
    "$cluster" match "$run/train2" --shards 1 --after "$run/learn1" "${common[@]}" -- \
        $(host opta_fb option.BookExperience="$experience" option.BookLearning=true) \
        $trainer "${rules[@]}" -rounds $((train / 4)) -seed $((seed + 200))
    # The measurements and their controls share a seed, so each pair starts from the same
    # openings of the opponent.
    # shellcheck disable=SC2046,SC2086
    "$cluster" match "$run/measure" --shards 2 --after "$run/train2" "${common[@]}" -- \
        $(host opta_fb option.BookExperience="$experience") $trainer \
        "${rules[@]}" -rounds $((games / 2)) -seed "$seed"
    # shellcheck disable=SC2046,SC2086
    "$cluster" match "$run/control" --shards 2 --after "$run/book" "${common[@]}" -- \
        $(host opta3) $trainer "${rules[@]}" -rounds $((games / 2)) -seed "$seed"
    # shellcheck disable=SC2046
    "$cluster" match "$run/measure_ref" --shards 2 --after "$run/train2" "${common[@]}" -- \
        $(host opta_fb option.BookExperience="$experience") "${reference[@]}" \
        "${rules[@]}" -rounds $((games / 2)) -seed $((seed + 300))
    # shellcheck disable=SC2046
    "$cluster" match "$run/control_ref" --shards 2 --after "$run/book" "${common[@]}" -- \
        $(host opta3) "${reference[@]}" "${rules[@]}" -rounds $((games / 2)) -seed $((seed + 300))
}

steps=(book train1 learn1 train2 measure control measure_ref control_ref)

status() {
    local step
    for step in "${steps[@]}"; do
        [[ -e "$run/$step/run.json" ]] && "$cluster" status "$run/$step"
    done
}

# OPTA FB's score in blocks of 100 training games, in the order they were played (train1's
# shards in turn, then train2).
blocks() {
    awk 'BEGIN { RS = "" }
        /^\[/ { white = ""; if (match($0, /\[White "[^"]*"\]/)) white = substr($0, RSTART + 8, RLENGTH - 10)
                result = ""; if (match($0, /\[Result "[^"]*"\]/)) result = substr($0, RSTART + 9, RLENGTH - 11)
                if (result == "1-0") s = (white == "opta_fb"); else if (result == "0-1") s = (white != "opta_fb")
                else if (result == "1/2-1/2") s = 0.5; else next
                n++; sum += s; block += s
                if (n % 100 == 0) { printf "| %d-%d | %.1f%% |\n", n - 99, n, block; block = 0 } }
        END { if (n % 100) printf "| %d-%d | %.1f%% |\n", n - n % 100 + 1, n, 100 * block / (n % 100)
              printf "| all %d | %.1f%% |\n", n, 100 * sum / n }' "$@"
}

tables() {
    local step
    for step in train1 train2 control measure control_ref measure_ref; do
        [[ -s "$run/$step/report.txt" ]] || continue
        echo "== $step"
        cat "$run/$step/report.txt"
    done
    if [[ -s "$run/train2/report.txt" ]]; then
        echo
        echo "OPTA FB's training score by 100 games (1-$((train / 2)) not using the updates):"
        echo
        echo "| games | score |"
        echo "|---|---|"
        blocks "$run/train1/shards/shard-0.pgn" "$run/train1/shards/shard-1.pgn" "$run/train2/shards/shard-0.pgn"
    fi
    [[ -s "$experience" ]] && "$run/mneme" book info "$experience" 2>/dev/null | head -5 || true
}

case "$action" in
    submit) submit ;;
    status) status ;;
    tables) tables ;;
    all)
        submit
        for step in measure control measure_ref control_ref; do
            "$cluster" wait "$run/$step" --timeout 86400 --poll 30 || { status; exit 1; }
        done
        tables ;;
    *) echo "usage: bench/opta_fb_campaign.sh [submit|status|tables]" >&2; exit 2 ;;
esac
