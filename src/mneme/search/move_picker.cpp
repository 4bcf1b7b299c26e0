#include "mneme/search/move_picker.h"

#include "mneme/search/static_exchange.h"

namespace mneme {

namespace {

bool is_tactical(const Position& pos, Move m) { return pos.is_capture(m) || m.kind() == PROMOTION; }

}  // namespace

MovePicker::MovePicker(const Position& pos, Move tt_move, const KillerMoves& killers, Move counter,
                       const ButterflyHistory& history, bool order_captures, bool use_history,
                       const PieceToHistory* const* continuation, const MoveOrderingHint* hint,
                       int ply)
    : pos_(pos),
      history_(history),
      killers_{killers.moves[0], killers.moves[1]},
      counter_(counter),
      order_captures_(order_captures),
      use_history_(use_history),
      hint_(hint),
      ply_(ply),
      stage_(Stage::TT_MOVE),
      quiescence_(false),
      with_quiets_(true) {
    tt_move_ = tt_move && pos.pseudo_legal(tt_move) && pos.legal(tt_move) ? tt_move : Move::none();
    if (continuation) continuation_[0] = continuation[0], continuation_[1] = continuation[1];
}

MovePicker::MovePicker(const Position& pos, Move tt_move, const ButterflyHistory& history)
    : pos_(pos),
      history_(history),
      stage_(Stage::TT_MOVE),
      quiescence_(true),
      with_quiets_(pos.in_check()) {
    bool usable = tt_move && pos.pseudo_legal(tt_move) && pos.legal(tt_move) &&
                  (with_quiets_ || is_tactical(pos, tt_move));
    tt_move_ = usable ? tt_move : Move::none();
}

void MovePicker::score_captures() {
    if (!order_captures_) return;  // scores stay 0: pick_best keeps generation order
    for (int i = current_; i < end_; ++i) {
        Move m = moves_[i].move();
        PieceType victim = m.kind() == EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to()));
        PieceType attacker = type_of(pos_.moved_piece(m));
        int score = SEE_VALUE[victim] * 8 - attacker;
        // A capture's record counts for up to about a pawn's worth of victim value.
        if (capture_history_)
            score += capture_history_->get(pos_.moved_piece(m), m.to(), victim) / 16;
        if (m.kind() == PROMOTION)
            score += m.promotion_type() == QUEEN ? SEE_VALUE[QUEEN] * 8 : -SEE_VALUE[QUEEN] * 8;
        moves_[i].score = score;
    }
}

void MovePicker::score_quiets() {
    if (!use_history_ && !hint_) return;  // scores stay 0: generation order
    Color us = pos_.side_to_move();
    for (int i = current_; i < end_; ++i) {
        Move m = moves_[i].move();
        int score = 0;
        if (use_history_) {
            Piece piece = pos_.moved_piece(m);
            score = history_.get(us, m);
            for (const PieceToHistory* slice : continuation_)
                if (slice) score += slice->get(piece, m.to());
        }
        if (hint_) score += hint_->quiet_bonus(pos_, m, ply_);
        moves_[i].score = score;
    }
}

Move MovePicker::pick_best() {
    int best = current_;
    for (int i = current_ + 1; i < end_; ++i)
        if (moves_[i].score > moves_[best].score) best = i;
    std::swap(moves_[current_], moves_[best]);
    return moves_[current_++].move();
}

bool MovePicker::usable_killer(Move m) const {
    return m && m != tt_move_ && !is_hint_move(m) && !is_tactical(pos_, m) &&
           pos_.pseudo_legal(m) && pos_.legal(m);
}

Move MovePicker::next() {
    switch (stage_) {
        case Stage::TT_MOVE:
            stage_ = Stage::HINT_MOVES;
            if (hint_) hint_count_ = hint_->preferred_moves(pos_, ply_, hint_moves_);
            if (tt_move_) return tt_move_;
            [[fallthrough]];

        case Stage::HINT_MOVES:
            while (hint_index_ < hint_count_) {
                Move m = hint_moves_[hint_index_++];
                if (m != tt_move_) return m;
            }
            stage_ = Stage::GENERATE_CAPTURES;
            [[fallthrough]];

        case Stage::GENERATE_CAPTURES: {
            MoveStorage<MAX_MOVES> buffer;
            Move* last = generate<CAPTURES>(pos_, buffer.data());
            current_ = bad_end_ = 0;
            end_ = int(last - buffer.data());
            for (int i = 0; i < end_; ++i) moves_[i] = {buffer[i].raw(), 0};
            score_captures();
            stage_ = Stage::GOOD_CAPTURES;
            [[fallthrough]];
        }

        case Stage::GOOD_CAPTURES:
            while (current_ < end_) {
                Move m = pick_best();
                if (m == tt_move_ || is_hint_move(m)) continue;
                // The main search postpones captures that lose material and under-promotions
                // (quiescence judges its captures itself: no exchange computed for it here).
                if (!quiescence_ && order_captures_ &&
                    (m.kind() == PROMOTION ? m.promotion_type() != QUEEN
                                           : static_exchange(pos_, m) < 0)) {
                    moves_[bad_end_++] = moves_[current_ - 1];
                    continue;
                }
                return m;
            }
            if (!with_quiets_) {
                stage_ = Stage::DONE;
                return Move::none();
            }
            if (quiescence_) {  // evasions: no killers here
                stage_ = Stage::GENERATE_QUIETS;
                return next();
            }
            stage_ = Stage::FIRST_KILLER;
            [[fallthrough]];

        case Stage::FIRST_KILLER:
            stage_ = Stage::SECOND_KILLER;
            if (usable_killer(killers_[0])) return killers_[0];
            [[fallthrough]];

        case Stage::SECOND_KILLER:
            stage_ = Stage::COUNTER_MOVE;
            if (killers_[1] != killers_[0] && usable_killer(killers_[1])) return killers_[1];
            [[fallthrough]];

        case Stage::COUNTER_MOVE:
            stage_ = Stage::GENERATE_QUIETS;
            if (counter_ != killers_[0] && counter_ != killers_[1] && usable_killer(counter_))
                return counter_;
            [[fallthrough]];

        case Stage::GENERATE_QUIETS: {
            // Quiet moves go after the parked losing captures.
            MoveStorage<MAX_MOVES> buffer;
            Move* last = generate<QUIETS>(pos_, buffer.data());
            current_ = end_ = bad_end_;
            for (Move* m = buffer.data(); m != last; ++m) moves_[end_++] = {m->raw(), 0};
            score_quiets();
            stage_ = Stage::QUIETS;
            [[fallthrough]];
        }

        case Stage::QUIETS:
            while (current_ < end_) {
                Move m = pick_best();
                if (m == tt_move_ || is_hint_move(m) || (!quiescence_ && is_killer(m))) continue;
                return m;
            }
            stage_ = Stage::BAD_CAPTURES;
            current_ = 0;
            end_ = bad_end_;
            [[fallthrough]];

        case Stage::BAD_CAPTURES:
            // Kept in the order they were parked: already best-first by victim and attacker.
            if (current_ < end_) return moves_[current_++].move();
            stage_ = Stage::DONE;
            [[fallthrough]];

        case Stage::DONE:
            return Move::none();
    }
    return Move::none();
}

}  // namespace mneme
