#include "mneme/cbr/case_board.h"

#include <algorithm>

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

MaterialSignature material_signature(const CaseBoard& board) {
    MaterialSignature signature = 0;
    for (int colour = 0; colour < 2; ++colour) {
        Bitboard side = colour == WHITE ? board.white : board.occupied & ~board.white;
        for (int pt = PAWN; pt <= KING; ++pt) {
            Bitboard of_type = side;
            for (int bit = 0; bit < 3; ++bit)
                of_type &= (pt & (1 << bit)) ? board.type_bits[bit] : ~board.type_bits[bit];
            // Legal positions have at most ten of a kind; 15 marks "too many to count".
            int count = std::min(std::popcount(of_type), 15);
            signature |= MaterialSignature(count) << (4 * (colour * 6 + pt - 1));
        }
    }
    return signature;
}

int material_count(MaterialSignature signature, int index) {
    return int((signature >> (4 * index)) & 15);
}

int material_distance_bound(MaterialSignature a, MaterialSignature b) {
    // At most `matches` squares can hold the same piece on both boards. Every other piece of a
    // stands on a square that is empty in b (cost 2) or holds a different piece (cost >= 1, but
    // that square also accounts for one of b's unmatched pieces); the cheapest arrangement pairs
    // as many unmatched pieces as possible.
    int count_a = 0, count_b = 0, matches = 0;
    for (int i = 0; i < 12; ++i) {
        int x = material_count(a, i), y = material_count(b, i);
        if (x == 15 || y == 15) return 0;  // a capped count says nothing
        count_a += x;
        count_b += y;
        matches += std::min(x, y);
    }
    int unmatched_a = count_a - matches, unmatched_b = count_b - matches;
    return 2 * std::max(unmatched_a, unmatched_b) - std::min(unmatched_a, unmatched_b);
}

}  // namespace mneme
