#include "mneme/search/search.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <thread>

#include "mneme/core/movegen.h"
#include "mneme/eval/evaluate.h"
#include "mneme/eval/evaluator.h"
#include "mneme/search/king_flights.h"
#include "mneme/search/late_move_reductions.h"
#include "mneme/search/move_picker.h"
#include "mneme/search/static_exchange.h"

namespace mneme {

namespace {

// Nodes between two looks at the clock: the clock is slow to read, the search is not.
constexpr std::uint64_t TIME_CHECK_INTERVAL = 1024;
// How long a first iteration may go on after a limit or a stop wanted the search to end, and
// how many times a node limit it may spend, before it is cut short all the same.
constexpr auto FIRST_ITERATION_GRACE = std::chrono::milliseconds(250);
constexpr std::uint64_t FIRST_ITERATION_NODE_FACTOR = 16;
constexpr std::uint64_t FIRST_ITERATION_MIN_NODES = 1000000;

bool is_quiet(const Position& pos, Move m) { return !pos.is_capture(m) && m.kind() != PROMOTION; }

// Whether a stored score is good enough to answer a search of the window (alpha, beta).
bool tt_score_usable(const TTData& tt, Value alpha, Value beta) {
    if (tt.score == VALUE_NONE) return false;
    switch (tt.bound) {
        case Bound::EXACT:
            return true;
        case Bound::LOWER:
            return tt.score >= beta;
        case Bound::UPPER:
            return tt.score <= alpha;
        default:
            return false;
    }
}

// The table's score where its bound says the node is worth at least that much more than the
// static score (a lower bound above it) or at most that much less (an upper bound below it):
// what a search found is a better guess than the evaluation alone (TableScoreEval).
Value table_refined_eval(const TTData& tt, Value static_eval) {
    if (tt.score == VALUE_NONE || is_mate_score(tt.score)) return static_eval;
    Bound beyond = tt.score > static_eval ? Bound::LOWER : Bound::UPPER;
    return tt.bound == Bound::EXACT || tt.bound == beyond ? tt.score : static_eval;
}

// Null-move pruning assumes that passing is worse than any move, false in zugzwang, which is
// common when only king and pawns are left.
bool has_non_pawn_material(const Position& pos, Color c) {
    return pos.pieces(c) & ~pos.pieces(c, PAWN, KING);
}

// Frontier futility: how far below alpha the static score may be before a quiet move at
// this depth is assumed unable to lift it (a minor piece at depth 1, more further out).
constexpr int FUTILITY_MAX_DEPTH = 3;
Value futility_margin(const SearchMargins& m, int depth) {
    return Value(m.futility_base + m.futility_per_depth * depth);
}

// A node on the principal variation now or in an earlier search (the table's mark): its line
// is likely to matter again, so some pruning is kept away from it.
bool on_principal_variation(bool pv_node, bool tt_hit, const TTData& tt) {
    return pv_node || (tt_hit && tt.was_pv);
}

// Reverse futility: a static score this far above beta is trusted to stay above it.
constexpr int REVERSE_FUTILITY_MAX_DEPTH = 6;
Value reverse_futility_margin(const SearchMargins& m, int depth) {
    return Value(m.reverse_futility_per_depth * depth);
}
// Null-move cut-offs from this depth on are verified by a search without passes (zugzwang).
constexpr int NULL_MOVE_VERIFICATION_DEPTH = 6;
// Delta pruning in quiescence: what a capture may gain beyond its victim's value.
// Singular extensions: from this depth, a table move whose score was searched at least this
// close to the node's depth is tested for being the only good move.
constexpr int SINGULAR_MIN_DEPTH = 8;
constexpr int SINGULAR_TT_DEPTH_MARGIN = 3;
// Double extensions on one line from the root: more would let a forced line grow the tree
// without bound.
constexpr int MAX_DOUBLE_EXTENSIONS = 6;
// Razoring: a static score this far below alpha (growing with the square of the depth, so
// that only hopeless nodes qualify) is left to quiescence.
constexpr int RAZOR_MAX_DEPTH = 3;
Value razor_margin(const SearchMargins& m, int depth) {
    return Value(m.razor_base + m.razor_per_depth_squared * depth * depth);
}
// ProbCut: a capture that beats beta by this much at depth - 4 is taken to beat it at depth.
constexpr int PROBCUT_MIN_DEPTH = 5;
constexpr int PROBCUT_REDUCTION = 4;

}  // namespace

Searcher::Searcher(std::size_t hash_mb)
    : own_table_(hash_mb), evaluator_(std::make_unique<ClassicEvaluator>()) {
    clear();
}

void Searcher::set_evaluator(std::unique_ptr<Evaluator> evaluator) {
    evaluator_ = evaluator ? std::move(evaluator) : std::make_unique<ClassicEvaluator>();
    ++evaluator_generation_;
    // The table keeps static evaluations: another evaluation's are no use.
    own_table_.clear();
}

Searcher::~Searcher() = default;

void Searcher::clear() {
    own_table_.clear();
    for (auto& helper : helpers_) helper->clear_statistics();
    // Tables no search wrote since they were last cleared are not written again: a host that
    // starts many short sessions (the protocol fuzzers, a GUI's new games) would otherwise zero
    // a few megabytes each time.
    if (!searched_since_clear_) return;
    searched_since_clear_ = false;
    history_.clear();
    capture_history_->clear();
    correction_history_->clear();
    material_correction_->clear();
    for (auto& table : non_pawn_correction_) table->clear();
    continuation_->clear();
    for (auto& by_piece : counter_moves_)
        for (Move& m : by_piece) m = Move::none();
}

void Searcher::reset() {
    set_threads(1);
    own_table_.resize(TranspositionTable::DEFAULT_SIZE_MB);
    options_ = {};
    ordering_hint_.reset();
    set_evaluator(nullptr);
    stop_requested_ = false;
    pondering_ = false;
    prepared_ = false;
    lag_ = {};
    root_moves_.clear();  // and the lines they hold, as a new searcher has none
    clear();
}

Searcher& lent_or_new(Searcher* lent, std::unique_ptr<Searcher>& owned) {
    if (!lent) {
        owned = std::make_unique<Searcher>();
        return *owned;
    }
    lent->reset();
    return *lent;
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

void Searcher::count_node() {
    // Only this thread writes the count; others read it for reports, so no locked increment.
    std::uint64_t nodes = nodes_.load(std::memory_order_relaxed) + 1;
    nodes_.store(nodes, std::memory_order_relaxed);
    // Helpers stop at once when told: the main thread's move is the one played.
    if (helper_index_ && stop_requested_) stopped_ = true;
    // Timed searches (the main thread's; helpers have no clock) look at the time now and then,
    // and measure how long the thread was kept from running in between.
    bool time_check = nodes % TIME_CHECK_INTERVAL == 0 && !pondering_ && time_.is_timed();
    auto now = time_check ? SchedulingLag::Clock::now() : SchedulingLag::Clock::time_point();
    if (time_check) lag_.note_check(now);
    // The first iteration completes when a limit ends the search: a move that was never
    // searched could hang mate. A stop request ends it once a root move has its score (with
    // many lines wanted and a large capture tree it took a fuzzer's engine over a second).
    if (completed_depth_ == 0) {
        if ((stop_requested_ && root_move_scored_) || first_iteration_overran(nodes, now))
            stopped_ = true;
        return;
    }
    // A node limit counts every thread's nodes, as the reported count does (helpers have none).
    if (stop_requested_ ||
        (limits_.nodes && (helpers_.empty() ? nodes : total_nodes()) >= limits_.nodes) ||
        (time_check && time_.out_of_time(now, lag_.reserve_ms())))
        stopped_ = true;
}

// Some positions have a capture tree no first iteration finishes (fifteen queens a side: the
// engine never answered, and the server could not stop it). Past a limit by far, it ends anyway;
// the move played is then the best scored so far, or the first the move picker offered.
bool Searcher::first_iteration_overran(std::uint64_t nodes, SchedulingLag::Clock::time_point now) {
    if (limits_.nodes &&
        nodes >= std::max(FIRST_ITERATION_NODE_FACTOR * limits_.nodes, FIRST_ITERATION_MIN_NODES))
        return true;
    const bool timed = !pondering_ && time_.is_timed();
    if (nodes % TIME_CHECK_INTERVAL != 0 || !(stop_requested_ || timed)) return false;
    if (now == SchedulingLag::Clock::time_point()) now = SchedulingLag::Clock::now();
    if (!stop_requested_ && !time_.out_of_time(now, lag_.reserve_ms())) return false;
    if (!end_wanted_since_) end_wanted_since_ = now;
    return now - *end_wanted_since_ >= FIRST_ITERATION_GRACE;
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

double Searcher::time_scale() const {
    if (!options_.time_stability || iteration_scores_.size() < 4) return 1.0;
    // A best move that keeps changing needs more time, one that has held for long less.
    constexpr double STABILITY[] = {1.5, 1.25, 1.05, 0.95, 0.85};
    double stability = STABILITY[std::min(best_move_stable_iterations_, 4)];
    // A score falling over the last iterations: look harder for a way out.
    Value now = iteration_scores_.back();
    Value before = iteration_scores_[iteration_scores_.size() - 4];
    double trend = std::clamp(1.0 + (before - now) * 0.004, 0.85, 1.5);
    // Most of the iteration's effort on the best move means the others were refuted fast.
    std::uint64_t total = 0;
    for (const RootMove& rm : root_moves_) total += rm.nodes;
    double share = total ? double(root_moves_.front().nodes) / double(total) : 0.5;
    double effort = std::clamp(0.7 + 0.8 * (1.0 - share), 0.7, 1.3);
    return stability * trend * effort;
}

Value Searcher::pruning_eval(bool tt_hit, const TTData& tt, Value static_eval) {
    if (!options_.table_score_eval || !tt_hit) return static_eval;
    Value eval = table_refined_eval(tt, static_eval);
    if (eval != static_eval) ++statistics_.table_score_evals;
    return eval;
}

Value Searcher::negamax(int depth, Value alpha, Value beta, int ply, bool pv_node, bool cut_node) {
    const SearchAlgorithm algorithm = options_.algorithm;
    const bool minimax = algorithm == SearchAlgorithm::MINIMAX;
    const Value original_alpha = alpha;
    const Move excluded = excluded_moves_[ply];
    bool in_check = pos_.in_check();
    // Check extension: a forcing line is looked at one ply deeper.
    if (in_check && !excluded) ++depth;
    if (depth <= 0) return quiescence(alpha, beta, ply, pv_node, options_.quiescence_checks);

    pv_length_[ply] = ply;
    count_node();
    if (stopped_) return 0;
    repetition_keys_[ply] = pos_.state().repetition_key;
    seldepth_ = std::max(seldepth_, ply);
    if (is_draw(ply)) return draw_value(ply);
    if (ply >= MAX_PLY) return in_check ? draw_value(ply) : evaluator_->evaluate(pos_);

    // Mate distance pruning: no line from here can beat a mate already found nearer the root.
    if (!minimax) {
        alpha = std::max(alpha, mated_in(ply));
        beta = std::min(beta, mate_in(ply + 1));
        if (alpha >= beta) return alpha;
    }

    TTData tt;
    bool tt_hit = options_.transposition_table && table_->probe(pos_.key(), ply, &tt);
    Move tt_move = tt_hit && options_.tt_move ? tt.move : Move::none();
    const bool tt_pv = on_principal_variation(pv_node, tt_hit, tt);
    // Principal variation nodes always search, so that the line they return is complete; a
    // search without the table move must not be answered by the table move's score.
    if (!pv_node && !excluded && tt_hit && tt.depth >= depth && tt_score_usable(tt, alpha, beta))
        return tt.score;

    Value raw_eval = VALUE_NONE;
    Value static_eval = VALUE_NONE;
    if (excluded) {
        // The same node as the search that excluded a move: its evaluation stands.
        static_eval = static_evals_[ply];
    } else if (!in_check) {
        raw_eval = tt_hit && tt.eval != VALUE_NONE ? tt.eval : evaluator_->evaluate(pos_);
        static_eval = corrected_eval(raw_eval);
    }
    static_evals_[ply] = static_eval;
    // The pruning below judges by `eval`: the static score, or with TableScoreEval the table's
    // score where its bound says more. Improving and the corrections keep the static score.
    const Value eval = excluded || in_check ? static_eval : pruning_eval(tt_hit, tt, static_eval);
    // The null move's and ProbCut's children inherit the line's double extensions; the move
    // loop sets each move's own.
    double_extensions_[ply + 1] = double_extensions_[ply];
    // Whether our position got better since our last move: if not, the pruning below can be
    // bolder, since a refutation of this line is then more likely to exist.
    bool improving = false;
    if (!in_check && ply >= 2) {
        Value before = static_evals_[ply - 2];
        if (before == VALUE_NONE && ply >= 4) before = static_evals_[ply - 4];
        improving = before == VALUE_NONE || static_eval > before;
    }
    // Node-level pruning needs a whole node: a search without the table move is a question
    // about the other moves only.
    const bool prune_node = !pv_node && !in_check && !excluded;

    // Reverse futility (static null move): far enough above beta near the leaves, the side to
    // move is assumed to stay there whatever it plays.
    // A former principal-variation node is left to its search: a static score far above beta
    // there is often a sacrifice whose point (a mate threat) a static score cannot see. So is
    // (QuietTableMoveNoReverseFutility) a node whose best move an earlier search found to be
    // quiet: a quiet move that was needed there is often a defence against such a threat.
    if (options_.futility && prune_node && depth <= REVERSE_FUTILITY_MAX_DEPTH &&
        !(options_.former_pv_no_reverse_futility && tt_pv) &&
        !(options_.quiet_table_move_no_reverse_futility && tt_move && is_quiet(pos_, tt_move)) &&
        !is_mate_score(beta) &&
        eval - reverse_futility_margin(options_.margins, depth - (improving ? 1 : 0)) >= beta)
        return eval;

    // Razoring: far below alpha near the leaves, only a capture could help; quiescence says
    // whether one does.
    if (options_.razoring && prune_node && !minimax && depth <= RAZOR_MAX_DEPTH &&
        !is_mate_score(alpha) && eval + razor_margin(options_.margins, depth) < alpha) {
        Value v = quiescence(alpha, alpha + 1, ply, false, options_.quiescence_checks);
        if (stopped_) return 0;
        if (v <= alpha) return v;
    }

    // Null-move pruning: if passing still leaves us above beta, a real move will too.
    Color us = pos_.side_to_move();
    if (options_.null_move && prune_node && depth >= 3 && eval >= beta && !is_mate_score(beta) &&
        pos_.last_move() != Move::null() && ply >= null_move_min_ply_ &&
        has_non_pawn_material(pos_, us)) {
        // The further above beta, the more a pass can afford to look shallower.
        int reduction =
            options_.margins.null_move_reduction + depth / 3 + std::min((eval - beta) / 200, 3);
        move_slices_[ply] = nullptr;
        evaluator_->push_null();
        pos_.do_null_move();
        Value v = -negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1, false, !cut_node);
        pos_.undo_null_move();
        evaluator_->pop();
        if (stopped_) return 0;
        if (v >= beta) {
            // A mate found after passing proves nothing about the real moves.
            if (is_mate_score(v)) v = beta;
            if (depth < NULL_MOVE_VERIFICATION_DEPTH || null_move_min_ply_ != 0) return v;
            // Zugzwang, where passing is the best "move", fools the pass; deep enough, a
            // reduced search of the real moves with no pass for this side checks it.
            null_move_min_ply_ = ply + 3 * (depth - reduction) / 4;
            Value verified = negamax(depth - reduction, beta - 1, beta, ply, false, cut_node);
            null_move_min_ply_ = 0;
            if (stopped_) return 0;
            if (verified >= beta) return v;
        }
    }

    // ProbCut: a capture that beats beta by a margin in a much shallower search will almost
    // surely beat beta in the full one. Skipped when the table already says it does not.
    Value probcut_beta = beta + options_.margins.probcut_margin;
    if (options_.probcut && prune_node && !minimax && depth >= PROBCUT_MIN_DEPTH &&
        !is_mate_score(beta) &&
        !(tt_hit && tt.depth >= depth - PROBCUT_REDUCTION + 1 && tt.score != VALUE_NONE &&
          tt.score < probcut_beta)) {
        MovePicker captures(pos_, tt_move, history_);
        while (Move m = captures.next()) {
            // Only captures that win enough material by exchange to reach the margin.
            if (static_exchange(pos_, m) < probcut_beta - static_eval) continue;
            move_slices_[ply] = &continuation_->after(pos_.moved_piece(m), m.to());
            evaluator_->push(pos_, m);
            pos_.do_move(m);
            // A quiescence search first: most candidates fail there, cheaply.
            Value v = -quiescence(-probcut_beta, -probcut_beta + 1, ply + 1, false);
            if (v >= probcut_beta && !stopped_)
                v = -negamax(depth - PROBCUT_REDUCTION, -probcut_beta, -probcut_beta + 1, ply + 1,
                             false, !cut_node);
            pos_.undo_move();
            evaluator_->pop();
            if (stopped_) return 0;
            if (v >= probcut_beta) {
                if (options_.transposition_table)
                    table_->store(pos_.key(), ply, m, v, raw_eval, depth - PROBCUT_REDUCTION + 1,
                                  Bound::LOWER, tt_pv);
                return v;
            }
        }
    }

    // Internal iterative reduction: a node the table knows nothing about is probably not
    // worth the full depth; if it matters, the next iteration finds its move in the table.
    if (options_.late_move_reductions && !minimax && depth >= 4 && !tt_move) --depth;

    const KillerMoves no_killers{};
    Move counter = options_.counter_moves ? counter_move() : Move::none();
    PieceToHistory* slices[ContinuationHistory::SLICES];
    continuation_slices(ply, slices);
    MovePicker picker(pos_, tt_move, options_.killers ? killers_[ply] : no_killers, counter,
                      history_, options_.capture_ordering, options_.history, slices, active_hint(),
                      ply);
    if (options_.capture_history) picker.use_capture_history(capture_history_.get());
    if (options_.threat_ordering) picker.use_threats();
    Value best_value = -VALUE_INFINITE;
    Move best_move;
    int move_count = 0;
    constexpr int MAX_MOVES_REMEMBERED = 64;
    MoveStorage<MAX_MOVES_REMEMBERED> quiets_tried;
    int quiet_count = 0;
    MoveStorage<MAX_MOVES_REMEMBERED> captures_tried;
    int capture_count = 0;
    // Frontier futility: with the static score (or TableScoreEval's) this far below alpha, quiet
    // moves that do not check are skipped; the margin stands in for their score.
    bool futile = options_.futility && !pv_node && !in_check && depth <= FUTILITY_MAX_DEPTH &&
                  !is_mate_score(alpha) && eval + futility_margin(options_.margins, depth) <= alpha;
    // Move-count pruning: after this many moves in a shallow node, the quiet ones left,
    // ordered last by history, are skipped.
    const int quiet_move_limit = (3 + depth * depth) / (improving ? 1 : 2);
    // A capture as the table's move is usually the best move here: the quiet ones matter less.
    const bool table_capture =
        options_.table_capture_reduction && tt_move && pos_.is_capture(tt_move);
    // Late moves of a node expected to fail high are reduced a ply more (CutNodeReductions).
    const int cut_node_reduction = options_.cut_node_reductions && cut_node ? 1 : 0;

    while (Move m = picker.next()) {
        if (m == excluded) continue;
        ++move_count;
        // The child's table entry is fetched now, so that the memory access overlaps the
        // pruning decisions below instead of stalling the child's probe (a pruned move wastes
        // the fetch, which costs less than the stall saved).
        table_->prefetch(pos_.key_after(m));
        bool quiet = is_quiet(pos_, m);
        bool gives_check = pos_.gives_check(m);
        int history_score = quiet ? quiet_history(ply, m) : 0;
        // A pawn about to queen is a threat that a static score and a shallow look miss (the
        // pawn race of WAC 002): such pushes are searched as fully as checks.
        const bool advanced_push = options_.advanced_pawn_pushes && quiet &&
                                   type_of(pos_.moved_piece(m)) == PAWN &&
                                   relative_rank(us, m.to()) >= 5;
        const bool late_quiet = quiet && !advanced_push;
        // Shallow pruning needs a move already found that does not lose to mate, so that a
        // node never ends up with nothing but pruned moves and a false mate score.
        if (!minimax && best_value > VALUE_MATED_IN_MAX_PLY) {
            if (futile && late_quiet && !gives_check) {
                ++statistics_.futility_prunes;
                best_value = std::max(best_value, eval + futility_margin(options_.margins, depth));
                continue;
            }
            if (options_.move_count_pruning && late_quiet && !in_check && !gives_check &&
                depth <= 8 && move_count > quiet_move_limit) {
                ++statistics_.futility_prunes;
                continue;
            }
            // Quiet moves with a long record of failing are not worth a shallow look.
            if (options_.move_count_pruning && late_quiet && !in_check && !gives_check &&
                depth <= 3 && history_score < -options_.margins.history_prune_per_depth * depth) {
                ++statistics_.futility_prunes;
                continue;
            }
            // Moves that lose material to a simple exchange, near the leaves; a check may be
            // a sacrifice that mates, so it is spared.
            if (options_.see_pruning && depth <= 7 && !in_check && !gives_check && !advanced_push &&
                static_exchange(pos_, m) < (quiet ? -60 * depth : -100 * depth)) {
                ++statistics_.futility_prunes;
                continue;
            }
        }

        // Singular extension: when a search of every other move at half the depth, against a
        // bound a little below the table move's score, fails low, the table move is the only
        // good one here and gets a ply more. When even the others beat beta, the node is cut
        // (multi-cut); when the table move alone was expected to, it gets a ply less.
        int extension = 0;
        if (options_.singular_extensions && !minimax && m == tt_move && !excluded && ply > 0 &&
            depth >= SINGULAR_MIN_DEPTH && ply < 2 * root_depth_ &&
            tt.depth >= depth - SINGULAR_TT_DEPTH_MARGIN &&
            (tt.bound == Bound::LOWER || tt.bound == Bound::EXACT) && tt.score != VALUE_NONE &&
            !is_mate_score(tt.score)) {
            Value singular_beta = tt.score - options_.margins.singular_margin_per_depth * depth;
            excluded_moves_[ply] = m;
            Value v =
                negamax((depth - 1) / 2, singular_beta - 1, singular_beta, ply, false, cut_node);
            excluded_moves_[ply] = Move::none();
            if (stopped_) return 0;
            if (v < singular_beta) {
                extension = 1;
                // Far below the bound, the rivals are not close at all: the move is the whole
                // story of this node and worth two plies, but not in a PV node, whose full
                // window sees the line anyway, and not without a limit on the line.
                if (options_.double_extensions && !pv_node &&
                    v < singular_beta - options_.margins.double_extension_margin &&
                    double_extensions_[ply] < MAX_DOUBLE_EXTENSIONS) {
                    extension = 2;
                    ++statistics_.double_extensions;
                }
            } else if (singular_beta >= beta)
                return singular_beta;
            else if (tt.score >= beta)
                extension = -1;
        }
        int new_depth = depth - 1 + extension;

        // Late quiet moves of a well-ordered node rarely matter: search them shallower first.
        int reduction = 0;
        const bool refutation = m == counter || killers_[ply].contains(m);
        if (options_.late_move_reductions && !minimax && depth >= 3 && move_count > 2 &&
            late_quiet && !in_check && !gives_check &&
            (!refutation || options_.killer_reductions)) {
            reduction = late_move_reduction(options_.margins, depth, move_count) -
                        (pv_node ? 1 : 0) + (improving ? 0 : 1) - history_score / 8192 +
                        (table_capture ? 1 : 0) - (refutation ? 1 : 0) + cut_node_reduction;
        } else if (options_.capture_reductions && !minimax && depth >= 3 && move_count > 2 &&
                   !quiet && m.kind() != PROMOTION && m != tt_move && !in_check && !gives_check &&
                   static_exchange(pos_, m) < 0) {
            // A capture that loses material by exchange, ordered after the quiet moves, is
            // rarely best: a shallower look first, as for a late quiet move but a ply less.
            reduction = late_move_reduction(options_.margins, depth, move_count) - 1 -
                        (pv_node ? 1 : 0) + cut_node_reduction;
        }
        reduction = std::clamp(reduction, 0, std::max(new_depth - 1, 0));

        move_slices_[ply] = &continuation_->after(pos_.moved_piece(m), m.to());
        double_extensions_[ply + 1] = double_extensions_[ply] + (extension >= 2 ? 1 : 0);
        evaluator_->push(pos_, m);
        pos_.do_move(m);
        Value v = -VALUE_INFINITE;
        bool full_depth = true;
        if (reduction > 0) {
            ++statistics_.reductions;
            v = -negamax(new_depth - reduction, -alpha - 1, -alpha, ply + 1, false, true);
            full_depth = v > alpha && !stopped_;
            if (full_depth) ++statistics_.re_searches;
            // The reduced search's margin over the best move so far says how much the move
            // deserves: far above it, a ply more than planned; barely above, a ply less (but
            // never less than the reduced search already looked).
            if (full_depth && options_.re_search_depth && best_value > -VALUE_INFINITE) {
                if (v > best_value + options_.margins.re_search_deeper_margin + 10 * new_depth) {
                    ++new_depth;
                    ++statistics_.deeper_re_searches;
                } else if (v < best_value + new_depth && new_depth - 1 > new_depth - reduction) {
                    --new_depth;
                    ++statistics_.shallower_re_searches;
                }
            }
        }
        if (full_depth) {
            if (minimax) {
                v = -negamax(new_depth, -VALUE_INFINITE, VALUE_INFINITE, ply + 1, true);
            } else if (move_count == 1 || algorithm != SearchAlgorithm::PVS) {
                v = -negamax(new_depth, -beta, -alpha, ply + 1, pv_node, !pv_node && !cut_node);
            } else {
                // Prove the move worse with a null window; search it properly only if that
                // fails.
                v = -negamax(new_depth, -alpha - 1, -alpha, ply + 1, false, !cut_node);
                if (pv_node && v > alpha && v < beta && !stopped_)
                    v = -negamax(new_depth, -beta, -alpha, ply + 1, true);
            }
        }
        pos_.undo_move();
        evaluator_->pop();
        if (stopped_) return 0;

        if (v > best_value) {
            best_value = v;
            if (v > alpha) {
                best_move = m;
                if (pv_node) update_pv(ply, m);
                if (v >= beta) {
                    ++statistics_.beta_cutoffs;
                    if (move_count == 1) ++statistics_.first_move_cutoffs;
                    if (quiet)
                        update_quiet_statistics(ply, depth, m, quiets_tried.data(), quiet_count);
                    update_capture_statistics(depth, m, captures_tried.data(), capture_count);
                    break;
                }
                if (!minimax) alpha = v;
            }
        }
        if (quiet && quiet_count < MAX_MOVES_REMEMBERED) quiets_tried[quiet_count++] = m;
        if (pos_.is_capture(m) && capture_count < MAX_MOVES_REMEMBERED)
            captures_tried[capture_count++] = m;
    }

    // Without the excluded move there may be nothing left: that says nothing about the node.
    if (move_count == 0) return excluded ? alpha : in_check ? mated_in(ply) : draw_value(ply);

    if (algorithm == SearchAlgorithm::ALPHABETA_FAIL_HARD)
        best_value = std::clamp(best_value, original_alpha, beta);
    Bound bound = best_value >= beta               ? Bound::LOWER
                  : pv_node && best_move != Move() ? Bound::EXACT
                                                   : Bound::UPPER;
    if (excluded) return best_value;  // a partial search: neither table nor corrections
    if (options_.transposition_table)
        table_->store(pos_.key(), ply, best_move, best_value, raw_eval, depth, bound, tt_pv);
    if (!in_check && (!best_move || is_quiet(pos_, best_move)))
        update_correction_history(raw_eval, best_value, bound, depth);
    return best_value;
}

// Quiescence is the leaf evaluator of every variant, minimax included: it always prunes with
// alpha-beta (its value is exact inside the window), since a capture tree without cut-offs
// explodes and would drown the main-tree node counts that the variants are compared by.
Value Searcher::quiescence(Value alpha, Value beta, int ply, bool pv_node, bool checks) {
    const Value original_alpha = alpha;
    pv_length_[ply] = ply;
    count_node();
    if (stopped_) return 0;
    repetition_keys_[ply] = pos_.state().repetition_key;
    seldepth_ = std::max(seldepth_, ply);
    // The quiet move that led here may have repeated a position or ended the 50 moves.
    if (is_draw(ply)) return draw_value(ply);
    bool in_check = pos_.in_check();
    if (ply >= MAX_PLY) return in_check ? draw_value(ply) : evaluator_->evaluate(pos_);

    TTData tt;
    bool tt_hit = options_.transposition_table && table_->probe(pos_.key(), ply, &tt);
    if (!pv_node && tt_hit && tt_score_usable(tt, alpha, beta)) return tt.score;

    // Standing pat: the side to move need not capture, so the static score is a lower bound.
    // In check there is no such choice, and every evasion is searched.
    Value raw_eval = VALUE_NONE;
    Value static_eval = VALUE_NONE;
    Value best_value = -VALUE_INFINITE;
    Value stand_pat = VALUE_NONE;
    if (!in_check) {
        raw_eval = tt_hit && tt.eval != VALUE_NONE ? tt.eval : evaluator_->evaluate(pos_);
        static_eval = corrected_eval(raw_eval);
        // TableScoreEval: standing pat is worth what the table's bound says, where it says more.
        best_value = pruning_eval(tt_hit, tt, static_eval);
        if (best_value >= beta) {
            return options_.algorithm == SearchAlgorithm::ALPHABETA_FAIL_HARD ? beta : best_value;
        }
        alpha = std::max(alpha, best_value);
        stand_pat = best_value;
    }

    Move best_move;
    // Searches `m` and takes its score; true when the node is done (a cut-off, or stopped).
    auto search_move = [&](Move m) {
        evaluator_->push(pos_, m);
        pos_.do_move(m);
        Value v = -quiescence(-beta, -alpha, ply + 1, pv_node);
        pos_.undo_move();
        evaluator_->pop();
        if (stopped_) return true;
        if (v > best_value) {
            best_value = v;
            if (v > alpha) {
                best_move = m;
                if (pv_node) update_pv(ply, m);
                if (v >= beta) return true;
                alpha = v;
            }
        }
        return false;
    };

    MovePicker picker(pos_, tt_hit && options_.tt_move ? tt.move : Move::none(), history_);
    int move_count = 0;
    int quiet_evasions = 0;
    // QuiescenceCheckPruning: lines of checks and evasions are pruned like the others. Without
    // it a capture that checks is never delta-pruned and every evasion is searched, so that a
    // position full of captures that check (a fuzzer's input: 6,908 nodes for one ply, 843
    // with it) grows a tree of checks far below alpha.
    const bool prune_checks = options_.quiescence_check_pruning;
    while (Move m = picker.next()) {
        ++move_count;
        // Fetched before the pruning below, so that the access overlaps it (as in negamax).
        table_->prefetch(pos_.key_after(m));
        if (in_check && prune_checks) {
            // Once an evasion is known not to be mated, the others cannot make the node a
            // mate. The picker gives the captures first: two quiet evasions tried leave only
            // quiet ones.
            if (best_value > VALUE_MATED_IN_MAX_PLY) {
                if (quiet_evasions >= 2) break;
                if (static_exchange(pos_, m) < 0) continue;
            }
            quiet_evasions += is_quiet(pos_, m);
        }
        if (!in_check && m.kind() != PROMOTION) {
            // Delta pruning: a capture that leaves us below alpha even if its victim came
            // for free and a margin for position besides (a check may mate: spared, unless
            // checks are pruned too).
            PieceType victim = m.kind() == EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to()));
            Value optimistic = stand_pat + SEE_VALUE[victim] + options_.margins.quiescence_delta;
            if (options_.futility && optimistic <= alpha &&
                (prune_checks || !pos_.gives_check(m))) {
                best_value = std::max(best_value, optimistic);
                continue;
            }
            // Captures that lose material are not worth a look when standing pat is allowed.
            if (static_exchange(pos_, m) < 0) continue;
        }
        if (search_move(m)) break;
    }
    if (stopped_) return 0;
    if (in_check && move_count == 0) return mated_in(ply);

    // Quiet checks at the first ply of quiescence: a sacrifice that leaves the attacker far
    // behind on material is often followed by a check that mates, which captures alone miss.
    // Only checks that do not lose the checking piece to a simple exchange.
    // QuiescenceCheckDeficit keeps them to nodes whose static score is that far below beta (a
    // side that gave material away, whose point may be a mate), out of the many nodes near the
    // window, where a check seldom changes the result.
    // QuiescenceCheckFlights keeps them to kings with few flight squares.
    const int deficit = options_.margins.quiescence_check_deficit;
    const int flights_allowed = options_.margins.quiescence_check_flights;
    if (checks && !in_check && best_value < beta && static_eval <= beta - deficit &&
        (flights_allowed >= 8 ||
         popcount(king_flight_squares(pos_, ~pos_.side_to_move())) <= flights_allowed)) {
        for (Move m : MoveList<QUIET_CHECKS>(pos_)) {
            table_->prefetch(pos_.key_after(m));
            if (static_exchange(pos_, m) < 0) continue;
            ++statistics_.quiescence_checks;
            if (search_move(m)) break;
        }
        if (stopped_) return 0;
    }

    if (options_.algorithm == SearchAlgorithm::ALPHABETA_FAIL_HARD)
        best_value = std::clamp(best_value, original_alpha, beta);
    Bound bound = best_value >= beta               ? Bound::LOWER
                  : pv_node && best_move != Move() ? Bound::EXACT
                                                   : Bound::UPPER;
    if (options_.transposition_table)
        table_->store(pos_.key(), ply, best_move, best_value, raw_eval, 0, bound,
                      on_principal_variation(pv_node, tt_hit, tt));
    return best_value;
}

}  // namespace mneme
