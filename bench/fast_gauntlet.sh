#!/usr/bin/env bash
# Robustness gauntlet: mneme against a copy of itself and every Debian engine at fast limits, in
# three legs — a clock (2+0.02), a fixed time per move (st) and a fixed depth — then a count of
# the games each player lost by a fault (illegal move, crash, stalled connection, time forfeit,
# protocol error). Any fault of mneme makes the exit status 1.
#
# usage: bench/fast_gauntlet.sh [ROUNDS] [OUTDIR] [LOAD]
#   ROUNDS per opponent and leg, two games each (default 22: 8 opponents x 44 x 3 legs = 1,056
#   games, about 45 minutes on two cores); OUTDIR defaults to bench/results/gauntlet.
#   LOAD busy loops run beside the games for the whole run (default 0; 8 loads a 2-core machine
#   to four times its cores, as the hardening issue's soak asks), and each leg's log ends with the
#   load average it ran under.
# An interrupted run continues where it stopped when started again with the same arguments, and
# a larger ROUNDS adds games to a finished run, so a long soak can be played a piece at a time;
# on a new machine a leg starts from the games bench/keep_in_progress.sh kept in the repository.
set -euo pipefail

rounds="${1:-22}"
root="$(cd "$(dirname "$0")/.." && pwd)"
outdir="${2:-$root/bench/results/gauntlet}"
load="${3:-0}"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "fast_gauntlet: ROUNDS must be a positive number, not '$rounds'" >&2; exit 2; }
[[ "$load" =~ ^[0-9]+$ ]] || { echo "fast_gauntlet: LOAD must be a number of busy loops, not '$load'" >&2; exit 2; }
mneme="$root/build/release/mneme"
openings="$root/../shared/data/openings/8moves_v3.pgn.zst"

[[ -x "$mneme" ]] || { echo "fast_gauntlet: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
[[ -r "$openings" ]] || { echo "fast_gauntlet: $openings is missing" >&2; exit 2; }

source "$root/bench/debian_engines.sh"
source "$root/bench/in_progress.sh"
source "$root/bench/busy_load.sh"
need stockfish stockfish; need gnuchess gnuchess; need fairymax fairymax; need phalanx phalanx
need glaurung glaurung; need toga2 toga2; need ethereal-chess ethereal-chess

mkdir -p "$outdir"
trap stop_busy_loops EXIT
trap 'exit 130' INT TERM
start_busy_loops "$load"
((load == 0)) || echo "fast_gauntlet: $load busy loops beside the games" >&2
# The runner plays copies, so rebuilding during the run does not swap the engine.
binary="$outdir/mneme"
[[ -x "$binary" && -n "$(ls "$outdir"/*.pgn 2>/dev/null)" ]] || cp "$mneme" "$binary"
cp -f "$binary" "$outdir/mneme-copy"

opponents=(
    -engine cmd="$outdir/mneme-copy" proto=uci name=mneme-copy
    -engine cmd="gnuchess -u" proto=uci name=gnuchess
    -engine cmd=fairymax proto=xboard name=fairymax
    -engine cmd=phalanx proto=xboard name=phalanx
    -engine cmd=glaurung proto=uci name=glaurung
    -engine cmd=toga2 proto=uci name=toga2
    -engine cmd=ethereal-chess proto=uci name=ethereal
    -engine cmd=stockfish proto=uci name=stockfish-2000 option.UCI_LimitStrength=true option.UCI_Elo=2000
)

leg() {  # leg NAME LIMIT...
    local name="$1"; shift
    local pgn="$outdir/$name.pgn" resume=() status=0
    [[ -s "$pgn" ]] || carry_in_progress "gauntlet-$(basename "$outdir")-$name.pgn" "$pgn"
    [[ -s "$pgn" ]] && resume=(-resume)
    echo "== leg $name: $* ($rounds rounds x 2 games per opponent)" >&2
    "$binary" tournament -gauntlet \
        -engine cmd="$binary" proto=uci name=mneme \
        "${opponents[@]}" \
        -each "$@" -games 2 -rounds "$rounds" -concurrency 2 \
        -openings file="$openings" order=random -seed 3 -hangtimeout 30 \
        -pgnout "$pgn" "${resume[@]}" -json "$outdir/$name.json" >>"$outdir/$name.log" 2>&1 || status=$?
    echo "load average at the end of leg $name ($load busy loops): $(cut -d' ' -f1-3 /proc/loadavg)" \
        >>"$outdir/$name.log"
    tail -n 26 "$outdir/$name.log"
    # An interrupted runner (SIGINT, exit 130) stops the gauntlet, not just this leg; its games are kept.
    if ((status == 130)); then
        echo "fast_gauntlet: interrupted in leg $name; run the same command again to go on" >&2
        exit 130
    fi
}

leg clock tc=2+0.02
# Engines take st as a target and answer a few ms after it (the runner's clock includes the
# pipes and the scheduler of a full machine); cutechess users give a timemargin for the same
# reason. 50 ms lets that pass and still forfeits an engine that ignores the limit.
leg movetime st=0.1 -margin 50
leg depth depth=6

# Faults per player over all legs, from the Termination tag and the result.
python3 - "$outdir"/clock.pgn "$outdir"/movetime.pgn "$outdir"/depth.pgn <<'EOF'
import re, sys
from collections import Counter
faults = ("illegal move", "crash", "stalled connection", "time forfeit", "protocol error")
games, by_player = 0, Counter()
for path in sys.argv[1:]:
    for game in open(path, encoding="utf-8", errors="replace").read().split("[Event ")[1:]:
        tag = lambda name: (re.search(r'\[%s "([^"]*)"\]' % name, game) or [None, ""])[1]
        games += 1
        termination = tag("Termination")
        if termination not in faults: continue
        loser = tag("Black") if tag("Result") == "1-0" else tag("White") if tag("Result") == "0-1" else "?"
        if loser == "?":  # a flag drawn because the other side could not mate: the runner's comment names the side
            flagged = re.findall(r"(White|Black) loses on time", game)
            if flagged:
                loser = tag(flagged[-1])
                termination += " (drawn: no mating material against it)"
        by_player[(loser, termination)] += 1
print(f"{games} games")
if not by_player: print("no faults")
for (player, kind), n in sorted(by_player.items()): print(f"  {player}: {n} x {kind}")
sys.exit(1 if any(p.startswith("mneme") for p, _ in by_player) else 0)
EOF
