#include "mneme/learn/game_labelling.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "mneme/learn/scored_position.h"
#include "mneme/learn/training_data_file.h"
#include "mneme/nnue/builtin_network.h"
#include "mneme/pgn/pgn_reader.h"
#include "mneme/search/search.h"

namespace mneme {

namespace {

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
    std::uint64_t z = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

struct Job {
    std::uint64_t sequence = 0;  // among this shard's games
    std::uint64_t game = 0;      // among all games of the inputs
    PgnMainline mainline;
    std::vector<ScoredPosition> positions;
};

int elo_of(const GameHeaders& headers, const char* tag) {
    auto text = headers.get(tag);
    if (text.empty()) return 0;
    int value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return 0;
        value = value * 10 + (c - '0');
    }
    return value;
}

void label(const GameLabelOptions& o, Searcher& searcher, Job& job) {
    const PgnMainline& g = job.mainline;
    if (g.result == GameResult::ONGOING) return;
    if (o.min_elo > 0 &&
        (elo_of(g.headers, "WhiteElo") < o.min_elo || elo_of(g.headers, "BlackElo") < o.min_elo))
        return;
    Position pos = g.start_position();
    if (pos.is_chess960()) return;
    const double white_result = g.result == GameResult::WHITE_WINS   ? 1
                                : g.result == GameResult::BLACK_WINS ? 0
                                                                     : 0.5;
    SearchLimits limits;
    limits.nodes = o.nodes;
    searcher.clear();
    for (std::size_t ply = 0; ply <= g.moves.size(); ++ply) {
        if (int(ply) >= o.skip_plies && !pos.in_check() &&
            double(mix(mix(o.seed, job.game), ply) >> 11) / double(1ULL << 53) < o.sample_rate &&
            pos.has_legal_moves()) {
            SearchResult r = searcher.search(pos.without_history(), limits);
            bool quiet = r.best && !pos.is_capture(r.best) && r.best.kind() != PROMOTION;
            if (quiet && !is_mate_score(r.score) && std::abs(r.score) <= o.max_kept_score) {
                double mine = pos.side_to_move() == WHITE ? white_result : 1 - white_result;
                ScoredResult result = mine > 0.75   ? ScoredResult::WIN
                                      : mine < 0.25 ? ScoredResult::LOSS
                                                    : ScoredResult::DRAW;
                job.positions.push_back(ScoredPosition::from_position(pos, r.score, result));
            }
        }
        if (ply < g.moves.size()) pos.do_move(g.moves[ply]);
    }
}

}  // namespace

std::string GameLabelOptions::settings() const {
    return "seed=" + std::to_string(seed) + " nodes=" + std::to_string(nodes) +
           " skip-plies=" + std::to_string(skip_plies) +
           " sample-rate=" + std::to_string(sample_rate) + " min-elo=" + std::to_string(min_elo) +
           " hash=" + std::to_string(hash_mb) +
           " max-kept-score=" + std::to_string(max_kept_score) + " eval=" + eval +
           (net_file.empty() ? "" : " net=" + net_file);
}

GameLabelSummary label_games(const GameLabelOptions& options, const GameLabelRun& run) {
    if (run.shards < 1 || run.shard < 0 || run.shard >= run.shards)
        throw std::invalid_argument("shard " + std::to_string(run.shard) + " of " +
                                    std::to_string(run.shards) + " does not exist");
    std::string inputs_line = "inputs:";
    for (const auto& in : run.inputs) inputs_line += " " + in;
    const std::string settings_line = "settings: " + options.settings() +
                                      " shard=" + std::to_string(run.shard) + "/" +
                                      std::to_string(run.shards);
    GameLabelSummary summary;
    std::unique_ptr<TrainingDataWriter> writer;
    if (std::filesystem::exists(run.output)) {
        writer = std::make_unique<TrainingDataWriter>(TrainingDataWriter::resume(run.output));
        const std::string& d = writer->header().description;
        if (d.find(settings_line + "\n") == std::string::npos ||
            d.find(inputs_line + "\n") == std::string::npos)
            throw TrainingDataError(
                run.output +
                ": made with other settings or inputs, so it cannot be resumed; "
                "choose another output or remove it");
        summary.resumed = true;
    } else {
        writer = std::make_unique<TrainingDataWriter>(
            TrainingDataWriter::create(run.output,
                                       "mneme learn label-games\n" + settings_line + "\n" +
                                           inputs_line + "\n" + run.provenance,
                                       std::uint64_t(run.shard)));
    }
    std::string error;
    auto prototype = nnue::make_evaluator(options.eval, options.net_file, &error);
    if (!prototype) throw std::runtime_error(error);

    const std::uint64_t already = writer->header().games;
    std::mutex mutex;
    std::condition_variable work_ready, result_ready;
    std::deque<std::unique_ptr<Job>> queue;
    std::map<std::uint64_t, std::unique_ptr<Job>> finished;
    bool no_more_work = false;
    const int threads = std::max(1, run.threads);
    auto worker = [&] {
        Searcher searcher(options.hash_mb);
        searcher.set_evaluator(prototype->clone());
        for (;;) {
            std::unique_ptr<Job> job;
            {
                std::unique_lock lock(mutex);
                work_ready.wait(lock, [&] { return !queue.empty() || no_more_work; });
                if (queue.empty()) return;
                job = std::move(queue.front());
                queue.pop_front();
            }
            label(options, searcher, *job);
            std::lock_guard lock(mutex);
            finished.emplace(job->sequence, std::move(job));
            result_ready.notify_all();
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);

    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    double last_commit = 0, last_progress = 0;
    std::uint64_t next_to_commit = already, sequence = 0, game = 0, positions_now = 0;
    std::uint64_t total_bytes = 0;
    bool input_done = false, stopped = false;

    auto commit_ready = [&](bool wait) {
        std::unique_ptr<Job> job;
        {
            std::unique_lock lock(mutex);
            if (wait)
                result_ready.wait_for(lock, std::chrono::milliseconds(200),
                                      [&] { return finished.count(next_to_commit) != 0; });
            auto it = finished.find(next_to_commit);
            if (it == finished.end()) return false;
            job = std::move(it->second);
            finished.erase(it);
        }
        writer->add_game(job->positions);
        positions_now += job->positions.size();
        ++summary.games_now;
        ++next_to_commit;
        double now = seconds();
        if (now - last_commit >= 2) {
            writer->commit();
            last_commit = now;
        }
        return true;
    };

    try {
        for (std::size_t file = 0; file < run.inputs.size() && !stopped; ++file) {
            PgnReader reader(run.inputs[file]);
            PgnMainline mainline;
            while (!stopped && reader.next_mainline(mainline)) {
                if (run.report)
                    for (const auto& e : reader.errors()) run.report(e.message());
                reader.clear_errors();
                std::uint64_t g = game++;
                if (g % std::uint64_t(run.shards) != std::uint64_t(run.shard)) continue;
                if (run.max_games && sequence >= run.max_games) {
                    stopped = true;
                    break;
                }
                std::uint64_t s = sequence++;
                if (s < already) continue;
                auto job = std::make_unique<Job>();
                job->sequence = s;
                job->game = g;
                job->mainline = mainline;
                {
                    std::lock_guard lock(mutex);
                    queue.push_back(std::move(job));
                    work_ready.notify_one();
                }
                // Keep a few games per thread in flight; commit what is done in order.
                for (;;) {
                    while (commit_ready(false)) {}
                    std::size_t in_flight;
                    {
                        std::lock_guard lock(mutex);
                        in_flight = s + 1 - next_to_commit;
                    }
                    if (in_flight < std::size_t(4 * threads)) break;
                    commit_ready(true);
                }
                double now = seconds();
                if (run.progress && now - last_progress >= 1) {
                    total_bytes = reader.total_bytes();
                    double fraction =
                        total_bytes ? double(reader.bytes_consumed()) / double(total_bytes) : 0;
                    run.progress(summary.games_now, positions_now, now,
                                 (double(file) + fraction) / double(run.inputs.size()));
                    last_progress = now;
                }
                if (run.stop_requested && run.stop_requested()) stopped = true;
            }
            if (run.report)
                for (const auto& e : reader.errors()) run.report(e.message());
        }
        input_done = !stopped || (run.max_games && sequence >= run.max_games);
        {
            std::lock_guard lock(mutex);
            no_more_work = true;
            work_ready.notify_all();
        }
        // Every game handed out is labelled and committed, also when stopping.
        while (next_to_commit < std::max(sequence, already)) commit_ready(true);
    } catch (...) {
        {
            std::lock_guard lock(mutex);
            no_more_work = true;
            queue.clear();
            work_ready.notify_all();
        }
        for (auto& t : pool) t.join();
        throw;
    }
    for (auto& t : pool) t.join();
    writer->commit();
    summary.games = writer->header().games;
    summary.positions = writer->header().positions;
    summary.checksum = writer->header().checksum;
    summary.complete = input_done;
    summary.games_in_inputs = game;
    return summary;
}

}  // namespace mneme
