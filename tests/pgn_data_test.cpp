// PGN over the shared data: every game of the player files and of the TCEC archive (some games
// start from a FEN) reads, and the game counts equal the files' "[Event " lines.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "mneme/pgn/pgn_reader.h"
#include "test_data.h"

namespace mneme {
namespace {

const char* const PLAYERS[] = {
    "Alekhine", "Anand",    "Anderssen",   "Botvinnik", "Bronstein", "Capablanca",
    "Carlsen",  "Caruana",  "Ding",        "Euwe",      "Fischer",   "Gukesh",
    "Karpov",   "Kasparov", "Keres",       "Korchnoi",  "Kramnik",   "Lasker",
    "Morphy",   "Nakamura", "Nimzowitsch", "Petrosian", "PolgarJ",   "Rubinstein",
    "Smyslov",  "Spassky",  "Steinitz",    "Tal",       "Tarrasch",  "Topalov",
};

std::uint64_t event_lines(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::uint64_t count = 0;
    while (std::getline(in, line))
        if (line.rfind("[Event ", 0) == 0) ++count;
    return count;
}

TEST(PgnRealData, MorphyGameCountEqualsEventLines) {
    MNEME_REQUIRE_DATA();
    const std::string path = test::data_path("pgn/players/Morphy.pgn");
    for (bool mainline_only : {false, true}) {
        PgnReaderOptions options;
        options.mainline_only = mainline_only;
        PgnReader reader(path, options);
        PgnMainline game;
        std::uint64_t games = 0;
        while (reader.next_mainline(game)) ++games;
        EXPECT_EQ(games, event_lines(path));
        EXPECT_EQ(games, 211u);
        EXPECT_EQ(reader.stats().games_skipped, 0u);
        EXPECT_EQ(reader.stats().plies, 13835u);
        EXPECT_TRUE(reader.errors().empty());
    }
}

TEST(PgnRealData, EveryPlayerFileReadsCompletely) {
    MNEME_REQUIRE_DATA();
    // The sanitizer build is many times slower: a few files make the point there.
    std::size_t files = test::sanitized_build() ? 3 : std::size(PLAYERS);
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < files; ++i) {
        const std::string path = test::data_path(std::string("pgn/players/") + PLAYERS[i] + ".pgn");
        PgnReader reader(path);  // full mode: comments and variations are checked too
        PgnGame game;
        std::uint64_t games = 0;
        while (reader.next(game)) ++games;
        EXPECT_EQ(games, event_lines(path)) << path;
        EXPECT_EQ(reader.stats().games_skipped, 0u) << path;
        for (const PgnError& e : reader.errors()) ADD_FAILURE() << e.message();
        total += games;
    }
    if (files == std::size(PLAYERS)) {
        EXPECT_EQ(total, 65352u);
    }
}

TEST(PgnRealData, TcecArchiveWithFenStarts) {
    MNEME_REQUIRE_DATA();
    if (test::sanitized_build()) GTEST_SKIP() << "too slow under sanitizers";
    PgnReaderOptions options;
    options.mainline_only = true;
    PgnReader reader(test::data_path("pgn/engine/tcec_archive_standard_compact.pgn.zst"), options);
    PgnMainline game;
    std::uint64_t games = 0, from_fen = 0, plies = 0;
    while (reader.next_mainline(game)) {
        ++games;
        plies += game.moves.size();
        if (game.headers.contains("FEN")) ++from_fen;
    }
    EXPECT_EQ(games, 22378u);
    EXPECT_EQ(from_fen, 144u);
    EXPECT_EQ(plies, reader.stats().plies);
    EXPECT_EQ(reader.stats().games_skipped, 0u);
    EXPECT_FALSE(reader.failed());
    for (const PgnError& e : reader.errors()) ADD_FAILURE() << e.message();
}

}  // namespace
}  // namespace mneme
