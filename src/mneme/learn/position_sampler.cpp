#include "mneme/learn/position_sampler.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <unordered_map>

#include "mneme/book/game_filter.h"
#include "mneme/eval/evaluate.h"
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

// 1 for a win of the side to move, 0.5 for a draw, 0 for a loss.
double result_for(GameResult result, Color side) {
    if (result == GameResult::DRAW) return 0.5;
    return (result == GameResult::WHITE_WINS) == (side == WHITE) ? 1.0 : 0.0;
}

// The distinct positions so far with the sum of their results.
class PositionSet {
public:
    bool add(const Position& pos, double result) {
        auto [found, inserted] = index_.try_emplace(pos.key(), positions_.size());
        if (!inserted) {
            result_sums_[found->second] += result;
            TrainingPosition& t = positions_[found->second];
            if (t.games < 0xffff) ++t.games;
            return false;
        }
        positions_.push_back(TrainingPosition::from_position(pos));
        result_sums_.push_back(result);
        return true;
    }
    std::size_t size() const { return positions_.size(); }

    std::vector<TrainingPosition> finish() {
        for (std::size_t i = 0; i < positions_.size(); ++i) {
            TrainingPosition& t = positions_[i];
            t.result = TrainingPosition::encode_label(result_sums_[i] / t.games);
            t.label = t.result;
        }
        return std::move(positions_);
    }

private:
    std::unordered_map<Key, std::size_t> index_;
    std::vector<TrainingPosition> positions_;
    std::vector<double> result_sums_;
};

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
    Clock::time_point start = Clock::now(), last_progress = start;
    std::mt19937_64 random(options.seed);
    std::bernoulli_distribution sampled(std::clamp(options.sample_rate, 0.0, 1.0));
    std::uint64_t bytes_total = 0, bytes_done = 0;
    for (const std::string& path : inputs) bytes_total += file_size_or_zero(path);

    PositionSet set;
    std::vector<Position> candidates;
    auto full = [&] { return options.max_positions && set.size() >= options.max_positions; };
    auto enough_games = [&] { return options.max_games && stats.games_seen >= options.max_games; };

    // Tests one candidate and keeps it (or its resolved form); true when kept.
    auto consider = [&](Position& pos, GameResult result) {
        ++stats.considered;
        if (pos.in_check()) {
            ++stats.in_check;
            return false;
        }
        if (options.quiet != QuietFilter::NONE) {
            QuiescenceResult q = quiescence(pos, params);
            if (std::abs(q.score) >= QUIESCENCE_MATE_SCORE - 100) {
                ++stats.mate_scores;
                return false;
            }
            if (options.quiet == QuietFilter::STABLE && q.score != q.static_score) {
                ++stats.not_quiet;
                return false;
            }
            if (options.quiet == QuietFilter::RESOLVE) {
                for (Move m : q.line) pos.do_move(m);
                if (pos.in_check()) {
                    ++stats.in_check;
                    return false;
                }
            }
        }
        if (!set.add(pos, result_for(result, pos.side_to_move()))) {
            ++stats.duplicates;
            return false;
        }
        return true;
    };

    PgnMainline game;
    for (const std::string& path : inputs) {
        if (full() || enough_games()) break;
        PgnReaderOptions reader_options;
        reader_options.mainline_only = true;
        PgnReader reader(path, reader_options);
        auto pass_on_errors = [&] {
            if (options.report)
                for (const PgnError& e : reader.errors()) options.report(e.message());
            reader.clear_errors();
        };
        std::uint64_t seen_before = stats.games_seen;
        while (!full() && !enough_games() && reader.next_mainline(game)) {
            pass_on_errors();
            stats.games_seen = seen_before + reader.stats().games_seen();
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
            candidates.clear();
            for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
                pos.do_move(game.moves[ply]);
                if (int(ply) + 1 >= options.skip_plies && sampled(random))
                    candidates.push_back(pos.without_history());
            }
            std::shuffle(candidates.begin(), candidates.end(), random);
            int kept = 0;
            for (Position& candidate : candidates) {
                if (options.max_per_game > 0 && kept >= options.max_per_game) break;
                if (full()) break;
                if (consider(candidate, game.result)) ++kept;
            }
            if (options.progress && Clock::now() - last_progress >= std::chrono::seconds(1)) {
                last_progress = Clock::now();
                options.progress({stats.games_seen, set.size(),
                                  bytes_done + reader.bytes_consumed(), bytes_total,
                                  std::chrono::duration<double>(last_progress - start).count()});
            }
        }
        pass_on_errors();
        stats.games_seen = seen_before + reader.stats().games_seen();
        stats.unreadable += reader.stats().games_skipped;
        stats.input_failed = stats.input_failed || reader.failed();
        bytes_done += file_size_or_zero(path);
    }
    stats.positions = set.size();
    stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return set.finish();
}

}  // namespace mneme
