#include "mneme/search/static_exchange.h"

#include <algorithm>

namespace mneme {

namespace {

// The least valuable piece of `side` among `attackers`, or SQ_NONE.
Square least_valuable_attacker(const Position& pos, Bitboard attackers, Color side) {
    for (int pt = PAWN; pt <= KING; ++pt)
        if (Bitboard b = attackers & pos.pieces(side, PieceType(pt))) return lsb(b);
    return SQ_NONE;
}

}  // namespace

Value static_exchange(const Position& pos, Move m) {
    if (m.kind() == CASTLING) return 0;
    Square from = m.from(), to = m.to();
    Color us = pos.side_to_move();

    // gain[d]: what the side making capture d has won if the exchange stops right after it.
    Value gain[32];
    int d = 0;
    Bitboard occupied = pos.pieces() ^ square_bb(from);
    PieceType on_target = type_of(pos.piece_on(from));  // the piece now standing on `to`
    if (m.kind() == EN_PASSANT) {
        gain[0] = SEE_VALUE[PAWN];
        occupied ^= square_bb(Square(to - pawn_push(us)));
    } else {
        gain[0] = SEE_VALUE[type_of(pos.piece_on(to))];
    }
    if (m.kind() == PROMOTION) {
        on_target = m.promotion_type();
        gain[0] += SEE_VALUE[on_target] - SEE_VALUE[PAWN];
    }

    Bitboard diagonal_sliders = pos.pieces(BISHOP, QUEEN);
    Bitboard straight_sliders = pos.pieces(ROOK, QUEEN);
    Bitboard attackers = pos.attackers_to(to, occupied) & occupied;
    Color side = ~us;
    while (d < 31) {
        Square attacker = least_valuable_attacker(pos, attackers & occupied, side);
        if (attacker == SQ_NONE) break;
        // A king may only recapture when nothing can take it back.
        if (type_of(pos.piece_on(attacker)) == KING && (attackers & occupied & pos.pieces(~side)))
            break;
        ++d;
        gain[d] = SEE_VALUE[on_target] - gain[d - 1];
        on_target = type_of(pos.piece_on(attacker));
        occupied ^= square_bb(attacker);
        // Sliders behind the piece that just moved now see the square too.
        attackers |= (bishop_attacks(to, occupied) & diagonal_sliders) |
                     (rook_attacks(to, occupied) & straight_sliders);
        side = ~side;
    }
    // Walk back: each side takes the better of stopping or going on.
    while (d > 0) {
        gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
        --d;
    }
    return gain[0];
}

}  // namespace mneme
