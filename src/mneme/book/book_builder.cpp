#include "mneme/book/book_builder.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <thread>

#include "mneme/book/book_file.h"
#include "mneme/book/entry_source.h"
#include "mneme/book/entry_table.h"
#include "mneme/book/polyglot_book.h"
#include "mneme/pgn/pgn_reader.h"

namespace mneme {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t GAMES_PER_BATCH = 512;
constexpr std::size_t BATCHES_IN_FLIGHT = 4;

// Games handed from the reading thread to the counting thread, moves stored flat.
struct GameBatch {
    struct Game {
        std::size_t first_move = 0, move_count = 0;
        GameResult result = GameResult::DRAW;
        int white_elo = 0, black_elo = 0;
        int start = -1;  // index into `starts`, -1 for the standard starting position
    };
    std::vector<Game> games;
    std::vector<Move> moves;
    std::vector<Position> starts;

    void clear() {
        games.clear();
        moves.clear();
        starts.clear();
    }
};

// A bounded hand-over of batches; empty batches go back to the reader for reuse.
class BatchQueue {
public:
    std::unique_ptr<GameBatch> take_empty() {
        std::unique_lock lock(mutex_);
        changed_.wait(lock,
                      [&] { return !empty_.empty() || made_ < BATCHES_IN_FLIGHT || stopped_; });
        if (stopped_) return nullptr;
        if (empty_.empty()) {
            ++made_;
            return std::make_unique<GameBatch>();
        }
        auto batch = std::move(empty_.front());
        empty_.pop_front();
        return batch;
    }
    void give_full(std::unique_ptr<GameBatch> batch) {
        std::lock_guard lock(mutex_);
        full_.push_back(std::move(batch));
        changed_.notify_all();
    }
    // nullptr once the reader has finished and everything was taken, or at a stop.
    std::unique_ptr<GameBatch> take_full() {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return !full_.empty() || finished_ || stopped_; });
        if (full_.empty() || stopped_) return nullptr;
        auto batch = std::move(full_.front());
        full_.pop_front();
        return batch;
    }
    void give_empty(std::unique_ptr<GameBatch> batch) {
        batch->clear();
        std::lock_guard lock(mutex_);
        empty_.push_back(std::move(batch));
        changed_.notify_all();
    }
    void finish() {
        std::lock_guard lock(mutex_);
        finished_ = true;
        changed_.notify_all();
    }
    // The counting side failed: the reader stops at its next batch.
    void stop() {
        std::lock_guard lock(mutex_);
        stopped_ = true;
        changed_.notify_all();
    }

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::unique_ptr<GameBatch>> empty_, full_;
    std::size_t made_ = 0;
    bool finished_ = false, stopped_ = false;
};

// Temporary run files beside the output, removed whatever happens.
class RunFiles {
public:
    explicit RunFiles(std::string output) : output_(std::move(output)) {}
    ~RunFiles() {
        for (const std::string& path : paths_) std::remove(path.c_str());
    }
    const std::string& next_path() {
        paths_.push_back(output_ + ".run" + std::to_string(paths_.size()) + ".tmp");
        return paths_.back();
    }
    const std::vector<std::string>& paths() const { return paths_; }

private:
    std::string output_;
    std::vector<std::string> paths_;
};

// The counting thread's work: replay each game and count its first moves.
class Counter {
public:
    Counter(const BookBuildOptions& options, RunFiles& runs)
        : options_(options), runs_(runs), table_(options.memory_bytes) {}

    void count(const GameBatch& batch) {
        for (const GameBatch::Game& game : batch.games) {
            position_ = game.start < 0 ? standard_start_ : batch.starts[std::size_t(game.start)];
            plies_.clear();
            for (std::size_t i = 0; i < game.move_count; ++i) {
                Move move = batch.moves[game.first_move + i];
                Color mover = position_.side_to_move();
                int elo = mover == WHITE ? game.white_elo : game.black_elo;
                plies_.push_back({position_.key(), PolyglotBook::encode_move(move, position_)});
                if (options_.filter.counts_mover(elo) && !repeats_earlier_ply()) {
                    if (table_.full()) spill();
                    table_.add(plies_.back().key, plies_.back().move, mover, game.result, elo);
                    ++moves_counted_;
                }
                position_.do_move(move);
            }
        }
    }
    // A game that returns to a position (1.Nf3 Nf6 2.Ng1 Ng8) and plays the same move again
    // counts once: entries count games. Only the plies since the last capture or pawn move
    // can repeat the current position, with the same side to move.
    bool repeats_earlier_ply() const {
        std::size_t current = plies_.size() - 1;
        std::size_t window =
            std::min<std::size_t>(std::size_t(position_.halfmove_clock()), current);
        for (std::size_t back = 2; back <= window; back += 2) {
            const PlyRecord& earlier = plies_[current - back];
            if (earlier.key == plies_[current].key && earlier.move == plies_[current].move)
                return true;
        }
        return false;
    }
    void spill() {
        write_run(runs_.next_path(), table_.sorted_entries());
        table_.clear();
        spilled_.fetch_add(1, std::memory_order_relaxed);
    }
    EntryTable& table() { return table_; }
    std::uint64_t moves_counted() const { return moves_counted_; }
    std::uint64_t spilled() const { return spilled_.load(std::memory_order_relaxed); }

private:
    struct PlyRecord {
        Key key;
        std::uint16_t move;
    };

    const BookBuildOptions& options_;
    RunFiles& runs_;
    std::vector<PlyRecord> plies_;  // of the game being counted
    EntryTable table_;
    Position standard_start_, position_;
    std::uint64_t moves_counted_ = 0;
    std::atomic<std::uint64_t> spilled_{0};
};

bool stop_requested(const BookBuildOptions& options) {
    return options.stop && options.stop->load(std::memory_order_relaxed);
}

[[noreturn]] void interrupted(const std::string& output) {
    throw BookBuildInterrupted("interrupted: " + output + " was not written");
}

// The merged entries on their way to the book file, watching for a stop request; at the end
// too, so that a stop requested while the last entries were written still writes nothing.
class StoppableSource : public EntrySource {
public:
    StoppableSource(EntrySource& source, const BookBuildOptions& options, const std::string& output)
        : source_(source), options_(options), output_(output) {}
    bool next(BookEntry& entry) override {
        const bool more = source_.next(entry);
        if ((!more || (++count_ & 0xffff) == 0) && stop_requested(options_)) interrupted(output_);
        return more;
    }

private:
    EntrySource& source_;
    const BookBuildOptions& options_;
    const std::string& output_;
    std::uint64_t count_ = 0;
};

// The entries with at least `min_games` games, the first one read ahead: the build knows
// before it writes whether the book would be empty.
class KeptEntries : public EntrySource {
public:
    KeptEntries(EntrySource& source, std::uint64_t min_games)
        : source_(source), min_games_(min_games) {
        has_first_ = read_kept(first_);
    }
    bool empty() const { return !has_first_; }
    bool next(BookEntry& entry) override {
        if (!has_first_) return read_kept(entry);
        entry = first_;
        has_first_ = false;
        return true;
    }

private:
    bool read_kept(BookEntry& entry) {
        while (source_.next(entry))
            if (entry.games() >= min_games_) return true;
        return false;
    }

    EntrySource& source_;
    std::uint64_t min_games_;
    BookEntry first_;
    bool has_first_ = false;
};

std::uint64_t file_size_or_zero(const std::string& path) {
    std::error_code error;
    auto size = path == "-" ? 0 : std::filesystem::file_size(path, error);
    return error ? 0 : std::uint64_t(size);
}

// Reads every input, filters, and hands games to `queue`; counts into `stats`.
void read_games(const std::vector<std::string>& inputs, const std::string& output,
                const BookBuildOptions& options, BatchQueue& queue, const Counter& counter,
                BookBuildStats& stats, Clock::time_point start) {
    std::uint64_t bytes_total = 0, bytes_done = 0;
    for (const std::string& path : inputs) bytes_total += file_size_or_zero(path);
    Clock::time_point last_progress = start;

    std::unique_ptr<GameBatch> batch = queue.take_empty();
    if (!batch) return;
    PgnMainline game;
    std::uint64_t game_number = 0;  // over all inputs, for the shards
    for (const std::string& path : inputs) {
        PgnReaderOptions reader_options;
        reader_options.mainline_only = true;
        PgnReader reader(path, reader_options);
        auto pass_on_errors = [&] {
            if (options.report)
                for (const PgnError& e : reader.errors()) options.report(e.message());
            reader.clear_errors();
        };
        while (reader.next_mainline(game)) {
            pass_on_errors();
            if (stop_requested(options)) interrupted(output);
            if (game_number++ % std::uint64_t(options.shards) != std::uint64_t(options.shard)) {
                ++stats.other_shards;
            } else if (game.result == GameResult::ONGOING) {
                ++stats.no_result;
            } else if (!options.filter.accepts(game.headers)) {
                ++stats.filtered;
            } else {
                ++stats.games_used;
                GameBatch::Game& g = batch->games.emplace_back();
                g.first_move = batch->moves.size();
                g.move_count =
                    std::min(game.moves.size(), std::size_t(std::max(options.max_ply, 0)));
                g.result = game.result;
                g.white_elo = parse_elo(game.headers.get("WhiteElo"));
                g.black_elo = parse_elo(game.headers.get("BlackElo"));
                if (game.headers.contains("FEN")) {
                    g.start = int(batch->starts.size());
                    batch->starts.push_back(game.start_position());
                }
                batch->moves.insert(batch->moves.end(), game.moves.begin(),
                                    game.moves.begin() + std::ptrdiff_t(g.move_count));
                if (batch->games.size() == GAMES_PER_BATCH) {
                    queue.give_full(std::move(batch));
                    batch = queue.take_empty();
                    if (!batch) return;  // the counting thread failed
                }
            }
            std::uint64_t seen = stats.games_seen + reader.stats().games_seen();
            if (options.progress && (seen & 255) == 0 &&
                Clock::now() - last_progress >= std::chrono::seconds(1)) {
                last_progress = Clock::now();
                options.progress({seen, bytes_done + reader.bytes_consumed(), bytes_total,
                                  counter.spilled(),
                                  std::chrono::duration<double>(last_progress - start).count()});
            }
        }
        pass_on_errors();
        stats.games_seen += reader.stats().games_seen();
        stats.unreadable += reader.stats().games_skipped;
        stats.input_failed = stats.input_failed || reader.failed();
        bytes_done += file_size_or_zero(path);
    }
    if (!batch->games.empty()) queue.give_full(std::move(batch));
}

}  // namespace

std::string build_description(const std::vector<std::string>& inputs,
                              const BookBuildOptions& options) {
    std::string text = "mneme book build";
    for (const std::string& path : inputs)
        text.append(" ").append(std::filesystem::path(path).filename().string());
    text.append(" --max-ply ").append(std::to_string(options.max_ply));
    if (std::string filters = options.filter.describe(); !filters.empty())
        text.append(" ").append(filters);
    if (options.min_count > 1)
        text.append(" --min-count ").append(std::to_string(options.min_count));
    if (options.shards > 1)
        text.append(" --shard ")
            .append(std::to_string(options.shard))
            .append("/")
            .append(std::to_string(options.shards));
    return text;
}

BookBuildStats build_book(const std::vector<std::string>& inputs, const std::string& output,
                          const BookBuildOptions& options) {
    if (options.shards < 1 || options.shard < 0 || options.shard >= options.shards)
        throw std::invalid_argument("shard " + std::to_string(options.shard) + "/" +
                                    std::to_string(options.shards) + " does not exist");
    // Refused before any work: a book silently missing one of its inputs looks complete.
    for (const std::string& path : inputs) {
        if (path == "-") continue;
        std::ifstream probe(path, std::ios::binary);
        if (!probe)
            throw std::runtime_error("cannot read input " + path + ": " + std::strerror(errno) +
                                     "; " + output + " was not written");
    }
    Clock::time_point start = Clock::now();
    BookBuildStats stats;
    RunFiles runs(output);
    Counter counter(options, runs);
    BatchQueue queue;

    std::exception_ptr counting_error;
    std::thread counting([&] {
        try {
            while (auto batch = queue.take_full()) {
                counter.count(*batch);
                queue.give_empty(std::move(batch));
            }
        } catch (...) {
            counting_error = std::current_exception();
            queue.stop();
        }
    });
    try {
        read_games(inputs, output, options, queue, counter, stats, start);
    } catch (...) {
        queue.stop();
        queue.finish();
        counting.join();
        throw;
    }
    queue.finish();
    counting.join();
    if (counting_error) std::rethrow_exception(counting_error);
    if (stats.input_failed)
        throw std::runtime_error("an input could not be read to its end (see above); " + output +
                                 " was not written");
    // A stop that came while the reader waited for input that then ended (a FIFO, a pipe).
    if (stop_requested(options)) interrupted(output);

    std::vector<std::unique_ptr<EntrySource>> sources;
    for (const std::string& path : runs.paths())
        sources.push_back(std::make_unique<RunFileSource>(path));
    sources.push_back(std::make_unique<SpanSource>(counter.table().sorted_entries()));
    MergedSource merged(std::move(sources));
    StoppableSource stoppable(merged, options, output);
    KeptEntries kept(stoppable, options.min_count);
    stats.runs = counter.spilled();
    stats.moves_counted = counter.moves_counted();
    // A shard may hold none of a small input's games, and its empty book is still one of the
    // set to merge; a whole build's empty book would only replace the old file.
    if (!kept.empty() || options.shards > 1) {
        stats.entries =
            write_book(output, build_description(inputs, options), kept, options.min_count);
        stats.written = true;
    }
    stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return stats;
}

}  // namespace mneme
