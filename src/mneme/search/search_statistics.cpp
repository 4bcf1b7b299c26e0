// What the search learns from its own results while it runs: killers, counter moves, the quiet
// and capture histories, and the correction history of the static evaluation.
#include <algorithm>

#include "mneme/search/search.h"

namespace mneme {

Move Searcher::counter_move() const {
    Move previous = pos_.last_move();
    if (!previous || previous == Move::null()) return Move::none();
    return counter_moves_[pos_.piece_on(previous.to())][previous.to()];
}

void Searcher::continuation_slices(int ply,
                                   PieceToHistory* out[ContinuationHistory::SLICES]) const {
    out[0] = out[1] = out[2] = nullptr;
    if (!options_.continuation_history) return;
    if (ply >= 1) out[0] = move_slices_[ply - 1];
    if (ply >= 2) out[1] = move_slices_[ply - 2];
    // Our own move two turns back: a plan's next step (FourPlyContinuation).
    if (ply >= 4 && options_.four_ply_continuation) out[2] = move_slices_[ply - 4];
}

int Searcher::quiet_history(int ply, Move m) const {
    PieceToHistory* slices[ContinuationHistory::SLICES];
    continuation_slices(ply, slices);
    Piece piece = pos_.moved_piece(m);
    int score = history_.get(pos_.side_to_move(), m);
    for (const PieceToHistory* slice : slices)
        if (slice) score += slice->get(piece, m.to());
    return score;
}

void Searcher::update_quiet_statistics(int ply, int depth, Move best, const Move* quiets,
                                       int count) {
    Color us = pos_.side_to_move();
    int bonus = ButterflyHistory::bonus_for_depth(depth);
    if (options_.killers) killers_[ply].add(best);
    if (options_.counter_moves) {
        Move previous = pos_.last_move();
        if (previous && previous != Move::null())
            counter_moves_[pos_.piece_on(previous.to())][previous.to()] = best;
    }
    if (!options_.history) return;
    PieceToHistory* slices[ContinuationHistory::SLICES];
    continuation_slices(ply, slices);
    auto reward = [&](Move m, int amount) {
        history_.update(us, m, amount);
        for (PieceToHistory* slice : slices)
            if (slice) slice->update(pos_.moved_piece(m), m.to(), amount);
    };
    reward(best, bonus);
    // The quiet moves tried before the cut-off were worse guesses.
    for (int i = 0; i < count; ++i) reward(quiets[i], -bonus);
}

namespace {

std::uint64_t pawn_key(const Position& pos) {
    return pawn_structure_hash(pos.pieces(WHITE, PAWN), pos.pieces(BLACK, PAWN));
}

std::uint64_t material_key(const Position& pos) {
    int counts[2][5];
    for (Color c : {WHITE, BLACK})
        for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN})
            counts[c][pt - PAWN] = pos.count(c, pt);
    return material_hash(counts);
}

std::uint64_t non_pawn_key(const Position& pos, Color side) {
    const Bitboard boards[5] = {pos.pieces(side, KNIGHT), pos.pieces(side, BISHOP),
                                pos.pieces(side, ROOK), pos.pieces(side, QUEEN),
                                pos.pieces(side, KING)};
    return piece_placement_hash(boards);
}

}  // namespace

bool Searcher::corrects_eval() const {
    return options_.correction_history || options_.material_correction ||
           options_.non_pawn_correction;
}

int Searcher::eval_correction() const {
    // Each table learns the whole error for its key; the correction is their mean.
    const Color us = pos_.side_to_move();
    int sum = 0, tables = 0;
    if (options_.correction_history) {
        sum += correction_history_->get(us, pawn_key(pos_));
        ++tables;
    }
    if (options_.material_correction) {
        sum += material_correction_->get(us, material_key(pos_));
        ++tables;
    }
    if (options_.non_pawn_correction) {
        for (Color side : {WHITE, BLACK})
            sum += non_pawn_correction_[side]->get(us, non_pawn_key(pos_, side));
        tables += 2;
    }
    return tables ? sum / tables : 0;
}

Value Searcher::corrected_eval(Value raw) const {
    if (!corrects_eval()) return raw;
    Value corrected = raw + eval_correction();
    // A corrected score must stay an evaluation, never reach the mate range.
    return std::clamp(corrected, VALUE_MATED_IN_MAX_PLY + 1, VALUE_MATE_IN_MAX_PLY - 1);
}

void Searcher::update_correction_history(Value raw_eval, Value best_value, Bound bound, int depth) {
    if (!corrects_eval() || raw_eval == VALUE_NONE || is_mate_score(best_value)) return;
    // A bound only says on which side of the search score the truth lies: it corrects the
    // evaluation only when that side is away from the static score.
    Value corrected = corrected_eval(raw_eval);
    if ((bound == Bound::LOWER && best_value <= corrected) ||
        (bound == Bound::UPPER && best_value >= corrected))
        return;
    const Color us = pos_.side_to_move();
    const int error = best_value - raw_eval;
    if (options_.correction_history) correction_history_->update(us, pawn_key(pos_), error, depth);
    if (options_.material_correction)
        material_correction_->update(us, material_key(pos_), error, depth);
    if (options_.non_pawn_correction)
        for (Color side : {WHITE, BLACK})
            non_pawn_correction_[side]->update(us, non_pawn_key(pos_, side), error, depth);
}

void Searcher::update_capture_statistics(int depth, Move best, const Move* captures, int count) {
    if (!options_.capture_history) return;
    int bonus = ButterflyHistory::bonus_for_depth(depth);
    auto reward = [&](Move m, int amount) {
        PieceType victim = m.kind() == EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to()));
        capture_history_->update(pos_.moved_piece(m), m.to(), victim, amount);
    };
    if (best && pos_.is_capture(best)) reward(best, bonus);
    // Captures tried before the move that cut off were worse guesses, whatever it was.
    for (int i = 0; i < count; ++i) reward(captures[i], -bonus);
}

}  // namespace mneme
