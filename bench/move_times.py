#!/usr/bin/env python3
"""Move times of PGN files written by the match runner (the "0.123s" of each move comment): count,
mean, median, 99th and 99.9th percentiles, longest, how many over 100 and 150 ms, and the time
forfeits. For games on a clock (TimeControl "BASE+INC") also the clocks, replayed from those
times: how low each side's clock went after a move, as the median over the sides of the games
and the number of sides that went below 200, 100 and 50 ms; with --by-player, those per player.
Usage: bench/move_times.py [--by-player] FILE.pgn... (plain PGN; zstd -dc a .pgn.zst first)"""
import re
import sys

MOVE_TIME = re.compile(r"[ /](\d+\.\d+)s[},]")  # the runner's "0.123s" in a move comment


def lowest_clocks(text):
    """(player, lowest clock in seconds) for each side of each game on a BASE+INC clock."""
    lows = []
    for game in text.split("[Event ")[1:]:
        control = re.search(r'\[TimeControl "(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)"\]', game)
        if not control: continue
        base, increment = float(control.group(1)), float(control.group(2))
        movetext = game.split("\n\n", 1)[-1]
        clock = {"w": base, "b": base}
        low = {"w": base, "b": base}
        side = None
        for token in re.finditer(r"\{[^}]*\}|\d+\.\.\.|\d+\.", movetext):
            word = token.group(0)
            if word.endswith("..."): side = "b"
            elif word.endswith("."): side = "w"
            elif side:
                spent = MOVE_TIME.search(word)
                if spent:
                    clock[side] -= float(spent.group(1))
                    low[side] = min(low[side], clock[side])
                    clock[side] += increment
        names = [re.search(r'\[%s "([^"]*)"\]' % tag, game) for tag in ("White", "Black")]
        names = [name.group(1) if name else "?" for name in names]
        lows += [(names[0], low["w"]), (names[1], low["b"])]
    return lows


def clock_summary(lows):
    lows = sorted(lows)
    below = lambda ms: sum(low < ms / 1000 for low in lows)
    return (f"lowest clock after a move, median over {len(lows)} sides {1000*lows[len(lows)//2]:.0f} ms,"
            f" below 200 ms {below(200)}, below 100 {below(100)}, below 50 {below(50)}")

by_player = "--by-player" in sys.argv[1:]
for path in [argument for argument in sys.argv[1:] if argument != "--by-player"]:
    text = open(path).read()
    times = [float(t) for t in MOVE_TIME.findall(text)]
    times.sort()
    n = len(times)
    if not n: print(path, "no moves"); continue
    q = lambda p: times[min(n - 1, int(p * n))]
    forfeits = text.count('"time forfeit"')
    lows = lowest_clocks(text)
    clocks = "; " + clock_summary([low for _, low in lows]) if lows else ""
    print(f"{path}: {n} moves, mean {1000*sum(times)/n:.1f} ms, median {1000*q(.5):.0f}, p99 {1000*q(.99):.0f}, p99.9 {1000*q(.999):.0f}, max {1000*times[-1]:.0f}; over 100 ms: {sum(t > .1 for t in times)}, over 150: {sum(t > .15 for t in times)}; time forfeits {forfeits}{clocks}")
    if by_player:
        for player in sorted({name for name, _ in lows}):
            print(f"  {player}: " + clock_summary([low for name, low in lows if name == player]))
