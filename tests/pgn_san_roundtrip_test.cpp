// SAN round trip on every move of the first 3000 games of a real player file: for each move,
// move_to_san then parse_san gives the move back, and the SAN written equals the token in the
// file up to check marks (ChessBase-style minimal disambiguation and "x" on captures). Check marks
// must agree on check or no check; the file writes some mates as "+", which are counted.
#include <gtest/gtest.h>

#include <string>

#include "mneme/notation/san.h"
#include "mneme/pgn/pgn_lexer.h"
#include "mneme/pgn/pgn_reader.h"
#include "test_data.h"

namespace mneme {
namespace {

constexpr std::uint64_t MATES_MARKED_AS_CHECK = 57;

std::string_view without_check_mark(std::string_view san) {
    while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.remove_suffix(1);
    return san;
}

TEST(PgnSanRoundTrip, EveryMoveOfThreeThousandGames) {
    MNEME_REQUIRE_DATA();
    const std::uint64_t game_limit = test::sanitized_build() ? 300 : 3000;
    const std::string path = test::data_path("pgn/players/Carlsen.pgn");

    // The reader resolves the moves; a second lexer over the same file yields the original
    // tokens in the same order (the file has no bad games, so the two stay in step).
    PgnReaderOptions options;
    options.mainline_only = true;
    PgnReader reader(path, options);
    std::string error;
    PgnLexer tokens(InputStream::open(path, &error), true);

    PgnMainline game;
    std::uint64_t games = 0, moves = 0, text_differs = 0, check_differs = 0,
                  mate_written_as_check = 0;
    while (games < game_limit && reader.next_mainline(game)) {
        ++games;
        Position pos = game.start_position();
        for (Move m : game.moves) {
            PgnToken token = tokens.next();
            while (token.kind != PgnTokenKind::MOVE) {
                ASSERT_NE(token.kind, PgnTokenKind::END_OF_INPUT);
                token = tokens.next();
            }
            std::string san = move_to_san(pos, m);
            ASSERT_EQ(parse_san(pos, san), m) << san << " in " << pos.fen();
            ASSERT_EQ(parse_san(pos, token.text), m) << token.text << " in " << pos.fen();
            std::string_view written = without_check_mark(san),
                             original = without_check_mark(token.text);
            if (written != original) {
                ++text_differs;
                ADD_FAILURE() << "game " << games << ": wrote " << san << " for " << token.text
                              << " in " << pos.fen();
            } else if ((written.size() == san.size()) != (original.size() == token.text.size())) {
                ++check_differs;
                ADD_FAILURE() << "game " << games << ": check in " << san << " but not in "
                              << token.text << " (or the reverse) in " << pos.fen();
            } else if (san != token.text) {
                ++mate_written_as_check;  // the source marks some mates "+": not our concern
            }
            pos.do_move(m);
            ++moves;
        }
    }
    EXPECT_EQ(games, game_limit);
    EXPECT_GT(moves, game_limit * 60);
    EXPECT_EQ(text_differs, 0u);
    EXPECT_EQ(check_differs, 0u);
    // Measured on this file: ChessBase wrote some mates as "+" where we write "#".
    if (!test::sanitized_build()) {
        EXPECT_EQ(mate_written_as_check, MATES_MARKED_AS_CHECK);
    }
    EXPECT_TRUE(reader.errors().empty());
}

}  // namespace
}  // namespace mneme
