#!/usr/bin/env python3
"""The expected figures of tests/gui_accuracy_test.cpp, computed apart from mneme's code: lichess's
published accuracy formulas (move accuracy from the mover's winning chances; windows of the
game's chances built as lichess builds them, (size - 2) copies of the first window and then a
sliding one; the game's accuracy as the mean of the volatility-weighted and the harmonic mean)
on the curve of mneme's evaluation bar, and the average centipawn loss with scores capped at 10
pawns. Run: python3 tests/data/accuracy_reference.py"""
import math


def chances(cp):  # White's winning chances in percent
    cp = max(-1000, min(1000, cp))
    return 100 / (1 + math.exp(-0.004 * cp))


def move_accuracy(before, after):
    if after >= before:
        return 100.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411
    return max(0.0, min(100.0, raw + 1))


def deviation(xs):
    mean = sum(xs) / len(xs)
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / len(xs))


def game(cps):
    """cps: White-side centipawns of every position, the start first; White moves first."""
    w = [chances(c) for c in cps]
    n = len(cps) - 1
    size = max(2, min(8, n // 10))
    windows = [w[:size]] * (min(size, len(w)) - 2) + [w[i:i + size] for i in range(max(1, len(w) - size + 1))]
    weights = [max(0.5, min(12, deviation(x))) for x in windows]
    assert len(weights) == n
    result = {}
    for side, name in ((0, "white"), (1, "black")):
        accuracies, their_weights, losses = [], [], []
        for i in range(side, n, 2):
            before, after = (w[i], w[i + 1]) if side == 0 else (100 - w[i], 100 - w[i + 1])
            accuracies.append(move_accuracy(before, after))
            their_weights.append(weights[i])
            cb, ca = (max(-1000, min(1000, c)) for c in (cps[i], cps[i + 1]))
            losses.append(max(0, cb - ca if side == 0 else ca - cb))
        weighted = sum(a * b for a, b in zip(accuracies, their_weights)) / sum(their_weights)
        harmonic = len(accuracies) / sum(1 / max(a, 1) for a in accuracies)
        result[name] = (round((weighted + harmonic) / 2, 1), round(sum(losses) / len(losses)))
    return result


print("move accuracy (50, 40):", round(move_accuracy(50, 40), 3), " (70, 20):", round(move_accuracy(70, 20), 3))
print("40 plies of 300 sin(0.7 i) + 20 i:", game([round(300 * math.sin(i * 0.7) + 20 * i) for i in range(41)]))
print("+0.20 +0.20 +1.50 -5.00 -5.00:", game([20, 20, 150, -500, -500]))
