#!/bin/sh
# Rebuilds defaults/, the opening book and case bases built into mneme (see defaults/MANIFEST.md),
# from the shared data set, byte for byte as committed.
#
#   scripts/build_defaults.sh [--check] [MNEME]
#
# MNEME is the binary to build them with (build/release/mneme by default); the data set is
# $MNEME_DATA_DIR or ../shared/data beside the project. --check builds into a temporary folder
# and compares with the committed files instead of replacing them (exit status 1 when they
# differ). About 30 s of CPU.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
check=no
if [ "${1:-}" = "--check" ]; then
    check=yes
    shift
fi
mneme=${1:-$root/build/release/mneme}
data=${MNEME_DATA_DIR:-$root/../shared/data}
if [ ! -x "$mneme" ]; then
    echo "build_defaults.sh: no mneme binary at $mneme (build it first)" >&2
    exit 2
fi
if [ ! -d "$data/pgn" ]; then
    echo "build_defaults.sh: the data set was not found at $data; set MNEME_DATA_DIR" >&2
    exit 2
fi
data=$(cd "$data" && pwd)

if [ $check = yes ]; then
    out=$(mktemp -d "${TMPDIR:-/tmp}/mneme-defaults.XXXXXX")
    trap 'rm -rf "$out"' EXIT
else
    out=$root/defaults
fi

# The book: every (position, move) of the first 40 plies played in at least 10 of the master
# games (the engine's BookDepth is 40 plies; the thesis's policies want 20 games or more).
nice -n 10 "$mneme" book build "$data/pgn/human/pgnmentor_players_union.pgn.zst" \
    -o "$out/masters.mbook" --max-ply 40 --min-count 10

# The case bases: four world champions of different eras, at most 15,000 of each one's moves
# (a uniform sample with the default seed, in game order).
cases() {
    name=$1
    collection=$2
    shift 2
    nice -n 10 "$mneme" cases build "$data/pgn/players/$collection" "$@" \
        --max-cases 15000 -o "$out/$name.mcases" --quiet
}
cases capablanca Capablanca.pgn --player "Capablanca, Jose Raul"
cases tal Tal.pgn --player "Tal, Mihail"
cases fischer Fischer.pgn --player "Fischer, Robert James"
cases carlsen Carlsen.pgn --player "Carlsen, Magnus"

# The opening names of the graphical program: lichess's tables (CC0) as the data set has them.
for volume in a b c d e; do
    cp "$data/eco/lichess_openings_$volume.tsv" "$out/" && chmod 644 "$out/lichess_openings_$volume.tsv"
done

cd "$out"
files="masters.mbook capablanca.mcases carlsen.mcases fischer.mcases tal.mcases"
files="$files lichess_openings_a.tsv lichess_openings_b.tsv lichess_openings_c.tsv"
files="$files lichess_openings_d.tsv lichess_openings_e.tsv"
sha256sum $files
if [ $check = yes ]; then
    status=0
    for file in $files; do
        if cmp -s "$file" "$root/defaults/$file"; then
            echo "same as defaults/$file"
        else
            echo "DIFFERS from defaults/$file" >&2
            status=1
        fi
    done
    exit $status
fi
