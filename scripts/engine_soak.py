#!/usr/bin/env python3
"""Robustness soak: many fast games between two engine command lines, refereed independently.

Every move is checked against the legal moves of a referee engine that speaks UCI and knows
"go perft 1" and "d" (Stockfish does), so the check does not trust either player. The script
counts crashes (a player process exits), hangs (no move long after its clock ran out), time
losses (a move that arrives after the player's clock reached zero) and illegal moves, and
prints a summary. Python standard library only.

Example (200 games, mneme against itself, UCI, mixed limits):
  scripts/engine_soak.py --engine1 build/xboard/mneme --engine2 build/xboard/mneme \
      --games 200 --limits clock:1+0.01,movetime:10,depth:4
Exit status: 0 when no crash, time loss, illegal move or protocol error happened, else 1.
"""

import argparse
import os
import queue
import random
import shlex
import subprocess
import sys
import threading
import time
from collections import Counter

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# How long past its clock a silent player may stay silent before it counts as hung.
HANG_GRACE_S = 5.0


class EngineDied(Exception):
    pass


class Process:
    """A child process with its output lines on a queue, so reads can time out."""

    log = None  # a file that records all traffic, with --log

    def __init__(self, command):
        self.command = command
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            if Process.log:
                Process.log.write(f"{self.proc.pid} > {line}")
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)  # end of output: the process has exited

    def send(self, text):
        if Process.log:
            Process.log.write(f"{self.proc.pid} < {text}\n")
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineDied(f"{self.command}: cannot write (exit code {self.proc.poll()})")

    def read_until(self, accept, timeout_s):
        """Lines up to and including the first one `accept` takes; None on timeout."""
        deadline = time.monotonic() + timeout_s
        seen = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                raise EngineDied(f"{self.command}: exited with code {self.proc.wait()}")
            seen.append(line)
            if accept(line):
                return seen

    def close(self):
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=2)
            except (EngineDied, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()


class Referee:
    """Legal moves and check status of a position, from an independent UCI engine."""

    def __init__(self, command):
        self.process = Process(command)
        self.process.send("uci")
        if not self.process.read_until(lambda l: l == "uciok", 10):
            raise SystemExit(f"referee {command} does not answer 'uci'")

    def examine(self, start_fen, moves):
        """(legal moves, in check, FEN) after `moves` from `start_fen`."""
        position = f"position fen {start_fen}" + (" moves " + " ".join(moves) if moves else "")
        self.process.send(position)
        self.process.send("d")
        board = self.process.read_until(lambda l: l.startswith("Checkers:"), 10)
        self.process.send("go perft 1")
        perft = self.process.read_until(lambda l: l.startswith("Nodes searched"), 10)
        if board is None or perft is None:
            raise SystemExit("referee stopped answering")
        fen = next(l[5:] for l in board if l.startswith("Fen: "))
        in_check = board[-1].strip() != "Checkers:"
        legal = {l.split(":")[0] for l in perft if l.endswith(": 1")}
        return legal, in_check, fen


class UciPlayer:
    def __init__(self, command):
        self.process = Process(command)
        self.process.send("uci")
        if not self.process.read_until(lambda l: l == "uciok", 10):
            raise EngineDied(f"{command}: no uciok")

    def new_game(self, start_fen, limit):
        self.start_fen = start_fen
        self.process.send("ucinewgame")
        self.process.send("isready")
        if not self.process.read_until(lambda l: l == "readyok", 10):
            raise EngineDied(f"{self.process.command}: no readyok")

    def play(self, moves, limit, clocks, increment_ms, white_to_move, wait_s):
        moves_text = " moves " + " ".join(moves) if moves else ""
        self.process.send(f"position fen {self.start_fen}{moves_text}")
        kind, value = limit
        if kind == "clock":
            self.process.send(f"go wtime {int(clocks[0])} btime {int(clocks[1])} "
                              f"winc {increment_ms} binc {increment_ms}")
        elif kind == "movetime":
            self.process.send(f"go movetime {value}")
        else:
            self.process.send(f"go depth {value}")
        lines = self.process.read_until(lambda l: l.startswith("bestmove"), wait_s)
        if lines is None:
            return None
        words = lines[-1].split()
        return words[1] if len(words) > 1 else "(none)"


class XboardPlayer:
    def __init__(self, command):
        self.process = Process(command)
        self.process.send("xboard")
        self.process.send("protover 2")
        features = self.process.read_until(lambda l: "done=1" in l, 5)
        if not features:
            raise EngineDied(f"{command}: no 'feature done=1'")
        text = " ".join(features)
        self.usermove = "usermove=1" in text
        for word in ("usermove", "setboard", "ping", "time"):
            if f"{word}=1" in text:
                self.process.send(f"accepted {word}")

    def new_game(self, start_fen, limit):
        self.known_moves = 0
        self.process.send("new")
        self.process.send("force")
        if start_fen != START_FEN:
            self.process.send(f"setboard {start_fen}")
        kind, value = limit
        if kind == "clock":
            base_ms, increment_ms = value
            seconds = base_ms / 1000
            self.process.send(f"level 0 {int(seconds // 60)}:{seconds % 60:g} "
                              f"{increment_ms / 1000:g}")
        elif kind == "movetime":
            self.process.send(f"st {value / 1000:g}")
        else:
            # "st" outlives "new", so a depth game names a clock that never binds.
            self.process.send("level 0 600 0")
            self.process.send(f"sd {value}")
        self.process.send("ping 1")
        if not self.process.read_until(lambda l: l == "pong 1", 10):
            raise EngineDied(f"{self.process.command}: no 'pong 1'")

    def play(self, moves, limit, clocks, increment_ms, white_to_move, wait_s):
        self.process.send("force")
        for move in moves[self.known_moves:]:
            self.process.send(("usermove " if self.usermove else "") + move)
        ours, theirs = (clocks[0], clocks[1]) if white_to_move else (clocks[1], clocks[0])
        if limit[0] == "clock":
            self.process.send(f"time {int(ours // 10)}")
            self.process.send(f"otim {int(theirs // 10)}")
        self.process.send("go")
        lines = self.process.read_until(
            lambda l: l.startswith("move ") or l.startswith("Illegal move"), wait_s)
        if lines is None:
            return None
        words = lines[-1].split()
        if words[0] != "move":
            raise EngineDied(f"{self.process.command}: rejected a legal move: {lines[-1]}")
        self.known_moves = len(moves) + 1
        return words[1]


def make_player(command, protocol):
    return UciPlayer(command) if protocol == "uci" else XboardPlayer(command)


def parse_limits(text):
    """"clock:1+0.01,movetime:10,depth:4" -> [("clock", (1000, 10)), ("movetime", 10), ...]."""
    limits = []
    for item in text.split(","):
        kind, _, value = item.partition(":")
        if kind == "clock":
            base, _, increment = value.partition("+")
            limits.append(("clock", (int(float(base) * 1000), int(float(increment or 0) * 1000))))
        elif kind in ("movetime", "depth"):
            limits.append((kind, int(value)))
        else:
            raise SystemExit(f"unknown limit '{item}' (clock:B+I, movetime:MS, depth:N)")
    return limits


def is_insufficient(fen):
    """Bare kings, or a single minor piece beside them: no mate is possible."""
    pieces = [c for c in fen.split()[0] if c.isalpha() and c not in "kK"]
    return not pieces or (len(pieces) == 1 and pieces[0] in "nNbB")


def play_game(referee, players, limit, start_fen, max_plies):
    """Plays one game; returns (result, reason, white/black index of the guilty player)."""
    moves = []
    clocks = [0.0, 0.0]
    increment_ms = 0
    if limit[0] == "clock":
        clocks = [float(limit[1][0]), float(limit[1][0])]
        increment_ms = limit[1][1]
    for player in players:
        player.new_game(start_fen, limit)
    seen = Counter()
    while True:
        legal, in_check, fen = referee.examine(start_fen, moves)
        white_to_move = fen.split()[1] == "w"
        side = 0 if white_to_move else 1
        if not legal:
            if in_check:
                return ("0-1" if white_to_move else "1-0"), "checkmate", None
            return "1/2-1/2", "stalemate", None
        seen[" ".join(fen.split()[:4])] += 1
        if seen[" ".join(fen.split()[:4])] >= 3:
            return "1/2-1/2", "repetition", None
        if int(fen.split()[4]) >= 100:
            return "1/2-1/2", "fifty moves", None
        if is_insufficient(fen):
            return "1/2-1/2", "insufficient material", None
        if len(moves) >= max_plies:
            return "1/2-1/2", "adjudicated (length)", None

        if limit[0] == "clock":
            wait_s = clocks[side] / 1000 + HANG_GRACE_S
        elif limit[0] == "movetime":
            wait_s = limit[1] / 1000 + HANG_GRACE_S
        else:
            wait_s = 30 + HANG_GRACE_S
        started = time.monotonic()
        try:
            move = players[side].play(moves, limit, clocks, increment_ms, white_to_move, wait_s)
        except EngineDied as died:
            return ("0-1" if side == 0 else "1-0"), f"crash: {died}", side
        used_ms = (time.monotonic() - started) * 1000
        if move is None:
            return ("0-1" if side == 0 else "1-0"), "hang (no move)", side
        if limit[0] == "clock":
            clocks[side] -= used_ms
            if clocks[side] < 0:
                return ("0-1" if side == 0 else "1-0"), \
                    f"time loss ({-clocks[side]:.0f} ms over)", side
            clocks[side] += increment_ms
        if move not in legal:
            return ("0-1" if side == 0 else "1-0"), f"illegal move {move} in {fen}", side
        moves.append(move)


def random_opening(referee, rng, plies):
    """A start position a few random legal plies deep, so that games differ."""
    moves = []
    for _ in range(plies):
        legal, _, _ = referee.examine(START_FEN, moves)
        if not legal:
            break
        moves.append(rng.choice(sorted(legal)))
    _, _, fen = referee.examine(START_FEN, moves)
    return fen


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine1", required=True, help="first engine command line")
    parser.add_argument("--engine2", required=True, help="second engine command line")
    parser.add_argument("--protocol1", choices=("uci", "xboard"), default="uci")
    parser.add_argument("--protocol2", choices=("uci", "xboard"), default="uci")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--limits", default="clock:1+0.01,movetime:10,depth:4",
                        help="comma-separated; games cycle through them")
    parser.add_argument("--referee", default="/usr/games/stockfish")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--opening-plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="one line per game")
    parser.add_argument("--log", help="write every line sent and received to this file")
    args = parser.parse_args()

    if not os.path.exists(shlex.split(args.referee)[0]):
        raise SystemExit(f"no referee engine at {args.referee}")
    if args.log:
        Process.log = open(args.log, "w", buffering=1)
    rng = random.Random(args.seed)
    limits = parse_limits(args.limits)
    referee = Referee(args.referee)
    commands = [(args.engine1, args.protocol1), (args.engine2, args.protocol2)]
    engines = [make_player(*c) for c in commands]
    results, reasons, problems = Counter(), Counter(), []
    score = [0.0, 0.0]  # points of engine1, engine2
    started = time.monotonic()
    for game in range(args.games):
        limit = limits[game % len(limits)]
        # Colours alternate in pairs of games from the same opening.
        if game % 2 == 0:
            start_fen = random_opening(referee, rng, args.opening_plies)
        white = game % 2
        players = [engines[white], engines[1 - white]]
        result, reason, guilty = play_game(referee, players, limit, start_fen, args.max_plies)
        results[result] += 1
        kind = reason.split(" ")[0].rstrip(":")
        reasons[kind] += 1
        if result == "1-0":
            score[white] += 1
        elif result == "0-1":
            score[1 - white] += 1
        else:
            score[0] += 0.5
            score[1] += 0.5
        if guilty is not None:
            who = white if guilty == 0 else 1 - white
            problems.append(f"game {game + 1} ({limit[0]}): engine{who + 1}: {reason}")
            # A crashed or hung player is restarted so the soak goes on.
            engines[who].process.close()
            engines[who] = make_player(*commands[who])
        if args.verbose:
            print(f"game {game + 1}: {limit[0]} {result} {reason}", flush=True)
        elif sys.stderr.isatty():
            print(f"\r{game + 1}/{args.games} games, {time.monotonic() - started:.0f} s",
                  end="", file=sys.stderr, flush=True)
    if sys.stderr.isatty() and not args.verbose:
        print(file=sys.stderr)
    for engine in engines:
        engine.process.close()
    referee.process.close()

    elapsed = time.monotonic() - started
    print(f"games        : {args.games} in {elapsed:.0f} s")
    print(f"results      : " + ", ".join(f"{r} x{n}" for r, n in sorted(results.items())))
    print(f"terminations : " + ", ".join(f"{r} x{n}" for r, n in sorted(reasons.items())))
    print(f"score        : engine1 {score[0]:g}, engine2 {score[1]:g}")
    print(f"crashes      : {reasons['crash']}")
    print(f"hangs        : {reasons['hang']}")
    print(f"time losses  : {reasons['time']}")
    print(f"illegal moves: {reasons['illegal']}")
    for problem in problems:
        print("  " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
