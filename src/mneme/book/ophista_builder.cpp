#include "mneme/book/ophista_builder.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <unordered_map>

#include "mneme/book/ophista_file.h"
#include "mneme/pgn/pgn_reader.h"

namespace mneme {

namespace {

using Clock = std::chrono::steady_clock;

struct MoveCount {
    int min_distance = OPHISTA_WINDOW + 1;
    std::uint64_t count = 0;
};

using PositionMoves = std::unordered_map<std::uint16_t, MoveCount>;

// Book positions are looked up once each.
class BookPositions {
public:
    BookPositions(const BookFile& book, std::uint64_t min_games)
        : book_(book), min_games_(min_games) {}
    bool contains(Key key) {
        auto [it, inserted] = known_.try_emplace(key, false);
        if (inserted) {
            std::uint64_t games = 0;
            for (const BookEntry& e : book_.lookup(key)) games += e.games();
            it->second = games > 0 && games >= min_games_;
        }
        return it->second;
    }

private:
    const BookFile& book_;
    std::uint64_t min_games_;
    std::unordered_map<Key, bool> known_;
};

OphistaTable make_table(Key key, const PositionMoves& moves) {
    std::array<std::uint64_t, 4> band_max{};
    for (const auto& [code, c] : moves) {
        std::size_t band = std::size_t(c.min_distance - 1) / 2;
        band_max[band] = std::max(band_max[band], c.count);
    }
    OphistaTable table;
    table.key = key;
    for (const auto& [code, c] : moves) {
        std::uint64_t top = band_max[std::size_t(c.min_distance - 1) / 2];
        table.moves.push_back({code, ophista_value(c.min_distance, c.count, top), 0});
    }
    std::sort(table.moves.begin(), table.moves.end(),
              [](const OphistaMove& a, const OphistaMove& b) { return a.code < b.code; });
    return table;
}

}  // namespace

OphistaBuildStats build_ophista(const std::vector<std::string>& inputs, const BookFile& book,
                                const std::string& output, const OphistaBuildOptions& options) {
    for (const std::string& path : inputs) {
        std::ifstream probe(path, std::ios::binary);
        if (path != "-" && !probe)
            throw std::runtime_error("cannot read input " + path + ": " + std::strerror(errno) +
                                     "; " + output + " was not written");
    }
    Clock::time_point start = Clock::now(), last_progress = start;
    std::uint64_t bytes_total = 0, bytes_done = 0;
    for (const std::string& path : inputs) {
        std::error_code error;
        auto size = path == "-" ? 0 : std::filesystem::file_size(path, error);
        bytes_total += error ? 0 : size;
    }

    OphistaBuildStats stats;
    BookPositions book_positions(book, options.min_games);
    std::unordered_map<Key, PositionMoves> tables;
    PgnReaderOptions reader_options;
    reader_options.mainline_only = true;
    PgnMainline game;
    bool failed = false;
    for (const std::string& path : inputs) {
        PgnReader reader(path, reader_options);
        while (reader.next_mainline(game)) {
            if (options.report)
                for (const PgnError& e : reader.errors()) options.report(e.message());
            reader.clear_errors();
            Position pos = game.start_position();
            std::size_t last =
                std::min(game.moves.size(), std::size_t(std::max(options.max_ply, 0)));
            bool used = false;
            for (std::size_t ply = 0; ply < last; ++ply) {
                if (book_positions.contains(pos.key())) {
                    used = true;
                    PositionMoves& moves = tables[pos.key()];
                    Position ahead = pos.without_history();
                    for (std::size_t d = 1; d <= OPHISTA_WINDOW && ply + d <= game.moves.size();
                         ++d) {
                        Move m = game.moves[ply + d - 1];
                        MoveCount& c = moves[OphistaMove::code_of(ahead.side_to_move(), m)];
                        c.min_distance = std::min(c.min_distance, int(d));
                        ++c.count;
                        ahead.do_move(m);
                    }
                }
                pos.do_move(game.moves[ply]);
            }
            stats.games_used += used;
            std::uint64_t seen = stats.games_seen + reader.stats().games_seen();
            if (options.progress && (seen & 255) == 0 &&
                Clock::now() - last_progress >= std::chrono::seconds(1)) {
                last_progress = Clock::now();
                options.progress(seen, bytes_done + reader.bytes_consumed(), bytes_total,
                                 std::chrono::duration<double>(last_progress - start).count());
            }
        }
        if (options.report)
            for (const PgnError& e : reader.errors()) options.report(e.message());
        stats.games_seen += reader.stats().games_seen();
        stats.unreadable += reader.stats().games_skipped;
        failed = failed || reader.failed();
        std::error_code error;
        auto size = path == "-" ? 0 : std::filesystem::file_size(path, error);
        bytes_done += error ? 0 : size;
    }
    if (failed)
        throw std::runtime_error("an input could not be read to its end (see above); " + output +
                                 " was not written");

    std::vector<OphistaTable> sorted;
    sorted.reserve(tables.size());
    for (const auto& [key, moves] : tables) sorted.push_back(make_table(key, moves));
    std::sort(sorted.begin(), sorted.end(),
              [](const OphistaTable& a, const OphistaTable& b) { return a.key < b.key; });
    for (const OphistaTable& t : sorted) stats.moves += t.moves.size();
    stats.positions = sorted.size();
    write_ophista(output, sorted);
    stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return stats;
}

}  // namespace mneme
