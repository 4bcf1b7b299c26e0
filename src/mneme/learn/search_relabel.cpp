#include "mneme/learn/search_relabel.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

#include "mneme/search/search.h"

namespace mneme {

double expected_result(int score, double score_scale) {
    if (is_mate_score(score)) return score > 0 ? 1.0 : 0.0;
    return 1.0 / (1.0 + std::pow(10.0, -score / score_scale));
}

double relabel_by_search(std::vector<TrainingPosition>& positions, const RelabelOptions& options) {
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    std::atomic<std::size_t> next{0}, done{0};
    std::atomic<std::uint64_t> nodes{0};
    const int threads = std::max(1, options.threads);
    auto work = [&](bool reports) {
        // Small tables, cleared before every position: a label then depends on its position
        // alone, not on which positions the thread searched before, so any number of threads
        // or shards gives the same labels.
        Searcher searcher(1);
        SearchLimits limits;
        limits.depth = std::max(1, options.depth);
        Clock::time_point last = Clock::now();
        for (std::size_t i; (i = next.fetch_add(1)) < positions.size();) {
            TrainingPosition& t = positions[i];
            searcher.clear();
            SearchResult result = searcher.search(t.to_position(), limits);
            nodes += result.nodes;
            double expected = expected_result(result.score, options.score_scale);
            t.label = TrainingPosition::encode_label(options.lambda * t.result_value() +
                                                     (1 - options.lambda) * expected);
            ++done;
            if (reports && options.progress && Clock::now() - last >= std::chrono::seconds(1)) {
                last = Clock::now();
                options.progress(done, std::chrono::duration<double>(last - start).count());
            }
        }
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads; ++t) helpers.emplace_back(work, false);
    work(true);
    for (std::thread& t : helpers) t.join();
    return positions.empty() ? 0.0 : double(nodes) / double(positions.size());
}

}  // namespace mneme
