// A board reduced to what the thesis's shallow similarity looks at: which piece stands on which
// square. Five bitboards (occupied, white, three bits of the piece type) make the square-by-
// square similarity a handful of popcounts.
#pragma once

#include <bit>
#include <cstdint>

#include "mneme/core/position.h"
#include "mneme/core/types.h"

namespace mneme {

struct CaseBoard {
    Bitboard occupied = 0;
    Bitboard white = 0;                 // the white pieces (a subset of occupied)
    Bitboard type_bits[3] = {0, 0, 0};  // bit i of the PieceType of each piece

    static CaseBoard from_position(const Position& pos);

    Piece piece_on(Square s) const;
    // The same board seen from the other side: ranks flipped and colours swapped, so that a
    // black mover's case reads as a white mover's.
    CaseBoard mirrored() const;

    bool operator==(const CaseBoard&) const = default;
};

static_assert(sizeof(CaseBoard) == 40);

// The thesis's square similarity R: 4 for equal contents (both empty, or the same piece), 3 for
// two pieces of one colour and different types, 2 when exactly one square is occupied, 1 for
// one type in two colours, 0 for different colour and type.
int square_similarity(Piece a, Piece b);

// 256 minus the problem similarity: the sum over the squares of 4 - R. A metric (it obeys the
// triangle inequality square by square), which the retrieval index relies on.
inline int board_distance(const CaseBoard& a, const CaseBoard& b) {
    Bitboard both = a.occupied & b.occupied;
    Bitboard type_differs = (a.type_bits[0] ^ b.type_bits[0]) | (a.type_bits[1] ^ b.type_bits[1]) |
                            (a.type_bits[2] ^ b.type_bits[2]);
    return 2 * std::popcount(a.occupied ^ b.occupied) + std::popcount(both & type_differs) +
           3 * std::popcount(both & (a.white ^ b.white));
}

// Sim(p, q) of the thesis: the sum of R over the 64 squares, 0..256.
inline int board_similarity(const CaseBoard& a, const CaseBoard& b) {
    return 4 * SQUARE_COUNT - board_distance(a, b);
}

// The number of pieces of each colour and type: White's pawn..king in bytes 0-5, Black's in
// bytes 8-13. Boards with different material cannot be very similar, which prunes retrieval.
struct MaterialCounts {
    alignas(16) std::uint8_t lanes[16] = {};
    std::uint8_t pieces[2] = {0, 0};  // per colour

    bool operator==(const MaterialCounts&) const = default;
};
MaterialCounts material_counts(const CaseBoard& board);

// A lower bound on board_distance(a, b) for any boards with these material counts.
int material_distance_bound(const MaterialCounts& a, const MaterialCounts& b);

}  // namespace mneme
