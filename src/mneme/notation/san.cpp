#include "mneme/notation/san.h"

#include "mneme/core/movegen.h"
#include "mneme/notation/uci_move.h"

namespace mneme {

namespace {

constexpr char PIECE_LETTERS[] = " PNBRQK";

PieceType piece_type_from_letter(char c) {
    switch (c) {
        case 'P':
            return PAWN;
        case 'N':
            return KNIGHT;
        case 'B':
            return BISHOP;
        case 'R':
            return ROOK;
        case 'Q':
            return QUEEN;
        case 'K':
            return KING;
        default:
            return NO_PIECE_TYPE;
    }
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

// The parts of a SAN text once decorations are stripped.
struct SanParts {
    PieceType piece = NO_PIECE_TYPE;  // NO_PIECE_TYPE: a pawn move
    int from_file = -1;
    int from_rank = -1;
    Square to = SQ_NONE;
    PieceType promotion = NO_PIECE_TYPE;
    bool capture = false;
};

// Removes check marks, annotation glyphs and "e.p." from the end.
std::string_view strip_suffixes(std::string_view s) {
    for (;;) {
        while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' ||
                              s.back() == '?' || s.back() == ' '))
            s.remove_suffix(1);
        if (s.size() > 4 && s.substr(s.size() - 4) == "e.p.")
            s.remove_suffix(4);
        else if (s.size() > 3 && s.substr(s.size() - 3) == "e.p")
            s.remove_suffix(3);
        else if (s.size() > 4 && s.substr(s.size() - 2) == "ep" && is_rank(s[s.size() - 3]))
            s.remove_suffix(2);
        else
            return s;
    }
}

// Parses "[piece][file][rank][x|:|-][file rank][=promotion]" where `piece` was already read.
bool split_body(std::string_view s, SanParts& parts) {
    // Promotion at the end: "=Q", "Q", "(Q)", "/Q"; letters in either case.
    if (!s.empty() && s.back() == ')') s.remove_suffix(1);
    if (s.size() >= 3) {
        char last = s.back();
        PieceType promo = piece_type_from_letter(char(last & ~0x20));
        // A lower-case 'b' right after a rank digit is a promotion, never a file.
        if (promo != NO_PIECE_TYPE && promo != PAWN && promo != KING &&
            (last != 'b' || is_rank(s[s.size() - 2]) || s[s.size() - 2] == '=')) {
            char before = s[s.size() - 2];
            if (before == '=' || before == '/' || before == '(' || is_rank(before)) {
                parts.promotion = promo;
                s.remove_suffix(1);
                if (!is_rank(s.back())) s.remove_suffix(1);
            }
        }
    }
    if (s.size() < 2 || !is_file(s[s.size() - 2]) || !is_rank(s.back())) return false;
    parts.to = make_square(s[s.size() - 2] - 'a', s.back() - '1');
    s.remove_suffix(2);
    if (!s.empty() && (s.back() == 'x' || s.back() == ':')) {
        parts.capture = true;
        s.remove_suffix(1);
    } else if (!s.empty() && s.back() == '-') {
        s.remove_suffix(1);
    }
    if (!s.empty() && is_file(s.front())) {
        parts.from_file = s.front() - 'a';
        s.remove_prefix(1);
    }
    if (!s.empty() && is_rank(s.front())) {
        parts.from_rank = s.front() - '1';
        s.remove_prefix(1);
    }
    return s.empty();
}

Move resolve_pawn(const Position& pos, const SanParts& p, SanError& error) {
    Color us = pos.side_to_move();
    Square to = p.to;
    Square from;
    MoveKind kind = NORMAL;
    if (p.from_file >= 0 && p.from_file != file_of(to)) {
        if (std::abs(p.from_file - file_of(to)) != 1) return error = SanError::ILLEGAL, Move();
        int from_rank = rank_of(to) - (us == WHITE ? 1 : -1);
        if (from_rank < 0 || from_rank > 7) return error = SanError::ILLEGAL, Move();
        from = make_square(p.from_file, from_rank);
        if (to == pos.en_passant_square()) kind = EN_PASSANT;
    } else {
        int push = pawn_push(us);
        int single = int(to) - push;
        if (single < 0 || single > 63) return error = SanError::ILLEGAL, Move();
        from = Square(single);
        if (pos.empty(from) && relative_rank(us, to) == 3) from = Square(single - push);
    }
    if (p.from_rank >= 0 && rank_of(from) != p.from_rank) return error = SanError::ILLEGAL, Move();
    bool last_rank = relative_rank(us, to) == 7;
    if (last_rank != (p.promotion != NO_PIECE_TYPE)) return error = SanError::ILLEGAL, Move();
    if (last_rank) kind = PROMOTION;
    Move m = Move::make(kind, from, to, last_rank ? p.promotion : KNIGHT);
    if (pos.piece_on(from) != make_piece(us, PAWN) || !pos.pseudo_legal(m) || !pos.legal(m))
        return error = SanError::ILLEGAL, Move();
    return m;
}

Move resolve_piece(const Position& pos, const SanParts& p, SanError& error) {
    Color us = pos.side_to_move();
    if (p.promotion != NO_PIECE_TYPE || (pos.pieces(us) & square_bb(p.to)))
        return error = SanError::ILLEGAL, Move();
    // Attacks are symmetric, so the candidates are our pieces of that type seen from `to`.
    // Sliders use empty-board rays plus a clear-path test: small tables that stay in cache.
    Bitboard candidates = pos.pieces(us, p.piece);
    switch (p.piece) {
        case KNIGHT:
            candidates &= knight_attacks(p.to);
            break;
        case BISHOP:
            candidates &= bishop_rays(p.to);
            break;
        case ROOK:
            candidates &= rook_rays(p.to);
            break;
        case QUEEN:
            candidates &= bishop_rays(p.to) | rook_rays(p.to);
            break;
        default:
            candidates &= king_attacks(p.to);
            break;
    }
    if (p.from_file >= 0) candidates &= file_bb(p.from_file);
    if (p.from_rank >= 0) candidates &= rank_bb(p.from_rank);
    const bool slider = p.piece == BISHOP || p.piece == ROOK || p.piece == QUEEN;
    Move found;
    while (candidates) {
        Square from = pop_lsb(candidates);
        if (slider && (between_bb(from, p.to) & pos.pieces() & ~square_bb(p.to))) continue;
        Move m(from, p.to);
        if (!pos.legal(m)) continue;
        if (found) return error = SanError::AMBIGUOUS, Move();
        found = m;
    }
    if (!found) error = SanError::ILLEGAL;
    return found;
}

Move resolve_castling(const Position& pos, bool king_side, SanError& error) {
    CastlingRights right = castling_right(pos.side_to_move(), king_side);
    if (pos.can_castle(right)) {
        Move m = Move::make(CASTLING, pos.king_square(pos.side_to_move()),
                            pos.castling_rook_square(right));
        if (pos.pseudo_legal(m) && pos.legal(m)) return m;
    }
    error = SanError::ILLEGAL;
    return Move();
}

}  // namespace

const char* san_error_text(SanError e) {
    switch (e) {
        case SanError::NONE:
            return "no error";
        case SanError::SYNTAX:
            return "not a move in SAN";
        case SanError::ILLEGAL:
            return "illegal move";
        case SanError::AMBIGUOUS:
            return "ambiguous move";
    }
    return "unknown error";
}

Move parse_san(const Position& pos, std::string_view text, SanError* error_out) {
    SanError error = SanError::NONE;
    auto finish = [&](Move m) {
        if (error_out) *error_out = m ? SanError::NONE : error;
        return m;
    };
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    std::string_view s = strip_suffixes(text);
    if (s.empty()) return error = SanError::SYNTAX, finish(Move());

    // Castling, written with letter O or digit zero, in either case.
    if (s.front() == 'O' || s.front() == '0' || s.front() == 'o') {
        std::string_view body = s;
        bool ok = true;
        for (std::size_t i = 0; i < body.size(); ++i) {
            char c = body[i];
            ok &= i % 2 == 0 ? (c == 'O' || c == '0' || c == 'o') : c == '-';
        }
        if (ok && (body.size() == 3 || body.size() == 5))
            return finish(resolve_castling(pos, body.size() == 3, error));
        // "OO" / "OOO" without dashes.
        if (body == "OO" || body == "00" || body == "oo")
            return finish(resolve_castling(pos, true, error));
        if (body == "OOO" || body == "000" || body == "ooo")
            return finish(resolve_castling(pos, false, error));
        return error = SanError::SYNTAX, finish(Move());
    }

    SanParts parts;
    PieceType upper = piece_type_from_letter(s.front());
    if (upper != NO_PIECE_TYPE) {
        parts.piece = upper == PAWN ? NO_PIECE_TYPE : upper;
        if (!split_body(s.substr(1), parts)) {
            // Maybe UCI text after all ("Ng1f3" parses; "e2e4" never starts with a capital).
            return error = SanError::SYNTAX, finish(Move());
        }
        if (parts.piece == NO_PIECE_TYPE) return finish(resolve_pawn(pos, parts, error));
        return finish(resolve_piece(pos, parts, error));
    }

    if (is_file(s.front())) {
        SanParts pawn;
        if (split_body(s, pawn) && pawn.piece == NO_PIECE_TYPE) {
            SanError pawn_error = SanError::NONE;
            Move m = resolve_pawn(pos, pawn, pawn_error);
            if (m) return finish(m);
            error = pawn_error;
            // Written as a from-square and a destination: UCI-like long algebraic.
            if (pawn.from_file >= 0 && pawn.from_rank >= 0) {
                Square from = make_square(pawn.from_file, pawn.from_rank);
                std::string uci = square_name(from) + square_name(pawn.to);
                if (pawn.promotion != NO_PIECE_TYPE) uci += " pnbrqk"[pawn.promotion];
                if (Move u = parse_uci_move(pos, uci)) return finish(u);
            }
        } else {
            error = SanError::SYNTAX;
        }
    }

    // Lower-case piece letters, where the text cannot be a pawn move ("nf3", or "bc4" when no
    // b-pawn can make the move).
    PieceType lower = piece_type_from_letter(char(s.front() & ~0x20));
    if (s.front() >= 'a' && lower != NO_PIECE_TYPE && lower != PAWN) {
        SanParts piece;
        piece.piece = lower;
        if (split_body(s.substr(1), piece)) {
            SanError piece_error = SanError::NONE;
            Move m = resolve_piece(pos, piece, piece_error);
            if (m || error == SanError::SYNTAX || error == SanError::NONE) {
                error = piece_error;
                return finish(m);
            }
        }
    }
    if (error == SanError::NONE) error = SanError::SYNTAX;
    return finish(Move());
}

std::string move_to_san_without_suffix(const Position& pos, Move m) {
    if (m.kind() == CASTLING) return m.to() > m.from() ? "O-O" : "O-O-O";
    Square from = m.from(), to = m.to();
    PieceType pt = type_of(pos.piece_on(from));
    std::string san;
    if (pt == PAWN) {
        if (pos.is_capture(m)) {
            san += file_char(file_of(from));
            san += 'x';
        }
        san += square_name(to);
        if (m.kind() == PROMOTION) {
            san += '=';
            san += PIECE_LETTERS[m.promotion_type()];
        }
        return san;
    }
    san += PIECE_LETTERS[pt];
    if (pt != KING) {
        Bitboard others = attacks_of(pt, to, pos.pieces()) & pos.pieces(pos.side_to_move(), pt) &
                          ~square_bb(from);
        Bitboard rivals = 0;
        while (others) {
            Square s = pop_lsb(others);
            if (pos.legal(Move(s, to))) rivals |= square_bb(s);
        }
        if (rivals) {
            if (!(rivals & file_bb(file_of(from))))
                san += file_char(file_of(from));
            else if (!(rivals & rank_bb(rank_of(from))))
                san += rank_char(rank_of(from));
            else
                san += square_name(from);
        }
    }
    if (pos.is_capture(m)) san += 'x';
    san += square_name(to);
    return san;
}

std::string move_to_san(const Position& pos, Move m) {
    std::string san = move_to_san_without_suffix(pos, m);
    if (pos.gives_check(m)) {
        Position after = pos.without_history();
        after.do_move(m);
        san += after.has_legal_moves() ? '+' : '#';
    }
    return san;
}

}  // namespace mneme
