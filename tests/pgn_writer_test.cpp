// PGN writer: export format (seven tag roster first and in order, escaped values, movetext of
// at most 80 columns, comments/NAGs/variations, result last) and round trips read -> write -> read.
#include "mneme/pgn/pgn_writer.h"

#include <gtest/gtest.h>

#include <map>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>

#include "mneme/core/movegen.h"
#include "mneme/notation/uci_move.h"
#include "mneme/pgn/pgn_reader.h"
#include "test_data.h"

namespace mneme {
namespace {

PgnGame read_one(const std::string& text) {
    auto reader = PgnReader::from_string(text);
    auto game = reader.next();
    EXPECT_TRUE(game) << text;
    EXPECT_TRUE(reader.errors().empty()) << reader.errors().front().message();
    return game ? *game : PgnGame();
}

std::size_t longest_line(const std::string& text) {
    std::istringstream in(text);
    std::string line;
    std::size_t longest = 0;
    while (std::getline(in, line)) longest = std::max(longest, line.size());
    return longest;
}

TEST(PgnWriter, ExportFormat) {
    PgnGame game = read_one(
        "[White \"Kasparov, Garry\"]\n[Black \"Topalov, Veselin\"]\n[ECO \"B06\"]\n[Event "
        "\"Hoogovens\"]\n"
        "[Annotator \"Me \\\"quoted\\\" \\\\ back\"]\n[Result \"1-0\"]\n\n"
        "{Start} 1. e4 d6?   2. d4 {comment} Nf6 (2... e5 3. dxe5 (3. Nf3)) 3. Nc3 g6 1-0\n");
    EXPECT_EQ(write_pgn(game),
              "[Event \"Hoogovens\"]\n"
              "[Site \"?\"]\n"
              "[Date \"????.??.??\"]\n"
              "[Round \"?\"]\n"
              "[White \"Kasparov, Garry\"]\n"
              "[Black \"Topalov, Veselin\"]\n"
              "[Result \"1-0\"]\n"
              "[Annotator \"Me \\\"quoted\\\" \\\\ back\"]\n"
              "[ECO \"B06\"]\n"
              "\n"
              "{Start} 1. e4 d6 $2 2. d4 {comment} 2... Nf6 (2... e5 3. dxe5 (3. Nf3)) 3. Nc3\n"
              "g6 1-0\n");

    PgnWriterOptions bare;
    bare.comments = bare.nags = bare.variations = false;
    std::string text = write_pgn(game, bare);
    EXPECT_EQ(text.substr(text.find("\n\n") + 2), "1. e4 d6 2. d4 Nf6 3. Nc3 g6 1-0\n");
}

// Export format (PGN standard 7 and 8.1.1): the tags beyond the Seven Tag Roster in ASCII order
// of their names (SetUp "1" just before the FEN), and no tab inside a tag value.
TEST(PgnWriter, OtherTagsInAsciiOrderAndNoTabsInValues) {
    PgnGame game = read_one(
        "[White \"a\"]\n[TimeControl \"40/60\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"
        "[Annotator \"x\ty\"]\n[ECO \"A00\"]\n\n1. e3 *\n");
    std::string text = write_pgn(game);
    std::string tags = text.substr(0, text.find("\n\n"));
    std::size_t after_roster = tags.find("[Result ");
    ASSERT_NE(after_roster, std::string::npos) << text;
    std::vector<std::size_t> at;
    for (const char* name : {"[Annotator ", "[ECO ", "[SetUp ", "[FEN ", "[TimeControl "})
        at.push_back(tags.find(name));
    for (std::size_t i = 0; i < at.size(); ++i) {
        ASSERT_NE(at[i], std::string::npos) << i << "\n" << text;
        EXPECT_GT(at[i], after_roster) << text;
        if (i > 0) {
            EXPECT_GT(at[i], at[i - 1]) << text;
        }
    }
    EXPECT_EQ(text.find('\t'), std::string::npos) << text;
    EXPECT_NE(text.find("[Annotator \"x y\"]"), std::string::npos) << text;
}

// The Result tag is written from the game's result, not from the tag that was read.
TEST(PgnWriter, ResultComesFromTheGame) {
    PgnGame game = read_one("[Result \"1-0\"]\n1. e4 e5 1-0\n");
    game.result = GameResult::ONGOING;
    std::string text = write_pgn(game);
    EXPECT_NE(text.find("[Result \"*\"]"), std::string::npos);
    EXPECT_EQ(text.substr(text.size() - 11), "1. e4 e5 *\n");
}

TEST(PgnWriter, FenGamesStartWithTheRightMoveNumber) {
    PgnGame game = read_one(
        "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n[SetUp \"1\"]\n\n40... Kd7 41. e4 Ke6 *\n");
    std::string text = write_pgn(game);
    EXPECT_NE(text.find("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd7 "
                        "41. e4 Ke6 *\n"),
              std::string::npos)
        << text;
}

TEST(PgnWriter, AddsSetUpBeforeALoneFen) {
    PgnGame game = read_one("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd7 *\n");
    std::string text = write_pgn(game);
    EXPECT_NE(text.find("[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 "
                        "40\"]\n\n40... Kd7 *\n"),
              std::string::npos)
        << text;
}

TEST(PgnWriter, EscapesTagValues) {
    EXPECT_EQ(escape_tag_value("a\"b\\c\nd"), "a\\\"b\\\\c d");
    PgnGame game;
    game.headers.set("Event", "say \"hi\" \\o/");
    PgnGame again = read_one(write_pgn(game));
    EXPECT_EQ(again.headers.get("Event"), "say \"hi\" \\o/");
}

TEST(PgnWriter, EmptyVariationsAndCommentOnlyVariations) {
    PgnGame game = read_one("1. e4 () ({idea}) e5 *");
    std::string text = write_pgn(game);
    EXPECT_NE(text.find("1. e4 () ({idea}) 1... e5 *"), std::string::npos) << text;
    EXPECT_EQ(read_one(text).mainline, game.mainline);
}

TEST(PgnWriter, RejectsIllegalMoves) {
    PgnGame game;
    game.mainline.moves.emplace_back().move = Move(SQ_E2, SQ_E5);
    EXPECT_THROW(write_pgn(game), std::invalid_argument);
}

// Adds comments, NAGs and one-or-two-move variations to a game, all legal, from a fixed seed.
void annotate(PgnLine& line, Position pos, std::mt19937& random, int depth) {
    int played = 0;
    for (PgnNode& node : line.moves) {
        std::uint32_t roll = random() % 16;
        if (roll == 0) node.comment = "a short note";
        if (roll == 1)
            node.comment =
                "a much longer remark that goes on and on about the position, the plans of both "
                "sides and the history of this opening, long enough to need several lines";
        if (roll == 2) node.nags = {std::uint8_t(1 + random() % 6), 14};
        if (roll == 3 && depth < 2) {
            MoveList<LEGAL> alternatives(pos);
            for (Move m : alternatives) {
                if (m == node.move) continue;
                PgnLine& variation = node.variations.emplace_back();
                variation.moves.emplace_back().move = m;
                pos.do_move(m);
                MoveList<LEGAL> replies(pos);
                if (replies.size()) variation.moves.emplace_back().move = *replies.begin();
                pos.undo_move();
                if (random() % 2) variation.comment = "or";
                annotate(variation, pos, random, depth + 1);
                break;
            }
        }
        pos.do_move(node.move);
        ++played;
    }
}

TEST(PgnWriter, RoundTripsRealGamesWithAnnotations) {
    MNEME_REQUIRE_DATA();
    PgnReader reader(test::data_path("pgn/players/Morphy.pgn"));
    std::mt19937 random(2024);
    int games = 0;
    while (auto game = reader.next()) {
        annotate(game->mainline, game->start_position(), random, 0);
        std::string text = write_pgn(*game);
        EXPECT_LE(longest_line(text), 79u) << text;  // "less than 80" (PGN standard 8.2.1)
        PgnGame again = read_one(text);
        // The same tags; export format orders those beyond the Seven Tag Roster by name.
        auto tags = [](const GameHeaders& headers) {
            std::map<std::string, std::string> by_name;
            for (const PgnTag& tag : headers) by_name[tag.name] = tag.value;
            return by_name;
        };
        EXPECT_EQ(tags(again.headers), tags(game->headers)) << text;
        EXPECT_EQ(again.mainline, game->mainline) << text;
        EXPECT_EQ(again.result, game->result);
        EXPECT_EQ(write_pgn(again), text);
        ++games;
    }
    EXPECT_EQ(games, 211);
}

TEST(PgnWriter, VariationsNestedAsDeepAsAProgramLikes) {
    // A tree built in code, 200,000 levels of "1. d4" replacing the move before it.
    const int levels = 200000;
    Position start;
    PgnGame game;
    game.mainline.moves.push_back({parse_uci_move(start, "e2e4"), {}, "", {}});
    PgnLine* line = &game.mainline;
    for (int i = 0; i < levels; ++i) {
        PgnLine& variation = line->moves[0].variations.emplace_back();
        variation.moves.push_back({parse_uci_move(start, "d2d4"), {}, "", {}});
        line = &variation;
    }
    std::string text = write_pgn(game);
    std::string movetext = text.substr(text.find("\n\n") + 2);
    movetext.pop_back();
    std::replace(movetext.begin(), movetext.end(), '\n', ' ');
    std::string expected = "1. e4";
    for (int i = 0; i < levels; ++i) expected += " (1. d4";
    expected.append(std::size_t(levels), ')');
    EXPECT_EQ(movetext, expected + " *");
}

TEST(PgnWriter, MainlineFormAndChess960) {
    const std::string text =
        "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 "
        "1\"]\n\n"
        "1. Nf3 Nf6 2. d4 b6 3. Qf4 h6 4. Nh4 Nd5 5. Ne3 Nb7 6. O-O-O Nf6 7. Nhf5 Rd8 8. c4 O-O "
        "*\n";
    PgnReaderOptions options;
    options.mainline_only = true;
    auto reader = PgnReader::from_string(text, options);
    PgnMainline game;
    ASSERT_TRUE(reader.next_mainline(game));
    std::string written = write_pgn(game);
    std::string joined = written;
    std::replace(joined.begin(), joined.end(), '\n', ' ');
    EXPECT_NE(joined.find(" 6. O-O-O Nf6 7. Nhf5 Rd8 8. c4 O-O * "), std::string::npos) << written;
    auto again = PgnReader::from_string(written, options);
    PgnMainline reread;
    ASSERT_TRUE(again.next_mainline(reread));
    EXPECT_EQ(reread.moves, game.moves);
}

}  // namespace
}  // namespace mneme
