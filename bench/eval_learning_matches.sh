#!/usr/bin/env bash
# Learning the evaluation (Toni 1996 ch. 6, issue 7) measured in games:
#   positions  training positions from the union file (both players >= 2000; a strong-games set with both
#              players >= 2500) and from the TCEC games
#   tune       the logistic ("Texel") tuning of every weight on human + TCEC positions, from the
#              hand-written table
#   bayes      the thesis's Bayesian evaluation and its variants: all games, draws excluded,
#              strong games only, independent terms
#   ga         the thesis's genetic algorithm over the 8 category weights (500 positions, 20
#              generations; about half an hour)
#   texel      the tuned table against the hand-written one, TEXEL_GAMES games
#   thesis     the thesis's Tables 6.2/6.3 with mneme as the host: Bayes, mixed Bayes and the
#              variants and the genetic algorithm's table against the classic evaluation, GAMES
#              games each
#   tables     prints the tables of everything played so far (also done after each step)
#
# usage: bench/eval_learning_matches.sh [positions|tune|bayes|ga|texel|thesis|tables|all]...
# environment: WORK (/work/tmp/evallearn); GAMES (200); TEXEL_GAMES (2000); NODES per move
#   (20000); CONCURRENCY (2); NICE (10); SEED (1).
#
# Games are limited by nodes per move so that the result measures the evaluation, not the load of
# a shared machine (the Bayesian evaluation is also slower per node: the thesis's 5.5k against
# 12-13k nodes/s; a node limit leaves that cost out, which favours it). Both players are separate
# `mneme engine` processes over UCI, each with its own table or model; the reference is the
# classic evaluation with the hand-written table (`mneme eval --hand-written --write-params`),
# as are the Bayesian players' mixed gate and category scores. Openings: the 8-move suite in random order, each with both colours.
# Every step resumes: files and finished matches are kept; a cut-off match goes on (-resume).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
work="${WORK:-/work/tmp/evallearn}"
games="${GAMES:-200}"
texel_games="${TEXEL_GAMES:-2000}"
nodes="${NODES:-20000}"
concurrency="${CONCURRENCY:-2}"
niceness="${NICE:-10}"
seed="${SEED:-1}"
human="$root/../shared/data/pgn/human/pgnmentor_players_union.pgn.zst"
tcec="$root/../shared/data/pgn/engine/tcec_archive_standard_compact.pgn.zst"
openings="$root/../shared/data/openings/8moves_v3.pgn.zst"

[[ -x "$root/build/release/mneme" ]] || { echo "eval_learning_matches: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
for f in "$human" "$tcec" "$openings"; do
    [[ -r "$f" ]] || { echo "eval_learning_matches: $f is missing" >&2; exit 2; }
done
mkdir -p "$work/results"
# The runs use a copy, so rebuilding during a run does not change the players.
mneme="$work/mneme"
[[ -x "$mneme" ]] || cp "$root/build/release/mneme" "$mneme"
run() { nice -n "$niceness" "$mneme" "$@"; }

hand_written="$work/hand_written.params"
[[ -s "$hand_written" ]] || run eval --hand-written --write-params "$hand_written" >/dev/null

step_positions() {
    [[ -s "$work/human.mpos" ]] ||
        run learn positions "$human" -o "$work/human.mpos" --min-elo 2000 --max-per-game 8 --seed "$seed"
    [[ -s "$work/strong.mpos" ]] ||
        run learn positions "$human" -o "$work/strong.mpos" --min-elo 2500 --max-per-game 8 --seed "$seed"
    [[ -s "$work/tcec.mpos" ]] ||
        run learn positions "$tcec" -o "$work/tcec.mpos" --max-per-game 16 --seed "$seed"
}

step_tune() {
    [[ -s "$work/tuned.params" ]] ||
        run learn tune "$work/human.mpos" "$work/tcec.mpos" -o "$work/tuned.params" --params "$hand_written" \
            --source "$work/eval_params_tuned.cpp" --epochs 400 --batch 65536 --rate 0.5 \
            --seed "$seed" 2>&1 | tee "$work/tune.log" | grep -v '^epoch' || true
}

step_bayes() {
    local fit=(learn bayes --params "$hand_written")
    [[ -s "$work/bayes.bayes" ]] || run "${fit[@]}" "$work/human.mpos" -o "$work/bayes.bayes"
    [[ -s "$work/bayes_wd.bayes" ]] ||
        run "${fit[@]}" "$work/human.mpos" -o "$work/bayes_wd.bayes" --exclude-draws
    [[ -s "$work/bayes_strong.bayes" ]] || run "${fit[@]}" "$work/strong.mpos" -o "$work/bayes_strong.bayes"
    [[ -s "$work/bayes_indep.bayes" ]] ||
        run "${fit[@]}" "$work/human.mpos" -o "$work/bayes_indep.bayes" --independent
}

match() {  # match NAME GAMES -- ENGINE-ARGUMENTS...
    local name="$1" count="$2"; shift 3
    local out="$work/results/match_$name"
    [[ -s "$out.json" ]] && return
    local resume=()
    [[ -s "$out.pgn" ]] && resume=(-resume)
    echo "== $name: $count games" >&2
    run match -engine cmd="$mneme engine --params $hand_written $*" proto=uci name="$name" \
        -engine cmd="$mneme engine --params $hand_written" proto=uci name=classic \
        -each nodes="$nodes" option.Hash=16 -games 2 -rounds $((count / 2)) \
        -concurrency "$concurrency" -seed "$seed" -openings file="$openings" order=random \
        -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600 -maxmoves 150 \
        -pgnout "$out.pgn" "${resume[@]}" -json "$out.json.tmp" >"$out.log" 2>&1
    mv "$out.json.tmp" "$out.json"
}

step_ga() {
    [[ -s "$work/ga.params" ]] ||
        run learn ga "$human" --params "$hand_written" --positions 500 --test-positions 500 --generations 20 \
            -o "$work/ga.params" --seed "$seed" 2>&1 | tee "$work/ga.log" | tail -20
}

step_texel() {
    match tuned "$texel_games" -- --params "$work/tuned.params"
}

step_thesis() {
    match bayes "$games" -- --eval bayes --bayes-model "$work/bayes.bayes"
    match mixed_bayes "$games" -- --eval mixed-bayes --bayes-model "$work/bayes.bayes"
    match bayes_wd "$games" -- --eval bayes --bayes-model "$work/bayes_wd.bayes"
    match bayes_strong "$games" -- --eval bayes --bayes-model "$work/bayes_strong.bayes"
    match bayes_indep "$games" -- --eval bayes --bayes-model "$work/bayes_indep.bayes"
    match mixed_bayes_strong "$games" -- --eval mixed-bayes --bayes-model "$work/bayes_strong.bayes"
    match ga "$games" -- --params "$work/ga.params"
}

step_tables() {
    echo
    echo "Against the classic evaluation with the hand-written table ($nodes nodes per move; Elo of the row's player, 95% pentanomial interval):"
    echo
    echo "| player | games | W / D / L | score | Elo (95%) |"
    echo "|---|---|---|---|---|"
    local name json
    for name in tuned_v1 tuned bayes mixed_bayes bayes_wd bayes_strong bayes_indep mixed_bayes_strong ga; do
        json="$work/results/match_$name.json"
        [[ -s "$json" ]] || continue
        jq -r --arg name "$name" '.pairs[0] | "| \($name) | \(.wins + .draws + .losses) | \(.wins) / \(.draws) / \(.losses) | \(.pentanomial_estimate.score * 1000 | round / 10)% | \(.pentanomial_estimate.elo | round) [\(.pentanomial_estimate.elo_lower | round), \(.pentanomial_estimate.elo_upper | round)] |"' "$json"
    done
}

steps=("$@")
[[ ${#steps[@]} -eq 0 || "${steps[0]}" == all ]] && steps=(positions tune bayes ga texel thesis)
for s in "${steps[@]}"; do
    case "$s" in
        positions|tune|bayes|ga|texel|thesis|tables) "step_$s" ;;
        *) echo "eval_learning_matches: unknown step '$s'" >&2; exit 2 ;;
    esac
done
step_tables
