#include "mneme/notation/uci_move.h"

#include "mneme/core/movegen.h"

namespace mneme {

std::string move_to_uci(Move m, bool chess960) {
    if (!m) return "0000";
    if (m == Move::null()) return "0000";
    Square from = m.from(), to = m.to();
    if (m.kind() == CASTLING && !chess960) to = make_square(to > from ? 6 : 2, rank_of(from));
    std::string text = square_name(from) + square_name(to);
    if (m.kind() == PROMOTION) text += " pnbrqk"[m.promotion_type()];
    return text;
}

std::string move_to_uci(const Position& pos, Move m) { return move_to_uci(m, pos.is_chess960()); }

Move parse_uci_move(const Position& pos, std::string_view text) {
    if (text.size() < 4 || text.size() > 5) return Move::none();
    auto square_at = [&](std::size_t i) -> Square {
        char f = text[i], r = text[i + 1];
        if (f < 'a' || f > 'h' || r < '1' || r > '8') return SQ_NONE;
        return make_square(f - 'a', r - '1');
    };
    Square from = square_at(0), to = square_at(2);
    if (from == SQ_NONE || to == SQ_NONE) return Move::none();
    PieceType promotion = NO_PIECE_TYPE;
    if (text.size() == 5) {
        switch (text[4] | 0x20) {
            case 'q':
                promotion = QUEEN;
                break;
            case 'r':
                promotion = ROOK;
                break;
            case 'b':
                promotion = BISHOP;
                break;
            case 'n':
                promotion = KNIGHT;
                break;
            default:
                return Move::none();
        }
    }
    MoveList<LEGAL> moves(pos);
    for (Move m : moves) {
        if (m.from() != from || m.to() != to) continue;
        if (m.kind() == PROMOTION ? m.promotion_type() == promotion : promotion == NO_PIECE_TYPE)
            return m;
    }
    // Castling written king-to-destination ("e1g1"): second, since in Chess960 the same text
    // can be a plain king step, which takes precedence.
    if (promotion == NO_PIECE_TYPE)
        for (Move m : moves)
            if (m.kind() == CASTLING && m.from() == from && pos.castling_king_destination(m) == to)
                return m;
    return Move::none();
}

}  // namespace mneme
