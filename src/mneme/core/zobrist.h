// Zobrist hashing with Polyglot's numbers and layout, so Position::key() is the Polyglot key.
#pragma once

#include "mneme/core/types.h"

namespace mneme::zobrist {

extern const Key POLYGLOT_RANDOM[781];

// Polyglot orders pieces black pawn, white pawn, black knight, ..., white king.
constexpr int polyglot_piece_kind(Piece p) {
    return 2 * (type_of(p) - 1) + (color_of(p) == WHITE ? 1 : 0);
}

inline Key piece(Piece p, Square s) { return POLYGLOT_RANDOM[64 * polyglot_piece_kind(p) + s]; }

// Polyglot stores one number per right in the order white O-O, white O-O-O, black O-O, black
// O-O-O, which is our bit order.
inline Key castling(unsigned rights) {
    Key k = 0;
    for (int i = 0; i < 4; ++i)
        if (rights & (1u << i)) k ^= POLYGLOT_RANDOM[768 + i];
    return k;
}

inline Key en_passant_file(int file) { return POLYGLOT_RANDOM[772 + file]; }

// Polyglot xors this number when White is to move.
inline Key white_to_move() { return POLYGLOT_RANDOM[780]; }

}  // namespace mneme::zobrist
