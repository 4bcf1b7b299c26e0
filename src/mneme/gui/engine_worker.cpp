#include "mneme/gui/engine_worker.h"

#include <algorithm>

namespace mneme::gui {

EngineWorker::EngineWorker(std::size_t hash_mb, std::shared_ptr<const Evaluator> evaluation)
    : searcher_(hash_mb),
      own_evaluation_(evaluation ? std::move(evaluation) : std::make_shared<ClassicEvaluator>()) {
    use_evaluation(own_evaluation_);
    thread_ = std::thread([this] { run(); });
}

EngineWorker::~EngineWorker() { shut_down(); }

void EngineWorker::shut_down() {
    {
        std::lock_guard lock(mutex_);
        shutting_down_ = true;
        pending_.reset();
        searcher_.stop();
    }
    has_job_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void EngineWorker::submit(SearchJob job) {
    {
        std::lock_guard lock(mutex_);
        pending_ = std::move(job);
        hurry_pending_ = false;
        searcher_.stop();
    }
    has_job_.notify_all();
}

void EngineWorker::cancel() {
    std::lock_guard lock(mutex_);
    pending_.reset();
    hurry_pending_ = false;
    searcher_.stop();
}

void EngineWorker::hurry() {
    std::lock_guard lock(mutex_);
    if (pending_) hurry_pending_ = true;
    searcher_.stop();
}

void EngineWorker::clear_before_next_job() {
    std::lock_guard lock(mutex_);
    clear_pending_ = true;
}

void EngineWorker::run() {
    for (;;) {
        SearchJob job;
        {
            std::unique_lock lock(mutex_);
            has_job_.wait(lock, [&] { return shutting_down_ || pending_.has_value(); });
            if (shutting_down_) return;
            job = std::move(*pending_);
            pending_.reset();
            if (clear_pending_) searcher_.clear();
            clear_pending_ = false;
            use_evaluation(job.evaluation ? job.evaluation : own_evaluation_);
            SearchOptions options = searcher_.options();
            if (job.elo)
                skill_.set_elo(job.elo);
            else
                skill_.set_level(Skill::MAX_LEVEL);
            options.multi_pv = std::max(job.multi_pv, skill_.candidate_lines());
            searcher_.set_options(options);
            if (std::uint64_t budget = skill_.node_limit())
                job.limits.nodes = job.limits.nodes ? std::min(job.limits.nodes, budget) : budget;
            // Under the lock, so that a cancel() from now on reaches this search.
            searcher_.prepare(false);
            if (hurry_pending_) searcher_.stop();
            hurry_pending_ = false;
        }
        if (job.decide) {
            if (Move decided = job.decide(job.position)) {
                if (job.on_done) job.on_done(SearchResult{}, decided);
                continue;
            }
        }
        SearchResult result = searcher_.search(job.position, job.limits, job.on_info);
        Move chosen = result.best;
        if (skill_.limits_strength() && !result.lines.empty()) chosen = skill_.choose(result.lines);
        if (job.on_done) job.on_done(result, chosen);
    }
}

void EngineWorker::use_evaluation(const std::shared_ptr<const Evaluator>& evaluation) {
    if (evaluation == searching_with_) return;
    searcher_.set_evaluator(evaluation->clone());
    // The table's scores and the statistics were learned with the other evaluation.
    if (searching_with_) searcher_.clear();
    searching_with_ = evaluation;
}

}  // namespace mneme::gui
