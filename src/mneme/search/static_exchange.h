// Static exchange evaluation: the material a capture sequence on one square wins or loses.
#pragma once

#include "mneme/core/position.h"
#include "mneme/search/score.h"

namespace mneme {

// Piece values for exchange arithmetic only (the evaluation has its own, tapered ones).
constexpr Value SEE_VALUE[PIECE_TYPE_COUNT] = {0, 100, 320, 330, 500, 950, 20000};

// The material balance for the side to move after `m` and the best sequence of recaptures on
// its destination, each side free to stop capturing. Pins are ignored. Castling scores 0.
Value static_exchange(const Position& pos, Move m);

}  // namespace mneme
