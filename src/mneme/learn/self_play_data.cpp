#include "mneme/learn/self_play_data.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "mneme/core/game_outcome.h"
#include "mneme/core/movegen.h"
#include "mneme/learn/training_data_file.h"
#include "mneme/nnue/builtin_network.h"
#include "mneme/search/search.h"

namespace mneme {

namespace {

// SplitMix64: one independent stream per (seed, game).
class GameRandom {
public:
    GameRandom(std::uint64_t seed, std::uint64_t game)
        : state_(seed * 0x9E3779B97F4A7C15ULL ^ (game + 1) * 0xD1B54A32D192ED03ULL) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    std::size_t below(std::size_t n) { return std::size_t(next() % n); }

private:
    std::uint64_t state_;
};

constexpr int MAX_OPENING_TRIES = 100;
// An opening this unbalanced after the random moves is drawn again.
constexpr int MAX_OPENING_SCORE = 600;

ScoredResult result_for(Color side, double result_for_white) {
    double r = side == WHITE ? result_for_white : 1 - result_for_white;
    return r > 0.75 ? ScoredResult::WIN : r < 0.25 ? ScoredResult::LOSS : ScoredResult::DRAW;
}

struct Pending {
    Color side;
    ScoredPosition position;
};

}  // namespace

std::string DatagenOptions::settings() const {
    return "seed=" + std::to_string(seed) + " nodes=" + std::to_string(nodes) +
           " random-plies=" + std::to_string(random_plies) +
           " skip-plies=" + std::to_string(skip_plies) + " max-plies=" + std::to_string(max_plies) +
           " win=" + std::to_string(win_score) + "x" + std::to_string(win_plies) +
           " draw=" + std::to_string(draw_score) + "x" + std::to_string(draw_plies) + "@" +
           std::to_string(draw_from_ply) + " max-kept-score=" + std::to_string(max_kept_score) +
           " hash=" + std::to_string(hash_mb) + " eval=" + eval +
           (net_file.empty() ? "" : " net=" + net_file);
}

std::unique_ptr<Searcher> make_datagen_searcher(const DatagenOptions& options) {
    auto searcher = std::make_unique<Searcher>(options.hash_mb);
    std::string error;
    auto evaluator = nnue::make_evaluator(options.eval, options.net_file, &error);
    if (!evaluator) throw std::runtime_error(error);
    searcher->set_evaluator(std::move(evaluator));
    return searcher;
}

DatagenGame play_datagen_game(const DatagenOptions& options, std::uint64_t number) {
    return play_datagen_game(options, number, *make_datagen_searcher(options));
}

DatagenGame play_datagen_game(const DatagenOptions& options, std::uint64_t number,
                              Searcher& searcher) {
    GameRandom random(options.seed, number);
    searcher.clear();
    SearchLimits limits;
    limits.nodes = options.nodes;

    Position pos;
    for (int attempt = 0;; ++attempt) {
        pos = Position();
        bool ok = true;
        for (int ply = 0; ply < options.random_plies && ok; ++ply) {
            MoveList<LEGAL> moves(pos);
            if (moves.size() == 0)
                ok = false;
            else
                pos.do_move(*(moves.begin() + random.below(moves.size())));
        }
        if (ok && !game_outcome(pos, true).is_over()) {
            if (attempt + 1 >= MAX_OPENING_TRIES) break;
            searcher.clear();
            SearchResult check = searcher.search(pos, limits);
            if (std::abs(check.score) <= MAX_OPENING_SCORE) break;
        }
        if (attempt + 1 >= MAX_OPENING_TRIES && ok) break;
    }
    searcher.clear();

    DatagenGame game;
    game.number = number;
    std::vector<Pending> kept;
    int win_streak = 0, draw_streak = 0;
    double result_for_white = 0.5;
    int ply = pos.game_ply();
    for (;; ++ply) {
        GameOutcome outcome = game_outcome(pos, true);
        if (outcome.is_over()) {
            result_for_white = outcome.result == GameResult::WHITE_WINS   ? 1.0
                               : outcome.result == GameResult::BLACK_WINS ? 0.0
                                                                          : 0.5;
            break;
        }
        if (ply >= options.max_plies) break;
        SearchResult r = searcher.search(pos, limits);
        if (!r.best) break;  // cannot happen: the game is not over
        const Color us = pos.side_to_move();
        const int score = r.score;
        const bool quiet = !pos.in_check() && !pos.is_capture(r.best) && r.best.kind() != PROMOTION;
        if (quiet && ply >= options.skip_plies && !is_mate_score(score) &&
            std::abs(score) <= options.max_kept_score)
            kept.push_back({us, ScoredPosition::from_position(pos, score, ScoredResult::DRAW)});

        // Adjudication on the scores of consecutive plies.
        const int white_score = us == WHITE ? score : -score;
        if (std::abs(score) >= options.win_score) {
            win_streak = win_streak != 0 && (win_streak > 0) == (white_score > 0)
                             ? win_streak + (white_score > 0 ? 1 : -1)
                             : (white_score > 0 ? 1 : -1);
        } else {
            win_streak = 0;
        }
        draw_streak = ply >= options.draw_from_ply && std::abs(score) <= options.draw_score
                          ? draw_streak + 1
                          : 0;
        if (std::abs(win_streak) >= options.win_plies) {
            result_for_white = win_streak > 0 ? 1.0 : 0.0;
            break;
        }
        if (draw_streak >= options.draw_plies) break;
        pos.do_move(r.best);
    }
    game.plies = ply;
    game.result_for_white = result_for_white;
    game.positions.reserve(kept.size());
    for (Pending& p : kept) {
        p.position.result = result_for(p.side, result_for_white);
        game.positions.push_back(p.position);
    }
    return game;
}

std::uint64_t shard_begin(std::uint64_t games, int shard, int shards) {
    return games * std::uint64_t(shard) / std::uint64_t(shards);
}

std::uint64_t shard_games_asked(const DatagenRun& run) {
    const std::uint64_t share = shard_begin(run.games, run.shard + 1, run.shards) -
                                shard_begin(run.games, run.shard, run.shards);
    return run.shard_games ? std::min(share, run.shard_games) : share;
}

DatagenSummary run_datagen(const DatagenOptions& options, const DatagenRun& run) {
    if (run.shards < 1 || run.shard < 0 || run.shard >= run.shards)
        throw std::invalid_argument("shard " + std::to_string(run.shard) + " of " +
                                    std::to_string(run.shards) + " does not exist");
    const std::uint64_t begin = shard_begin(run.games, run.shard, run.shards);
    const std::uint64_t end = begin + shard_games_asked(run);
    const std::string settings_line =
        "settings: " + options.settings() + " games=" + std::to_string(run.games) +
        " shard=" + std::to_string(run.shard) + "/" + std::to_string(run.shards);
    DatagenSummary summary;
    std::unique_ptr<TrainingDataWriter> writer;
    if (std::filesystem::exists(run.output)) {
        writer = std::make_unique<TrainingDataWriter>(TrainingDataWriter::resume(run.output));
        const std::string& description = writer->header().description;
        if (description.find(settings_line + "\n") == std::string::npos)
            throw TrainingDataError(run.output +
                                    ": made with other settings, so it cannot be resumed (want '" +
                                    settings_line + "'); choose another output or remove it");
        if (begin + writer->header().games > end)
            throw TrainingDataError(
                run.output + ": holds " + std::to_string(writer->header().games) +
                " games of its shard, more than the " + std::to_string(end - begin) + " asked for");
        summary.resumed = true;
    } else {
        writer = std::make_unique<TrainingDataWriter>(TrainingDataWriter::create(
            run.output, "mneme learn datagen\n" + settings_line + "\n" + run.provenance, begin));
    }
    const std::uint64_t first_to_play = begin + writer->header().games;

    // Worker threads play games in parallel; the results are committed in game order.
    const int threads = std::max(1, run.threads);
    std::mutex mutex;
    std::condition_variable ready;
    std::map<std::uint64_t, DatagenGame> finished;
    std::uint64_t next_game = first_to_play;
    bool stopping = false;
    // Made here, so that a network that cannot be read is reported by this thread.
    std::vector<std::unique_ptr<Searcher>> searchers;
    for (int t = 0; t < threads; ++t) searchers.push_back(make_datagen_searcher(options));
    auto worker = [&](Searcher& searcher) {
        for (;;) {
            std::uint64_t number;
            {
                std::lock_guard lock(mutex);
                if (stopping || next_game >= end) return;
                number = next_game++;
            }
            DatagenGame game = play_datagen_game(options, number, searcher);
            std::lock_guard lock(mutex);
            finished.emplace(number, std::move(game));
            ready.notify_all();
        }
    };
    std::vector<std::thread> pool;
    for (auto& searcher : searchers) pool.emplace_back(worker, std::ref(*searcher));

    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    double last_commit = 0, last_progress = 0;
    std::uint64_t expected = first_to_play, positions_now = 0;
    try {
        while (expected < end) {
            DatagenGame game;
            {
                std::unique_lock lock(mutex);
                ready.wait_for(lock, std::chrono::milliseconds(200),
                               [&] { return finished.count(expected) != 0; });
                if (run.stop_requested && run.stop_requested()) stopping = true;
                auto it = finished.find(expected);
                if (it == finished.end()) {
                    // Once stopping, games already started finish and are kept; no new ones.
                    if (stopping && next_game == expected) break;
                    continue;
                }
                game = std::move(it->second);
                finished.erase(it);
            }
            writer->add_game(game.positions);
            positions_now += game.positions.size();
            ++summary.games_played_now;
            ++expected;
            double now = seconds();
            if (now - last_commit >= 2 || expected == end) {
                writer->commit();
                last_commit = now;
            }
            if (run.progress && (now - last_progress >= 1 || expected == end)) {
                run.progress(summary.games_played_now, positions_now, now, end - expected);
                last_progress = now;
            }
            std::lock_guard lock(mutex);
            if (stopping && next_game == expected) break;
        }
    } catch (...) {
        {
            std::lock_guard lock(mutex);
            stopping = true;
        }
        for (auto& t : pool) t.join();
        throw;
    }
    {
        std::lock_guard lock(mutex);
        stopping = true;
    }
    for (auto& t : pool) t.join();
    writer->commit();  // games after a gap are not written: they are played again on resume
    summary.games = writer->header().games;
    summary.positions = writer->header().positions;
    summary.checksum = writer->header().checksum;
    summary.complete = begin + summary.games >= end;
    return summary;
}

}  // namespace mneme
