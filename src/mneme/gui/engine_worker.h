// One search thread for the GUI: it runs one job at a time (the engine's move, a hint, an
// analysis, a game evaluation) with its own Searcher, so HTTP requests never wait for a search.
// A job is cancelled by stopping the search; the session ignores results of cancelled jobs by
// their generation number.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "mneme/core/position.h"
#include "mneme/eval/evaluator.h"
#include "mneme/search/search.h"
#include "mneme/search/skill.h"

namespace mneme::gui {

struct SearchJob {
    Position position;  // with its history, for repetitions
    SearchLimits limits;
    int multi_pv = 1;
    int elo = 0;  // 0: full strength; else Skill's Elo-limited choice among candidate lines
    // The evaluation to search with (a prototype, cloned); null: the worker's own.
    std::shared_ptr<const Evaluator> evaluation;
    // A player that decides without searching (a book, a case base) answers first, on the
    // worker thread; when it gives no move, the search runs as usual.
    std::function<Move(const Position&)> decide;
    // Called on the worker thread after each iteration (and each MultiPV line).
    std::function<void(const SearchInfo&)> on_info;
    // Called on the worker thread when the search ends, cancelled or not, with the move to play.
    std::function<void(const SearchResult&, Move chosen)> on_done;
};

class EngineWorker {
public:
    // `evaluation` (a prototype, cloned) null: the classic evaluation (the searcher's default).
    explicit EngineWorker(std::size_t hash_mb = 64,
                          std::shared_ptr<const Evaluator> evaluation = nullptr);
    ~EngineWorker();
    EngineWorker(const EngineWorker&) = delete;
    EngineWorker& operator=(const EngineWorker&) = delete;

    // Replaces any job not yet started and stops the running one; `job` runs next.
    void submit(SearchJob job);
    // Drops the waiting job and stops the running one.
    void cancel();
    // Makes the running job (or the waiting one, as soon as it starts) end its search now and
    // report its best move so far, as if its limit had been reached ("move now").
    void hurry();
    // Cancels as cancel() does and waits for the worker thread to end: after it no callback
    // runs, so their owner may go (the destructor calls it too). Idempotent.
    void shut_down();
    // Forgets the table and the move-ordering statistics before the next job (a new game).
    void clear_before_next_job();
    // How the running job's scores translate into winning chances (its evaluation's): for the
    // job's callbacks, on the worker thread.
    const WinRateModel& win_rate_model() const { return searcher_.evaluator().win_rate_model(); }

private:
    void run();
    // Gives the searcher a copy of `evaluation` unless it already searches with it.
    void use_evaluation(const std::shared_ptr<const Evaluator>& evaluation);

    std::mutex mutex_;
    std::condition_variable has_job_;
    std::optional<SearchJob> pending_;
    bool clear_pending_ = false;
    bool hurry_pending_ = false;  // hurry() came before the waiting job started
    bool shutting_down_ = false;
    Searcher searcher_;  // used by the worker thread only, except stop()
    std::shared_ptr<const Evaluator> own_evaluation_;
    std::shared_ptr<const Evaluator> searching_with_;  // the prototype the searcher has a copy of
    Skill skill_;
    std::thread thread_;
};

}  // namespace mneme::gui
