// Building a book from PGN files: one thread reads and filters games, another replays them and
// counts (position, move, result) in a hash table. When the table reaches its memory budget
// it is written out sorted as a run beside the output; at the end the runs and the table are
// merged into the book, so a database larger than memory works.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "mneme/book/game_filter.h"

namespace mneme {

struct BookBuildProgress {
    std::uint64_t games_seen = 0;
    std::uint64_t bytes_read = 0;   // of the input files (compressed bytes for .zst/.gz)
    std::uint64_t bytes_total = 0;  // 0 when unknown (stdin)
    std::uint64_t runs = 0;         // runs spilled so far
    double seconds = 0;
};

struct BookBuildOptions {
    GameFilter filter;
    int max_ply = 70;             // moves counted from the start of each game
    std::uint64_t min_count = 1;  // entries with fewer games are left out of the book
    std::size_t memory_bytes = std::size_t(1024) << 20;  // for the hash table
    // Counts only game g mod shards == shard (g numbered from 0 over all inputs in order, every
    // game the reader returns), so the books of shards 0..N-1 merge into the single build's.
    // Every shard still reads and replays all the input; only the counting is divided.
    int shard = 0, shards = 1;
    // Called from the reading thread at most about once a second.
    std::function<void(const BookBuildProgress&)> progress;
    // Each message of the PGN reader (an unreadable game, a warning), as it comes.
    std::function<void(const std::string&)> report;
    // When set (e.g. by Ctrl-C) the build stops: BookBuildInterrupted is thrown, the output is
    // not written and the runs are removed.
    const std::atomic<bool>* stop = nullptr;
};

class BookBuildInterrupted : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct BookBuildStats {
    std::uint64_t games_seen = 0;
    std::uint64_t games_used = 0;
    std::uint64_t unreadable = 0;    // skipped by the PGN reader
    std::uint64_t no_result = 0;     // "*" or no result
    std::uint64_t filtered = 0;      // left out by the game filters
    std::uint64_t other_shards = 0;  // belonging to other shards
    std::uint64_t moves_counted = 0;
    std::uint64_t entries = 0;  // written to the book
    bool written = false;       // false: no entry, and the output was left as it was
    std::uint64_t runs = 0;     // spilled to disk
    bool input_failed = false;  // a file could not be opened or read to its end
    double seconds = 0;
};

// Builds `output` from `inputs` (plain, .gz or .zst PGN; "-" is stdin). Throws
// std::runtime_error naming the file when the output or a run cannot be written. A build
// without one entry writes nothing (`written` false) unless it is one shard of several.
BookBuildStats build_book(const std::vector<std::string>& inputs, const std::string& output,
                          const BookBuildOptions& options);

// The text stored in a built book's header: the inputs and the options.
std::string build_description(const std::vector<std::string>& inputs,
                              const BookBuildOptions& options);

}  // namespace mneme
