// Move-ordering statistics that search gathers: which quiet moves tend to cause cut-offs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "mneme/core/types.h"
#include "mneme/search/score.h"

namespace mneme {

constexpr int HISTORY_MAX_SCORE = 16384;

// Moves a history score towards +-HISTORY_MAX_SCORE by `bonus`, more slowly the closer it
// already is ("gravity"), so old knowledge fades and scores never overflow.
inline void apply_history_bonus(std::int16_t& entry, int bonus) {
    if (bonus > HISTORY_MAX_SCORE) bonus = HISTORY_MAX_SCORE;
    if (bonus < -HISTORY_MAX_SCORE) bonus = -HISTORY_MAX_SCORE;
    entry = std::int16_t(entry + bonus - entry * std::abs(bonus) / HISTORY_MAX_SCORE);
}

// Butterfly history: a score per (side, from, to) for quiet moves, raised for moves that
// failed high and lowered for the quiet moves tried before them.
class ButterflyHistory {
public:
    static constexpr int MAX_SCORE = HISTORY_MAX_SCORE;

    void clear() { std::memset(table_, 0, sizeof(table_)); }
    int get(Color c, Move m) const { return table_[c][m.from()][m.to()]; }
    void update(Color c, Move m, int bonus) { apply_history_bonus(table_[c][m.from()][m.to()], bonus); }

    // The bonus a cut-off at `depth` earns.
    static int bonus_for_depth(int depth) { return std::min(depth * depth * 16 + depth * 32, 2400); }

private:
    std::int16_t table_[2][64][64];
};

// A history score per (moved piece, destination): one slice of the continuation history.
struct PieceToHistory {
    std::int16_t scores[PIECE_CODE_COUNT][64];

    int get(Piece p, Square to) const { return scores[p][to]; }
    void update(Piece p, Square to, int bonus) { apply_history_bonus(scores[p][to], bonus); }
};

// Continuation history: how well a quiet move (piece, to) has done as an answer to a move
// (piece, to) played one or two plies earlier. It catches follow-ups that the butterfly table,
// which forgets what came before, averages away.
class ContinuationHistory {
public:
    void clear() { std::memset(table_, 0, sizeof(table_)); }
    PieceToHistory& after(Piece p, Square to) { return table_[p][to]; }

private:
    PieceToHistory table_[PIECE_CODE_COUNT][64];
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
