// A player's accuracy over a game, as lichess reports it beside the review's marks: each move's
// accuracy from the drop of its player's winning chances, and the game's as the mean of a
// volatility-weighted mean and a harmonic mean of them (so a few blunders weigh heavily, and
// errors in sharp positions more than in quiet ones); with it the average centipawn loss.
#pragma once

#include <vector>

#include "mneme/gui/game_review.h"
#include "mneme/gui/json_views.h"

namespace mneme::gui {

// A move's accuracy in percent (0-100) from its player's winning chances before and after it
// (0-100): 100 for a move that loses nothing, falling exponentially with the loss (lichess's
// fitted curve, with its one point for the imprecision of the analysis).
double move_accuracy(double chances_before, double chances_after);

// {"white": {"accuracy": A, "acpl": L}, "black": {...}}, A in percent with one decimal and L in
// whole centipawns; null until every position before a move has a score (a complete review).
// `evaluations` and `moves` are review_json's.
Json accuracy_json(const std::vector<Json>& evaluations, const std::vector<ReviewedMove>& moves);

}  // namespace mneme::gui
