// The book in the engine: EngineBook's options and choices, UCI and XBoard answering from a
// tiny book built from hand-made games, and the match runner's in-process book players.
#include "mneme/book/engine_book.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "book_test_util.h"
#include "mneme/book/book_builder.h"
#include "mneme/core/movegen.h"
#include "mneme/match/in_process_players.h"
#include "mneme/match/player_spec.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/protocol/xboard_protocol.h"
#include "test_data.h"

namespace mneme {
namespace {

// From the start: 1.e4 in 25 games all won by White, 1.d4 in 20 draws, 1.c4 in 5 losses.
struct TinyBook {
    test::ScratchDirectory dir{"engine_book_test"};
    std::string path = dir.file("tiny.mbook");

    TinyBook() {
        std::string pgn =
            dir.write("tiny.pgn", test::repeated_games(25, "1. e4 e5 2. Nf3", "1-0") +
                                      test::repeated_games(20, "1. d4 d5", "1/2-1/2") +
                                      test::repeated_games(5, "1. c4", "0-1"));
        build_book({pgn}, path, {});
    }
};

EngineBook engine_book(const std::string& path, const std::string& policy = "best") {
    EngineBook book;
    std::string message;
    EXPECT_EQ(book.set_option("ownbook", "true", message), BookOptionResult::SET);
    EXPECT_EQ(book.set_option("bookfile", path, message), BookOptionResult::SET) << message;
    EXPECT_EQ(book.set_option("bookpolicy", policy, message), BookOptionResult::SET);
    return book;
}

TEST(EngineBook, ChoosesByPolicyWithinSearchMovesAndDepth) {
    TinyBook tiny;
    EngineBook book = engine_book(tiny.path);
    Position start;
    auto decision = book.choose(start);
    ASSERT_TRUE(decision);
    EXPECT_EQ(move_to_uci(start, decision->move), "e2e4");
    EXPECT_NE(decision->description.find("25 games"), std::string::npos) << decision->description;

    Move d4 = parse_uci_move(start, "d2d4"), nf3 = parse_uci_move(start, "g1f3");
    decision = book.choose(start, {d4, nf3});
    ASSERT_TRUE(decision);
    EXPECT_EQ(decision->move, d4);
    EXPECT_FALSE(book.choose(start, {nf3}));  // no book move among the allowed ones

    // Black's reply after 1.e4 (25 games) is in book; after 1.e4 e5 2.Nf3 nothing is.
    EXPECT_TRUE(book.choose(test::after("e2e4")));
    EXPECT_FALSE(book.choose(test::after("e2e4 e7e5 g1f3")));

    std::string message;
    ASSERT_EQ(book.set_option("bookdepth", "1", message), BookOptionResult::SET);
    EXPECT_TRUE(book.choose(start));
    EXPECT_FALSE(book.choose(test::after("e2e4")));  // ply 1 is past a depth of 1
    ASSERT_EQ(book.set_option("ownbook", "false", message), BookOptionResult::SET);
    EXPECT_FALSE(book.choose(start));
}

TEST(EngineBook, Opta3FiltersRareMovesAndOpta2CountsPoints) {
    // 1.e4: 200 games, 50%, 100 points; 1.d4: 60 games, 90%, 54 points; 1.c4: 25 games, all
    // won, 25 points, enough for the 20-game minimum but under opta3's tenth of the 285 games.
    test::ScratchDirectory dir("engine_book_opta");
    std::string pgn = dir.write("opta.pgn", test::repeated_games(100, "1. e4", "1-0") +
                                                test::repeated_games(100, "1. e4", "0-1") +
                                                test::repeated_games(54, "1. d4", "1-0") +
                                                test::repeated_games(6, "1. d4", "0-1") +
                                                test::repeated_games(25, "1. c4", "1-0"));
    std::string path = dir.file("opta.mbook");
    build_book({pgn}, path, {});
    Position start;
    auto played = [&](const std::string& policy) {
        EngineBook book = engine_book(path, policy);
        std::set<std::string> moves;
        for (int i = 0; i < 30; ++i) {
            auto decision = book.choose(start);
            EXPECT_TRUE(decision) << policy;
            if (decision) moves.insert(move_to_uci(start, decision->move));
        }
        return moves;
    };
    // The best score alone takes the rare 1.c4; opta3's filter leaves it out, and 1.d4's 90%
    // against 1.e4's 50% is more than its noise (< 0.15) can close.
    EXPECT_EQ(played("best"), std::set<std::string>{"c2c4"});
    EXPECT_EQ(played("opta3"), std::set<std::string>{"d2d4"});
    // opta2 counts points: 1.e4's 100 against 1.d4's 54, whatever the scores.
    EXPECT_EQ(played("opta2"), std::set<std::string>{"e2e4"});
    // opta1 plays any move of 20 games or more at random: all three over 30 draws.
    EXPECT_EQ(played("opta1"), (std::set<std::string>{"c2c4", "d2d4", "e2e4"}));
}

TEST(EngineBook, BadFilesAndValuesAreRefusedWithAMessage) {
    test::ScratchDirectory dir("engine_book_bad");
    EngineBook book;
    std::string message;
    std::string missing = dir.file("missing.mbook");
    EXPECT_EQ(book.set_option("bookfile", missing, message), BookOptionResult::FAILED);
    EXPECT_NE(message.find(missing + ": cannot open: No such file or directory"), std::string::npos)
        << message;
    EXPECT_EQ(message.find("Polyglot"), std::string::npos) << message;  // nothing of its format
    EXPECT_EQ(book.book(), nullptr);

    std::string corrupt = dir.write("corrupt.bin", "not a book at all");  // 17 bytes
    EXPECT_EQ(book.set_option("bookfile", corrupt, message), BookOptionResult::FAILED);
    EXPECT_NE(message.find("multiple of 16"), std::string::npos) << message;

    // A directory is named as one, not measured as a file of 2^63 - 1 bytes.
    std::string folder = dir.file("books");
    std::filesystem::create_directory(folder);
    EXPECT_EQ(book.set_option("bookfile", folder, message), BookOptionResult::FAILED);
    EXPECT_NE(message.find(folder + ": cannot open: it is a directory"), std::string::npos)
        << message;
    EXPECT_EQ(message.find("9223372036854775807"), std::string::npos) << message;
    EXPECT_THROW(BookFile::open(folder), BookFileError);
    try {
        BookFile::open(folder);
    } catch (const BookFileError& e) {
        EXPECT_NE(std::string(e.what()).find("it is a directory"), std::string::npos) << e.what();
    }

    std::string truncated = dir.write("truncated.mbook", "MNEMBOOK\x01");
    EXPECT_EQ(book.set_option("bookfile", truncated, message), BookOptionResult::FAILED);
    EXPECT_NE(message.find(truncated), std::string::npos) << message;

    EXPECT_EQ(book.set_option("bookpolicy", "greedy", message), BookOptionResult::FAILED);
    EXPECT_NE(message.find("opta3"), std::string::npos);
    EXPECT_EQ(book.set_option("bookdepth", "-3", message), BookOptionResult::FAILED);
    EXPECT_EQ(book.set_option("ownbook", "maybe", message), BookOptionResult::FAILED);
    EXPECT_EQ(book.set_option("hash", "16", message), BookOptionResult::NOT_BOOK_OPTION);
    book.set_option("ownbook", "true", message);
    EXPECT_FALSE(book.choose(Position()));
}

TEST(EngineBook, PlaysFromTheShippedPolyglotBook) {
    MNEME_REQUIRE_DATA();
    EngineBook book =
        engine_book(test::data_path("books/polyglot/gnuchess_book_1.02.bin"), "weighted");
    ASSERT_TRUE(book.book());
    EXPECT_FALSE(book.book()->has_counts());
    Position start;
    auto decision = book.choose(start);
    ASSERT_TRUE(decision);
    EXPECT_NE(decision->description.find("weight"), std::string::npos);
    std::vector<std::string> lines = book.listing(start);
    EXPECT_GE(lines.size(), 2u);
}

// ---- UCI ----

std::string run_uci(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    run_engine(in, out);
    return out.str();
}

std::string uci_book_setup(const std::string& path) {
    return "uci\nsetoption name OwnBook value true\nsetoption name BookFile value " + path +
           "\nsetoption name BookPolicy value best\n";
}

TEST(UciBook, AnswersFromTheBookAtOnce) {
    TinyBook tiny;
    std::string out =
        run_uci(uci_book_setup(tiny.path) + "position startpos\ngo wtime 60000 btime 60000\n");
    EXPECT_NE(out.find("option name OwnBook type check default false"), std::string::npos);
    EXPECT_NE(out.find("option name BookPolicy type combo default opta3 var opta1"),
              std::string::npos);
    EXPECT_NE(out.find("info string book move e2e4"), std::string::npos) << out;
    EXPECT_NE(out.find("bestmove e2e4"), std::string::npos) << out;
    EXPECT_EQ(out.find("info depth"), std::string::npos) << out;  // no search

    out = run_uci(uci_book_setup(tiny.path) + "position startpos\ngo depth 3 searchmoves d2d4\n");
    EXPECT_NE(out.find("bestmove d2d4"), std::string::npos) << out;

    // Out of book, and for analysis, the engine searches.
    out =
        run_uci(uci_book_setup(tiny.path) + "position startpos moves e2e4 e7e5 g1f3\ngo depth 2\n");
    EXPECT_EQ(out.find("book move"), std::string::npos) << out;
    EXPECT_NE(out.find("info depth 2"), std::string::npos) << out;
}

TEST(UciBook, AMissingFileIsReportedAndTheEngineSearches) {
    std::string out =
        run_uci(uci_book_setup("/nonexistent/book.bin") + "position startpos\ngo depth 2\n");
    EXPECT_NE(out.find("info string error: /nonexistent/book.bin"), std::string::npos) << out;
    EXPECT_NE(out.find("bestmove"), std::string::npos);
    EXPECT_NE(out.find("info depth 2"), std::string::npos);
}

// ---- XBoard ----

std::string run_xboard(const std::string& input) {
    std::ostringstream out;
    {
        XboardProtocol protocol(out);
        std::istringstream in(input);
        for (std::string line; std::getline(in, line);) protocol.handle(line);
        protocol.end_of_input();
    }
    return out.str();
}

TEST(XboardBook, OptionsBookMovesAndBk) {
    TinyBook tiny;
    std::string setup = "xboard\nprotover 2\nnew\noption OwnBook=1\noption BookFile=" + tiny.path +
                        "\noption BookPolicy=best\n";
    std::string out = run_xboard(setup + "bk\nwhite\ngo\n");
    EXPECT_NE(out.find("feature option=\"OwnBook -check 0\""), std::string::npos) << out;
    EXPECT_NE(out.find("feature option=\"BookPolicy -combo opta1 /// opta2 /// *opta3"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find(" e4      25 games, +100.0% =0.0% -0.0%"), std::string::npos) << out;
    EXPECT_NE(out.find(" d4      20 games"), std::string::npos) << out;
    EXPECT_NE(out.find("move e2e4"), std::string::npos) << out;

    // Black answers 1.e4 from the book too.
    out = run_xboard(setup + "usermove e2e4\n");
    EXPECT_NE(out.find("move e7e5"), std::string::npos) << out;

    out =
        run_xboard("xboard\nprotover 2\noption BookFile=/nonexistent.bin\noption Colour=red\nbk\n");
    EXPECT_NE(out.find("telluser mneme: /nonexistent.bin"), std::string::npos) << out;
    EXPECT_NE(out.find("Error (unknown option): option Colour=red"), std::string::npos) << out;
    EXPECT_NE(out.find(" no book loaded"), std::string::npos) << out;
}

// ---- Match runner players ----

MoveRequest request_at(const Position& pos) {
    MoveRequest request;
    request.position = pos;
    request.time_control.depth = 1;
    return request;
}

TEST(BookPlayers, MnemeWithBookAndBookOnlyPlayer) {
    TinyBook tiny;
    std::string error;
    MnemePlayer mneme(
        parse_player_spec({"proto=mneme", "option.OwnBook=true", "option.BookFile=" + tiny.path,
                           "option.BookPolicy=best", "depth=1"}));
    ASSERT_TRUE(mneme.start(error)) << error;
    mneme.new_game(Position(), false);
    MoveReply reply = mneme.play(request_at(Position()));
    EXPECT_EQ(move_to_uci(Position(), reply.move), "e2e4");
    EXPECT_FALSE(reply.has_score);

    MnemePlayer book_only(parse_player_spec({"proto=book", "option.BookFile=" + tiny.path}));
    ASSERT_TRUE(book_only.start(error)) << error;
    book_only.new_game(Position(), false);
    Position after_e4 = test::after("e2e4");
    EXPECT_EQ(move_to_uci(after_e4, book_only.play(request_at(after_e4)).move), "e7e5");
    // Out of book it searches (depth 2) and still plays a legal move.
    Position out_of_book = test::after("e2e4 e7e5 g1f3");
    reply = book_only.play(request_at(out_of_book));
    EXPECT_TRUE(MoveList<LEGAL>(out_of_book).contains(reply.move));
    EXPECT_EQ(reply.depth, 2);
}

TEST(BookPlayers, BookFileProblemsStopTheStart) {
    std::string error;
    // Without a BookFile the book player plays the built-in book, when there is one.
    MnemePlayer no_file(parse_player_spec({"proto=book"}));
    EXPECT_EQ(no_file.start(error), !builtin_book_path().empty()) << error;
    MnemePlayer unusable(parse_player_spec({"proto=book", "option.BookFile=/nonexistent.mbook"}));
    EXPECT_FALSE(unusable.start(error));
    EXPECT_NE(error.find("BookFile"), std::string::npos) << error;
    MnemePlayer bad_file(parse_player_spec({"proto=mneme", "option.BookFile=/nonexistent.mbook"}));
    EXPECT_FALSE(bad_file.start(error));
    EXPECT_NE(error.find("/nonexistent.mbook"), std::string::npos) << error;
    EXPECT_EQ(parse_player_spec({"proto=book"}).name, "book");
}

}  // namespace
}  // namespace mneme
