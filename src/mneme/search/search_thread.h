// Runs one search at a time in the searcher's background thread, so that a protocol can keep
// reading commands ("stop", "isready", "?") while the engine thinks.
#pragma once

#include <atomic>
#include <functional>

#include "mneme/search/search.h"

namespace mneme {

class SearchThread {
public:
    using DoneCallback = std::function<void(const SearchResult&)>;

    explicit SearchThread(Searcher& searcher) : searcher_(searcher) {}
    ~SearchThread();
    SearchThread(const SearchThread&) = delete;
    SearchThread& operator=(const SearchThread&) = delete;

    // Waits for any previous search, then searches `pos` in the background. `on_done` runs in
    // the search thread once the result is known.
    void start(const Position& pos, const SearchLimits& limits, InfoCallback on_info,
               DoneCallback on_done);
    // Runs `job` in the background instead of a search (perft): `stop` is set by stop().
    using Job = std::function<void(const std::atomic<bool>& stop)>;
    void start_job(Job job);
    // Asks the running search or job to finish; a search still reports its result through
    // `on_done`.
    void stop() {
        searcher_.stop();
        job_stop_ = true;
    }
    void ponderhit() { searcher_.ponderhit(); }
    // Blocks until the running search, if any, has finished and reported.
    void wait();
    void stop_and_wait() {
        stop();
        wait();
    }
    // True from start() until `on_done` has returned.
    bool busy() const { return busy_; }

private:
    Searcher& searcher_;
    std::atomic<bool> busy_{false};
    std::atomic<bool> job_stop_{false};
};

}  // namespace mneme
