// Iterative deepening at the root: the search of a position to its limits, the aspiration
// windows of each iteration, the root moves and their lines, and the reports. The tree below
// the root is search.cpp's negamax and quiescence.
#include "mneme/search/search.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <thread>

#include "mneme/core/movegen.h"
#include "mneme/eval/evaluate.h"
#include "mneme/eval/evaluator.h"
#include "mneme/search/late_move_reductions.h"
#include "mneme/search/move_picker.h"
#include "mneme/search/static_exchange.h"

namespace mneme {

namespace {

// Aspiration windows (half width: SearchMargins::aspiration_delta) from this depth.
constexpr int ASPIRATION_MIN_DEPTH = 4;
// RootReductions: root moves from this place in the order on may be reduced.
constexpr int ROOT_REDUCTION_MIN_MOVE = 4;

}  // namespace

SearchResult Searcher::search(const Position& pos, const SearchLimits& limits,
                              const InfoCallback& on_iteration) {
    if (!prepared_) prepare(limits.ponder);
    prepared_ = false;
    searched_since_clear_ = true;
    pos_ = pos;
    limits_ = limits;
    reports_start_ = limits.start_time ? *limits.start_time : std::chrono::steady_clock::now();
    time_.start(limits, pos.side_to_move(), options_.margins.planned_moves_left,
                lag_.carried_reserve_ms());
    if (time_.is_timed()) lag_.start_search(SchedulingLag::Clock::now());
    if (!helper_index_) table_->new_search();  // helpers join the main thread's search
    // Helpers use what the main thread prepared (start_helpers copies it).
    if (!helper_index_) hint_active_ = ordering_hint_ && ordering_hint_->prepare(pos);
    for (auto& k : killers_) k.clear();
    for (Move& m : excluded_moves_) m = Move::none();
    best_move_stable_iterations_ = 0;
    iteration_scores_.clear();
    nodes_.store(0, std::memory_order_relaxed);
    seldepth_ = 0;
    null_move_min_ply_ = 0;
    completed_depth_ = 0;
    end_wanted_since_.reset();
    root_move_scored_ = false;
    stopped_ = false;
    statistics_ = {};
    on_info_ = &on_iteration;
    repetition_keys_[0] = pos_.state().repetition_key;
    evaluator_->reset(pos_);
    static_evals_[0] = pos_.in_check() ? VALUE_NONE : evaluator_->evaluate(pos_);
    double_extensions_[1] = 0;  // the root's moves are never extended

    // Root moves in the order the move picker would try them, restricted to "searchmoves".
    root_moves_.clear();
    root_legal_moves_ = 0;
    TTData tt;
    Move tt_move =
        options_.transposition_table && table_->probe(pos_.key(), 0, &tt) ? tt.move : Move::none();
    MovePicker picker(pos_, tt_move, killers_[0], Move::none(), history_, options_.capture_ordering,
                      options_.history, nullptr, active_hint(), 0);
    while (Move m = picker.next()) {
        ++root_legal_moves_;
        if (limits.search_moves.empty() ||
            std::find(limits.search_moves.begin(), limits.search_moves.end(), m) !=
                limits.search_moves.end())
            root_moves_.push_back({m, -VALUE_INFINITE, -VALUE_INFINITE, {m}});
    }

    SearchResult result;
    if (root_moves_.empty()) {
        // Mate or stalemate at the root: nothing to search, but a score to tell.
        result.score = pos_.in_check() ? mated_in(0) : VALUE_DRAW;
        if (on_iteration) on_iteration(make_info(0));
        wait_until_released(limits);
    } else {
        int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
        if (limits.mate > 0) max_depth = std::min(max_depth, 2 * limits.mate);
        if (!helper_index_) start_helpers(pos, limits);
        Move last_reported = Move::none();
        // Helpers start one ply deeper in turn, so that the threads spread over depths and
        // fill the table with different parts of the tree.
        for (int depth = 1 + helper_index_ % 2; depth <= max_depth; ++depth) {
            root_depth_ = depth;
            Move previous_best = root_moves_.front().move;
            search_root_with_aspiration(depth, on_iteration);
            if (stopped_) break;
            completed_depth_ = depth;
            best_move_stable_iterations_ =
                root_moves_.front().move == previous_best ? best_move_stable_iterations_ + 1 : 0;
            iteration_scores_.push_back(root_moves_.front().score);
            for (RootMove& rm : root_moves_) rm.previous_score = rm.score;
            report_lines(depth, on_iteration);
            last_reported = root_moves_.front().move;
            if (stop_requested_ || should_stop_iterating(depth)) break;
        }
        if (time_.is_timed()) lag_.end_search();
        wait_until_released(limits);
        std::uint64_t helper_nodes = helper_index_ ? 0 : stop_helpers();
        result.nodes += helper_nodes;

        RootMove& best = root_moves_.front();
        // A move that failed high in an aspiration window, and was cut off by the stop while
        // the window was widened, leads with no score of this iteration or the last: the last
        // completed iteration's score stands for it (its true score is higher still).
        if (best.reported_score() == -VALUE_INFINITE)
            best.score = iteration_scores_.empty() ? VALUE_NONE : iteration_scores_.back();
        // A move that overtook the best one in an iteration cut short is the one played: UCI
        // wants a final report before "bestmove", so its line is shown, not only the old one.
        if (best.move != last_reported) report_lines(root_depth_, on_iteration);
        result.best = best.move;
        result.score = best.reported_score();
        result.pv = best.pv;
        std::size_t lines =
            std::min<std::size_t>(std::max(options_.multi_pv, 1), root_moves_.size());
        for (std::size_t i = 0; i < lines; ++i)
            if (root_moves_[i].reported_score() != -VALUE_INFINITE)  // a first iteration cut short
                result.lines.push_back(
                    {root_moves_[i].move, root_moves_[i].reported_score(), root_moves_[i].pv});
        if (best.pv.size() > 1) {
            result.ponder = best.pv[1];
        } else {
            // Guess the reply from the table, when the line was cut short.
            Position after = pos_;
            after.do_move(best.move);
            TTData reply;
            if (table_->probe(after.key(), 1, &reply) && reply.move &&
                after.pseudo_legal(reply.move) && after.legal(reply.move))
                result.ponder = reply.move;
        }
    }
    result.depth = completed_depth_;
    result.seldepth = seldepth_;
    result.nodes += nodes_.load(std::memory_order_relaxed);
    result.time_ms = time_.elapsed_ms();
    result.statistics = statistics_;
    on_info_ = nullptr;
    pondering_ = false;
    return result;
}

void Searcher::wait_until_released(const SearchLimits& limits) const {
    // Infinite and pondering searches end only on stop (or ponderhit), even when the
    // iterations ran out or there was nothing to search: a UCI engine must not answer before
    // being asked to.
    while (!stop_requested_ && (limits.infinite || pondering_))
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

bool Searcher::should_stop_iterating(int depth) const {
    Value score = root_moves_.front().reported_score();
    if (limits_.mate > 0 && score >= mate_in(2 * limits_.mate - 1)) return true;
    if (pondering_ || limits_.infinite) return false;
    if (!time_.is_timed()) return false;
    if (time_.should_stop_iterating(time_scale())) return true;
    // With one legal move, or a mate already seen with room to spare, thinking is wasted. One
    // move left by "searchmoves" is an analysis of that move: it gets the time it was given.
    if (root_legal_moves_ == 1) return true;
    return is_mate_score(score) && depth >= 2 * (VALUE_MATE - std::abs(score)) + 2;
}

SearchInfo Searcher::make_info(int depth, std::size_t line) const {
    SearchInfo info;
    info.depth = depth;
    info.seldepth = seldepth_;
    info.nodes = total_nodes();
    // From the start of the search, pondering included (the time manager's clock starts again
    // at ponderhit, which would make the reported speed jump).
    info.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::steady_clock::now() - reports_start_)
                       .count();
    info.nps = info.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(info.time_ms, 1));
    info.hashfull = table_->hashfull();
    info.multipv = int(line) + 1;
    if (root_moves_.empty()) {
        info.score = pos_.in_check() ? mated_in(0) : VALUE_DRAW;
    } else {
        info.score = root_moves_[line].reported_score();
        info.pv = root_moves_[line].pv;
    }
    return info;
}

void Searcher::report_lines(int depth, const InfoCallback& on_iteration) const {
    if (!on_iteration) return;
    std::size_t lines = std::min<std::size_t>(std::max(options_.multi_pv, 1), root_moves_.size());
    // Lines without a score come only from a first iteration that a stop cut short.
    for (std::size_t i = 0; i < lines; ++i)
        if (root_moves_[i].reported_score() != -VALUE_INFINITE) on_iteration(make_info(depth, i));
}

void Searcher::search_root_with_aspiration(int depth, const InfoCallback& on_iteration) {
    Value previous = root_moves_.front().previous_score;
    // A window around last iteration's score; MultiPV needs every line exact, so it and
    // the shallow, unsteady iterations take the full window.
    bool aspire = options_.aspiration && options_.multi_pv <= 1 &&
                  options_.algorithm != SearchAlgorithm::MINIMAX && depth >= ASPIRATION_MIN_DEPTH &&
                  previous != -VALUE_INFINITE && !is_mate_score(previous);
    if (!aspire) {
        search_root(depth, -VALUE_INFINITE, VALUE_INFINITE);
        return;
    }
    Value delta = Value(options_.margins.aspiration_delta);
    Value alpha = std::max(previous - delta, -VALUE_INFINITE);
    Value beta = std::min(previous + delta, VALUE_INFINITE);
    while (true) {
        Value v = search_root(depth, alpha, beta);
        if (stopped_) return;
        if (v > alpha && v < beta) return;
        ++statistics_.aspiration_fails;
        // Tell the GUI which way the score is moving while the window is widened.
        if (options_.progress_reports && on_iteration && time_.elapsed_ms() >= 1000) {
            SearchInfo info = make_info(depth);
            info.score = v;
            info.bound = v <= alpha ? Bound::UPPER : Bound::LOWER;
            on_iteration(info);
        }
        if (v <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = std::max(v - delta, -VALUE_INFINITE);
        } else {
            beta = std::min(v + delta, VALUE_INFINITE);
        }
        delta += delta;
        // Far from the last score the window is no help: open it fully.
        if (delta > 1000) alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
    }
}

Value Searcher::search_root(int depth, Value alpha, Value beta) {
    const SearchAlgorithm algorithm = options_.algorithm;
    const std::size_t lines =
        std::min<std::size_t>(std::max(options_.multi_pv, 1), root_moves_.size());
    // Scores found so far this iteration, best first: a later move must beat the weakest of
    // the `lines` best to matter.
    std::vector<Value> best_scores;
    for (RootMove& rm : root_moves_) rm.score = -VALUE_INFINITE, rm.nodes = 0;

    for (std::size_t i = 0; i < root_moves_.size(); ++i) {
        RootMove& rm = root_moves_[i];
        Value floor = best_scores.size() < lines ? alpha : std::max(alpha, best_scores[lines - 1]);
        // After a second, long iterations show the GUI which root move is being searched.
        if (options_.progress_reports && on_info_ && *on_info_ && time_.elapsed_ms() >= 1000) {
            SearchInfo progress = make_info(depth);
            progress.current_move = rm.move;
            progress.current_move_number = int(i) + 1;
            (*on_info_)(progress);
        }
        move_slices_[0] = &continuation_->after(pos_.moved_piece(rm.move), rm.move.to());
        // Late quiet root moves, ordered by the last iteration's scores, get the shallower
        // first look that late moves get in the tree (one ply less: the root is a PV node).
        int reduction = 0;
        if (options_.root_reductions && options_.late_move_reductions &&
            algorithm == SearchAlgorithm::PVS && depth >= 3 && best_scores.size() >= lines &&
            int(i) + 1 >= ROOT_REDUCTION_MIN_MOVE && !pos_.in_check() &&
            !pos_.is_capture(rm.move) && rm.move.kind() != PROMOTION && !pos_.gives_check(rm.move))
            reduction = std::clamp(late_move_reduction(options_.margins, depth, int(i) + 1) - 1, 0,
                                   depth - 2);
        std::uint64_t nodes_before = nodes_.load(std::memory_order_relaxed);
        evaluator_->push(pos_, rm.move);
        pos_.do_move(rm.move);
        Value v;
        if (algorithm == SearchAlgorithm::MINIMAX) {
            v = -negamax(depth - 1, -VALUE_INFINITE, VALUE_INFINITE, 1, true);
        } else if (algorithm != SearchAlgorithm::PVS || best_scores.size() < lines) {
            v = -negamax(depth - 1, -beta, -floor, 1, true);
        } else {
            v = -negamax(depth - 1 - reduction, -floor - 1, -floor, 1, false, true);
            if (reduction && v > floor && !stopped_) {
                ++statistics_.re_searches;
                v = -negamax(depth - 1, -floor - 1, -floor, 1, false, true);
            }
            if (v > floor && !stopped_) v = -negamax(depth - 1, -beta, -floor, 1, true);
        }
        if (reduction) ++statistics_.reductions;
        pos_.undo_move();
        evaluator_->pop();
        rm.nodes = nodes_.load(std::memory_order_relaxed) - nodes_before;
        // A move cut off by a stop has no score; the moves searched before it still count.
        if (stopped_) break;

        if (v > floor || best_scores.size() < lines) {
            rm.score = v;
            root_move_scored_ = true;
            rm.pv.assign(1, rm.move);
            rm.pv.insert(rm.pv.end(), &pv_[1][1], &pv_[1][pv_length_[1]]);
            best_scores.insert(
                std::upper_bound(best_scores.begin(), best_scores.end(), v, std::greater<Value>()),
                v);
        }
        if (v >= beta) break;  // fail high: the aspiration window must widen
    }
    // Best first for the next iteration; moves that failed low keep their order.
    std::stable_sort(root_moves_.begin(), root_moves_.end(),
                     [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    return root_moves_.front().score;
}

}  // namespace mneme
