// Move-ordering statistics that search gathers: which quiet moves tend to cause cut-offs.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "mneme/core/types.h"
#include "mneme/search/score.h"

namespace mneme {

// Butterfly history: a score per (side, from, to) for quiet moves, raised for moves that
// failed high and lowered for the quiet moves tried before them.
class ButterflyHistory {
public:
    static constexpr int MAX_SCORE = 16384;

    void clear() { std::memset(table_, 0, sizeof(table_)); }
    int get(Color c, Move m) const { return table_[c][m.from()][m.to()]; }

    // Moves the score towards +-MAX_SCORE by `bonus`, more slowly the closer it already is, so
    // old knowledge fades and scores never overflow.
    void update(Color c, Move m, int bonus) {
        std::int16_t& entry = table_[c][m.from()][m.to()];
        if (bonus > MAX_SCORE) bonus = MAX_SCORE;
        if (bonus < -MAX_SCORE) bonus = -MAX_SCORE;
        entry = std::int16_t(entry + bonus - entry * std::abs(bonus) / MAX_SCORE);
    }

    // The bonus a cut-off at `depth` earns.
    static int bonus_for_depth(int depth) { return depth * depth * 16 + depth * 32; }

private:
    std::int16_t table_[2][64][64];
};

// Two quiet moves per ply that caused a cut-off in a sibling node.
struct KillerMoves {
    Move moves[2] = {};

    void add(Move m) {
        if (moves[0] == m) return;
        moves[1] = moves[0];
        moves[0] = m;
    }
    void clear() { moves[0] = moves[1] = Move::none(); }
    bool contains(Move m) const { return m == moves[0] || m == moves[1]; }
};

}  // namespace mneme
