#!/usr/bin/env bash
# A sequential test (SPRT, pentanomial, GSPRT bounds in logistic Elo) of a new engine against a
# base one, played by mneme's match runner: each opening of an opening suite with both colours,
# two games at once, fishtest adjudication. Prints the runner's result lines; the last line is
# the one to paste into docs/search-tests.md or docs/nnue.md.
#
# The two sides are the same binary with different UCI options, or two commits built apart:
#   bench/sprt.sh [--new-commit C] [--base-commit C] [--new-option NAME=VALUE]...
#                 [--base-option NAME=VALUE]... [--tc 8+0.08] [--elo0 0] [--elo1 5]
#                 [--max-games N (20000)] [--openings FILE] [--out DIR] [--name NAME]
#                 [--concurrency N (2): games at once; 1 leaves a core for other work]
#                 [--binary PATH (build/release/mneme, for sides without a commit)]
#                 [--no-sprt: play exactly --max-games games, for an Elo with its interval]
# e.g. bench/sprt.sh --name nnue-vs-classic --new-option Eval=nnue --base-option Eval=classic
# Interrupt with Ctrl-C; the same command resumes from the PGN, or, on a new machine, from the
# games bench/keep_in_progress.sh kept in the repository.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
new_commit="" base_commit="" tc="8+0.08" elo0=0 elo1=5 max_games=20000 name="sprt" concurrency=2 sprt=1
openings="$root/../shared/data/openings/UHO_4060_v4.epd.zst"
out="$root/bench/results/sprt"
new_options=() base_options=()
binary="$root/build/release/mneme"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --new-commit) new_commit="$2"; shift 2 ;;
        --base-commit) base_commit="$2"; shift 2 ;;
        --new-option) new_options+=("option.$2"); shift 2 ;;
        --base-option) base_options+=("option.$2"); shift 2 ;;
        --tc) tc="$2"; shift 2 ;;
        --elo0) elo0="$2"; shift 2 ;;
        --elo1) elo1="$2"; shift 2 ;;
        --max-games) max_games="$2"; shift 2 ;;
        --openings) openings="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --name) name="$2"; shift 2 ;;
        --concurrency) concurrency="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        --no-sprt) sprt=0; shift ;;
        *) echo "sprt: unknown argument '$1' (see the comment at the top of $0)" >&2; exit 2 ;;
    esac
done
[[ -f "$openings" ]] || { echo "sprt: opening suite $openings not found (the data set at ../shared/data)" >&2; exit 2; }
# An option naming a file that is not there would test the engine's built-in default instead.
for option in "${new_options[@]}" "${base_options[@]}"; do
    setting="${option#option.}" key="${setting%%=*}" value="${setting#*=}"
    if [[ "$key" == *File && "$value" != "<built-in>" && "$value" != "<empty>" && ! -f "$value" ]]; then
        echo "sprt: $key=$value: no such file (made by an earlier job that has not finished?)" >&2
        exit 2
    fi
done
mkdir -p "$out"
source "$root/bench/in_progress.sh"

# A binary for a commit, built once in a worktree of its own and kept under $out.
binary_for() {
    local commit="$1" label="$2"
    if [[ -z "$commit" ]]; then
        [[ -x "$binary" ]] || { echo "sprt: build first (cmake --build --preset release)" >&2; exit 2; }
        local copy="$out/$name-$label-mneme"
        [[ -x "$copy" && -s "$out/$name.pgn" ]] || cp "$binary" "$copy"
        echo "$copy"
        return
    fi
    local hash; hash="$(git -C "$root" rev-parse --short "$commit")"
    local copy="$out/mneme-$hash"
    if [[ ! -x "$copy" ]]; then
        local tree="$out/tree-$hash"
        [[ -d "$tree" ]] || git -C "$root" worktree add --detach "$tree" "$hash" >&2
        cmake -S "$tree" -B "$tree/build" -DCMAKE_BUILD_TYPE=Release -DMNEME_BUILD_TESTS=OFF >&2
        cmake --build "$tree/build" -j2 --target mneme >&2
        cp "$tree/build/mneme" "$copy"
    fi
    echo "$copy"
}

new_bin="$(binary_for "$new_commit" new)"
base_bin="$(binary_for "$base_commit" base)"
pgn="$out/$name.pgn"
# A match begun on another machine goes on from the games it kept in the repository.
[[ -s "$pgn" ]] || carry_in_progress "$name.pgn" "$pgn"
resume=()
[[ -s "$pgn" ]] && resume=(-resume)
stop=(-sprt elo0="$elo0" elo1="$elo1" alpha=0.05 beta=0.05)
[[ $sprt == 1 ]] || stop=()
echo "sprt $name: new=$new_bin ${new_options[*]:-} base=$base_bin ${base_options[*]:-} tc=$tc elo0=$elo0 elo1=$elo1" >&2

"$new_bin" match \
    -engine cmd="$new_bin" proto=uci name=new option.Hash=16 "${new_options[@]}" \
    -engine cmd="$base_bin" proto=uci name=base option.Hash=16 "${base_options[@]}" \
    -each tc="$tc" -games 2 -rounds $((max_games / 2)) -concurrency "$concurrency" \
    -draw movenumber=34 movecount=8 score=20 -resign movecount=3 score=600 twosided=true \
    -openings file="$openings" order=random -seed 1 \
    "${stop[@]}" \
    -pgnout "$pgn" "${resume[@]}" -json "$out/$name.json"
