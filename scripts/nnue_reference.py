#!/usr/bin/python3
"""Reference trainer for mneme's network, in PyTorch (Debian's python3-torch).

Reads the same .mdata files as `mneme learn nnue`, trains the same (768 -> H) x 2 -> 1 network
with the same loss, optimiser, schedule and validation split, and prints positions per second
and the validation loss, so that the C++ trainer's speed and result can be checked against it.
Nothing of mneme uses this script at run time.

    /usr/bin/python3 scripts/nnue_reference.py DATA.mdata... [--hidden 256] [--epochs 10]
        [--batch 16384] [--lr 0.001] [--lr-drop-epoch 0] [--lr-drop-factor 0.1] [--cosine]
        [--weight-decay 0.01] [--k 400] [--wdl 0.3] [--validation 0.02] [--threads 2]
        [--seed 1] [--max-positions N] [--activation screlu|crelu]
"""
import argparse
import math
import struct
import sys
import time

import numpy as np
import torch

RECORD_BYTES = 32
MASK64 = (1 << 64) - 1


class MersenneTwister64:
    """std::mt19937_64, so that the validation split is the C++ trainer's."""

    def __init__(self, seed):
        self.state = [0] * 312
        self.state[0] = seed & MASK64
        for i in range(1, 312):
            previous = self.state[i - 1]
            self.state[i] = (6364136223846793005 * (previous ^ (previous >> 62)) + i) & MASK64
        self.index = 312

    def _twist(self):
        state = self.state
        for i in range(312):
            y = (state[i] & 0xFFFFFFFF80000000) | (state[(i + 1) % 312] & 0x7FFFFFFF)
            value = state[(i + 156) % 312] ^ (y >> 1)
            if y & 1:
                value ^= 0xB5026F5AA96619E9
            state[i] = value
        self.index = 0

    def __call__(self):
        if self.index >= 312:
            self._twist()
        y = self.state[self.index]
        self.index += 1
        y ^= (y >> 29) & 0x5555555555555555
        y ^= (y << 17) & 0x71D67FFFEDA60000
        y ^= (y << 37) & 0xFFF7EEE000000000
        y ^= y >> 43
        return y & MASK64


def shuffled(values, seed):
    """mneme's shuffle_indices: Fisher-Yates from the end with mt19937_64."""
    random = MersenneTwister64(seed)
    values = list(values)
    for i in range(len(values), 1, -1):
        j = random() % i
        values[i - 1], values[j] = values[j], values[i - 1]
    return values


def split(size, fraction, seed, run=100):
    """mneme's split_dataset: whole runs of 100 consecutive positions are held out."""
    runs = (size + run - 1) // run
    order = shuffled(range(runs), seed ^ 0x9E3779B97F4A7C15)
    held = np.zeros(runs, dtype=bool)
    wanted, taken = int(size * fraction + 0.5), 0
    for r in order:
        if taken >= wanted:
            break
        held[r] = True
        taken += min(run, size - r * run)
    is_validation = np.repeat(held, run)[:size]
    return np.nonzero(~is_validation)[0], np.nonzero(is_validation)[0]


def read_mdata(path, limit):
    with open(path, "rb") as f:
        header = f.read(64)
        if header[:8] != b"MNEMEDAT":
            sys.exit(f"{path}: not a .mdata file")
        positions = struct.unpack_from("<Q", header, 16)[0]
        description = struct.unpack_from("<I", header, 48)[0]
        f.seek(64 + (description + 7) // 8 * 8)
        if limit:
            positions = min(positions, limit)
        raw = np.frombuffer(f.read(positions * RECORD_BYTES), dtype=np.uint8)
    if raw.size != positions * RECORD_BYTES:
        sys.exit(f"{path}: truncated")
    return raw.reshape(positions, RECORD_BYTES)


def decode(records):
    """Feature lists from White's and Black's side (padded with 768), side to move, score, result."""
    n = len(records)
    occupied = records[:, 0:8].copy().view("<u8").reshape(n)
    bits = np.unpackbits(records[:, 0:8], axis=1, bitorder="little").astype(bool)  # square order a1..h8
    nibbles = np.empty((n, 32), dtype=np.int64)
    nibbles[:, 0::2] = records[:, 8:24] & 15
    nibbles[:, 1::2] = records[:, 8:24] >> 4
    rank = np.cumsum(bits, axis=1) - 1                      # which packed piece a square holds
    codes = np.take_along_axis(nibbles, np.clip(rank, 0, 31), axis=1)
    squares = np.broadcast_to(np.arange(64), (n, 64))
    piece_type = (codes & 7) - 1                            # pawn 0 .. king 5
    black_piece = (codes >> 3) & 1
    white_view = (black_piece * 6 + piece_type) * 64 + squares
    black_view = ((1 - black_piece) * 6 + piece_type) * 64 + (squares ^ 56)
    # Each position's pieces packed to the front of 32 slots, the rest padding.
    order = np.argsort(~bits, axis=1, kind="stable")[:, :32]
    present = np.take_along_axis(bits, order, axis=1)
    white = np.where(present, np.take_along_axis(white_view, order, axis=1), 768)
    black = np.where(present, np.take_along_axis(black_view, order, axis=1), 768)
    score = records[:, 24:26].copy().view("<i2").reshape(n).astype(np.float32)
    side_to_move = (records[:, 28] >> 4) & 1
    result = records[:, 31].astype(np.float32) * 0.5
    assert int(np.count_nonzero(occupied)) == n
    return white, black, side_to_move, score, result


class Network(torch.nn.Module):
    def __init__(self, hidden, screlu, scale, k):
        super().__init__()
        first = 1 / math.sqrt(768)
        self.features = torch.nn.EmbeddingBag(769, hidden, mode="sum", padding_idx=768)
        self.feature_bias = torch.nn.Parameter(torch.empty(hidden))
        self.output = torch.nn.Linear(2 * hidden, 1)
        with torch.no_grad():
            self.features.weight.uniform_(-first, first)
            self.features.weight[768].zero_()
            self.feature_bias.uniform_(-first, first)
            self.output.weight.uniform_(-1 / math.sqrt(2 * hidden), 1 / math.sqrt(2 * hidden))
            self.output.bias.zero_()
        self.screlu, self.logit_scale = screlu, scale / k

    def forward(self, white, black, side_to_move):
        white_acc = self.features(white) + self.feature_bias
        black_acc = self.features(black) + self.feature_bias
        black_to_move = side_to_move.unsqueeze(1).bool()
        us = torch.where(black_to_move, black_acc, white_acc)
        them = torch.where(black_to_move, white_acc, black_acc)
        hidden = torch.clamp(torch.cat([us, them], dim=1), 0, 1)
        if self.screlu:
            hidden = hidden * hidden
        return torch.sigmoid(self.output(hidden).squeeze(1) * self.logit_scale)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("inputs", nargs="+")
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--activation", choices=["screlu", "crelu"], default="screlu")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch", type=int, default=16384)
    parser.add_argument("--lr", type=float, default=0.001)
    parser.add_argument("--lr-drop-epoch", type=int, default=0)
    parser.add_argument("--lr-drop-factor", type=float, default=0.1)
    parser.add_argument("--cosine", action="store_true")
    parser.add_argument("--weight-decay", type=float, default=0.01)
    parser.add_argument("--k", type=float, default=400)
    parser.add_argument("--wdl", type=float, default=0.3)
    parser.add_argument("--validation", type=float, default=0.02)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-positions", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)

    started = time.time()
    parts = []
    for path in args.inputs:
        left = args.max_positions - sum(len(p) for p in parts) if args.max_positions else 0
        if args.max_positions and left <= 0:
            break
        parts.append(read_mdata(path, left))
    white, black, side_to_move, score, result = decode(np.concatenate(parts))
    white, black = torch.from_numpy(white), torch.from_numpy(black)
    side_to_move = torch.from_numpy(side_to_move.astype(np.int64))
    target = torch.from_numpy(
        (1 - args.wdl) / (1 + np.exp(-score / args.k)) + args.wdl * result).float()
    training, validation = split(len(target), args.validation, args.seed)
    training, validation = torch.from_numpy(training), torch.from_numpy(validation)
    print(f"data        {len(target)} positions: {len(training)} training, {len(validation)} validation; "
          f"decoded in {time.time() - started:.1f} s", flush=True)

    net = Network(args.hidden, args.activation == "screlu", 400, args.k)
    weights = [net.features.weight, net.output.weight]
    biases = [net.feature_bias, net.output.bias]
    optimiser = torch.optim.AdamW([{"params": weights, "weight_decay": args.weight_decay},
                                   {"params": biases, "weight_decay": 0.0}], lr=args.lr)
    batches = (len(training) + args.batch - 1) // args.batch

    def rate(step):
        if args.cosine:
            progress = min(1.0, step / max(1, batches * args.epochs))
            return args.lr * (0.01 + 0.99 * 0.5 * (1 + math.cos(math.pi * progress)))
        if args.lr_drop_epoch > 0:
            return args.lr * args.lr_drop_factor ** ((step // batches) // args.lr_drop_epoch)
        return args.lr

    def validation_loss():
        with torch.no_grad():
            total = 0.0
            for begin in range(0, len(validation), 65536):
                rows = validation[begin:begin + 65536]
                predicted = net(white[rows], black[rows], side_to_move[rows])
                total += float(((predicted - target[rows]) ** 2).sum())
            return total / max(1, len(validation))

    step, training_seconds, trained = 0, 0.0, 0
    for epoch in range(1, args.epochs + 1):
        epoch_started = time.time()
        order = training[torch.randperm(len(training))]
        loss_sum = 0.0
        for b in range(batches):
            rows = order[b * args.batch:(b + 1) * args.batch]
            for group in optimiser.param_groups:
                group["lr"] = rate(step)
            predicted = net(white[rows], black[rows], side_to_move[rows])
            loss = ((predicted - target[rows]) ** 2).mean()
            optimiser.zero_grad(set_to_none=True)
            loss.backward()
            optimiser.step()
            with torch.no_grad():
                net.output.weight.clamp_(-1.98, 1.98)
            loss_sum += float(loss) * len(rows)
            step += 1
        seconds = time.time() - epoch_started
        training_seconds += seconds
        trained += len(training)
        print(f"epoch {epoch:3d}  training {loss_sum / len(training):.6f}  validation {validation_loss():.6f}  "
              f"{len(training) / seconds:.0f} positions/s", flush=True)
    print(f"reference   positions/s {trained / max(training_seconds, 1e-9):.0f}  "
          f"validation_loss {validation_loss():.6f}  threads {args.threads}", flush=True)


if __name__ == "__main__":
    main()
