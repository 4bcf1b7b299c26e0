#include "mneme/match/run_games.h"

#include "mneme/match/game_runner.h"
#include "mneme/pgn/pgn_reader.h"

namespace mneme {

std::vector<RunGame> run_games_from_pgn(const std::vector<std::string>& paths, int& skipped,
                                        std::vector<std::string>& errors,
                                        std::vector<std::string>& warnings) {
    std::vector<RunGame> games;
    for (const std::string& path : paths) {
        PgnReaderOptions options;
        options.mainline_only = true;
        PgnReader reader(path, options);
        PgnMainline game;
        while (reader.next_mainline(game)) {
            // Import format: the reader's full games take the movetext's result so too.
            std::optional<double> points = white_points(game.headers, game.result);
            if (!points) {
                ++skipped;
                continue;
            }
            RunGame& entry = games.emplace_back();
            entry.round = game.headers.get("Round");
            entry.white = game.headers.get("White", "?");
            entry.black = game.headers.get("Black", "?");
            entry.start = game.headers.get("FEN");
            entry.opening = game.headers.get("Opening");
            entry.termination = game.headers.get("Termination", "normal");
            entry.white_score = *points;
            entry.place = path + ": game " + std::to_string(game.source.game_number) + " (line " +
                          std::to_string(game.source.line) + ")";
        }
        for (const PgnError& error : reader.errors())
            (error.warning ? warnings : errors).push_back(error.message());
    }
    return games;
}

}  // namespace mneme
