#include "mneme/cbr/case_base_builder.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <random>

#include "mneme/book/game_filter.h"
#include "mneme/cbr/case_retrieval.h"
#include "mneme/cbr/player_name.h"
#include "mneme/pgn/pgn_reader.h"

namespace mneme {

namespace {

using Clock = std::chrono::steady_clock;

std::uint64_t file_size_or_zero(const std::string& path) {
    std::error_code error;
    auto size = path == "-" ? 0 : std::filesystem::file_size(path, error);
    return error ? 0 : std::uint64_t(size);
}

// Keeps a uniform sample of at most `capacity` cases from a stream of unknown length.
class CaseSample {
public:
    CaseSample(std::uint64_t capacity, std::uint64_t seed) : capacity_(capacity), random_(seed) {}

    void add(const CaseRecord& record) {
        ++offered_;
        if (capacity_ == 0 || cases_.size() < capacity_) {
            cases_.push_back(record);
            return;
        }
        std::uniform_int_distribution<std::uint64_t> slot(0, offered_ - 1);
        std::uint64_t j = slot(random_);
        if (j < capacity_) cases_[j] = record;
    }
    std::uint64_t offered() const { return offered_; }
    std::uint64_t size() const { return cases_.size(); }

    // The sample in game order (games are numbered in reading order).
    std::vector<CaseRecord> take() {
        std::stable_sort(cases_.begin(), cases_.end(),
                         [](const CaseRecord& a, const CaseRecord& b) {
                             return a.game != b.game ? a.game < b.game : a.ply < b.ply;
                         });
        return std::move(cases_);
    }

private:
    std::uint64_t capacity_;
    std::mt19937_64 random_;
    std::uint64_t offered_ = 0;
    std::vector<CaseRecord> cases_;
};

std::string bucket_range(std::pair<int, int> bucket) {
    return std::to_string(bucket.first) + "-" + std::to_string(bucket.second);
}

std::string bucket_note(std::pair<int, int> bucket) {
    return " (this file: movers rated " + bucket_range(bucket) + ")";
}

// The whole number after `option` and a space in `text` (from the last occurrence; no text
// after the options names another), or `otherwise`.
std::uint64_t number_after(const std::string& text, const std::string& option,
                           std::uint64_t otherwise) {
    std::size_t at = text.rfind(option + " ");
    if (at == std::string::npos) return otherwise;
    return std::strtoull(text.c_str() + at + option.size() + 1, nullptr, 10);
}

std::uint16_t clamp_u16(std::uint64_t value) {
    return std::uint16_t(std::min<std::uint64_t>(value, std::numeric_limits<std::uint16_t>::max()));
}

}  // namespace

std::vector<CaseRecord> with_mirrored_cases(const std::vector<CaseRecord>& cases) {
    std::vector<CaseRecord> both;
    both.reserve(2 * cases.size());
    for (const CaseRecord& c : cases) {
        both.push_back(c);
        CaseRecord flipped = c;
        flipped.board = case_board_for(c, true);
        flipped.move = case_move_for(c, true).raw();
        flipped.mover = std::uint8_t(~c.mover_color());
        GameResult result = c.game_result();
        flipped.result = std::uint8_t(result == GameResult::WHITE_WINS   ? GameResult::BLACK_WINS
                                      : result == GameResult::BLACK_WINS ? GameResult::WHITE_WINS
                                                                         : result);
        both.push_back(flipped);
    }
    return both;
}

std::string case_build_description(const std::vector<std::string>& inputs,
                                   const CaseBuildOptions& options, int bucket) {
    std::string text = "mneme cases build";
    for (const std::string& path : inputs)
        text.append(" ").append(std::filesystem::path(path).filename().string());
    for (const std::string& player : options.players) text.append(" --player '" + player + "'");
    if (options.min_elo) text.append(" --min-elo " + std::to_string(options.min_elo));
    if (options.max_elo) text.append(" --max-elo " + std::to_string(options.max_elo));
    for (auto [low, high] : options.elo_buckets)
        text.append(" --bucket " + std::to_string(low) + "-" + std::to_string(high));
    if (options.max_cases)
        text.append(" --max-cases " + std::to_string(options.max_cases) + " --sample-seed " +
                    std::to_string(options.sample_seed));
    if (options.max_games) text.append(" --max-games " + std::to_string(options.max_games));
    if (options.mirror) text.append(" --mirror");
    if (bucket >= 0 && std::size_t(bucket) < options.elo_buckets.size())
        text.append(bucket_note(options.elo_buckets[std::size_t(bucket)]));
    if (options.shards > 1)
        text.append(" --shard " + std::to_string(options.shard) + "/" +
                    std::to_string(options.shards));
    return text;
}

std::vector<CaseRecord> sample_cases(const std::vector<CaseRecord>& cases, std::uint64_t max_cases,
                                     std::uint64_t seed) {
    CaseSample sample(max_cases, seed);
    for (const CaseRecord& c : cases) sample.add(c);
    return sample.take();
}

CaseSampling case_sampling_of_description(const std::string& description) {
    // The options follow the inputs and the quoted player names.
    std::size_t quote = description.rfind('\'');
    std::string options = description.substr(quote == std::string::npos ? 0 : quote);
    CaseSampling sampling;
    sampling.max_cases = number_after(options, " --max-cases", 0);
    sampling.seed = number_after(options, " --sample-seed", 1);
    sampling.mirror = options.find(" --mirror") != std::string::npos;
    // Bucket b draws with seed + b: which bucket this file holds, among the --bucket options.
    const std::string note_start = " (this file: movers rated ", bucket_option = " --bucket ";
    std::size_t note = options.rfind(note_start);
    if (note != std::string::npos) {
        std::size_t from = note + note_start.size();
        std::string range = options.substr(from, options.find(')', from) - from);
        std::uint64_t index = 0;
        for (std::size_t at = options.find(bucket_option); at < note;
             at = options.find(bucket_option, at + 1), ++index) {
            std::size_t value = at + bucket_option.size();
            if (options.substr(value, options.find(' ', value) - value) == range) {
                sampling.seed += index;
                break;
            }
        }
    }
    return sampling;
}

CaseBuild build_cases(const std::vector<std::string>& inputs, const CaseBuildOptions& options) {
    if (options.shards < 1 || options.shard < 0 || options.shard >= options.shards)
        throw std::invalid_argument("shard " + std::to_string(options.shard) + "/" +
                                    std::to_string(options.shards) + " does not exist");
    // A shard keeps every selected move for the merge, which draws the sample and mirrors.
    const bool deferred = options.shards > 1 && options.max_cases > 0;
    Clock::time_point start = Clock::now(), last_progress = start;
    CaseBuildStats stats;
    ExpertNames experts(options.players);
    // One sample per rating bucket, or a single one.
    std::vector<std::pair<int, int>> ranges = options.elo_buckets;
    if (ranges.empty()) ranges.emplace_back(options.min_elo, options.max_elo);
    std::vector<CaseSample> samples;
    for (std::size_t b = 0; b < ranges.size(); ++b)
        samples.emplace_back(deferred ? 0 : options.max_cases, options.sample_seed + b);
    auto bucket_of = [&](int elo) -> int {
        if (!options.selects_by_rating()) return 0;
        if (elo <= 0) return -1;
        for (std::size_t b = 0; b < ranges.size(); ++b)
            if (elo >= ranges[b].first && (!ranges[b].second || elo <= ranges[b].second))
                return int(b);
        return -1;
    };
    auto offered = [&] {
        std::uint64_t total = 0;
        for (const CaseSample& sample : samples) total += sample.offered();
        return total;
    };
    auto kept = [&] {
        std::uint64_t total = 0;
        for (const CaseSample& sample : samples) total += sample.size();
        return total;
    };
    std::uint64_t bytes_total = 0, bytes_done = 0;
    for (const std::string& path : inputs) bytes_total += file_size_or_zero(path);

    std::uint64_t game_number = 0;
    PgnMainline game;
    Position pos;
    for (const std::string& path : inputs) {
        PgnReaderOptions reader_options;
        reader_options.mainline_only = true;
        PgnReader reader(path, reader_options);
        auto pass_on_errors = [&] {
            if (options.report)
                for (const PgnError& e : reader.errors()) options.report(e.message());
            reader.clear_errors();
        };
        while ((!options.max_games || game_number < options.max_games) &&
               reader.next_mainline(game)) {
            pass_on_errors();
            if (options.stop && options.stop->load())
                throw CaseBuildInterrupted("interrupted; no case base written");
            ++game_number;
            if ((game_number - 1) % std::uint64_t(options.shards) != std::uint64_t(options.shard))
                continue;
            // Which sample each side's moves go to (-1: not an expert): by name, by rating, or
            // (no selection) both sides to the only sample.
            int elo[2] = {parse_elo(game.headers.get("WhiteElo")),
                          parse_elo(game.headers.get("BlackElo"))};
            int expert[2];
            for (Color c : {WHITE, BLACK}) {
                expert[c] = bucket_of(elo[c]);
                std::string_view tag = game.headers.get(c == WHITE ? "White" : "Black");
                if (!experts.empty() && expert[c] >= 0) {
                    if (experts.match(tag) >= 0)
                        ++stats.spellings[std::string(tag)];
                    else
                        expert[c] = -1;
                }
            }
            std::uint64_t before = offered();
            if (expert[WHITE] >= 0 || expert[BLACK] >= 0) {
                pos = game.start_position();
                for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
                    Color mover = pos.side_to_move();
                    if (expert[mover] >= 0) {
                        CaseRecord record;
                        record.board = CaseBoard::from_position(pos);
                        record.game = std::uint32_t(std::min<std::uint64_t>(
                            game_number, std::numeric_limits<std::uint32_t>::max()));
                        record.move = game.moves[ply].raw();
                        record.ply = clamp_u16(ply);
                        record.mover_elo = clamp_u16(std::uint64_t(std::max(elo[mover], 0)));
                        record.mover = mover;
                        record.result = std::uint8_t(game.result);
                        samples[std::size_t(expert[mover])].add(record);
                    }
                    pos.do_move(game.moves[ply]);
                }
            }
            if (offered() > before)
                ++stats.games_matched;
            else
                ++stats.games_unmatched;

            std::uint64_t seen = stats.games_seen + reader.stats().games_seen();
            if (options.progress && (seen & 255) == 0 &&
                Clock::now() - last_progress >= std::chrono::seconds(1)) {
                last_progress = Clock::now();
                options.progress({seen, kept(), bytes_done + reader.bytes_consumed(), bytes_total,
                                  std::chrono::duration<double>(last_progress - start).count()});
            }
        }
        pass_on_errors();
        stats.games_seen += reader.stats().games_seen();
        stats.unreadable += reader.stats().games_skipped;
        stats.input_failed = stats.input_failed || reader.failed();
        bytes_done += file_size_or_zero(path);
    }
    // A stop that came while the reader waited for input that then ended (a FIFO, a pipe).
    if (options.stop && options.stop->load())
        throw CaseBuildInterrupted("interrupted; no case base written");
    stats.moves_selected = offered();
    stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    CaseBuild build;
    build.stats = std::move(stats);
    auto finish = [&](CaseSample& sample) {
        std::vector<CaseRecord> cases = sample.take();
        return options.mirror && !deferred ? with_mirrored_cases(cases) : cases;
    };
    if (options.elo_buckets.empty()) {
        build.cases = finish(samples.front());
        build.bucket_moves_selected = {samples.front().offered()};
        return build;
    }
    for (CaseSample& sample : samples) {
        build.bucket_moves_selected.push_back(sample.offered());
        build.buckets.push_back(finish(sample));
    }
    return build;
}

}  // namespace mneme
