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
    if (continuation)
        for (int i = 0; i < ContinuationHistory::SLICES; ++i) continuation_[i] = continuation[i];
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

MovePicker::Threats MovePicker::enemy_threats() const {
    Color them = ~pos_.side_to_move();
    Bitboard occupied = pos_.pieces();
    Threats t;
    Bitboard pawns = pos_.pieces(them, PAWN);
    t.by_pawns = them == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
    auto attacks_of_all = [&](PieceType pt) {
        Bitboard attacked = 0;
        for (Bitboard b = pos_.pieces(them, pt); b;)
            attacked |= attacks_of(pt, pop_lsb(b), occupied);
        return attacked;
    };
    t.by_minors = t.by_pawns | attacks_of_all(KNIGHT) | attacks_of_all(BISHOP);
    t.by_rooks = t.by_minors | attacks_of_all(ROOK);
    return t;
}

namespace {

// What escaping (or walking into) the threat of a lesser piece is worth in history units: about
// a strong history score for a queen, less for the pieces whose loss costs less.
int threat_weight(PieceType pt) { return pt == QUEEN ? 16000 : pt == ROOK ? 8000 : 5000; }

}  // namespace

void MovePicker::score_quiets() {
    if (!use_history_ && !hint_ && !use_threats_) return;  // scores stay 0: generation order
    Color us = pos_.side_to_move();
    Threats threats{};
    if (use_threats_) threats = enemy_threats();
    for (int i = current_; i < end_; ++i) {
        Move m = moves_[i].move();
        Piece piece = pos_.moved_piece(m);
        int score = 0;
        if (use_history_) {
            score = history_.get(us, m);
            for (const PieceToHistory* slice : continuation_)
                if (slice) score += slice->get(piece, m.to());
        }
        if (hint_) score += hint_->quiet_bonus(pos_, m, ply_);
        if (use_threats_) {
            PieceType pt = type_of(piece);
            Bitboard danger = threats.against(pt);
            bool attacked_now = danger & square_bb(m.from());
            bool attacked_after = danger & square_bb(m.to());
            if (attacked_now && !attacked_after) score += threat_weight(pt);
            if (attacked_after) score -= threat_weight(pt);
        }
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
