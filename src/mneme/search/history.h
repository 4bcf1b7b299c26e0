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
    void update(Color c, Move m, int bonus) {
        apply_history_bonus(table_[c][m.from()][m.to()], bonus);
    }

    // The bonus a cut-off at `depth` earns.
    static int bonus_for_depth(int depth) {
        return std::min(depth * depth * 16 + depth * 32, 2400);
    }

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
// (piece, to) played one or two plies earlier (and, with FourPlyContinuation, four). It catches
// follow-ups that the butterfly table, which forgets what came before, averages away.
class ContinuationHistory {
public:
    // The slices a quiet move is scored by: the moves one, two and four plies back.
    static constexpr int SLICES = 3;

    void clear() { std::memset(table_, 0, sizeof(table_)); }
    PieceToHistory& after(Piece p, Square to) { return table_[p][to]; }

private:
    PieceToHistory table_[PIECE_CODE_COUNT][64];
};

// Capture history: a score per (moving piece, destination, captured piece type), raised for
// captures that caused a cut-off and lowered for those tried before a cut-off. It tells which
// captures work in practice where victim and attacker alone cannot (a defended piece, a pin).
class CaptureHistory {
public:
    void clear() { std::memset(table_, 0, sizeof(table_)); }
    int get(Piece p, Square to, PieceType captured) const { return table_[p][to][captured]; }
    void update(Piece p, Square to, PieceType captured, int bonus) {
        apply_history_bonus(table_[p][to][captured], bonus);
    }

private:
    std::int16_t table_[PIECE_CODE_COUNT][64][PIECE_TYPE_COUNT];
};

// A hash of the pawns alone, to index tables by pawn structure.
inline std::uint64_t pawn_structure_hash(Bitboard white_pawns, Bitboard black_pawns) {
    std::uint64_t h = white_pawns * 0x9E3779B97F4A7C15ull;
    h ^= (black_pawns ^ (h >> 31)) * 0xC2B2AE3D27D4EB4Full;
    return h ^ (h >> 29);
}

// A hash of the material: how many pieces of each type each side has, wherever they stand
// (a pawn structure's companion key for the correction history).
inline std::uint64_t material_hash(const int (&counts)[2][5]) {
    std::uint64_t packed = 0;
    for (const auto& side : counts)
        for (int count : side) packed = (packed << 4) | std::uint64_t(std::min(count, 15));
    std::uint64_t h = packed * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

// A hash of where one side's pieces other than pawns stand (knights, bishops, rooks, queens and
// the king, in that order): the key of NonPawnCorrection, which learns how the evaluation
// misjudges a side's piece placement, as the pawn structure's key does for the pawns.
inline std::uint64_t piece_placement_hash(const Bitboard (&boards)[5]) {
    std::uint64_t h = 0;
    for (Bitboard b : boards) {
        h = (h ^ b) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 31;
    }
    return h ^ (h >> 29);
}

// Correction history: how far searches of positions with this pawn structure (and side to
// move) ended from the static evaluation, as a running average. The static evaluation is
// corrected by it before pruning decisions use it, so structures the evaluation misjudges
// are misjudged less within the search. The same table keyed by material instead
// (MaterialCorrection) learns the imbalances the evaluation misjudges.
class CorrectionHistory {
public:
    static constexpr int SIZE = 16384;
    static constexpr int GRAIN = 256;                  // entries in 1/256 centipawns
    static constexpr int MAX_CORRECTION = 96 * GRAIN;  // never more than ~a pawn

    void clear() { std::memset(table_, 0, sizeof(table_)); }
    // The correction in centipawns for `side` to move with pawn structure `hash`.
    int get(Color side, std::uint64_t hash) const { return table_[side][hash % SIZE] / GRAIN; }
    // A search at `depth` found `error` = search score - static score: the entry moves towards
    // it, faster for deeper (more trustworthy) searches.
    void update(Color side, std::uint64_t hash, int error, int depth) {
        int& entry = table_[side][hash % SIZE];
        int weight = std::min(depth + 1, 16);
        int target = std::clamp(error * GRAIN, -MAX_CORRECTION, MAX_CORRECTION);
        entry = std::clamp((entry * (256 - weight) + target * weight) / 256, -MAX_CORRECTION,
                           MAX_CORRECTION);
    }

private:
    int table_[2][SIZE];
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
