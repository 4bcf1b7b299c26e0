// A small capture search for picking training positions: a position is quiet when no capture
// or promotion changes its score, and a noisy one can be resolved to the end of its capture
// sequence. It uses only the static evaluation and the move generator, never the searcher.
#pragma once

#include <vector>

#include "mneme/core/position.h"
#include "mneme/eval/eval_params.h"

namespace mneme {

struct QuiescenceResult {
    int score = 0;           // side to move's view
    int static_score = 0;    // evaluate() of the position itself (0 when in check)
    std::vector<Move> line;  // the captures (or evasions) the score comes from
};

// Alpha-beta over captures and promotions with stand pat (all moves when in check), at most
// `max_plies` deep; a mated side scores -MATE_SCORE.
QuiescenceResult quiescence(const Position& pos, const EvalParams& params, int max_plies = 12);

constexpr int QUIESCENCE_MATE_SCORE = 30000;

}  // namespace mneme
