#include "mneme/core/movegen.h"

#include <algorithm>
#include <cassert>

namespace mneme {

namespace {

// Receives moves as (origin, destination set) so the same generator can list or just count.
struct ListSink {
    Move* cursor;

    void add(Move m) { *cursor++ = m; }
    void piece_moves(Square from, Bitboard targets) {
        while (targets) *cursor++ = Move(from, pop_lsb(targets));
    }
    void pawn_moves(Bitboard targets, int delta) {
        while (targets) {
            Square to = pop_lsb(targets);
            *cursor++ = Move(Square(to - delta), to);
        }
    }
    void promotions(Bitboard targets, int delta) {
        while (targets) {
            Square to = pop_lsb(targets);
            Square from = Square(to - delta);
            *cursor++ = Move::make(PROMOTION, from, to, QUEEN);
            *cursor++ = Move::make(PROMOTION, from, to, ROOK);
            *cursor++ = Move::make(PROMOTION, from, to, BISHOP);
            *cursor++ = Move::make(PROMOTION, from, to, KNIGHT);
        }
    }
};

struct CountSink {
    std::uint64_t count = 0;

    void add(Move) { ++count; }
    void piece_moves(Square, Bitboard targets) { count += popcount(targets); }
    void pawn_moves(Bitboard targets, int) { count += popcount(targets); }
    void promotions(Bitboard targets, int) { count += 4 * popcount(targets); }
};

// Pawn moves of `pawns`, each destination restricted to `allowed` (check and pin masks).
template <Color Us, bool Captures, bool Quiets, typename Sink>
void pawn_moves(const Position& pos, Bitboard pawns, Bitboard allowed, Sink& sink) {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == WHITE ? 8 : -8;
    constexpr int UpLeft = Us == WHITE ? 7 : -9;   // towards the a-file
    constexpr int UpRight = Us == WHITE ? 9 : -7;  // towards the h-file
    constexpr Bitboard Rank7 = Us == WHITE ? RANK_7_BB : RANK_2_BB;
    constexpr Bitboard Rank3 = Us == WHITE ? RANK_3_BB : RANK_6_BB;

    const Bitboard empty = ~pos.pieces();
    const Bitboard enemies = pos.pieces(Them) & allowed;
    const Bitboard promoting = pawns & Rank7;
    const Bitboard others = pawns & ~Rank7;

    if constexpr (Quiets) {
        Bitboard single = shift<Up>(others) & empty;
        Bitboard twice = shift<Up>(single & Rank3) & empty & allowed;
        sink.pawn_moves(single & allowed, Up);
        sink.pawn_moves(twice, 2 * Up);
    }
    if constexpr (Captures) {
        if (promoting) {
            sink.promotions(shift<Up>(promoting) & empty & allowed, Up);
            sink.promotions(shift<UpLeft>(promoting) & enemies, UpLeft);
            sink.promotions(shift<UpRight>(promoting) & enemies, UpRight);
        }
        sink.pawn_moves(shift<UpLeft>(others) & enemies, UpLeft);
        sink.pawn_moves(shift<UpRight>(others) & enemies, UpRight);
    }
}

// The legal castling moves of a side not in check that `keep` accepts.
template <Color Us, typename Sink, typename Keep>
void castling_moves(const Position& pos, Sink& sink, Keep keep) {
    if (!(pos.castling_rights() & (Us == WHITE ? WHITE_CASTLING : BLACK_CASTLING))) return;
    for (bool king_side : {true, false}) {
        CastlingRights right = castling_right(Us, king_side);
        if (!pos.can_castle(right)) continue;
        Move m = Move::make(CASTLING, pos.king_square(Us), pos.castling_rook_square(right));
        if (pos.pseudo_legal(m) && pos.legal(m) && keep(m)) sink.add(m);
    }
}

template <Color Us, bool Captures, bool Quiets, typename Sink>
void generate_moves(const Position& pos, Sink& sink) {
    constexpr Color Them = ~Us;
    const Square ksq = pos.king_square(Us);
    const Bitboard occupied = pos.pieces();
    const Bitboard ours = pos.pieces(Us);
    const Bitboard theirs = pos.pieces(Them);
    const Bitboard checkers = pos.checkers();

    Bitboard kind_mask = 0;
    if (Captures) kind_mask |= theirs;
    if (Quiets) kind_mask |= ~occupied;

    // King moves: the destination must not be attacked once the king has left its square.
    Bitboard king_targets = king_attacks(ksq) & kind_mask;
    const Bitboard without_king = occupied ^ square_bb(ksq);
    while (king_targets) {
        Square to = pop_lsb(king_targets);
        if (!pos.attacked_by(Them, to, without_king)) sink.add(Move(ksq, to));
    }
    if (more_than_one(checkers)) return;

    const Bitboard check_mask = checkers ? between_bb(ksq, lsb(checkers)) : ~Bitboard(0);
    const Bitboard targets = check_mask & kind_mask;
    const Bitboard pinned = pos.blockers_for_king(Us) & ours;

    for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
        Square from = pop_lsb(b);
        sink.piece_moves(from, knight_attacks(from) & targets);
    }
    for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN); b;) {
        Square from = pop_lsb(b);
        Bitboard t = bishop_attacks(from, occupied) & targets;
        if (pinned & square_bb(from)) t &= line_bb(ksq, from);
        sink.piece_moves(from, t);
    }
    for (Bitboard b = pos.pieces(Us, ROOK, QUEEN); b;) {
        Square from = pop_lsb(b);
        Bitboard t = rook_attacks(from, occupied) & targets;
        if (pinned & square_bb(from)) t &= line_bb(ksq, from);
        sink.piece_moves(from, t);
    }

    const Bitboard pawns = pos.pieces(Us, PAWN);
    pawn_moves<Us, Captures, Quiets>(pos, pawns & ~pinned, check_mask, sink);
    for (Bitboard b = pawns & pinned; b;) {
        Square from = pop_lsb(b);
        pawn_moves<Us, Captures, Quiets>(pos, square_bb(from), check_mask & line_bb(ksq, from),
                                         sink);
    }

    if constexpr (Captures) {
        if (Square ep = pos.en_passant_square(); ep != SQ_NONE) {
            for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;) {
                Move m = Move::make(EN_PASSANT, pop_lsb(b), ep);
                if (pos.legal(m)) sink.add(m);
            }
        }
    }

    if constexpr (Quiets) {
        if (!checkers) castling_moves<Us>(pos, sink, [](Move) { return true; });
    }
}

// The quiet moves that give check, without listing the others: quiescence looks for them at
// every node of its first ply, where generating every quiet move to test each for check cost
// more than the checks' search. The same pieces in the same order as generate_moves, so that
// the list is QUIETS filtered by gives_check, move for move. Not in check: evasions are
// QUIETS' business.
template <Color Us>
void generate_quiet_checks(const Position& pos, ListSink& sink) {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == WHITE ? 8 : -8;
    constexpr Bitboard Rank7 = Us == WHITE ? RANK_7_BB : RANK_2_BB;
    constexpr Bitboard Rank3 = Us == WHITE ? RANK_3_BB : RANK_6_BB;
    const Square ksq = pos.king_square(Us);
    const Square their_king = pos.king_square(Them);
    const Bitboard occupied = pos.pieces();
    const Bitboard empty = ~occupied;
    const Bitboard pinned = pos.blockers_for_king(Us) & pos.pieces(Us);
    // Our pieces that shield their king from one of our sliders check by leaving that line.
    const Bitboard discoverers = pos.blockers_for_king(Them) & pos.pieces(Us);
    auto discovered = [&](Square from) {
        return discoverers & square_bb(from) ? ~line_bb(from, their_king) : Bitboard(0);
    };

    // The king gives check only by discovery.
    if (discoverers & square_bb(ksq)) {
        Bitboard targets = king_attacks(ksq) & empty & discovered(ksq);
        const Bitboard without_king = occupied ^ square_bb(ksq);
        while (targets) {
            Square to = pop_lsb(targets);
            if (!pos.attacked_by(Them, to, without_king)) sink.add(Move(ksq, to));
        }
    }

    // The squares from which each kind of piece attacks their king.
    const Bitboard knight_checks = knight_attacks(their_king);
    const Bitboard bishop_checks = bishop_attacks(their_king, occupied);
    const Bitboard rook_checks = rook_attacks(their_king, occupied);
    const Bitboard queens = pos.pieces(Us, QUEEN);
    for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
        Square from = pop_lsb(b);
        sink.piece_moves(from, knight_attacks(from) & empty & (knight_checks | discovered(from)));
    }
    // A queen checks from either kind of line, whichever way it moved.
    auto slider_checks = [&](Square from, Bitboard own_checks) {
        return queens & square_bb(from) ? bishop_checks | rook_checks : own_checks;
    };
    auto slider_moves = [&](Bitboard sliders, Bitboard (*attacks)(Square, Bitboard),
                            Bitboard own_checks) {
        for (Bitboard b = sliders; b;) {
            Square from = pop_lsb(b);
            Bitboard t = attacks(from, occupied) & empty &
                         (slider_checks(from, own_checks) | discovered(from));
            if (pinned & square_bb(from)) t &= line_bb(ksq, from);
            sink.piece_moves(from, t);
        }
    };
    slider_moves(pos.pieces(Us, BISHOP, QUEEN), bishop_attacks, bishop_checks);
    slider_moves(pos.pieces(Us, ROOK, QUEEN), rook_attacks, rook_checks);

    // Pawn pushes (promotions are not quiet): onto a square that attacks their king, or off a
    // line that the pawn shields, which a push leaves unless the line is the pawn's own file.
    const Bitboard pawn_checks = pawn_attacks(Them, their_king);
    const Bitboard king_file = FILE_A_BB << file_of(their_king);
    const Bitboard pawns = pos.pieces(Us, PAWN) & ~Rank7;
    const Bitboard discovering_pawns = pawns & discoverers & ~king_file;
    auto pushes = [&](Bitboard movers, Bitboard allowed) {
        Bitboard single = shift<Up>(movers) & empty;
        Bitboard twice = shift<Up>(single & Rank3) & empty & allowed;
        sink.pawn_moves(single & allowed & (pawn_checks | shift<Up>(discovering_pawns)), Up);
        sink.pawn_moves(twice & (pawn_checks | shift<2 * Up>(discovering_pawns)), 2 * Up);
    };
    pushes(pawns & ~pinned, ~Bitboard(0));
    for (Bitboard b = pawns & pinned; b;) {
        Square from = pop_lsb(b);
        pushes(square_bb(from), line_bb(ksq, from));
    }

    castling_moves<Us>(pos, sink, [&](Move m) { return pos.gives_check(m); });
}

template <bool Captures, bool Quiets, typename Sink>
void generate_for_side(const Position& pos, Sink& sink) {
    if (pos.side_to_move() == WHITE)
        generate_moves<WHITE, Captures, Quiets>(pos, sink);
    else
        generate_moves<BLACK, Captures, Quiets>(pos, sink);
}

}  // namespace

template <GenType T>
Move* generate(const Position& pos, Move* list) {
    ListSink sink{list};
    if constexpr (T == QUIET_CHECKS) {
        if (pos.checkers()) {
            // In check, where this list is not wanted for speed: QUIETS filtered.
            generate_for_side<false, true>(pos, sink);
            sink.cursor =
                std::remove_if(list, sink.cursor, [&](Move m) { return !pos.gives_check(m); });
        } else if (pos.side_to_move() == WHITE) {
            generate_quiet_checks<WHITE>(pos, sink);
        } else {
            generate_quiet_checks<BLACK>(pos, sink);
        }
    } else if constexpr (T == CAPTURES)
        generate_for_side<true, false>(pos, sink);
    else if constexpr (T == QUIETS)
        generate_for_side<false, true>(pos, sink);
    else
        generate_for_side<true, true>(pos, sink);
#ifndef NDEBUG
    // Debug builds check the generator against the independent tests the search uses for
    // moves from the table: each move listed once, pseudo-legal, legal and of the kind asked.
    for (Move* m = list; m != sink.cursor; ++m) {
        assert(pos.pseudo_legal(*m) && pos.legal(*m));
        bool tactical = pos.is_capture(*m) || m->kind() == PROMOTION;
        assert(T != CAPTURES || tactical);
        assert((T != QUIETS && T != QUIET_CHECKS) || !tactical);
        assert(T != QUIET_CHECKS || pos.gives_check(*m));
        for (Move* other = list; other != m; ++other) assert(*other != *m);
    }
#endif
    return sink.cursor;
}

template Move* generate<CAPTURES>(const Position&, Move*);
template Move* generate<QUIETS>(const Position&, Move*);
template Move* generate<EVASIONS>(const Position&, Move*);
template Move* generate<NON_EVASIONS>(const Position&, Move*);
template Move* generate<LEGAL>(const Position&, Move*);
template Move* generate<QUIET_CHECKS>(const Position&, Move*);

std::uint64_t count_legal_moves(const Position& pos) {
    CountSink sink;
    generate_for_side<true, true>(pos, sink);
    assert(sink.count == MoveList<LEGAL>(pos).size());
    return sink.count;
}

}  // namespace mneme
