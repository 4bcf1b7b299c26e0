#include "mneme/learn/position_sampler.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <numeric>
#include <random>
#include <stdexcept>
#include <unordered_set>

#include "mneme/book/game_filter.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/position_collector.h"
#include "mneme/learn/position_shard_file.h"
#include "mneme/learn/quiescence.h"
#include "mneme/pgn/pgn_reader.h"

namespace mneme {

namespace {

using Clock = std::chrono::steady_clock;

std::uint64_t file_size_or_zero(const std::string& path) {
    std::error_code error;
    auto size = path == "-" ? 0 : std::filesystem::file_size(path, error);
    return error ? 0 : std::uint64_t(size);
}

}  // namespace

CandidateOutcome classify_candidate(Position& pos, QuietFilter quiet, const EvalParams& params) {
    CandidateOutcome outcome;
    if (pos.in_check()) return outcome;  // IN_CHECK
    if (quiet != QuietFilter::NONE) {
        QuiescenceResult q = quiescence(pos, params);
        if (std::abs(q.score) >= QUIESCENCE_MATE_SCORE - 100) {
            outcome.kind = CandidateOutcome::MATE_SCORE;
            return outcome;
        }
        if (quiet == QuietFilter::STABLE && q.score != q.static_score) {
            outcome.kind = CandidateOutcome::NOT_QUIET;
            return outcome;
        }
        if (quiet == QuietFilter::RESOLVE) {
            for (Move m : q.line) pos.do_move(m);
            if (pos.in_check()) return outcome;
        }
    }
    outcome.kind = CandidateOutcome::PASSED;
    outcome.key = pos.key();
    outcome.position = TrainingPosition::from_position(pos);
    return outcome;
}

std::uint64_t eval_params_fingerprint(const EvalParams& params) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < EvalParams::size(); ++i)
        hash = (hash ^ std::uint64_t(std::uint32_t(params.get(i)))) * 0x100000001b3ULL;
    return hash;
}

namespace {

// A usable game's sampled candidates, in the run's shuffled order.
using GameVisitor =
    std::function<void(std::uint64_t index, GameResult result, std::vector<Position>& candidates)>;

// Reads every input in turn and hands each usable game to `visit` with its number (over all
// inputs, counting readable games) and its sampled positions in shuffled order; a game that
// `wanted` refuses makes the same random draws but builds no positions. Fills the game
// counters of `stats`; stops early when `stop` says so.
void for_each_sampled_game(const std::vector<std::string>& inputs, const SamplerOptions& options,
                           SamplerStats& stats, const std::function<bool()>& stop,
                           const std::function<bool(std::uint64_t)>& wanted,
                           const std::function<std::uint64_t()>& kept, const GameVisitor& visit) {
    Clock::time_point start = Clock::now(), last_progress = start;
    std::mt19937_64 random(options.seed);
    std::bernoulli_distribution sampled(std::clamp(options.sample_rate, 0.0, 1.0));
    std::uint64_t bytes_total = 0, bytes_done = 0, index = 0;
    for (const std::string& path : inputs) bytes_total += file_size_or_zero(path);
    auto enough_games = [&] { return options.max_games && stats.games_seen >= options.max_games; };

    std::vector<Position> positions, candidates;
    std::vector<std::uint32_t> order;
    PgnMainline game;
    for (const std::string& path : inputs) {
        if (stop() || enough_games()) break;
        PgnReaderOptions reader_options;
        reader_options.mainline_only = true;
        PgnReader reader(path, reader_options);
        auto pass_on_errors = [&] {
            if (options.report)
                for (const PgnError& e : reader.errors()) options.report(e.message());
            reader.clear_errors();
        };
        std::uint64_t seen_before = stats.games_seen;
        while (!stop() && !enough_games() && reader.next_mainline(game)) {
            pass_on_errors();
            stats.games_seen = seen_before + reader.stats().games_seen();
            const std::uint64_t this_game = index++;
            if (game.result == GameResult::ONGOING) {
                ++stats.no_result;
                continue;
            }
            if (options.min_elo > 0 &&
                std::min(parse_elo(game.headers.get("WhiteElo")),
                         parse_elo(game.headers.get("BlackElo"))) < options.min_elo) {
                ++stats.below_elo;
                continue;
            }
            Position pos = game.start_position();
            if (pos.is_chess960()) {
                ++stats.variant;
                continue;
            }
            ++stats.games_used;
            const bool build = wanted(this_game);
            positions.clear();
            std::size_t drawn = 0;
            for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
                if (build) pos.do_move(game.moves[ply]);
                if (int(ply) + 1 >= options.skip_plies && sampled(random)) {
                    ++drawn;
                    if (build) positions.push_back(pos.without_history());
                }
            }
            // Shuffling the indices draws what shuffling the positions would: the draws
            // depend on the count alone, so unwanted games keep the sequence in step.
            order.resize(drawn);
            std::iota(order.begin(), order.end(), 0u);
            std::shuffle(order.begin(), order.end(), random);
            if (build) {
                candidates.clear();
                for (std::uint32_t i : order) candidates.push_back(positions[i]);
                visit(this_game, game.result, candidates);
            }
            if (options.progress && Clock::now() - last_progress >= std::chrono::seconds(1)) {
                last_progress = Clock::now();
                options.progress({stats.games_seen, kept(), bytes_done + reader.bytes_consumed(),
                                  bytes_total,
                                  std::chrono::duration<double>(last_progress - start).count()});
            }
        }
        pass_on_errors();
        stats.games_seen = seen_before + reader.stats().games_seen();
        stats.unreadable += reader.stats().games_skipped;
        stats.input_failed = stats.input_failed || reader.failed();
        bytes_done += file_size_or_zero(path);
    }
    stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
}

void add_counts(SamplerStats& stats, const CandidateCounts& counts) {
    stats.considered = counts.considered;
    stats.in_check = counts.in_check;
    stats.not_quiet = counts.not_quiet;
    stats.mate_scores = counts.mate_scores;
    stats.duplicates = counts.duplicates;
}

}  // namespace

bool parse_quiet_filter(const std::string& text, QuietFilter& filter) {
    if (text == "none")
        filter = QuietFilter::NONE;
    else if (text == "stable")
        filter = QuietFilter::STABLE;
    else if (text == "resolve")
        filter = QuietFilter::RESOLVE;
    else
        return false;
    return true;
}

std::vector<TrainingPosition> sample_positions(const std::vector<std::string>& inputs,
                                               const SamplerOptions& options, SamplerStats& stats) {
    const EvalParams& params = options.params ? *options.params : active_eval_params();
    stats = SamplerStats{};
    PositionCollector collector(options.max_per_game, options.max_positions);
    for_each_sampled_game(
        inputs, options, stats, [&] { return collector.full(); },
        [](std::uint64_t) { return true; }, [&] { return collector.size(); },
        [&](std::uint64_t, GameResult result, std::vector<Position>& candidates) {
            collector.start_game(result);
            for (Position& candidate : candidates) {
                if (!collector.wants_more()) break;
                collector.offer(classify_candidate(candidate, options.quiet, params));
            }
        });
    add_counts(stats, collector.counts());
    stats.positions = collector.size();
    return collector.finish();
}

PositionShard sample_position_shard(const std::vector<std::string>& inputs,
                                    const SamplerOptions& options) {
    if (options.max_positions)
        throw std::invalid_argument(
            "a shard cannot stop at a number of positions: where the single run stops depends "
            "on every shard (the merge stops there: positions-merge --max-positions)");
    if (options.shards < 1 || options.shard < 0 || options.shard >= options.shards)
        throw std::invalid_argument("shard " + std::to_string(options.shard) + " of " +
                                    std::to_string(options.shards) + " does not exist");
    const EvalParams& params = options.params ? *options.params : active_eval_params();
    PositionShard shard;
    shard.shard = options.shard;
    shard.shards = options.shards;
    shard.max_per_game = options.max_per_game;
    shard.quiet = options.quiet;
    shard.params_fingerprint = eval_params_fingerprint(params);
    std::uint64_t passed = 0;
    std::unordered_set<Key> seen;  // the passed positions of this shard's games so far
    for_each_sampled_game(
        inputs, options, shard.games, [] { return false; },
        [&](std::uint64_t index) {
            return index % unsigned(options.shards) == unsigned(options.shard);
        },
        [&] { return passed; },
        [&](std::uint64_t index, GameResult result, std::vector<Position>& candidates) {
            ShardGame& game = shard.shard_games.emplace_back();
            game.index = index;
            game.result = result;
            // Which candidates the single run tests depends on the positions of earlier games
            // in other shards, which only the merge sees: those a game needs beyond the ones
            // new here are left for the merge, untested.
            int new_here = 0;
            for (Position& candidate : candidates) {
                CandidateOutcome& outcome = game.candidates.emplace_back();
                if (options.max_per_game > 0 && new_here >= options.max_per_game) {
                    outcome.kind = CandidateOutcome::UNCLASSIFIED;
                    outcome.position = TrainingPosition::from_position(candidate);
                    continue;
                }
                outcome = classify_candidate(candidate, options.quiet, params);
                if (outcome.kind == CandidateOutcome::PASSED) {
                    ++passed;
                    new_here += seen.insert(outcome.key).second;
                }
            }
        });
    return shard;
}

}  // namespace mneme
