#include "mneme/search/king_flights.h"

namespace mneme {

Bitboard king_flight_squares(const Position& pos, Color side) {
    const Square king = pos.king_square(side);
    const Bitboard without_king = pos.pieces() ^ square_bb(king);
    Bitboard flights = 0;
    for (Bitboard b = king_attacks(king) & ~pos.pieces(side); b;) {
        Square s = pop_lsb(b);
        if (!pos.attacked_by(~side, s, without_king)) flights |= square_bb(s);
    }
    return flights;
}

}  // namespace mneme
