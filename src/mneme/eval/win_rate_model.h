// How an evaluation's internal units translate into winning chances, so that the scores the
// engine reports read the same whatever evaluation made them: +1.00 (100 "centipawns") means the
// side to move wins half its games, Stockfish's convention since 2022.
//
// The model is Stockfish's: p_win(s) = 1 / (1 + exp((a - s) / b)) for an internal score s of the
// side to move, p_loss(s) = p_win(-s), and a draw is what remains. a and b depend on the material
// on the board, since the same score wins more often with more pieces left: they are fitted per
// evaluation in bands of material to the results of its own self-play games by
// `mneme learn wdl-fit`, and interpolated linearly between the bands (beyond the first and the
// last band, theirs). The constants and the commands that produced them are in
// win_rate_model.cpp.
#pragma once

#include <vector>

#include "mneme/core/position.h"

namespace mneme {

// The model at one amount of material.
struct WinRateParameters {
    double a = 100;  // the internal score at which the side to move wins half its games
    double b = 60;   // how quickly the chance rises around a, in internal units

    // The side to move's chance to win, 0..1, at internal score `score`.
    double win_probability(double score) const;
    // The side to move's chance to lose.
    double loss_probability(double score) const { return win_probability(-score); }
    // An internal score in reported centipawns: 100 * score / a, rounded to the nearest.
    int to_centipawns(int score) const;
};

// Stockfish's material count: pawns 1, knights and bishops 3, rooks 5, queens 9, both sides (78
// at the start).
int win_rate_material(const Position& pos);

struct WinRateModel {
    // a and b fitted to the positions of one band of material, whose mean material is `material`.
    struct Knot {
        double material;
        double a;
        double b;
    };
    std::vector<Knot> knots;  // by increasing material; at least one

    // Linear between the knots, the first knot's below it, the last one's above.
    WinRateParameters at_material(int material) const;
    WinRateParameters at(const Position& pos) const { return at_material(win_rate_material(pos)); }
    // The model of the same evaluation with its scores multiplied by `factor` (a network whose
    // output scale changed): a and b scale with them, the winning chances stay.
    WinRateModel scaled(double factor) const;
};

// Fitted to the classic evaluation's self-play (see win_rate_model.cpp).
extern const WinRateModel CLASSIC_WIN_RATE_MODEL;
// Fitted to the self-play of network v1 (networks/v1.mnet, output scale 400); used for every
// network until a network carries constants of its own, scaled by the network's output scale
// over NNUE_WIN_RATE_MODEL_SCALE.
extern const WinRateModel NNUE_WIN_RATE_MODEL;
constexpr int NNUE_WIN_RATE_MODEL_SCALE = 400;

}  // namespace mneme
