// The scores the engine shows: the search's internal units turned into normalised centipawns
// (+100 = the side to move wins half its games, see eval/win_rate_model.h) and win/draw/loss
// chances, with the model's parameters at the material of the position searched
// (model.at(root)). Mate scores pass through unchanged. The search never sees these numbers.
#pragma once

#include "mneme/eval/win_rate_model.h"
#include "mneme/search/score.h"

namespace mneme {

// `internal` (side to move's view) in normalised centipawns; a mate score is returned as it is,
// and any other score stays outside the mate bands, so is_mate_score() and mate_in_moves() read
// the result as they read the search's own scores.
Value reported_score(Value internal, const WinRateParameters& model);

// Chances per mille for the side to move, summing to 1000.
struct WinDrawLoss {
    int win = 0;
    int draw = 1000;
    int loss = 0;
};

// The model's chances at `internal`; a mate is 1000 won or 1000 lost.
WinDrawLoss win_draw_loss(Value internal, const WinRateParameters& model);

}  // namespace mneme
