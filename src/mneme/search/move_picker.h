// Hands out a node's moves one at a time, most promising first, generating them in stages so
// that a cut-off on an early move saves generating the rest.
#pragma once

#include <cstdint>

#include "mneme/core/movegen.h"
#include "mneme/search/history.h"
#include "mneme/search/move_ordering_hint.h"

namespace mneme {

class MovePicker {
public:
    // Main search: every legal move. Order: the transposition-table move, captures that do not
    // lose material (most valuable victim, least valuable attacker), the killers, quiet moves by
    // history, then losing captures and under-promotions.
    // `counter` is the quiet move that last refuted the opponent's previous move; it follows the
    // killers. Without `order_captures` captures come in generation order, none postponed;
    // without `use_history` quiet moves do too (the switches of SearchOptions).
    // `continuation` holds the continuation-history slices of the moves one, two and four
    // plies back (any may be null); their scores add to the butterfly score of a quiet move.
    // `hint` (may be null), asked at `ply` plies from the root, puts its preferred moves right
    // after the table move and adds its bonus to the score of quiet moves.
    MovePicker(const Position& pos, Move tt_move, const KillerMoves& killers, Move counter,
               const ButterflyHistory& history, bool order_captures = true, bool use_history = true,
               const PieceToHistory* const* continuation = nullptr,
               const MoveOrderingHint* hint = nullptr, int ply = 0);
    // Quiescence: captures and promotions by victim and attacker; every evasion when in check.
    MovePicker(const Position& pos, Move tt_move, const ButterflyHistory& history);

    // Captures are also ordered by `history` (null: by victim and attacker alone). Before
    // the first next().
    void use_capture_history(const CaptureHistory* history) { capture_history_ = history; }
    // Quiet moves are also ordered by the threats of lesser enemy pieces (ThreatOrdering): a
    // piece attacked by one is moved first to a square where none attacks it, and a move that
    // puts a piece where one attacks it comes late. Before the first next().
    void use_threats() { use_threats_ = true; }

    // The next move, or Move::none() when all have been handed out. Every move is legal.
    Move next();

private:
    enum class Stage {
        TT_MOVE,
        HINT_MOVES,
        GENERATE_CAPTURES,
        GOOD_CAPTURES,
        FIRST_KILLER,
        SECOND_KILLER,
        COUNTER_MOVE,
        GENERATE_QUIETS,
        QUIETS,
        BAD_CAPTURES,
        DONE,
    };
    // The move as its raw bits, so that the array below is not zeroed at every node.
    struct ScoredMove {
        std::uint16_t raw;
        int score;
        Move move() const { return Move(raw); }
    };

    void score_captures();
    void score_quiets();
    // The squares attacked by the enemy's pieces weaker than each of ours, for ThreatOrdering.
    struct Threats {
        Bitboard by_pawns, by_minors, by_rooks;  // each includes the ones before it
        Bitboard against(PieceType pt) const {
            return pt == QUEEN                ? by_rooks
                   : pt == ROOK               ? by_minors
                   : pt == PAWN || pt == KING ? 0
                                              : by_pawns;
        }
    };
    Threats enemy_threats() const;
    // Swaps the best-scored move of [current_, end_) to current_ and returns it.
    Move pick_best();
    bool usable_killer(Move m) const;
    bool is_killer(Move m) const { return m == killers_[0] || m == killers_[1] || m == counter_; }
    bool is_hint_move(Move m) const {
        for (int i = 0; i < hint_count_; ++i)
            if (hint_moves_[i] == m) return true;
        return false;
    }

    const Position& pos_;
    const ButterflyHistory& history_;
    const PieceToHistory* continuation_[ContinuationHistory::SLICES] = {};
    const CaptureHistory* capture_history_ = nullptr;
    bool use_threats_ = false;
    Move tt_move_;
    Move killers_[2];
    Move counter_;
    bool order_captures_ = true;
    bool use_history_ = true;
    const MoveOrderingHint* hint_ = nullptr;
    int ply_ = 0;
    Move hint_moves_[MoveOrderingHint::MAX_PREFERRED_MOVES];
    int hint_count_ = 0, hint_index_ = 0;
    Stage stage_;
    bool quiescence_;
    bool with_quiets_;  // main search, or quiescence in check
    ScoredMove moves_[MAX_MOVES];
    // Losing captures are parked in [0, bad_end_) as the good ones are handed out.
    int bad_end_ = 0;
    int current_ = 0;
    int end_ = 0;
};

}  // namespace mneme
