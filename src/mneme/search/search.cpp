#include "mneme/search/search.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "mneme/core/movegen.h"
#include "mneme/eval/evaluate.h"
#include "mneme/search/move_picker.h"
#include "mneme/search/static_exchange.h"

namespace mneme {

namespace {

// Nodes between two looks at the clock: the clock is slow to read, the search is not.
constexpr std::uint64_t TIME_CHECK_INTERVAL = 1024;

bool is_quiet(const Position& pos, Move m) { return !pos.is_capture(m) && m.kind() != PROMOTION; }

// Whether a stored score is good enough to answer a search of the window (alpha, beta).
bool tt_score_usable(const TTData& tt, Value alpha, Value beta) {
    if (tt.score == VALUE_NONE) return false;
    switch (tt.bound) {
        case Bound::EXACT: return true;
        case Bound::LOWER: return tt.score >= beta;
        case Bound::UPPER: return tt.score <= alpha;
        default: return false;
    }
}

// Null-move pruning assumes that passing is worse than any move, false in zugzwang, which is
// common when only king and pawns are left.
bool has_non_pawn_material(const Position& pos, Color c) {
    return pos.pieces(c) & ~pos.pieces(c, PAWN, KING);
}

}  // namespace

Searcher::Searcher(std::size_t hash_mb) : table_(hash_mb) { history_.clear(); }

void Searcher::clear() {
    table_.clear();
    history_.clear();
}

void Searcher::prepare(bool pondering) {
    stop_requested_ = false;
    pondering_ = pondering;
    prepared_ = true;
}

void Searcher::ponderhit() {
    time_.restart_clock();
    pondering_ = false;
}

SearchResult Searcher::search(const Position& pos, const SearchLimits& limits,
                              const InfoCallback& on_iteration) {
    if (!prepared_) prepare(limits.ponder);
    prepared_ = false;
    pos_ = pos;
    limits_ = limits;
    time_.start(limits, pos.side_to_move());
    table_.new_search();
    for (auto& k : killers_) k.clear();
    nodes_ = 0;
    seldepth_ = 0;
    completed_depth_ = 0;
    stopped_ = false;
    repetition_keys_[0] = pos_.state().repetition_key;

    // Root moves in the order the move picker would try them, restricted to "searchmoves".
    root_moves_.clear();
    TTData tt;
    Move tt_move = table_.probe(pos_.key(), 0, &tt) ? tt.move : Move::none();
    MovePicker picker(pos_, tt_move, killers_[0], history_);
    while (Move m = picker.next())
        if (limits.search_moves.empty() ||
            std::find(limits.search_moves.begin(), limits.search_moves.end(), m) !=
                limits.search_moves.end())
            root_moves_.push_back({m, -VALUE_INFINITE, {m}});

    SearchResult result;
    if (root_moves_.empty()) {
        // Mate or stalemate at the root: nothing to search, but a score to tell.
        result.score = pos_.in_check() ? mated_in(0) : VALUE_DRAW;
        if (on_iteration) on_iteration(make_info(0));
    } else {
        int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
        if (limits.mate > 0) max_depth = std::min(max_depth, 2 * limits.mate);
        for (int depth = 1; depth <= max_depth; ++depth) {
            search_root(depth);
            if (stopped_) break;
            completed_depth_ = depth;
            if (on_iteration) on_iteration(make_info(depth));
            if (stop_requested_ || should_stop_iterating(depth)) break;
        }
        // Infinite and pondering searches end only on stop (or ponderhit), even when the
        // iterations ran out: a UCI engine must not answer before being asked to.
        while (!stop_requested_ && (limits.infinite || pondering_))
            std::this_thread::sleep_for(std::chrono::milliseconds(1));

        const RootMove& best = root_moves_.front();
        result.best = best.move;
        result.score = best.score == -VALUE_INFINITE ? VALUE_NONE : best.score;
        result.pv = best.pv;
        if (best.pv.size() > 1) {
            result.ponder = best.pv[1];
        } else {
            // Guess the reply from the table, when the line was cut short.
            Position after = pos_;
            after.do_move(best.move);
            TTData reply;
            if (table_.probe(after.key(), 1, &reply) && reply.move &&
                after.pseudo_legal(reply.move) && after.legal(reply.move))
                result.ponder = reply.move;
        }
    }
    result.depth = completed_depth_;
    result.seldepth = seldepth_;
    result.nodes = nodes_;
    result.time_ms = time_.elapsed_ms();
    pondering_ = false;
    return result;
}

bool Searcher::should_stop_iterating(int depth) const {
    Value score = root_moves_.front().score;
    if (limits_.mate > 0 && score >= mate_in(2 * limits_.mate - 1)) return true;
    if (pondering_ || limits_.infinite) return false;
    if (!time_.is_timed()) return false;
    if (time_.should_stop_iterating()) return true;
    // With one legal move, or a mate already seen with room to spare, thinking is wasted.
    if (root_moves_.size() == 1) return true;
    return is_mate_score(score) && depth >= 2 * (VALUE_MATE - std::abs(score)) + 2;
}

SearchInfo Searcher::make_info(int depth) const {
    SearchInfo info;
    info.depth = depth;
    info.seldepth = seldepth_;
    info.nodes = nodes_;
    info.time_ms = time_.elapsed_ms();
    info.nps = nodes_ * 1000 / std::uint64_t(std::max<std::int64_t>(info.time_ms, 1));
    info.hashfull = table_.hashfull();
    if (root_moves_.empty()) {
        info.score = pos_.in_check() ? mated_in(0) : VALUE_DRAW;
    } else {
        info.score = root_moves_.front().score;
        info.pv = root_moves_.front().pv;
    }
    return info;
}

void Searcher::search_root(int depth) {
    Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
    std::size_t best_index = 0;
    for (std::size_t i = 0; i < root_moves_.size(); ++i) {
        RootMove& rm = root_moves_[i];
        pos_.do_move(rm.move);
        Value v;
        if (i == 0) {
            v = -negamax(depth - 1, -beta, -alpha, 1, true);
        } else {
            v = -negamax(depth - 1, -alpha - 1, -alpha, 1, false);
            if (v > alpha && !stopped_) v = -negamax(depth - 1, -beta, -alpha, 1, true);
        }
        pos_.undo_move();
        // A move cut off by a stop has no score; the moves searched before it still count.
        if (stopped_) break;

        if (i == 0 || v > alpha) {
            alpha = v;
            best_index = i;
            rm.score = v;
            rm.pv.assign(1, rm.move);
            rm.pv.insert(rm.pv.end(), &pv_[1][1], &pv_[1][pv_length_[1]]);
        } else {
            rm.score = -VALUE_INFINITE;
        }
    }
    // The best move goes first for the next iteration; the others keep their order.
    std::rotate(root_moves_.begin(), root_moves_.begin() + std::ptrdiff_t(best_index),
                root_moves_.begin() + std::ptrdiff_t(best_index) + 1);
}

void Searcher::count_node() {
    ++nodes_;
    // The first iteration always completes: a move that was never searched could hang mate.
    if (completed_depth_ == 0) return;
    if (stop_requested_ || (limits_.nodes && nodes_ >= limits_.nodes) ||
        (nodes_ % TIME_CHECK_INTERVAL == 0 && !pondering_ && time_.out_of_time()))
        stopped_ = true;
}

bool Searcher::is_draw(int ply) const {
    const StateInfo& st = pos_.state();
    // The 50-move rule, unless the move that reached the 100th ply gave mate.
    if (st.halfmove_clock >= 100 && (!pos_.in_check() || pos_.has_legal_moves())) return true;
    // A third occurrence counts wherever the earlier ones were; a second only when the first
    // was inside the tree, where the side that could avoid it chose not to.
    if (st.repetitions >= 2) return true;
    if (st.repetitions == 1) {
        int reach = std::min({int(st.halfmove_clock), int(st.plies_from_null), ply});
        for (int back = 4; back <= reach; back += 2)
            if (repetition_keys_[ply - back] == st.repetition_key) return true;
    }
    return pos_.is_insufficient_material();
}

void Searcher::update_pv(int ply, Move m) {
    pv_[ply][ply] = m;
    for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

void Searcher::update_quiet_statistics(int ply, int depth, Move best, const Move* quiets,
                                       int count) {
    Color us = pos_.side_to_move();
    int bonus = ButterflyHistory::bonus_for_depth(depth);
    killers_[ply].add(best);
    history_.update(us, best, bonus);
    // The quiet moves tried before the cut-off were worse guesses.
    for (int i = 0; i < count; ++i) history_.update(us, quiets[i], -bonus);
}

Value Searcher::negamax(int depth, Value alpha, Value beta, int ply, bool pv_node) {
    bool in_check = pos_.in_check();
    // Check extension: a forcing line is looked at one ply deeper.
    if (in_check) ++depth;
    if (depth <= 0) return quiescence(alpha, beta, ply, pv_node);

    pv_length_[ply] = ply;
    count_node();
    if (stopped_) return 0;
    repetition_keys_[ply] = pos_.state().repetition_key;
    seldepth_ = std::max(seldepth_, ply);
    if (is_draw(ply)) return VALUE_DRAW;
    if (ply >= MAX_PLY) return in_check ? VALUE_DRAW : evaluate(pos_);

    // Mate distance pruning: no line from here can beat a mate already found nearer the root.
    alpha = std::max(alpha, mated_in(ply));
    beta = std::min(beta, mate_in(ply + 1));
    if (alpha >= beta) return alpha;

    TTData tt;
    bool tt_hit = table_.probe(pos_.key(), ply, &tt);
    Move tt_move = tt_hit ? tt.move : Move::none();
    // Principal variation nodes always search, so that the line they return is complete.
    if (!pv_node && tt_hit && tt.depth >= depth && tt_score_usable(tt, alpha, beta))
        return tt.score;

    Value static_eval = VALUE_NONE;
    if (!in_check) static_eval = tt_hit && tt.eval != VALUE_NONE ? tt.eval : evaluate(pos_);

    // Null-move pruning: if passing still leaves us above beta, a real move will too.
    Color us = pos_.side_to_move();
    if (!pv_node && !in_check && depth >= 3 && static_eval >= beta && !is_mate_score(beta) &&
        pos_.last_move() != Move::null() && has_non_pawn_material(pos_, us)) {
        int reduction = 3 + depth / 4;
        pos_.do_null_move();
        Value v = -negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
        pos_.undo_null_move();
        if (stopped_) return 0;
        // A mate found after passing proves nothing about the real moves.
        if (v >= beta) return is_mate_score(v) ? beta : v;
    }

    MovePicker picker(pos_, tt_move, killers_[ply], history_);
    Value best_value = -VALUE_INFINITE;
    Move best_move;
    int move_count = 0;
    constexpr int MAX_QUIETS_REMEMBERED = 64;
    Move quiets_tried[MAX_QUIETS_REMEMBERED];
    int quiet_count = 0;

    while (Move m = picker.next()) {
        ++move_count;
        bool quiet = is_quiet(pos_, m);
        pos_.do_move(m);
        Value v;
        if (move_count == 1) {
            v = -negamax(depth - 1, -beta, -alpha, ply + 1, pv_node);
        } else {
            // Prove the move worse with a null window; search it properly only if that fails.
            v = -negamax(depth - 1, -alpha - 1, -alpha, ply + 1, false);
            if (pv_node && v > alpha && v < beta && !stopped_)
                v = -negamax(depth - 1, -beta, -alpha, ply + 1, true);
        }
        pos_.undo_move();
        if (stopped_) return 0;

        if (v > best_value) {
            best_value = v;
            if (v > alpha) {
                best_move = m;
                if (pv_node) update_pv(ply, m);
                if (v >= beta) {
                    if (quiet) update_quiet_statistics(ply, depth, m, quiets_tried, quiet_count);
                    break;
                }
                alpha = v;
            }
        }
        if (quiet && quiet_count < MAX_QUIETS_REMEMBERED) quiets_tried[quiet_count++] = m;
    }

    if (move_count == 0) return in_check ? mated_in(ply) : VALUE_DRAW;

    Bound bound = best_value >= beta                ? Bound::LOWER
                  : pv_node && best_move != Move() ? Bound::EXACT
                                                    : Bound::UPPER;
    table_.store(pos_.key(), ply, best_move, best_value, static_eval, depth, bound);
    return best_value;
}

Value Searcher::quiescence(Value alpha, Value beta, int ply, bool pv_node) {
    pv_length_[ply] = ply;
    count_node();
    if (stopped_) return 0;
    repetition_keys_[ply] = pos_.state().repetition_key;
    seldepth_ = std::max(seldepth_, ply);
    // The quiet move that led here may have repeated a position or ended the 50 moves.
    if (is_draw(ply)) return VALUE_DRAW;
    bool in_check = pos_.in_check();
    if (ply >= MAX_PLY) return in_check ? VALUE_DRAW : evaluate(pos_);

    TTData tt;
    bool tt_hit = table_.probe(pos_.key(), ply, &tt);
    if (!pv_node && tt_hit && tt_score_usable(tt, alpha, beta)) return tt.score;

    // Standing pat: the side to move need not capture, so the static score is a lower bound.
    // In check there is no such choice, and every evasion is searched.
    Value static_eval = VALUE_NONE;
    Value best_value = -VALUE_INFINITE;
    if (!in_check) {
        static_eval = tt_hit && tt.eval != VALUE_NONE ? tt.eval : evaluate(pos_);
        best_value = static_eval;
        if (best_value >= beta) return best_value;
        alpha = std::max(alpha, best_value);
    }

    MovePicker picker(pos_, tt_hit ? tt.move : Move::none(), history_);
    Move best_move;
    int move_count = 0;
    while (Move m = picker.next()) {
        ++move_count;
        // Captures that lose material are not worth a look when standing pat is allowed.
        if (!in_check && m.kind() != PROMOTION && static_exchange(pos_, m) < 0) continue;
        pos_.do_move(m);
        Value v = -quiescence(-beta, -alpha, ply + 1, pv_node);
        pos_.undo_move();
        if (stopped_) return 0;

        if (v > best_value) {
            best_value = v;
            if (v > alpha) {
                best_move = m;
                if (pv_node) update_pv(ply, m);
                if (v >= beta) break;
                alpha = v;
            }
        }
    }
    if (in_check && move_count == 0) return mated_in(ply);

    Bound bound = best_value >= beta                ? Bound::LOWER
                  : pv_node && best_move != Move() ? Bound::EXACT
                                                    : Bound::UPPER;
    table_.store(pos_.key(), ply, best_move, best_value, static_eval, 0, bound);
    return best_value;
}

}  // namespace mneme
