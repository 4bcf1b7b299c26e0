#include "mneme/cbr/case_board.h"

#include <algorithm>
#include <cstdlib>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace mneme {

CaseBoard CaseBoard::from_position(const Position& pos) {
    CaseBoard board;
    board.occupied = pos.pieces();
    board.white = pos.pieces(WHITE);
    for (int pt = PAWN; pt <= KING; ++pt)
        for (int bit = 0; bit < 3; ++bit)
            if (pt & (1 << bit)) board.type_bits[bit] |= pos.pieces(PieceType(pt));
    return board;
}

Piece CaseBoard::piece_on(Square s) const {
    Bitboard mask = square_bb(s);
    if (!(occupied & mask)) return NO_PIECE;
    int type = 0;
    for (int bit = 0; bit < 3; ++bit)
        if (type_bits[bit] & mask) type |= 1 << bit;
    return make_piece(white & mask ? WHITE : BLACK, PieceType(type));
}

CaseBoard CaseBoard::mirrored() const {
    CaseBoard m;
    m.occupied = __builtin_bswap64(occupied);
    m.white = __builtin_bswap64(occupied & ~white);
    for (int bit = 0; bit < 3; ++bit) m.type_bits[bit] = __builtin_bswap64(type_bits[bit]);
    return m;
}

int square_similarity(Piece a, Piece b) {
    if (a == b) return 4;
    if (a == NO_PIECE || b == NO_PIECE) return 2;
    if (color_of(a) == color_of(b)) return 3;
    return type_of(a) == type_of(b) ? 1 : 0;
}

MaterialCounts material_counts(const CaseBoard& board) {
    MaterialCounts counts;
    for (int colour = 0; colour < 2; ++colour) {
        Bitboard side = colour == WHITE ? board.white : board.occupied & ~board.white;
        for (int pt = PAWN; pt <= KING; ++pt) {
            Bitboard of_type = side;
            for (int bit = 0; bit < 3; ++bit)
                of_type &= (pt & (1 << bit)) ? board.type_bits[bit] : ~board.type_bits[bit];
            counts.lanes[8 * colour + pt - 1] = std::uint8_t(std::popcount(of_type));
        }
        counts.pieces[colour] = std::uint8_t(std::popcount(side));
    }
    return counts;
}

int material_distance_bound(const MaterialCounts& a, const MaterialCounts& b) {
    // Per colour, sum |a - b| over the piece kinds: then at most (na + nb - that) / 2 squares
    // can hold the same piece on both boards.
    int difference[2];
#if defined(__SSE2__)
    __m128i sums = _mm_sad_epu8(_mm_load_si128(reinterpret_cast<const __m128i*>(a.lanes)),
                                _mm_load_si128(reinterpret_cast<const __m128i*>(b.lanes)));
    difference[WHITE] = _mm_cvtsi128_si32(sums);
    difference[BLACK] = _mm_extract_epi16(sums, 4);
#else
    for (int colour = 0; colour < 2; ++colour) {
        difference[colour] = 0;
        for (int i = 8 * colour; i < 8 * colour + 6; ++i)
            difference[colour] += std::abs(int(a.lanes[i]) - int(b.lanes[i]));
    }
#endif
    // Every piece of a that is not matched stands where b is empty (cost 2), or holds another
    // piece of b's that is not matched either: the same colour costs at least 1, the other
    // colour at least 3. The cheapest arrangement pairs same colours first, then the rest.
    int unmatched_a[2], unmatched_b[2];
    for (int colour = 0; colour < 2; ++colour) {
        int matched = (a.pieces[colour] + b.pieces[colour] - difference[colour]) / 2;
        unmatched_a[colour] = a.pieces[colour] - matched;
        unmatched_b[colour] = b.pieces[colour] - matched;
    }
    int same_white = std::min(unmatched_a[WHITE], unmatched_b[WHITE]);
    int same_black = std::min(unmatched_a[BLACK], unmatched_b[BLACK]);
    int crossed = std::min(unmatched_a[WHITE] - same_white, unmatched_b[BLACK] - same_black) +
                  std::min(unmatched_a[BLACK] - same_black, unmatched_b[WHITE] - same_white);
    int unmatched =
        unmatched_a[WHITE] + unmatched_a[BLACK] + unmatched_b[WHITE] + unmatched_b[BLACK];
    return 2 * unmatched - 3 * (same_white + same_black) - crossed;
}

}  // namespace mneme
