#!/usr/bin/env bash
# What a UCI_Elo setting of mneme is worth: for each ELO, mneme with UCI_LimitStrength and
# UCI_Elo=ELO plays Stockfish limited to the same UCI_Elo (Stockfish's scale is fitted to CCRL
# 40/4 ratings, so it is the yardstick), GAMES games of the standard match
# (bench/standard_match.sh: 10+0.1, 8moves openings with both colours, fishtest's adjudication). Prints per level the score, the Elo
# difference with its 95% interval (pentanomial) and the rating it implies (ELO + difference): a
# calibrated setting implies itself. The GUI's "Limit to Elo" is the same option.
# Usage: bench/elo_calibration.sh [GAMES (100)] [OUTDIR (../matches/elo-calibration)] [ELO...]
#   ELO defaults to 1500 2000 2500 (UCI_Elo's range is 1320 to 3190). Interrupted (Ctrl-C), the
#   same command goes on from each level's PGN. Needs an otherwise idle machine (timed games).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
games="${1:-100}"
outdir="${2:-$root/../matches/elo-calibration}"
shift $(($# < 2 ? $# : 2))
levels=("$@")
[[ ${#levels[@]} -gt 0 ]] || levels=(1500 2000 2500)
mneme="$root/build/release/mneme"
[[ -x "$mneme" ]] || { echo "elo_calibration: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
source "$root/bench/standard_match.sh"
standard_openings_present || exit 2
for elo in "${levels[@]}"; do
    [[ "$elo" =~ ^[0-9]+$ ]] && ((elo >= 1320 && elo <= 3190)) ||
        { echo "elo_calibration: $elo is not a UCI_Elo (1320 to 3190)" >&2; exit 2; }
done

source "$root/bench/debian_engines.sh"
need python3 python3
mkdir -p "$outdir"
# The runner plays a copy, so a rebuild during the run does not swap the engine.
binary="$outdir/mneme"
[[ -x "$binary" ]] || cp "$mneme" "$binary"

for elo in "${levels[@]}"; do
    debian_engine "stockfish-$elo"
    pgn="$outdir/mneme-$elo-vs-stockfish-$elo.pgn"
    echo "== UCI_Elo $elo: mneme against Stockfish, $games games ($(date -u +%H:%M))"
    ours=(cmd="$binary" proto=uci name="mneme-$elo" option.Hash=64
          option.UCI_LimitStrength=true option.UCI_Elo="$elo")
    standard_match "$binary" "$games" "$pgn" "$outdir/mneme-$elo-vs-stockfish-$elo.json" ours engine |
        tail -n 4
done

echo "== what each setting is worth (Stockfish's UCI_Elo scale)"
python3 - "$outdir" "${levels[@]}" <<'EOF'
import json, sys
outdir, levels = sys.argv[1], sys.argv[2:]
print(f"{'UCI_Elo':>7}  {'games':>5}  {'score':>6}  {'Elo difference (95%)':>24}  {'worth':>6}")
for elo in levels:
    try:
        with open(f"{outdir}/mneme-{elo}-vs-stockfish-{elo}.json") as f:
            pair = json.load(f)["pairs"][0]
    except (OSError, ValueError, KeyError, IndexError) as e:
        print(f"{elo:>7}  no result ({e})")
        continue
    est = pair["pentanomial_estimate"]
    sign = 1 if pair["first"].startswith("mneme") else -1
    diff = sign * est["elo"]
    low, high = sorted((sign * est["elo_lower"], sign * est["elo_upper"]))
    score = est["score"] if sign == 1 else 1 - est["score"]
    print(f"{elo:>7}  {est['games']:>5}  {100 * score:5.1f}%  {diff:+7.1f} ({low:+7.1f} to {high:+7.1f})"
          f"  {int(elo) + diff:6.0f}")
EOF
