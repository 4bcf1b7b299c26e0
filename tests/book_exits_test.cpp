// Positions just out of book (the start of the thesis's node-count experiments), the one-line
// position-with-history notation they are written in, and the BookSeed option.
#include "mneme/book/book_exits.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "book_test_util.h"
#include "mneme/book/engine_book.h"
#include "mneme/notation/position_line.h"
#include "test_data.h"

namespace mneme {
namespace {

// 25 games 1.e4 e5 2.Nf3, 20 games 1.d4 d5, 5 games 1.c4: with 20 games needed, the book is
// left after 1.e4 e5 2.Nf3 and after 1.d4 d5, and 1.c4 is never played.
struct SmallBook {
    test::ScratchDirectory dir{"book_exits_test"};
    std::string path = dir.file("small.mbook");

    SmallBook() {
        std::string pgn =
            dir.write("small.pgn", test::repeated_games(25, "1. e4 e5 2. Nf3", "1-0") +
                                       test::repeated_games(20, "1. d4 d5", "1/2-1/2") +
                                       test::repeated_games(5, "1. c4", "0-1"));
        build_book({pgn}, path, {});
    }
};

TEST(PositionLine, RoundTripsWithHistory) {
    PositionLine line = parse_position_line("startpos moves e2e4 e7e6 d2d4  # a comment");
    ASSERT_EQ(line.moves.size(), 3u);
    EXPECT_EQ(line.to_string(), "startpos moves e2e4 e7e6 d2d4");
    Position pos = line.position();
    EXPECT_EQ(pos.history_length(), 3);
    EXPECT_EQ(pos.key(), test::after("e2e4 e7e6 d2d4").key());

    PositionLine fen = parse_position_line("fen 8/8/8/8/8/8/4K3/k7 w - - 0 1 moves e2d3");
    EXPECT_FALSE(fen.from_start);
    EXPECT_EQ(parse_position_line(fen.to_string()).position().key(), fen.position().key());
    EXPECT_EQ(parse_position_line("startpos").moves.size(), 0u);
}

TEST(PositionLine, RejectsBadLinesSayingWhy) {
    auto message = [](const std::string& text) {
        try {
            parse_position_line(text);
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_NE(message("startpos moves e2e4 e2e4").find("move 2 'e2e4' is not legal"),
              std::string::npos);
    EXPECT_NE(message("e2e4").find("starts with 'startpos' or 'fen'"), std::string::npos);
    EXPECT_NE(message("fen 8/8/8 w - - 0 1").find("bad FEN"), std::string::npos);
    EXPECT_NE(message("startpos e2e4").find("expected 'moves'"), std::string::npos);
}

TEST(PositionLine, FileErrorsNameTheLine) {
    test::ScratchDirectory dir("position_line_test");
    std::string path =
        dir.write("lines.txt", "# header\nstartpos moves e2e4\n\nstartpos moves e2e5\n");
    try {
        read_position_lines(path);
        FAIL() << "a bad move was accepted";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("lines.txt:4:"), std::string::npos) << e.what();
    }
}

std::vector<std::string> exit_lines(const std::vector<PositionLine>& exits) {
    std::vector<std::string> lines;
    for (const PositionLine& line : exits) lines.push_back(line.to_string());
    std::sort(lines.begin(), lines.end());
    return lines;
}

TEST(BookExits, FollowsTheBookWhileAMoveHasEnoughGames) {
    SmallBook small;
    OpeningBook book = OpeningBook::open(small.path);
    BookExitOptions options;
    options.count = 5;  // more than there are: the walks run out
    std::vector<PositionLine> exits = find_book_exits(book, options);
    EXPECT_EQ(exit_lines(exits), (std::vector<std::string>{"startpos moves d2d4 d7d5",
                                                           "startpos moves e2e4 e7e5 g1f3"}));

    options.policy.min_games = 21;  // 1.d4 (20 games) is no longer book
    EXPECT_EQ(exit_lines(find_book_exits(book, options)),
              (std::vector<std::string>{"startpos moves e2e4 e7e5 g1f3"}));

    options.policy.min_games = 20;
    options.max_ply = 1;  // walks stop after one ply even in book
    EXPECT_EQ(exit_lines(find_book_exits(book, options)),
              (std::vector<std::string>{"startpos moves d2d4", "startpos moves e2e4"}));
}

TEST(BookExits, SameSeedSameExits) {
    SmallBook small;
    OpeningBook book = OpeningBook::open(small.path);
    BookExitOptions options;
    options.count = 1;
    std::vector<std::string> first, second;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        options.seed = seed;
        first.push_back(find_book_exits(book, options).at(0).to_string());
        second.push_back(find_book_exits(book, options).at(0).to_string());
    }
    EXPECT_EQ(first, second);
    // Drawn in proportion to games (25 : 20), so both lines come first for some seed.
    EXPECT_NE(std::count(first.begin(), first.end(), first[0]), 20);
}

std::vector<std::string> opta1_choices(const std::string& path, const std::string& seed) {
    EngineBook book;
    std::string message;
    EXPECT_EQ(book.set_option("ownbook", "true", message), BookOptionResult::SET);
    EXPECT_EQ(book.set_option("bookfile", path, message), BookOptionResult::SET) << message;
    EXPECT_EQ(book.set_option("bookpolicy", "opta1", message), BookOptionResult::SET);
    EXPECT_EQ(book.set_option("bookseed", seed, message), BookOptionResult::SET) << message;
    std::vector<std::string> choices;
    Position start;
    for (int i = 0; i < 30; ++i) choices.push_back(move_to_uci(start, book.choose(start)->move));
    return choices;
}

TEST(BookSeed, ReproducesTheRandomChoices) {
    SmallBook small;
    std::vector<std::string> a = opta1_choices(small.path, "7");
    EXPECT_EQ(a, opta1_choices(small.path, "7"));
    EXPECT_NE(a, opta1_choices(small.path, "8"));
    EXPECT_NE(std::count(a.begin(), a.end(), "e2e4"), 0);
    EXPECT_NE(std::count(a.begin(), a.end(), "d2d4"), 0);

    EngineBook book;
    std::string message;
    EXPECT_EQ(book.set_option("bookseed", "-1", message), BookOptionResult::FAILED);
    EXPECT_NE(message.find("BookSeed needs a whole number"), std::string::npos);
    EXPECT_EQ(book.set_option("bookseed", "12x", message), BookOptionResult::FAILED);
}

}  // namespace
}  // namespace mneme
