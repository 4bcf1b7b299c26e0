#!/usr/bin/env bash
# The experiments of Toni (1996) ch. 4-5 redone with mneme as the host program:
#   books    the union book and the thematic French (C00-C19) and King's Indian (E60-E99) books,
#            the OPHISTA tables of each (built once; large files stay in WORK, not in the repo)
#   nodes    node counts to depths 4, 5, 6 with and without technique 1 (BookOrdering, OPTA 3.1)
#            and technique 2 (OPHISTA) on 100 French and 50 random positions just out of book
#            (the thesis's Tables 5.3 and 5.6)
#   matches  no book, OPTA 1, 2, 3, the Wilson policy and the GNU Chess Polyglot book, each
#            against the same reference player, GAMES games each
#   themes   the same with the French and the King's Indian books, from 1.e4 e6 and
#            1.d4 Nf6 2.c4 g6
#   ordering the match effect of techniques 1 and 2: OPTA 3 with BookOrdering, with OPHISTA,
#            with both (read against the OPTA 3 row, played with the same seed)
#   fb       OPTA FB: TRAIN training games that learn into an experience file, then GAMES games
#            against the reference with and without it
#   tables   prints the tables of everything played so far (also done after each step)
#
# usage: bench/book_experiments.sh [books|nodes|matches|themes|ordering|fb|tables|all]...
#   (default: all)
# environment: WORK (/work/tmp/book2) for books, PGN and results; GAMES (300); TRAIN (200);
#   NODES per move (3000); CONCURRENCY (1); NICE (10); SEED (1).
#
# Games are limited by nodes per move, not by a clock: on a shared machine a clock measures the
# load as much as the book (at nice 10, 1+0.01 lost 4 games out of 4 on time), while a node limit
# gives the same games whatever else runs. The reference is mneme without a book except that
# its first three moves are drawn from the union book in proportion to their games
# (BookPolicy=weighted, BookDepth=6): otherwise two deterministic searchers, and a host with a
# deterministic policy (OPTA 2, Wilson), would replay the same few games. It is identical for
# every configuration, so the "no book" row is the calibration the others are read against.
# Every step resumes: books, tables and finished matches are kept; a cut-off match goes on
# where it stopped (-resume).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
work="${WORK:-/work/tmp/book2}"
games="${GAMES:-300}"
train="${TRAIN:-200}"
nodes="${NODES:-3000}"
concurrency="${CONCURRENCY:-1}"
niceness="${NICE:-10}"
seed="${SEED:-1}"
pgn="$root/../shared/data/pgn/human/pgnmentor_players_union.pgn.zst"
polyglot="$root/../shared/data/books/polyglot/gnuchess_book_1.02.bin"

[[ -x "$root/build/release/mneme" ]] || { echo "book_experiments: build first (cmake --preset release && cmake --build build/release)" >&2; exit 2; }
[[ -r "$pgn" ]] || { echo "book_experiments: $pgn is missing" >&2; exit 2; }
mkdir -p "$work/results"
# The runs use a copy, so rebuilding during a run does not change the player.
mneme="$work/mneme"
[[ -x "$mneme" ]] || cp "$root/build/release/mneme" "$mneme"
run() { nice -n "$niceness" "$mneme" "$@"; }

book() {  # book NAME [build filters...]
    local name="$1"; shift
    [[ -s "$work/$name.mbook" ]] || run book build "$pgn" -o "$work/$name.mbook" --quiet "$@"
}
ophista() {  # ophista NAME
    [[ -s "$work/$1.mhist" ]] ||
        run book ophista "$pgn" --book "$work/$1.mbook" -o "$work/$1.mhist" --quiet
}

step_books() {
    book union
    book french --eco C00-C19
    book kid --eco E60-E99
}

step_nodes() {
    step_books
    ophista union
    ophista french
    local exits="$work/results/french_exits.txt" random="$work/results/random_exits.txt"
    [[ -s "$exits" ]] || run book exits "$work/french.mbook" --count 100 --seed "$seed" -o "$exits"
    [[ -s "$random" ]] || run book exits "$work/union.mbook" --count 50 --seed "$seed" -o "$random"
    # The engine's search, then a classic one closer to the thesis's host (GnuChess 4.0).
    for search in engine classic; do
        for name in french random; do
            local out="$work/results/nodes_${name}_$search.txt"
            local b="$work/union.mbook" h="$work/union.mhist"
            [[ "$name" == french ]] && { b="$work/french.mbook"; h="$work/french.mhist"; }
            [[ -s "$out" ]] && continue
            run book nodes --book "$b" --ophista "$h" --positions "$work/results/${name}_exits.txt" \
                --depths 4,5,6 --search "$search" >"$out.tmp"
            mv "$out.tmp" "$out"
        done
    done
}

reference=(-engine proto=mneme name=reference option.Hash=16 option.OwnBook=true
           option.BookFile="$work/union.mbook" option.BookPolicy=weighted option.BookDepth=6)

match() {  # match NAME OPENING-ARGUMENTS -- HOST-OPTIONS...
    local name="$1"; shift
    local openings=()
    while [[ "$1" != "--" ]]; do openings+=("$1"); shift; done
    shift
    local out="$work/results/match_$name"
    [[ -s "$out.json" ]] && return
    local resume=()
    [[ -s "$out.pgn" ]] && resume=(-resume)
    echo "== $name: $games games" >&2
    run match -engine proto=mneme name="$name" option.Hash=16 "$@" "${reference[@]}" \
        -each nodes="$nodes" -games 2 -rounds $((games / 2)) -concurrency "$concurrency" \
        -seed "${match_seed:-$seed}" "${openings[@]}" \
        -draw movenumber=30 movecount=6 score=10 -resign movecount=3 score=500 -maxmoves 120 \
        -pgnout "$out.pgn" "${resume[@]}" -json "$out.json.tmp" >"$out.log" 2>&1
    mv "$out.json.tmp" "$out.json"
}

book_options() {  # book_options BOOK POLICY
    echo option.OwnBook=true option.BookFile="$1" option.BookPolicy="$2"
}

step_matches() {
    step_books
    # The thesis's best criterion, the modern one and the standard book first, in case the
    # run is cut short.
    match none --
    for policy in opta3 wilson; do
        # shellcheck disable=SC2046
        match "$policy" -- $(book_options "$work/union.mbook" "$policy")
    done
    # GNU Chess draws its book moves in proportion to their weights.
    # shellcheck disable=SC2046
    match polyglot -- $(book_options "$polyglot" weighted)
    for policy in opta1 opta2; do
        # shellcheck disable=SC2046
        match "$policy" -- $(book_options "$work/union.mbook" "$policy")
    done
}

step_themes() {
    step_books
    printf '%s\n' "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"French\";" \
        >"$work/results/french_start.epd"
    printf '%s\n' "rnbqkb1r/pppppp1p/5np1/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - id \"King's Indian\";" \
        >"$work/results/kid_start.epd"
    for theme in french kid; do
        local start=(-openings file="$work/results/${theme}_start.epd" format=epd)
        match "${theme}_none" "${start[@]}" --
        for policy in opta1 opta2 opta3; do
            # shellcheck disable=SC2046
            match "${theme}_$policy" "${start[@]}" -- $(book_options "$work/$theme.mbook" "$policy")
        done
    done
}

step_ordering() {
    step_books
    ophista union
    local opta3
    opta3=$(book_options "$work/union.mbook" opta3)
    # shellcheck disable=SC2086
    match opta3_t1 -- $opta3 option.BookOrdering=true
    # shellcheck disable=SC2086
    match opta3_t2 -- $opta3 option.OphistaFile="$work/union.mhist"
    # shellcheck disable=SC2086
    match opta3_t1t2 -- $opta3 option.BookOrdering=true option.OphistaFile="$work/union.mhist"
}

step_fb() {
    step_books
    local experience="$work/results/fb_experience.mbook"
    # Training: OPTA 3 learns from its own games against the reference (weight 5, as the
    # thesis), with other openings of the reference (another seed) than the matches.
    if [[ ! -s "$work/results/match_fb_training.json" ]]; then
        rm -f "$experience"
        local saved="$games"
        games="$train" match_seed=$((seed + 100))
        # shellcheck disable=SC2046
        match fb_training -- $(book_options "$work/union.mbook" opta3) \
            option.BookExperience="$experience" option.BookLearning=true
        games="$saved" match_seed=""
    fi
    # The same seed as the OPTA 3 match, so that row is the "without experience" control.
    # shellcheck disable=SC2046
    match fb_after -- $(book_options "$work/union.mbook" opta3) option.BookExperience="$experience"
}

step_tables() {
    echo
    echo "Matches against the reference ($nodes nodes per move; Elo of the row's player, 95% pentanomial interval):"
    echo
    echo "| player | games | W / D / L | score | Elo (95%) | distinct first 16 plies |"
    echo "|---|---|---|---|---|---|"
    local name json
    for name in none opta1 opta2 opta3 wilson polyglot opta3_t1 opta3_t2 opta3_t1t2 \
        fb_training fb_after french_none french_opta1 french_opta2 french_opta3 \
        kid_none kid_opta1 kid_opta2 kid_opta3; do
        json="$work/results/match_$name.json"
        [[ -s "$json" ]] || continue
        # Games that share their first 16 plies are not independent samples.
        local distinct
        distinct=$(awk 'BEGIN { RS = "" } /^\[/ { next } {
            text = $0; gsub(/\{[^}]*\}/, "", text); gsub(/[0-9]+\.+/, "", text)
            n = split(text, words, " "); key = ""
            for (i = 1; i <= 16 && i <= n; i++) key = key " " words[i]
            if (!(key in seen)) { seen[key] = 1; count++ } }
            END { print count + 0 }' "${json%.json}.pgn")
        jq -r --arg distinct "$distinct" '.pairs[0] | "| \(.first) | \(.wins + .draws + .losses) | \(.wins) / \(.draws) / \(.losses) | \(.pentanomial_estimate.score * 1000 | round / 10)% | \(.pentanomial_estimate.elo | round) [\(.pentanomial_estimate.elo_lower | round), \(.pentanomial_estimate.elo_upper | round)] | \($distinct) |"' "$json"
    done
    for file in "$work"/results/nodes_*.txt; do
        [[ -s "$file" ]] && { echo; cat "$file"; }
    done
}

steps=("$@")
[[ ${#steps[@]} -eq 0 || "${steps[0]}" == all ]] && steps=(books nodes matches fb themes ordering)
for s in "${steps[@]}"; do
    case "$s" in
        books|nodes|matches|themes|ordering|fb|tables) "step_$s" ;;
        *) echo "book_experiments: unknown step '$s'" >&2; exit 2 ;;
    esac
done
step_tables
