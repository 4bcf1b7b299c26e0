#include "mneme/core/position.h"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "mneme/core/movegen.h"
#include "mneme/core/zobrist.h"
#include "mneme/util/text.h"

namespace mneme {

namespace {

constexpr std::string_view PIECE_CHARS = " PNBRQK  pnbrqk";

Piece piece_from_char(char c) {
    auto i = PIECE_CHARS.find(c);
    return (i == std::string_view::npos || c == ' ') ? NO_PIECE : Piece(i);
}

bool parse_count(std::string_view text, int& value) {
    if (text.empty() || text.size() > 6) return false;
    value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        value = value * 10 + (c - '0');
    }
    return true;
}

}  // namespace

Position::Position() {
    std::string error;
    set_fen(START_FEN, false, &error);
}

void Position::clear() {
    init_bitboards();  // a Position may be built during static initialisation of another file
    std::fill(std::begin(board_), std::end(board_), NO_PIECE);
    std::fill(std::begin(by_type_), std::end(by_type_), 0);
    std::fill(std::begin(by_color_), std::end(by_color_), 0);
    std::fill(std::begin(castling_rook_), std::end(castling_rook_), SQ_NONE);
    std::fill(std::begin(castling_path_), std::end(castling_path_), 0);
    std::fill(std::begin(castling_king_path_), std::end(castling_king_path_), 0);
    std::fill(std::begin(castling_mask_), std::end(castling_mask_), 0);
    side_ = WHITE;
    game_ply_ = 0;
    chess960_ = false;
    states_.clear();
    states_.reserve(256);
    states_.emplace_back();
}

void Position::put_piece(Piece p, Square s) {
    assert(p != NO_PIECE && type_of(p) != NO_PIECE_TYPE && board_[s] == NO_PIECE);
    board_[s] = p;
    Bitboard b = square_bb(s);
    by_type_[0] |= b;
    by_type_[type_of(p)] |= b;
    by_color_[color_of(p)] |= b;
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    assert(p != NO_PIECE);
    Bitboard b = square_bb(s);
    by_type_[0] ^= b;
    by_type_[type_of(p)] ^= b;
    by_color_[color_of(p)] ^= b;
    board_[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    assert(p != NO_PIECE && board_[to] == NO_PIECE);
    Bitboard b = square_bb(from) | square_bb(to);
    by_type_[0] ^= b;
    by_type_[type_of(p)] ^= b;
    by_color_[color_of(p)] ^= b;
    board_[from] = NO_PIECE;
    board_[to] = p;
}

void Position::add_castling_right(Color c, Square rook_square) {
    Square king_from = king_square(c);
    bool king_side = file_of(rook_square) > file_of(king_from);
    CastlingRights right = castling_right(c, king_side);
    int idx = castling_index(right);
    st().castling |= right;
    castling_rook_[idx] = rook_square;

    Square king_to = relative_square(c, king_side ? SQ_G1 : SQ_C1);
    Square rook_to = relative_square(c, king_side ? SQ_F1 : SQ_D1);
    castling_path_[idx] = (between_bb(king_from, king_to) | between_bb(rook_square, rook_to)) &
                          ~(square_bb(king_from) | square_bb(rook_square));
    castling_king_path_[idx] = between_bb(king_from, king_to);
    castling_mask_[king_from] |= (c == WHITE ? WHITE_CASTLING : BLACK_CASTLING);
    castling_mask_[rook_square] |= right;
}

bool Position::set_fen(std::string_view fen, bool chess960, std::string* error) {
    auto fail = [&](const std::string& why) {
        // The FEN comes from a file or a command and may hold any byte.
        if (error) *error = printable("invalid FEN \"" + std::string(fen) + "\": " + why);
        return false;
    };
    auto fields = split_whitespace(fen);
    if (fields.size() < 4)
        return fail("expected at least 4 fields (placement, side, castling, en passant), got " +
                    std::to_string(fields.size()));
    if (fields.size() > 6)
        return fail("expected at most 6 fields, got " + std::to_string(fields.size()));

    clear();

    // Piece placement, from rank 8 down to rank 1.
    int rank = 7, file = 0;
    for (char c : fields[0]) {
        if (c == '/') {
            if (file != 8)
                return fail("rank " + std::to_string(rank + 1) + " does not have 8 squares");
            if (rank == 0) return fail("more than 8 ranks in the piece placement");
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return fail("rank " + std::to_string(rank + 1) + " has more than 8 squares");
        } else if (Piece p = piece_from_char(c); p != NO_PIECE) {
            if (file >= 8)
                return fail("rank " + std::to_string(rank + 1) + " has more than 8 squares");
            put_piece(p, make_square(file, rank));
            ++file;
        } else {
            return fail(std::string("unexpected character '") + c + "' in the piece placement");
        }
    }
    if (rank != 0 || file != 8) return fail("the piece placement does not describe 8 full ranks");

    for (Color c : {WHITE, BLACK}) {
        const char* name = c == WHITE ? "White" : "Black";
        int kings = count(c, KING);
        if (kings != 1)
            return fail(std::string(name) + " has " + std::to_string(kings) +
                        " kings, needs exactly 1");
        if (count(c, PAWN) > 8) return fail(std::string(name) + " has more than 8 pawns");
        if (popcount(pieces(c)) > 16) return fail(std::string(name) + " has more than 16 pieces");
    }
    if (pieces(PAWN) & (RANK_1_BB | RANK_8_BB))
        return fail("a pawn stands on the first or last rank");

    // Side to move.
    if (fields[1] == "w")
        side_ = WHITE;
    else if (fields[1] == "b")
        side_ = BLACK;
    else
        return fail("side to move must be 'w' or 'b', got '" + std::string(fields[1]) + "'");

    // Castling rights: KQkq (X-FEN: outermost rook), or rook files A-H/a-h (Shredder-FEN).
    chess960_ = chess960;
    if (fields[2] != "-") {
        for (char c : fields[2]) {
            Color color = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
            char upper = char(c & ~0x20);
            Square king = king_square(color);
            const char* name = color == WHITE ? "White" : "Black";
            if (relative_rank(color, king) != 0)
                return fail(std::string("castling right '") + c + "' but the " + name +
                            " king is not on its first rank");
            Bitboard rooks = pieces(color, ROOK) & rank_bb(rank_of(king));
            Square rook = SQ_NONE;
            if (upper == 'K') {
                Bitboard beyond = rooks & ~((square_bb(king) << 1) - 1);
                if (beyond) rook = msb(beyond);
            } else if (upper == 'Q') {
                Bitboard before = rooks & (square_bb(king) - 1);
                if (before) rook = lsb(before);
            } else if (upper >= 'A' && upper <= 'H') {
                Square s = make_square(upper - 'A', rank_of(king));
                if (rooks & square_bb(s)) rook = s;
                chess960_ = true;
            } else {
                return fail(std::string("unexpected character '") + c + "' in the castling rights");
            }
            if (rook == SQ_NONE)
                return fail(std::string("castling right '") + c + "' but no " + name +
                            " rook on that side of the king");
            int idx = castling_index(castling_right(color, file_of(rook) > file_of(king)));
            if (castling_rook_[idx] != SQ_NONE)
                return fail(std::string("castling right '") + c + "' given twice");
            add_castling_right(color, rook);
            bool standard = file_of(king) == 4 && (file_of(rook) == 0 || file_of(rook) == 7);
            if (!standard) chess960_ = true;
        }
    }

    // En passant target: accepted when consistent, kept only when a capture is possible.
    if (fields[3] != "-") {
        const auto& t = fields[3];
        if (t.size() != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8')
            return fail("en passant square '" + std::string(t) + "' is not a square");
        Square ep = make_square(t[0] - 'a', t[1] - '1');
        Color them = ~side_;
        if (relative_rank(side_, ep) != 5)
            return fail("en passant square " + std::string(t) + " is not on the " +
                        (side_ == WHITE ? "6th" : "3rd") + " rank for the side to move");
        Square pushed = Square(ep - pawn_push(side_));
        Square origin = Square(ep + pawn_push(side_));
        if (piece_on(pushed) != make_piece(them, PAWN))
            return fail("en passant square " + std::string(t) +
                        " but no pawn that just advanced two squares in front of it");
        if (!empty(ep) || !empty(origin))
            return fail("en passant square " + std::string(t) +
                        " but the squares the pawn passed are not empty");
        if (pawn_attacks(them, ep) & pieces(side_, PAWN)) st().en_passant = ep;
    }

    int halfmove = 0, fullmove = 1;
    if (fields.size() >= 5 && !parse_count(fields[4], halfmove))
        return fail("half-move clock '" + std::string(fields[4]) + "' is not a number");
    if (fields.size() >= 6 && !parse_count(fields[5], fullmove))
        return fail("full-move number '" + std::string(fields[5]) + "' is not a number");
    st().halfmove_clock = std::int16_t(std::min(halfmove, 30000));
    game_ply_ = 2 * (std::max(fullmove, 1) - 1) + (side_ == BLACK ? 1 : 0);

    if (attacked_by(side_, king_square(~side_)))
        return fail(std::string("the side not to move (") + (side_ == WHITE ? "Black" : "White") +
                    ") is in check");

    update_pins(st());
    if (popcount(st().checkers) > 2)
        return fail("the side to move is in check from more than two pieces");
    st().key = compute_key();
    st().repetition_key = st().key;
    if (st().en_passant != SQ_NONE && !en_passant_capture_legal(st().en_passant))
        st().repetition_key ^= zobrist::en_passant_file(file_of(st().en_passant));
    return true;
}

Position Position::from_fen(std::string_view fen, bool chess960) {
    Position pos;
    std::string error;
    if (!pos.set_fen(fen, chess960, &error)) throw FenError(error);
    return pos;
}

Position Position::chess960_start(int number) {
    if (number < 0 || number > 959) throw FenError("Chess960 position number must be 0..959");
    char rank[8];
    std::fill(std::begin(rank), std::end(rank), ' ');
    int n = number;
    rank[2 * (n % 4) + 1] = 'B';
    n /= 4;
    rank[2 * (n % 4)] = 'B';
    n /= 4;
    auto place_in_empty = [&](int index, char piece) {
        for (int f = 0; f < 8; ++f)
            if (rank[f] == ' ' && index-- == 0) {
                rank[f] = piece;
                return;
            }
    };
    place_in_empty(n % 6, 'Q');
    n /= 6;
    static constexpr int KNIGHT_PAIRS[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                                {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    // Place the second knight first so the first one's index still counts the same empties.
    place_in_empty(KNIGHT_PAIRS[n][1], 'N');
    place_in_empty(KNIGHT_PAIRS[n][0], 'N');
    place_in_empty(0, 'R');
    place_in_empty(0, 'K');
    place_in_empty(0, 'R');

    std::string white(rank, 8), black = white;
    for (char& c : black) c = char(c | 0x20);
    std::string castling;
    for (int f = 7; f >= 0; --f)
        if (rank[f] == 'R') castling += char('A' + f);
    for (int f = 7; f >= 0; --f)
        if (rank[f] == 'R') castling += char('a' + f);
    return from_fen(black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w " + castling + " - 0 1",
                    true);
}

Key Position::compute_key() const {
    Key k = 0;
    for (Bitboard b = pieces(); b;) {
        Square s = pop_lsb(b);
        k ^= zobrist::piece(board_[s], s);
    }
    k ^= zobrist::castling(st().castling);
    if (st().en_passant != SQ_NONE) k ^= zobrist::en_passant_file(file_of(st().en_passant));
    if (side_ == WHITE) k ^= zobrist::white_to_move();
    return k;
}

void Position::update_pins(StateInfo& s) const {
    // Line pieces are found through empty-board rays and `between` masks rather than slider
    // lookups: both tables are small and stay in cache while a PGN stream flows through it.
    s.checkers = 0;
    for (Color c : {WHITE, BLACK}) {
        s.blockers_for_king[c] = 0;
        s.pinners[~c] = 0;
        Square ksq = king_square(c);
        Bitboard snipers = (rook_rays(ksq) & pieces(~c, ROOK, QUEEN)) |
                           (bishop_rays(ksq) & pieces(~c, BISHOP, QUEEN));
        while (snipers) {
            Square sniper = pop_lsb(snipers);
            Bitboard b = between_bb(ksq, sniper) & pieces() & ~square_bb(sniper);
            if (!b) {
                if (c == side_) s.checkers |= square_bb(sniper);
            } else if (!more_than_one(b)) {
                s.blockers_for_king[c] |= b;
                if (b & pieces(c)) s.pinners[~c] |= square_bb(sniper);
            }
        }
    }
    // Leapers: the side to move's king attacked by pawns and knights.
    Square ksq = king_square(side_);
    s.checkers |= (pawn_attacks(side_, ksq) & pieces(~side_, PAWN)) |
                  (knight_attacks(ksq) & pieces(~side_, KNIGHT));
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) |
           (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) | (knight_attacks(s) & pieces(KNIGHT)) |
           (rook_attacks(s, occupied) & pieces(ROOK, QUEEN)) |
           (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN)) | (king_attacks(s) & pieces(KING));
}

bool Position::attacked_by(Color c, Square s, Bitboard occupied) const {
    return (pawn_attacks(~c, s) & pieces(c, PAWN)) || (knight_attacks(s) & pieces(c, KNIGHT)) ||
           (king_attacks(s) & pieces(c, KING)) ||
           (rook_attacks(s, occupied) & pieces(c, ROOK, QUEEN)) ||
           (bishop_attacks(s, occupied) & pieces(c, BISHOP, QUEEN));
}

bool Position::en_passant_capture_legal(Square ep) const {
    Color us = side_;
    Square captured = Square(ep - pawn_push(us));
    Square ksq = king_square(us);
    for (Bitboard b = pawn_attacks(~us, ep) & pieces(us, PAWN); b;) {
        Square from = pop_lsb(b);
        Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
        Bitboard attackers = attackers_to(ksq, occupied) & pieces(~us) & ~square_bb(captured);
        if (!attackers) return true;
    }
    return false;
}

Piece Position::captured_piece(Move m) const {
    if (m.kind() == EN_PASSANT) return make_piece(~side_, PAWN);
    if (m.kind() == CASTLING) return NO_PIECE;
    return board_[m.to()];
}

Square Position::castling_king_destination(Move m) const {
    bool king_side = m.to() > m.from();
    return relative_square(side_, king_side ? SQ_G1 : SQ_C1);
}

Square Position::castling_rook_destination(Move m) const {
    bool king_side = m.to() > m.from();
    return relative_square(side_, king_side ? SQ_F1 : SQ_D1);
}

bool Position::pseudo_legal(Move m) const {
    if (!m.is_ok()) return false;
    // Promotion bits on another kind of move would be a second spelling of a generated move.
    if (m.kind() != PROMOTION && m.promotion_type() != KNIGHT) return false;
    Color us = side_;
    Square from = m.from(), to = m.to();
    Piece pc = board_[from];
    if (pc == NO_PIECE || color_of(pc) != us) return false;

    if (m.kind() == CASTLING) {
        if (type_of(pc) != KING || board_[to] != make_piece(us, ROOK)) return false;
        CastlingRights right = castling_right(us, to > from);
        int idx = castling_index(right);
        return can_castle(right) && castling_rook_[idx] == to && !(pieces() & castling_path_[idx]);
    }
    if (pieces(us) & square_bb(to)) return false;

    if (type_of(pc) == PAWN) {
        bool last_rank = relative_rank(us, to) == 7;
        if ((m.kind() == PROMOTION) != last_rank) return false;
        if (m.kind() == EN_PASSANT)
            return to == st().en_passant && (pawn_attacks(us, from) & square_bb(to));
        if (pawn_attacks(us, from) & pieces(~us) & square_bb(to)) return true;
        Square single = Square(from + pawn_push(us));
        if (to == single) return empty(to);
        return relative_rank(us, from) == 1 && to == Square(single + pawn_push(us)) &&
               empty(single) && empty(to);
    }
    if (m.kind() != NORMAL) return false;
    return attacks_of(type_of(pc), from, pieces()) & square_bb(to);
}

bool Position::legal(Move m) const {
    Color us = side_;
    Square from = m.from(), to = m.to();
    Square ksq = king_square(us);

    if (m.kind() == EN_PASSANT) {
        Square captured = Square(to - pawn_push(us));
        Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(to);
        return !(attackers_to(ksq, occupied) & pieces(~us) & ~square_bb(captured));
    }
    if (m.kind() == CASTLING) {
        if (in_check()) return false;
        int idx = castling_index(castling_right(us, to > from));
        // Without king and rook on the board, so a rook that shielded the king counts (Chess960).
        Bitboard occupied = pieces() ^ square_bb(from) ^ square_bb(to);
        for (Bitboard b = castling_king_path_[idx]; b;)
            if (attacked_by(~us, pop_lsb(b), occupied)) return false;
        return true;
    }
    if (from == ksq) return !attacked_by(~us, to, pieces() ^ square_bb(from));
    if (Bitboard checkers = st().checkers) {
        if (more_than_one(checkers)) return false;
        if (!(between_bb(ksq, lsb(checkers)) & square_bb(to))) return false;
    }
    return !(blockers_for_king(us) & square_bb(from)) || aligned(from, to, ksq);
}

bool Position::gives_check(Move m) const {
    Color us = side_;
    Square from = m.from(), to = m.to();
    Square their_king = king_square(~us);
    Piece pc = board_[from];

    if (m.kind() == NORMAL) {
        // The direct check by rays and `between` masks, not slider lookups: the small tables
        // stay in cache, and most moves are not on a line with the king at all.
        PieceType pt = type_of(pc);
        Bitboard king = square_bb(their_king);
        bool direct = false;
        switch (pt) {
            case PAWN:
                direct = pawn_attacks(us, to) & king;
                break;
            case KNIGHT:
                direct = knight_attacks(to) & king;
                break;
            case KING:
                break;  // a king never attacks the other king
            default: {
                Bitboard rays = pt == BISHOP ? bishop_rays(to)
                                : pt == ROOK ? rook_rays(to)
                                             : bishop_rays(to) | rook_rays(to);
                if (rays & king) {
                    Bitboard occupied = pieces() ^ square_bb(from);
                    direct = !(between_bb(to, their_king) & ~king & occupied);
                }
            }
        }
        if (direct) return true;
        return (blockers_for_king(~us) & square_bb(from)) && !aligned(from, to, their_king);
    }
    // Rare kinds: compute the occupancy after the move and look for any attacker.
    Bitboard occupied = pieces() ^ square_bb(from);
    Bitboard ours = pieces(us) ^ square_bb(from);
    Bitboard removed = 0;
    PieceType placed = type_of(pc);
    Square placed_on = to;
    Square rook_from = SQ_NONE, rook_to = SQ_NONE;
    if (m.kind() == PROMOTION) {
        placed = m.promotion_type();
    } else if (m.kind() == EN_PASSANT) {
        removed = square_bb(Square(to - pawn_push(us)));
    } else {  // castling
        rook_from = to;
        rook_to = castling_rook_destination(m);
        placed_on = castling_king_destination(m);
        occupied ^= square_bb(rook_from);
        ours ^= square_bb(rook_from);
    }
    occupied = (occupied & ~removed) | square_bb(placed_on);
    ours |= square_bb(placed_on);
    if (rook_to != SQ_NONE) {
        occupied |= square_bb(rook_to);
        ours |= square_bb(rook_to);
        if (rook_attacks(rook_to, occupied) & square_bb(their_king)) return true;
    }
    Bitboard direct =
        placed == PAWN ? pawn_attacks(us, placed_on) : attacks_of(placed, placed_on, occupied);
    if (placed != KING && (direct & square_bb(their_king))) return true;
    Bitboard sliders = ((rook_attacks(their_king, occupied) & (pieces(ROOK, QUEEN))) |
                        (bishop_attacks(their_king, occupied) & pieces(BISHOP, QUEEN))) &
                       ours & ~square_bb(placed_on);
    if (rook_to != SQ_NONE) sliders &= ~square_bb(rook_from);
    return sliders != 0;
}

void Position::do_castling(Color us, Square king_from, Square rook_from, bool undo) {
    bool king_side = rook_from > king_from;
    Square king_to = relative_square(us, king_side ? SQ_G1 : SQ_C1);
    Square rook_to = relative_square(us, king_side ? SQ_F1 : SQ_D1);
    // Remove both first: in Chess960 the destinations may be each other's origins.
    remove_piece(undo ? king_to : king_from);
    remove_piece(undo ? rook_to : rook_from);
    put_piece(make_piece(us, KING), undo ? king_from : king_to);
    put_piece(make_piece(us, ROOK), undo ? rook_from : rook_to);
}

Key Position::key_after(Move m) const {
    Square from = m.from(), to = m.to();
    Piece pc = board_[from];
    Key k = st().key ^ zobrist::white_to_move() ^ zobrist::piece(pc, from);
    if (m.kind() == CASTLING) return k;  // the king and rook squares are left out too
    if (Piece captured = board_[to]) k ^= zobrist::piece(captured, to);
    Piece arriving = m.kind() == PROMOTION ? make_piece(color_of(pc), m.promotion_type()) : pc;
    return k ^ zobrist::piece(arriving, to);
}

void Position::do_move(Move m) {
    states_.push_back(states_.back());
    StateInfo& s = states_.back();
    const StateInfo& prev = states_[states_.size() - 2];

    Color us = side_, them = ~us;
    Square from = m.from(), to = m.to();
    Piece pc = board_[from];
    Key k = prev.key ^ zobrist::white_to_move();
    // The mover's own piece, never a king taken. (Pseudo-legal moves are allowed: the move
    // generator's test makes and tests them.)
    assert(m.is_ok() && pc != NO_PIECE && color_of(pc) == us);
    assert(m.kind() == CASTLING || type_of(board_[to]) != KING);

    s.move = m;
    s.captured = NO_PIECE;
    ++s.halfmove_clock;
    ++s.plies_from_null;
    ++game_ply_;
    if (prev.en_passant != SQ_NONE) {
        k ^= zobrist::en_passant_file(file_of(prev.en_passant));
        s.en_passant = SQ_NONE;
    }

    if (m.kind() == CASTLING) {
        Square king_to = castling_king_destination(m), rook_to = castling_rook_destination(m);
        Piece rook = make_piece(us, ROOK);
        k ^= zobrist::piece(pc, from) ^ zobrist::piece(pc, king_to) ^ zobrist::piece(rook, to) ^
             zobrist::piece(rook, rook_to);
        do_castling(us, from, to, false);
    } else {
        Square captured_square = to;
        if (m.kind() == EN_PASSANT) captured_square = Square(to - pawn_push(us));
        if (Piece captured = board_[captured_square]) {
            k ^= zobrist::piece(captured, captured_square);
            remove_piece(captured_square);
            s.captured = captured;
            s.halfmove_clock = 0;
        }
        k ^= zobrist::piece(pc, from) ^ zobrist::piece(pc, to);
        move_piece(from, to);
        if (type_of(pc) == PAWN) {
            s.halfmove_clock = 0;
            if ((int(to) ^ int(from)) == 16) {
                Square ep = Square(to - pawn_push(us));
                if (pawn_attacks(us, ep) & pieces(them, PAWN)) {
                    s.en_passant = ep;
                    k ^= zobrist::en_passant_file(file_of(ep));
                }
            } else if (m.kind() == PROMOTION) {
                Piece promoted = make_piece(us, m.promotion_type());
                remove_piece(to);
                put_piece(promoted, to);
                k ^= zobrist::piece(pc, to) ^ zobrist::piece(promoted, to);
            }
        }
    }

    if (s.castling && (castling_mask_[from] | castling_mask_[to])) {
        k ^= zobrist::castling(s.castling);
        s.castling &= ~(castling_mask_[from] | castling_mask_[to]);
        k ^= zobrist::castling(s.castling);
    }

    side_ = them;
    s.key = k;
    update_pins(s);  // also finds the checkers
    s.repetition_key = k;
    if (s.en_passant != SQ_NONE && !en_passant_capture_legal(s.en_passant))
        s.repetition_key ^= zobrist::en_passant_file(file_of(s.en_passant));
    count_repetitions(s);
    assert(debug_consistent());
}

void Position::count_repetitions(StateInfo& s) const {
    s.repetitions = 0;
    int limit = std::min<int>({s.halfmove_clock, s.plies_from_null, int(states_.size()) - 1});
    for (int back = 4; back <= limit; back += 2) {
        const StateInfo& earlier = states_[states_.size() - 1 - back];
        if (earlier.repetition_key == s.repetition_key) {
            s.repetitions = std::int8_t(std::min(earlier.repetitions + 1, 100));
            return;
        }
    }
}

void Position::undo_move() {
    assert(states_.size() > 1 && st().move.is_ok());
    const StateInfo& s = st();
    Move m = s.move;
    side_ = ~side_;
    Color us = side_;
    Square from = m.from(), to = m.to();

    if (m.kind() == CASTLING) {
        do_castling(us, from, to, true);
    } else {
        if (m.kind() == PROMOTION) {
            remove_piece(to);
            put_piece(make_piece(us, PAWN), to);
        }
        move_piece(to, from);
        if (s.captured) {
            Square captured_square = m.kind() == EN_PASSANT ? Square(to - pawn_push(us)) : to;
            put_piece(s.captured, captured_square);
        }
    }
    states_.pop_back();
    --game_ply_;
    assert(debug_consistent());
}

void Position::do_null_move() {
    assert(!checkers());
    states_.push_back(states_.back());
    StateInfo& s = states_.back();
    Key k = s.key ^ zobrist::white_to_move();
    if (s.en_passant != SQ_NONE) {
        k ^= zobrist::en_passant_file(file_of(s.en_passant));
        s.en_passant = SQ_NONE;
    }
    s.key = s.repetition_key = k;
    s.move = Move::null();
    s.captured = NO_PIECE;
    ++s.halfmove_clock;
    s.plies_from_null = 0;
    s.repetitions = 0;
    side_ = ~side_;
    ++game_ply_;
    update_pins(s);
}

void Position::undo_null_move() {
    assert(states_.size() > 1 && !st().move.is_ok());
    states_.pop_back();
    side_ = ~side_;
    --game_ply_;
}

Position::Position(const Position& other, CurrentStateOnly)
    : side_(other.side_), game_ply_(other.game_ply_), chess960_(other.chess960_) {
    std::copy(std::begin(other.board_), std::end(other.board_), board_);
    std::copy(std::begin(other.by_type_), std::end(other.by_type_), by_type_);
    std::copy(std::begin(other.by_color_), std::end(other.by_color_), by_color_);
    std::copy(std::begin(other.castling_rook_), std::end(other.castling_rook_), castling_rook_);
    std::copy(std::begin(other.castling_path_), std::end(other.castling_path_), castling_path_);
    std::copy(std::begin(other.castling_king_path_), std::end(other.castling_king_path_),
              castling_king_path_);
    std::copy(std::begin(other.castling_mask_), std::end(other.castling_mask_), castling_mask_);
    states_.reserve(8);
    states_.push_back(other.st());
}

Position Position::without_history() const { return Position(*this, CurrentStateOnly{}); }

bool Position::has_legal_moves() const { return MoveList<LEGAL>(*this).size() > 0; }

bool Position::has_insufficient_material(Color c) const {
    if (pieces(c, PAWN) | pieces(c, ROOK) | pieces(c, QUEEN)) return false;
    Bitboard ours = pieces(c) & ~pieces(KING);
    if (!ours) return true;
    Bitboard theirs_minor_or_more = pieces(~c) & ~pieces(KING) & ~pieces(QUEEN);
    if (pieces(c, KNIGHT)) {
        // A lone knight mates only with an enemy piece that can block its own king's flight.
        return popcount(ours) == 1 && !theirs_minor_or_more;
    }
    // Only bishops: mate needs bishops on both colours, or an enemy knight or pawn to block.
    Bitboard bishops = pieces(BISHOP);
    bool one_colour = !(bishops & DARK_SQUARES_BB) || !(bishops & ~DARK_SQUARES_BB);
    return one_colour && !pieces(PAWN) && !pieces(KNIGHT);
}

bool Position::is_insufficient_material() const {
    if (pieces(PAWN) | pieces(ROOK) | pieces(QUEEN)) return false;
    int minors = popcount(pieces(KNIGHT) | pieces(BISHOP));
    if (minors <= 1) return true;
    // Several minors: dead only when all are bishops on squares of one colour.
    if (pieces(KNIGHT)) return false;
    Bitboard bishops = pieces(BISHOP);
    return !(bishops & DARK_SQUARES_BB) || !(bishops & ~DARK_SQUARES_BB);
}

std::string Position::epd_fields() const {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empties = 0;
        for (int file = 0; file < 8; ++file) {
            Piece p = board_[make_square(file, rank)];
            if (p == NO_PIECE) {
                ++empties;
                continue;
            }
            if (empties) out += char('0' + empties);
            empties = 0;
            out += PIECE_CHARS[p];
        }
        if (empties) out += char('0' + empties);
        if (rank) out += '/';
    }
    out += side_ == WHITE ? " w " : " b ";
    if (!st().castling) out += '-';
    static constexpr CastlingRights ORDER[4] = {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO};
    for (CastlingRights r : ORDER) {
        if (!can_castle(r)) continue;
        Square rook = castling_rook_square(r);
        bool black = r & BLACK_CASTLING;
        char c = chess960_ ? char('A' + file_of(rook)) : ((r & (WHITE_OO | BLACK_OO)) ? 'K' : 'Q');
        out += black ? char(c | 0x20) : c;
    }
    out += ' ';
    out += square_name(st().en_passant);
    return out;
}

std::string Position::fen() const {
    return epd_fields() + ' ' + std::to_string(st().halfmove_clock) + ' ' +
           std::to_string(fullmove_number());
}

std::string Position::to_string() const {
    std::ostringstream out;
    for (int rank = 7; rank >= 0; --rank) {
        out << ' ' << rank + 1 << ' ';
        for (int file = 0; file < 8; ++file) {
            Piece p = board_[make_square(file, rank)];
            out << ' ' << (p == NO_PIECE ? '.' : PIECE_CHARS[p]);
        }
        out << '\n';
    }
    out << "    a b c d e f g h\n\nFEN: " << fen() << "\nKey: " << std::hex << key() << std::dec
        << '\n';
    return out.str();
}

bool Position::debug_consistent() const {
    // The full check costs about as much as generating the moves: every 16th call is enough to
    // catch a drift (it persists), and keeps the Debug suite's perft tests fast.
    static thread_local unsigned calls = 0;
    if (++calls % 16 != 0) return true;
    std::string why;
    if (is_consistent(&why)) return true;
    std::fprintf(stderr, "Position invariant broken: %s\n%s\n", why.c_str(), to_string().c_str());
    return false;
}

bool Position::is_consistent(std::string* why) const {
    auto fail = [&](const std::string& reason) {
        if (why) *why = reason;
        return false;
    };
    Bitboard all = 0;
    for (int pt = PAWN; pt <= KING; ++pt) {
        if (all & by_type_[pt]) return fail("piece type bitboards overlap");
        all |= by_type_[pt];
    }
    if (all != by_type_[0]) return fail("occupancy differs from the union of piece types");
    if ((by_color_[WHITE] | by_color_[BLACK]) != all || (by_color_[WHITE] & by_color_[BLACK]))
        return fail("colour bitboards inconsistent");
    for (int s = 0; s < SQUARE_COUNT; ++s) {
        Piece p = board_[s];
        bool set = all & square_bb(Square(s));
        if ((p != NO_PIECE) != set)
            return fail("mailbox and bitboards disagree on " + square_name(Square(s)));
        if (p != NO_PIECE && !(pieces(color_of(p), type_of(p)) & square_bb(Square(s))))
            return fail("wrong piece bitboard on " + square_name(Square(s)));
    }
    if (compute_key() != st().key) return fail("incremental key differs from recomputed key");
    StateInfo fresh = st();
    update_pins(fresh);
    if ((attackers_to(king_square(side_)) & pieces(~side_)) != st().checkers)
        return fail("checkers differ from recomputed");
    if (fresh.blockers_for_king[0] != st().blockers_for_king[0] ||
        fresh.blockers_for_king[1] != st().blockers_for_king[1])
        return fail("king blockers differ from recomputed");
    return true;
}

}  // namespace mneme
