#!/usr/bin/env python3
"""Move times of PGN files written by the match runner (the "0.123s" of each move comment): count,
mean, median, 99th and 99.9th percentiles, longest, how many over 100 and 150 ms, and the time
forfeits. Usage: bench/move_times.py FILE.pgn... (plain PGN; zstd -dc a .pgn.zst first)"""
import re
import sys

for path in sys.argv[1:]:
    text = open(path).read()
    times = [float(t) for t in re.findall(r"[ /](\d+\.\d+)s[},]", text)]
    times.sort()
    n = len(times)
    if not n: print(path, "no moves"); continue
    q = lambda p: times[min(n - 1, int(p * n))]
    forfeits = text.count('"time forfeit"')
    print(f"{path}: {n} moves, mean {1000*sum(times)/n:.1f} ms, median {1000*q(.5):.0f}, p99 {1000*q(.99):.0f}, p99.9 {1000*q(.999):.0f}, max {1000*times[-1]:.0f}; over 100 ms: {sum(t > .1 for t in times)}, over 150: {sum(t > .15 for t in times)}; time forfeits {forfeits}")
