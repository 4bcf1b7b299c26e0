// Feedback learning (OPTA FB, Toni 1996, ch. 5): after each game the engine plays, its result
// is added `weight` times (thesis: 5) to every (position, move) of the game's first plies, in an
// experience file kept apart from the database book. The experience file is a native .mbook, so
// `mneme book info/probe` read it, and OpeningBook adds its counts to the book's.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mneme/core/game_outcome.h"
#include "mneme/core/position.h"

namespace mneme {

struct LearningOptions {
    std::uint32_t weight = 5;  // games each result counts as
    int max_ply = 70;          // plies learned from the start of each game
};

// One game to learn from.
struct LearnedGame {
    Position start;
    std::vector<Move> moves;
    GameResult result = GameResult::ONGOING;
};

struct LearningStats {
    std::uint64_t games_learned = 0;
    std::uint64_t unfinished = 0;  // no result: nothing to learn
    std::uint64_t entries = 0;     // in the experience file afterwards
};

// Adds `games` to the experience file `path` (created when missing) and rewrites it
// atomically. Writers in this process take turns; separate processes must not share a file.
// Throws std::runtime_error naming the file when it cannot be read or written.
LearningStats learn_from_games(const std::vector<LearnedGame>& games, const std::string& path,
                               const LearningOptions& options);

// The games of PGN files for learn_from_games; unreadable games go to `report`. Throws
// std::runtime_error naming a file that cannot be read to its end.
std::vector<LearnedGame> read_games_to_learn(const std::vector<std::string>& inputs,
                                             const std::function<void(const std::string&)>& report);

// "1-0", "0-1", "1/2-1/2"; ONGOING for anything else.
GameResult parse_result_text(const std::string& text);

}  // namespace mneme
