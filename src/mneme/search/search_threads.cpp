// Lazy SMP: helper searchers that search the same root beside the main thread, sharing its
// transposition table; the main thread alone watches the clock and reports.
#include <algorithm>

#include "mneme/search/search.h"

namespace mneme {

void Searcher::set_threads(int threads) {
    threads = std::clamp(threads, 1, MAX_THREADS);
    helpers_.clear();
    for (int i = 1; i < threads; ++i) {
        // Helpers share our table and need none of their own.
        auto helper = std::make_unique<Searcher>(1);
        helper->table_ = &own_table_;
        helper->helper_index_ = i;
        helper->options_ = options_;
        helpers_.push_back(std::move(helper));
    }
}

void Searcher::start_helpers(const Position& pos, const SearchLimits& limits) {
    if (helpers_.empty()) return;
    // Helpers search until the main thread stops them; it alone watches limits and clock.
    SearchLimits helper_limits;
    helper_limits.depth = limits.depth;
    helper_limits.mate = limits.mate;
    helper_limits.search_moves = limits.search_moves;
    own_table_.set_shared(true);
    for (auto& helper : helpers_) {
        helper->options_ = options_;
        helper->options_.progress_reports = false;
        helper->options_.multi_pv = 1;
        helper->ordering_hint_ = ordering_hint_;
        helper->hint_active_ = hint_active_;
        if (helper->evaluator_generation_ != evaluator_generation_) {
            helper->evaluator_ = evaluator_->clone();
            helper->evaluator_generation_ = evaluator_generation_;
        }
        helper->prepare(false);
        // Each helper searches on its own searcher's thread, kept from one search to the next.
        Searcher* h = helper.get();
        h->background_thread().run([h, pos, helper_limits] { h->search(pos, helper_limits); });
    }
}

std::uint64_t Searcher::stop_helpers() {
    for (auto& helper : helpers_) helper->stop();
    for (auto& helper : helpers_) helper->background_thread().wait();
    own_table_.set_shared(false);
    std::uint64_t nodes = 0;
    for (auto& helper : helpers_) nodes += helper->nodes_.load(std::memory_order_relaxed);
    return nodes;
}

std::uint64_t Searcher::total_nodes() const {
    std::uint64_t nodes = nodes_.load(std::memory_order_relaxed);
    for (const auto& helper : helpers_) nodes += helper->nodes_.load(std::memory_order_relaxed);
    return nodes;
}

}  // namespace mneme
