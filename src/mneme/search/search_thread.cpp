#include "mneme/search/search_thread.h"

namespace mneme {

SearchThread::~SearchThread() { stop_and_wait(); }

void SearchThread::start(const Position& pos, const SearchLimits& limits, InfoCallback on_info,
                         DoneCallback on_done) {
    wait();
    // Before the search is handed to the thread, so that a "stop" read right after "go" is not
    // lost.
    searcher_.prepare(limits.ponder);
    busy_ = true;
    searcher_.background_thread().run(
        [this, pos, limits, on_info = std::move(on_info), on_done = std::move(on_done)] {
            SearchResult result = searcher_.search(pos, limits, on_info);
            if (on_done) on_done(result);
            busy_ = false;
        });
}

void SearchThread::start_job(Job job) {
    wait();
    job_stop_ = false;
    busy_ = true;
    searcher_.background_thread().run([this, job = std::move(job)] {
        job(job_stop_);
        busy_ = false;
    });
}

void SearchThread::wait() { searcher_.background_thread().wait(); }

}  // namespace mneme
