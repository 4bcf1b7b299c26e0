#include "mneme/match/run_games.h"

#include "mneme/match/game_runner.h"
#include "mneme/pgn/pgn_reader.h"
#include "mneme/util/text.h"

namespace mneme {

std::vector<RunGame> run_games_from_pgn(const std::vector<std::string>& paths, int& skipped,
                                        std::vector<std::string>& errors,
                                        std::vector<std::string>& warnings) {
    std::vector<RunGame> games;
    for (std::size_t file = 0; file < paths.size(); ++file) {
        const std::string& path = paths[file];
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
            std::string white(game.headers.get("White", "?")),
                black(game.headers.get("Black", "?"));
            // A game between two players of one name (both tags missing, as in a PGN that is
            // no match's) can be neither rated nor paired; it is named and left out rather
            // than ending the report.
            if (white == black) {
                errors.push_back(path + ": game " + std::to_string(game.source.game_number) +
                                 " (line " + std::to_string(game.source.line) +
                                 "): White and Black are both '" + printable(white) +
                                 "'; left out");
                continue;
            }
            RunGame& entry = games.emplace_back();
            entry.round = game.headers.get("Round");
            entry.white = std::move(white);
            entry.black = std::move(black);
            entry.start = game.headers.get("FEN");
            entry.opening = game.headers.get("Opening");
            entry.termination = game.headers.get("Termination", "normal");
            entry.white_score = *points;
            entry.file = file;
        }
        for (const PgnError& error : reader.errors())
            (error.warning ? warnings : errors).push_back(error.message());
    }
    return games;
}

}  // namespace mneme
