// The finished games of a run's PGN files (a match's, a tournament's, or their shards'), as
// the reports need them: players, round, start, result.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace mneme {

struct RunGame {
    std::string round;  // the Round tag ("R.G" from the match runner)
    std::string white, black;
    std::string start;                   // the FEN tag; empty from the standard start
    std::string opening;                 // the Opening tag
    std::string termination = "normal";  // the Termination tag
    double white_score = 0;              // 1, 1/2, 0 or a result-function fraction
    std::size_t file = 0;                // which of the paths it came from
};

// The finished games of the files, in file order. A game whose Result tag is missing or "*"
// counts by the result its movetext ends with; a game with neither is counted in `skipped`.
// The reader's errors (games left out) and warnings (games read and counted) are added to
// theirs, and so is a game whose White and Black are one name, left out.
std::vector<RunGame> run_games_from_pgn(const std::vector<std::string>& paths, int& skipped,
                                        std::vector<std::string>& errors,
                                        std::vector<std::string>& warnings);

}  // namespace mneme
