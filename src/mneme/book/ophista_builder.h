// Building OPHISTA tables (see ophista_file.h) from a game database and its book: every
// position of a game that the book holds with at least `min_games` games gets the moves played
// in the next 8 plies of that game, with the nearest distance and how often.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mneme/book/book_file.h"

namespace mneme {

struct OphistaBuildOptions {
    std::uint64_t min_games = 20;  // games through a position for it to count as a book position
    int max_ply = 70;              // positions after this ply are not book positions
    // Each message of the PGN reader (an unreadable game), as it comes.
    std::function<void(const std::string&)> report;
    // About once a second: games so far, bytes read, bytes in all (0 when unknown), seconds.
    std::function<void(std::uint64_t, std::uint64_t, std::uint64_t, double)> progress;
};

struct OphistaBuildStats {
    std::uint64_t games_seen = 0, games_used = 0, unreadable = 0;
    std::uint64_t positions = 0, moves = 0;  // written
    double seconds = 0;
};

// Builds the tables from `inputs` (plain, .gz or .zst PGN) and writes them to `output`
// atomically. Throws std::runtime_error naming the file when an input cannot be read (before
// writing anything) or the output cannot be written.
OphistaBuildStats build_ophista(const std::vector<std::string>& inputs, const BookFile& book,
                                const std::string& output, const OphistaBuildOptions& options);

}  // namespace mneme
