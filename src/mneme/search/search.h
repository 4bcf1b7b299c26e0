// The searcher: iterative deepening with aspiration windows over a fail-soft principal
// variation search (alpha-beta with null windows), a quiescence search over captures, and a
// transposition table. Selectivity: null move, late move reductions, futility and reverse
// futility pruning. MultiPV, contempt and Lazy SMP helper threads. Every refinement can be
// switched off through SearchOptions, down to plain minimax.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "mneme/core/position.h"
#include "mneme/eval/evaluator.h"
#include "mneme/search/background_thread.h"
#include "mneme/search/history.h"
#include "mneme/search/limits.h"
#include "mneme/search/move_ordering_hint.h"
#include "mneme/search/scheduling_lag.h"
#include "mneme/search/score.h"
#include "mneme/search/search_options.h"
#include "mneme/search/time_manager.h"
#include "mneme/search/transposition_table.h"

namespace mneme {

// What one finished iteration found, for "info" lines and the terminal.
struct SearchInfo {
    int depth = 0;
    int seldepth = 0;  // the deepest ply reached, quiescence included
    Value score = 0;   // from the root side to move's view; see is_mate_score()
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::uint64_t nps = 0;
    int hashfull = 0;  // permille
    std::vector<Move> pv;
    int multipv = 1;             // which line this is, best first
    Bound bound = Bound::EXACT;  // LOWER/UPPER when an aspiration window failed high/low
    // Set only on progress reports at the root ("currmove"): then nothing else is meaningful
    // but depth, nodes and time.
    Move current_move;
    int current_move_number = 0;
};

// Counters of one search, to see how well moves were ordered.
struct SearchStatistics {
    std::uint64_t beta_cutoffs = 0;
    std::uint64_t first_move_cutoffs = 0;  // cut-offs by the first move tried
    std::uint64_t reductions = 0;          // late moves searched shallower
    std::uint64_t re_searches = 0;         // reduced moves that had to be searched again
    std::uint64_t futility_prunes = 0;
    std::uint64_t aspiration_fails = 0;
    std::uint64_t quiescence_checks = 0;      // quiet checks searched in quiescence
    std::uint64_t double_extensions = 0;      // singular moves extended by two plies
    std::uint64_t deeper_re_searches = 0;     // re-searches of reduced moves a ply deeper
    std::uint64_t shallower_re_searches = 0;  // ... and a ply shallower than planned
    std::uint64_t table_score_evals = 0;      // nodes judged by the table's score (TableScoreEval)
};

// A root move's standing after the last iteration, for MultiPV and strength limiting.
struct RootLine {
    Move move;
    Value score = 0;
    std::vector<Move> pv;
};

struct SearchResult {
    Move best;    // Move::none() only when the root has no legal move
    Move ponder;  // the expected reply, when known
    Value score = 0;
    int depth = 0;  // the last iteration that completed
    int seldepth = 0;
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::vector<Move> pv;
    SearchStatistics statistics;
    std::vector<RootLine> lines;  // the best min(multi_pv, moves) root moves, best first
};

using InfoCallback = std::function<void(const SearchInfo&)>;

class Searcher {
public:
    static constexpr int MAX_THREADS = 64;

    explicit Searcher(std::size_t hash_mb = TranspositionTable::DEFAULT_SIZE_MB);
    ~Searcher();
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    // Lazy SMP: threads - 1 helpers search the same root alongside, sharing the table; the
    // calling thread's result is the one returned, with every thread's nodes counted. Not
    // while a search runs.
    void set_threads(int threads);
    int threads() const { return int(helpers_.size()) + 1; }

    // Searches `pos` (with its history, for repetitions) in the calling thread until a limit or
    // stop(); calls `on_iteration` after every completed iteration. Deterministic for depth- and
    // node-limited searches from the same state (same table contents and history).
    SearchResult search(const Position& pos, const SearchLimits& limits,
                        const InfoCallback& on_iteration = {});

    // Clears a stop request and sets pondering, for a search about to start in another
    // thread: call it before starting that thread, so that a stop() or ponderhit() sent before
    // search() begins is not lost. search() does this itself when it was not called.
    void prepare(bool pondering);
    // Makes a running search return its best move so far as soon as possible. In the first
    // iteration that is once a root move has its score, so that the move played was searched,
    // or 250 ms after the stop when none has (first_iteration_overran). Any thread.
    void stop() { stop_requested_ = true; }
    // The opponent played the expected move: the pondering search now runs on our own clock.
    void ponderhit();

    // Forgets everything learned: the table and the move-ordering statistics (a new game).
    void clear();
    // Back to the state of a searcher made with the default table size: one thread, default
    // options, the classic evaluation, no hint, nothing learned. The memory is kept, so a host
    // that runs many short sessions (the protocol fuzzers) does not map it afresh each time.
    // Not while a search runs.
    void reset();
    // False when the memory could not be had (the table is then 1 MB).
    bool set_hash_size(std::size_t mb) { return own_table_.resize(mb); }
    std::size_t hash_size() const { return own_table_.size_mb(); }
    const TranspositionTable& table() const { return *table_; }

    // The algorithm and its switches for the searches to come (not while one runs).
    void set_options(const SearchOptions& options) { options_ = options; }
    const SearchOptions& options() const { return options_; }
    // The evaluation for the searches to come (null: the classic one); helper threads get
    // copies. Clears the table, whose stored evaluations belong to the old one.
    void set_evaluator(std::unique_ptr<Evaluator> evaluator);
    const Evaluator& evaluator() const { return *evaluator_; }
    // Outside knowledge for move ordering (null: none), for the searches to come.
    void set_ordering_hint(std::shared_ptr<MoveOrderingHint> hint) {
        ordering_hint_ = std::move(hint);
    }
    // The thread that SearchThread runs this searcher's searches in, kept for the searcher's
    // life rather than made for each search (background_thread.h says why).
    BackgroundThread& background_thread() { return background_thread_; }

private:
    struct RootMove {
        Move move;
        Value score = -VALUE_INFINITE;
        Value previous_score = -VALUE_INFINITE;  // from the last completed iteration
        std::vector<Move> pv;
        std::uint64_t nodes = 0;  // this thread's nodes spent on the move this iteration
        Value reported_score() const { return score != -VALUE_INFINITE ? score : previous_score; }
    };

    // One iteration: searches every root move with the window (alpha, beta), sorts the root
    // moves best first and returns the best score.
    Value search_root(int depth, Value alpha, Value beta);
    // An iteration inside an aspiration window that widens on each failure.
    void search_root_with_aspiration(int depth, const InfoCallback& on_iteration);
    // `cut_node`: a null-window node expected to fail high (the answer to a move searched with
    // a null window from a node that expects to fail low, and so on), used by CutNodeReductions.
    Value negamax(int depth, Value alpha, Value beta, int ply, bool pv_node, bool cut_node = false);
    // `checks`: quiet checks are searched too (the first ply of quiescence, QuiescenceChecks).
    Value quiescence(Value alpha, Value beta, int ply, bool pv_node, bool checks = false);
    // The static evaluation, corrected by the correction history when that is on.
    Value corrected_eval(Value raw) const;
    // What the pruning judges a node by: `static_eval`, or with TableScoreEval the table's score
    // where its bound says more (counted in the statistics).
    Value pruning_eval(bool tt_hit, const TTData& tt, Value static_eval);
    // The correction history's verdict on the current position, in centipawns.
    int eval_correction() const;
    bool corrects_eval() const;  // whether any correction table is on
    void update_correction_history(Value raw_eval, Value best_value, Bound bound, int depth);
    void update_capture_statistics(int depth, Move best, const Move* captures, int count);
    // The share of the time budget to use now that an iteration finished (1: the plan).
    double time_scale() const;

    bool is_draw(int ply) const;
    void count_node();
    // Whether an unfinished first iteration has gone on too long after a limit or a stop.
    bool first_iteration_overran(std::uint64_t nodes, SchedulingLag::Clock::time_point now);
    void update_pv(int ply, Move m);
    void update_quiet_statistics(int ply, int depth, Move best, const Move* quiets, int count);
    // The slices of the moves one, two and (FourPlyContinuation) four plies before `ply` (null
    // when there are none).
    void continuation_slices(int ply, PieceToHistory* out[ContinuationHistory::SLICES]) const;
    int quiet_history(int ply, Move m) const;
    bool should_stop_iterating(int depth) const;
    // Returns once an infinite or pondering search may answer: after stop() or ponderhit().
    void wait_until_released(const SearchLimits& limits) const;
    SearchInfo make_info(int depth, std::size_t line = 0) const;
    void report_lines(int depth, const InfoCallback& on_iteration) const;
    Value draw_value(int ply) const {
        return ply % 2 == 0 ? -options_.contempt : options_.contempt;
    }
    Move counter_move() const;
    void start_helpers(const Position& pos, const SearchLimits& limits);
    std::uint64_t stop_helpers();  // returns the helpers' node count
    std::uint64_t total_nodes() const;
    void clear_statistics() { clear(); }
    const MoveOrderingHint* active_hint() const {
        return hint_active_ ? ordering_hint_.get() : nullptr;
    }

    Position pos_;
    TranspositionTable own_table_;
    TranspositionTable* table_ = &own_table_;  // a helper's points to the main thread's
    int helper_index_ = 0;                     // 0 for the main thread
    std::vector<std::unique_ptr<Searcher>> helpers_;
    ButterflyHistory history_;
    std::unique_ptr<CaptureHistory> capture_history_ = std::make_unique<CaptureHistory>();
    std::unique_ptr<CorrectionHistory> correction_history_ = std::make_unique<CorrectionHistory>();
    std::unique_ptr<CorrectionHistory> material_correction_ = std::make_unique<CorrectionHistory>();
    // NonPawnCorrection: one table keyed by White's pieces, one by Black's.
    std::unique_ptr<CorrectionHistory> non_pawn_correction_[2] = {
        std::make_unique<CorrectionHistory>(), std::make_unique<CorrectionHistory>()};
    std::unique_ptr<ContinuationHistory> continuation_ = std::make_unique<ContinuationHistory>();
    // The quiet move that last refuted a move, by the refuted move's piece and destination.
    Move counter_moves_[PIECE_CODE_COUNT][64];
    bool searched_since_clear_ = true;  // the statistics may hold something (clear() zeroes)
    SearchOptions options_;
    std::shared_ptr<MoveOrderingHint> ordering_hint_;
    std::unique_ptr<Evaluator> evaluator_;
    int evaluator_generation_ = 0;
    bool hint_active_ = false;  // the hint has something to say about this search
    SearchStatistics statistics_;
    TimeManager time_;
    SchedulingLag lag_;  // the machine's stalls, seen by the timed searches (the main thread's)
    SearchLimits limits_;
    std::vector<RootMove> root_moves_;
    int root_legal_moves_ = 0;               // before "searchmoves" restricted them
    const InfoCallback* on_info_ = nullptr;  // the running search's callback, for currmove
    // When the search began, for the time in its reports (not restarted at ponderhit).
    std::chrono::steady_clock::time_point reports_start_;

    // Signals from the protocol thread.
    std::atomic<bool> stop_requested_{false};
    std::atomic<bool> pondering_{false};
    bool prepared_ = false;
    // Set by the search itself when a limit or a stop request ends it; every node checks it.
    bool stopped_ = false;

    std::atomic<std::uint64_t> nodes_{0};
    int seldepth_ = 0;
    // While a null-move cut-off is verified, no pass before this ply (0: passes allowed).
    int null_move_min_ply_ = 0;
    int completed_depth_ = 0;
    // When a limit or a stop first wanted an unfinished first iteration to end.
    std::optional<SchedulingLag::Clock::time_point> end_wanted_since_;
    bool root_move_scored_ = false;  // a root move has a score from this search
    int root_depth_ = 0;             // the running iteration's depth
    // For the time refinement: iterations since the best root move last changed, and the
    // best score of each completed iteration.
    int best_move_stable_iterations_ = 0;
    std::vector<Value> iteration_scores_;

    // Per-ply state; one spare ply for the children of the deepest node.
    KillerMoves killers_[MAX_PLY + 2];
    Key repetition_keys_[MAX_PLY + 2];
    // The continuation-history slice of the move made at each ply (null after a null move).
    PieceToHistory* move_slices_[MAX_PLY + 2];
    // The static evaluation at each ply (VALUE_NONE in check), to tell whether it improves.
    Value static_evals_[MAX_PLY + 2];
    // How many double extensions the line from the root to each ply took (DoubleExtensions).
    int double_extensions_[MAX_PLY + 2];
    // The move a singular-extension search at this ply leaves out (none: no such search).
    Move excluded_moves_[MAX_PLY + 2];
    // Triangular principal variation table: pv_[ply][ply..pv_length_[ply]) is the line
    // from that ply.
    Move pv_[MAX_PLY + 2][MAX_PLY + 2];
    int pv_length_[MAX_PLY + 2];

    // Last, so that it ends before anything a task of it could still use.
    BackgroundThread background_thread_;
};

// The searcher an engine front end uses: `lent`, reset to a new searcher's state, or, when it
// is null, a new one that `owned` keeps.
Searcher& lent_or_new(Searcher* lent, std::unique_ptr<Searcher>& owned);

}  // namespace mneme
