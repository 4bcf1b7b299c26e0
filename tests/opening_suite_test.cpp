// Opening suites: EPD and PGN files (plain and compressed), sequential and seeded random order,
// PGN truncation, bad records skipped with warnings, Polyglot book lines, Chess960 detection.
#include "mneme/match/opening_suite.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "mneme/core/movegen.h"
#include "mneme/notation/uci_move.h"
#include "test_data.h"

namespace mneme {
namespace {

// The twenty positions after White's first move, one EPD line each, named by the move.
std::string first_move_epd(std::vector<std::string>* fens) {
    Position start;
    std::string text;
    for (Move m : MoveList<LEGAL>(start)) {
        Position pos = start.without_history();
        pos.do_move(m);
        text += pos.epd_fields() + " id \"" + move_to_uci(start, m) + "\";\n";
        if (fens) fens->push_back(pos.epd_fields() + " 0 1");  // EPD has no clocks
    }
    return text;
}

OpeningOptions options_for(const std::string& file, OpeningFormat format) {
    OpeningOptions options;
    options.file = file;
    options.format = format;
    return options;
}

std::string load_error(const OpeningOptions& options) {
    try {
        OpeningSuite::load(options);
    } catch (const OpeningSuiteError& e) {
        return e.what();
    }
    return "";
}

// Plays the opening's moves, failing the test at the first illegal one.
Position play(const Opening& opening) {
    Position pos = opening.start;
    for (Move m : opening.moves) {
        EXPECT_TRUE(MoveList<LEGAL>(pos).contains(m)) << opening.fen();
        if (!MoveList<LEGAL>(pos).contains(m)) break;
        pos.do_move(m);
    }
    return pos;
}

TEST(OpeningSuiteFormat, NamesAndExtensions) {
    EXPECT_EQ(opening_format_from_name("epd"), OpeningFormat::EPD);
    EXPECT_EQ(opening_format_from_name("PGN"), OpeningFormat::PGN);
    EXPECT_EQ(opening_format_from_name("polyglot"), OpeningFormat::POLYGLOT);
    EXPECT_EQ(opening_format_from_name("bin"), OpeningFormat::POLYGLOT);
    EXPECT_THROW(opening_format_from_name("fen"), OpeningSuiteError);
    EXPECT_EQ(opening_format_from_path("a/b.epd"), OpeningFormat::EPD);
    EXPECT_EQ(opening_format_from_path("UHO.epd.zst"), OpeningFormat::EPD);
    EXPECT_EQ(opening_format_from_path("x.pgn"), OpeningFormat::PGN);
    EXPECT_EQ(opening_format_from_path("x.PGN.zst"), OpeningFormat::PGN);
    EXPECT_EQ(opening_format_from_path("x.pgn.gz"), OpeningFormat::PGN);
    EXPECT_EQ(opening_format_from_path("book.bin"), OpeningFormat::POLYGLOT);
    EXPECT_THROW(opening_format_from_path("x.txt"), OpeningSuiteError);
}

TEST(OpeningSuiteBasics, StandardStartEveryGame) {
    OpeningSuite suite = OpeningSuite::standard_start();
    EXPECT_EQ(suite.size(), 1u);
    for (std::size_t n : {0u, 1u, 17u}) {
        Opening o = suite.opening(n);
        EXPECT_EQ(o.fen(), std::string(START_FEN));
        EXPECT_TRUE(o.moves.empty());
        EXPECT_FALSE(o.chess960);
    }
}

TEST(OpeningSuiteBasics, UnusableFilesThrowNamingTheFile) {
    test::ScratchDirectory dir("opening_suite_test");
    std::string missing = "/nonexistent/openings.epd";
    EXPECT_NE(load_error(options_for(missing, OpeningFormat::EPD)).find(missing),
              std::string::npos);
    EXPECT_NE(load_error(options_for(missing, OpeningFormat::PGN)).find(missing),
              std::string::npos);
    EXPECT_NE(load_error(options_for(missing, OpeningFormat::POLYGLOT)).find(missing),
              std::string::npos);

    std::string junk = dir.write("junk.epd", "not a position\nnor this\n");
    std::string why = load_error(options_for(junk, OpeningFormat::EPD));
    EXPECT_NE(why.find("no usable opening"), std::string::npos) << why;
    EXPECT_NE(why.find(junk + ":1:"), std::string::npos) << why;

    std::string odd_book = dir.write("odd.bin", std::string(20, 'x'));
    why = load_error(options_for(odd_book, OpeningFormat::POLYGLOT));
    EXPECT_NE(why.find("multiple of 16"), std::string::npos) << why;

    OpeningOptions bad_start = options_for(junk, OpeningFormat::EPD);
    bad_start.start = 0;
    EXPECT_THROW(OpeningSuite::load(bad_start), OpeningSuiteError);
}

TEST(OpeningSuiteEpd, SequentialOrderFromTheStartIndexWithNamesAndWarnings) {
    test::ScratchDirectory dir("opening_suite_test");
    std::vector<std::string> fens;
    std::string text = first_move_epd(&fens);
    // Line 3 has a bad FEN, line 5 is a comment, the last line has no line ending.
    std::size_t second_line = text.find('\n') + 1;
    text.insert(text.find('\n', second_line) + 1,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - id \"bad\";\n"
                "\n# a comment\n");
    text += "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3 7 id \"clocks\";";
    fens.push_back("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3 7");
    std::string path = dir.write("first_moves.epd", text);

    OpeningOptions options = options_for(path, OpeningFormat::EPD);
    OpeningSuite suite = OpeningSuite::load(options);
    ASSERT_EQ(suite.size(), 21u);
    ASSERT_EQ(suite.warnings().size(), 1u);
    EXPECT_EQ(suite.warnings()[0].rfind(path + ":3: ", 0), 0u) << suite.warnings()[0];

    for (std::size_t n = 0; n < 2 * suite.size(); ++n) {
        Opening o = suite.opening(n);
        EXPECT_EQ(o.fen(), fens[n % fens.size()]);
        EXPECT_TRUE(o.moves.empty());
    }
    EXPECT_EQ(suite.opening(20).name, "clocks");
    EXPECT_EQ(suite.opening(20).start.halfmove_clock(), 3);
    Position start;
    EXPECT_EQ(suite.opening(0).name, move_to_uci(start, *MoveList<LEGAL>(start).begin()));

    options.start = 5;
    OpeningSuite from_fifth = OpeningSuite::load(options);
    EXPECT_EQ(from_fifth.opening(0).fen(), fens[4]);
    EXPECT_EQ(from_fifth.opening(17).fen(), fens[0]);
}

TEST(OpeningSuiteEpd, RandomOrderIsASeededShuffleCoveringEachOpeningOncePerCycle) {
    test::ScratchDirectory dir("opening_suite_test");
    std::string path = dir.write("first_moves.epd", first_move_epd(nullptr));
    OpeningOptions options = options_for(path, OpeningFormat::EPD);
    options.order = OpeningOrder::RANDOM;
    options.seed = 12345;
    OpeningSuite suite = OpeningSuite::load(options);
    OpeningSuite again = OpeningSuite::load(options);
    options.seed = 54321;
    OpeningSuite other_seed = OpeningSuite::load(options);
    const std::size_t size = suite.size();
    ASSERT_EQ(size, 20u);

    std::vector<std::string> order, other_order;
    for (std::size_t n = 0; n < 3 * size; ++n) {
        order.push_back(suite.opening(n).fen());
        other_order.push_back(other_seed.opening(n).fen());
        EXPECT_EQ(again.opening(n).fen(), order.back()) << n;
    }
    for (std::size_t cycle = 0; cycle < 3; ++cycle) {
        std::set<std::string> seen(order.begin() + cycle * size,
                                   order.begin() + (cycle + 1) * size);
        EXPECT_EQ(seen.size(), size) << "cycle " << cycle;
    }
    // Reshuffled per cycle, different per seed (20! orders: a clash would be a bug).
    EXPECT_NE(std::vector(order.begin(), order.begin() + size),
              std::vector(order.begin() + size, order.begin() + 2 * size));
    EXPECT_NE(order, other_order);
    // Asking out of order (as concurrent games do) gives the same answers.
    for (std::size_t n = 3 * size; n-- > 0;) EXPECT_EQ(suite.opening(n).fen(), order[n]);
}

TEST(OpeningSuiteEpd, Chess960FromCastlingFieldOrOption) {
    test::ScratchDirectory dir("opening_suite_test");
    std::string path = dir.write("frc.epd",
                                 "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n"
                                 "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1\n"
                                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    OpeningOptions options = options_for(path, OpeningFormat::EPD);
    OpeningSuite suite = OpeningSuite::load(options);
    ASSERT_EQ(suite.size(), 3u);
    EXPECT_TRUE(suite.warnings().empty());
    for (std::size_t n = 0; n < 2; ++n) {
        EXPECT_TRUE(suite.opening(n).chess960) << n;
        EXPECT_TRUE(suite.opening(n).start.is_chess960()) << n;
        EXPECT_EQ(suite.opening(n).start.castling_rights(), unsigned(ALL_CASTLING)) << n;
    }
    EXPECT_FALSE(suite.opening(2).chess960);

    options.chess960 = true;
    OpeningSuite forced = OpeningSuite::load(options);
    EXPECT_TRUE(forced.opening(2).chess960);
    EXPECT_TRUE(forced.opening(2).start.is_chess960());
}

TEST(OpeningSuitePgn, MovesTruncatedToPliesNamesAndBadGamesSkipped) {
    test::ScratchDirectory dir("opening_suite_test");
    std::string path = dir.write("openings.pgn",
                                 "[Event \"one\"]\n"
                                 "[Opening \"Sicilian\"]\n"
                                 "[Variation \"Najdorf\"]\n"
                                 "\n"
                                 "1. e4 c5 2. Nf3 d6 3. d4 cxd4 *\n"
                                 "\n"
                                 "[Event \"two\"]\n"
                                 "\n"
                                 "1. e4 e5 2. Ke3 Nc6 *\n"  // Ke3 is illegal: skipped
                                 "\n"
                                 "[Event \"three\"]\n"
                                 "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"
                                 "[SetUp \"1\"]\n"
                                 "\n"
                                 "1. e4 Kd7 *\n");
    OpeningOptions options = options_for(path, OpeningFormat::PGN);
    OpeningSuite full = OpeningSuite::load(options);
    ASSERT_EQ(full.size(), 2u);
    ASSERT_FALSE(full.warnings().empty());
    EXPECT_NE(full.warnings()[0].find(path), std::string::npos) << full.warnings()[0];
    EXPECT_NE(full.warnings()[0].find("game 2"), std::string::npos) << full.warnings()[0];
    EXPECT_NE(full.warnings()[0].find("line 9"), std::string::npos) << full.warnings()[0];

    Opening sicilian = full.opening(0);
    EXPECT_EQ(sicilian.name, "Sicilian, Najdorf");
    EXPECT_EQ(sicilian.fen(), std::string(START_FEN));
    EXPECT_EQ(sicilian.moves.size(), 6u);
    Opening endgame = full.opening(1);
    EXPECT_EQ(endgame.fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_EQ(endgame.moves.size(), 2u);
    EXPECT_EQ(endgame.name, "");
    play(endgame);

    options.plies = 3;
    OpeningSuite truncated = OpeningSuite::load(options);
    ASSERT_EQ(truncated.opening(0).moves.size(), 3u);
    EXPECT_EQ(truncated.opening(1).moves.size(), 2u);
    Position after = play(truncated.opening(0));
    EXPECT_EQ(after.fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");

    options.plies = 0;
    EXPECT_TRUE(OpeningSuite::load(options).opening(0).moves.empty());
}

TEST(OpeningSuiteData, SharedEpdAndPgnFilesLoadCompletely) {
    MNEME_REQUIRE_DATA();
    struct Case {
        const char* file;
        OpeningFormat format;
        std::size_t expected;
    };
    for (const Case& c : {Case{"openings/2moves_v1.epd", OpeningFormat::EPD, 40457},
                          Case{"openings/UHO_4060_v4.epd.zst", OpeningFormat::EPD, 241670},
                          Case{"openings/FRC_openings.epd", OpeningFormat::EPD, 960},
                          Case{"openings/8moves_v3.pgn.zst", OpeningFormat::PGN, 0}}) {
        auto begin = std::chrono::steady_clock::now();
        OpeningSuite suite = OpeningSuite::load(options_for(test::data_path(c.file), c.format));
        double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        std::cout << c.file << ": " << suite.size() << " openings, " << suite.warnings().size()
                  << " warnings, loaded in " << seconds << " s\n";
        if (c.expected) {
            EXPECT_EQ(suite.size(), c.expected) << c.file;
        } else {
            EXPECT_GT(suite.size(), 1000u) << c.file;
        }
        EXPECT_EQ(suite.warnings().size(), 0u) << c.file;
        for (std::size_t n = 0; n < suite.size(); n += suite.size() / 97 + 1)
            play(suite.opening(n));
        if (c.format == OpeningFormat::PGN) {
            EXPECT_EQ(suite.opening(0).moves.size(), 16u);
        }
    }
    OpeningSuite frc = OpeningSuite::load(
        options_for(test::data_path("openings/FRC_openings.epd"), OpeningFormat::EPD));
    std::size_t chess960 = 0;
    for (std::size_t n = 0; n < frc.size(); ++n) chess960 += frc.opening(n).chess960;
    EXPECT_GE(chess960, 942u);  // all but the 18 with king and rooks on e, a and h
}

TEST(OpeningSuiteData, PgnPliesTruncation) {
    MNEME_REQUIRE_DATA();
    OpeningOptions options =
        options_for(test::data_path("openings/8moves_v3.pgn.zst"), OpeningFormat::PGN);
    OpeningSuite full = OpeningSuite::load(options);
    options.plies = 5;
    OpeningSuite truncated = OpeningSuite::load(options);
    ASSERT_EQ(full.size(), truncated.size());
    for (std::size_t n = 0; n < full.size(); n += 101) {
        Opening a = full.opening(n), b = truncated.opening(n);
        ASSERT_LE(b.moves.size(), 5u);
        EXPECT_EQ(b.moves.size(), std::min<std::size_t>(5, a.moves.size()));
        EXPECT_TRUE(std::equal(b.moves.begin(), b.moves.end(), a.moves.begin()));
    }
}

TEST(OpeningSuiteData, PolyglotBookLinesAreLegalDeterministicAndVaried) {
    MNEME_REQUIRE_DATA();
    OpeningOptions options = options_for(test::data_path("books/polyglot/gnuchess_book_1.02.bin"),
                                         OpeningFormat::POLYGLOT);
    options.seed = 99;
    OpeningSuite suite = OpeningSuite::load(options);
    OpeningSuite again = OpeningSuite::load(options);
    EXPECT_EQ(suite.size(), 0u);
    EXPECT_TRUE(suite.warnings().empty());
    std::set<std::vector<std::uint16_t>> lines;
    for (std::size_t n = 0; n < 40; ++n) {
        Opening o = suite.opening(n);
        EXPECT_EQ(o.fen(), std::string(START_FEN));
        EXPECT_FALSE(o.moves.empty());
        EXPECT_LE(o.moves.size(), 8u);
        play(o);
        EXPECT_EQ(again.opening(n).moves, o.moves) << n;
        EXPECT_EQ(suite.opening(n).moves, o.moves) << n;
        std::vector<std::uint16_t> raw;
        for (Move m : o.moves) raw.push_back(m.raw());
        lines.insert(raw);
    }
    EXPECT_GT(lines.size(), 20u);

    options.plies = 4;
    OpeningSuite shallow = OpeningSuite::load(options);
    std::size_t full_depth = 0;
    for (std::size_t n = 0; n < 40; ++n) {
        std::size_t plies = shallow.opening(n).moves.size();
        EXPECT_LE(plies, 4u);
        full_depth += plies == 4;
    }
    EXPECT_GT(full_depth, 30u);  // the gnuchess book is deep: lines rarely end before 4 plies

    options.seed = 100;
    OpeningSuite other_seed = OpeningSuite::load(options);
    options.seed = 99;
    options.start = 3;
    OpeningSuite from_third = OpeningSuite::load(options);
    EXPECT_EQ(from_third.opening(0).moves, shallow.opening(2).moves);
    bool differs = false;
    for (std::size_t n = 0; n < 10; ++n)
        differs |= other_seed.opening(n).moves != shallow.opening(n).moves;
    EXPECT_TRUE(differs);
}

}  // namespace
}  // namespace mneme
