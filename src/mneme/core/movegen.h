// Fully legal move generation (pins and check evasions handled directly, no make-and-test).
#pragma once

#include <cstddef>
#include <cstdint>

#include "mneme/core/position.h"

namespace mneme {

enum GenType {
    CAPTURES,      // captures (incl. en passant) and all promotions
    QUIETS,        // everything else: non-capturing, non-promoting moves and castling
    EVASIONS,      // all legal moves when in check (same as LEGAL then)
    NON_EVASIONS,  // all legal moves when not in check (same as LEGAL then)
    LEGAL,         // all legal moves
    QUIET_CHECKS,  // the QUIETS that give check, in the order QUIETS lists them
};

constexpr int MAX_MOVES = 256;

// Room for N moves, left uninitialised: Move's constructor zeroes it, and a search makes
// several such arrays at every node, where zeroing 256 moves cost more than generating them.
// Only the moves written may be read.
template <int N>
class MoveStorage {
public:
    Move* data() { return reinterpret_cast<Move*>(bytes_); }
    const Move* data() const { return reinterpret_cast<const Move*>(bytes_); }
    Move& operator[](int i) { return data()[i]; }

private:
    alignas(Move) unsigned char bytes_[N * sizeof(Move)];
};

// Writes the legal moves of kind T to `list` and returns the end pointer. CAPTURES and QUIETS
// partition the legal moves, also when in check.
template <GenType T>
Move* generate(const Position& pos, Move* list);

// The number of legal moves, counted with popcounts instead of listing them (perft leaves).
std::uint64_t count_legal_moves(const Position& pos);

template <GenType T>
class MoveList {
public:
    explicit MoveList(const Position& pos) : last_(generate<T>(pos, moves_.data())) {}
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return last_; }
    std::size_t size() const { return std::size_t(last_ - moves_.data()); }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }

private:
    MoveStorage<MAX_MOVES> moves_;
    Move* last_;
};

}  // namespace mneme
