// Knowledge from outside the search about which moves to try first, such as what a game
// database says about the positions just after the opening book (Toni 1996, ch. 5). The search
// reads it only through this interface and never learns where it comes from.
#pragma once

#include "mneme/core/position.h"

namespace mneme {

class MoveOrderingHint {
public:
    static constexpr int MAX_PREFERRED_MOVES = 16;

    virtual ~MoveOrderingHint() = default;

    // Called once before a search with the root position and its game history; false when the
    // hint has nothing to say about this search (the search then never asks it).
    virtual bool prepare(const Position& root) = 0;

    // Legal moves of `pos` (reached `ply` plies below the root) to try right after the table
    // move, best first; returns how many were written to `out` (at most MAX_PREFERRED_MOVES).
    virtual int preferred_moves(const Position& pos, int ply, Move* out) const = 0;

    // Added to the ordering score of the quiet move `m` of `pos`; 0 when the hint has no view.
    // On the scale of the history tables (up to about 16000).
    virtual int quiet_bonus(const Position& pos, Move m, int ply) const = 0;
};

}  // namespace mneme
