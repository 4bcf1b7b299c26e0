// Perft: published node counts for hand-picked positions and the shared EPD suites (a fast
// subset; scripts/perft_all_suites.sh runs the full depths), plus make/unmake round trips.
#include "mneme/core/perft.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "mneme/core/movegen.h"
#include "mneme/core/position.h"
#include "mneme/notation/epd.h"
#include "mneme/notation/perft_suite.h"
#include "test_data.h"

namespace mneme {
namespace {

constexpr const char* KIWIPETE =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// Largest expected count checked per (position, depth) in the fast subset.
std::uint64_t node_budget() { return test::sanitized_build() ? 250'000 : 5'000'000; }

void expect_counts(const std::string& fen, const std::vector<std::uint64_t>& counts,
                   bool chess960 = false) {
    Position pos = Position::from_fen(fen, chess960);
    for (std::size_t i = 0; i < counts.size(); ++i) {
        if (counts[i] > 20 * node_budget()) break;
        int depth = int(i) + 1;
        EXPECT_EQ(perft(pos, depth), counts[i]) << fen << " depth " << depth;
        EXPECT_EQ(pos.fen(), Position::from_fen(fen, chess960).fen())
            << "perft changed the position";
    }
}

TEST(PerftKnown, StartPosition) {
    expect_counts(std::string(START_FEN), {20, 400, 8902, 197281, 4865609});
}

TEST(PerftKnown, Kiwipete) { expect_counts(KIWIPETE, {48, 2039, 97862, 4085603}); }

TEST(PerftKnown, Position3EnPassantAndPins) {
    expect_counts("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                  {14, 191, 2812, 43238, 674624, 11030083});
}

TEST(PerftKnown, Position4AndItsMirror) {
    std::vector<std::uint64_t> counts = {6, 264, 9467, 422333, 15833292};
    expect_counts("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", counts);
    expect_counts("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", counts);
}

TEST(PerftKnown, Position5) {
    expect_counts("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                  {44, 1486, 62379, 2103487, 89941194});
}

TEST(PerftKnown, Position6) {
    expect_counts("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
                  {46, 2079, 89890, 3894594, 164075551});
}

// The perft of the standard start reached as Chess960 position 518 (Shredder-FEN castling).
TEST(PerftKnown, Chess960Position518IsTheStandardStart) {
    Position pos = Position::chess960_start(518);
    EXPECT_EQ(perft(pos, 4), 197281u);
}

TEST(PerftKnown, DivideSumsToPerft) {
    Position pos = Position::from_fen(KIWIPETE);
    auto divide = perft_divide(pos, 3);
    EXPECT_EQ(divide.size(), 48u);
    std::uint64_t total = 0;
    for (auto& [move, nodes] : divide) total += nodes;
    EXPECT_EQ(total, 97862u);
    EXPECT_EQ(perft(pos, 0), 1u);
}

// Each root move's count is handed on as soon as it is known (mneme perft's progress and its
// streamed --divide lines), in the order of the returned counts.
TEST(PerftKnown, DivideHandsOnEachCountAsItGoes) {
    Position pos = Position::from_fen(KIWIPETE);
    std::vector<std::pair<Move, std::uint64_t>> seen;
    auto divide = perft_divide(pos, 3, nullptr, nullptr, [&](Move m, std::uint64_t nodes) {
        seen.emplace_back(m, nodes);
        EXPECT_EQ(pos.fen(), KIWIPETE);  // the root position is back when told
    });
    EXPECT_EQ(seen, divide);
    EXPECT_EQ(seen.size(), 48u);
}

// A stop request ends a divide early; only whole subtrees are reported.
TEST(PerftKnown, DivideStopsWhenAsked) {
    Position pos;
    std::atomic<bool> stop{true};
    bool stopped = false;
    EXPECT_TRUE(perft_divide(pos, 5, &stop, &stopped).empty());
    EXPECT_TRUE(stopped);
    stop = false;
    auto counts = perft_divide(pos, 2, &stop, &stopped);
    EXPECT_FALSE(stopped);
    EXPECT_EQ(counts.size(), 20u);
}

// Suite numbers are read strictly: a sign, trailing characters or a number out of range is an
// error naming the file, the line and the operation, and that count alone is left out.
TEST(PerftSuiteFile, NumbersAreParsedStrictly) {
    test::ScratchDirectory dir("perft_suite");
    std::string path =
        dir.write("suite.epd",
                  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400\n"
                  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 -15 ;D2 4x00 ;D3 8902\n"
                  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 99999999999999999999\n"
                  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D0 1 ;D99 5 ;Dx 3 ;D1\n"
                  "garbage\n");
    std::vector<std::string> errors;
    std::vector<PerftSuiteRecord> suite = read_perft_suite(path, &errors);
    ASSERT_EQ(suite.size(), 4u);
    EXPECT_EQ(suite[0].line_number, 1);
    ASSERT_EQ(suite[0].counts.size(), 2u);
    EXPECT_EQ(suite[0].counts[1].depth, 2);
    EXPECT_EQ(suite[0].counts[1].nodes, 400u);
    ASSERT_EQ(suite[1].counts.size(), 1u);
    EXPECT_EQ(suite[1].counts[0].depth, 3);
    EXPECT_TRUE(suite[2].counts.empty());
    EXPECT_TRUE(suite[3].counts.empty());

    const std::vector<std::string> expected = {
        path + ":2: D1: the count '-15' is not a whole number",
        path + ":2: D2: the count '4x00' is not a whole number",
        path + ":3: D1: the count '99999999999999999999' is too large",
        path + ":4: D0: the depth '0' is not a number from 1 to 64",
        path + ":4: D99: the depth '99' is not a number from 1 to 64",
        path + ":4: Dx: the depth 'x' is not a number from 1 to 64",
        path + ":4: D1: no count",
    };
    ASSERT_GE(errors.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(errors[i], expected[i]);
    // The line that is no EPD at all is reported too.
    ASSERT_EQ(errors.size(), expected.size() + 1);
    EXPECT_EQ(errors.back().rfind(path + ":5: ", 0), 0u) << errors.back();

    // A file that is not there, or a folder, is named with the reason.
    std::string missing = path + ".missing";
    errors.clear();
    EXPECT_TRUE(read_perft_suite(missing, &errors).empty());
    EXPECT_EQ(errors,
              std::vector<std::string>{missing + ": cannot open: No such file or directory"});
    std::string folder = path + ".folder";
    std::filesystem::create_directory(folder);
    errors.clear();
    EXPECT_TRUE(read_perft_suite(folder, &errors).empty());
    EXPECT_EQ(errors, std::vector<std::string>{folder + ": cannot open: it is a directory"});
    std::filesystem::remove(folder);
}

// A suite saved with a UTF-8 byte order mark reads from its first line, as a PGN file does.
TEST(PerftSuiteFile, AByteOrderMarkIsNotPartOfTheFirstRecord) {
    test::ScratchDirectory dir("perft_suite_bom");
    std::string path = dir.write(
        "suite.epd", "\xEF\xBB\xBFrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20\n");
    std::vector<std::string> errors;
    std::vector<PerftSuiteRecord> suite = read_perft_suite(path, &errors);
    EXPECT_TRUE(errors.empty()) << errors.front();
    ASSERT_EQ(suite.size(), 1u);
    ASSERT_EQ(suite[0].counts.size(), 1u);
    EXPECT_EQ(suite[0].counts[0].nodes, 20u);
}

// A count quoted in a message has its control bytes written as \xNN, so that a suite cannot
// drive the terminal the message is read on.
TEST(PerftSuiteFile, MessagesWriteTheControlBytesOfQuotedInputAsEscapes) {
    test::ScratchDirectory dir("perft_suite_control");
    std::string path = dir.write(
        "suite.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D2 4\x1b[2J\n");
    std::vector<std::string> errors;
    EXPECT_EQ(read_perft_suite(path, &errors).size(), 1u);
    EXPECT_EQ(errors, std::vector<std::string>{
                          path + ":1: D2: the count '4\\x1b[2J' is not a whole number"});
}

// Every ;Dn count of a suite file whose expected value fits the budget (and depth <= max_depth).
void run_suite(const std::string& file, std::size_t max_records, int max_depth) {
    std::vector<std::string> errors;
    auto records = read_epd_file(file, &errors);
    ASSERT_TRUE(errors.empty()) << errors.front();
    ASSERT_FALSE(records.empty());
    int checked = 0, positions_with_counts = 0;
    for (std::size_t i = 0; i < records.size() && i < max_records; ++i) {
        const EpdRecord& record = records[i];
        Position pos = record.position();
        // A record whose counts all exceed the budget still gets its smallest one checked
        // when that is within 20x the budget.
        std::uint64_t smallest = UINT64_MAX;
        for (const auto& op : record.operations)
            if (op.opcode.size() >= 2 && op.opcode[0] == 'D' && !op.operands.empty())
                smallest = std::min<std::uint64_t>(smallest, std::stoull(op.operands.front()));
        const std::uint64_t limit =
            smallest > node_budget() && smallest <= 20 * node_budget() ? smallest : node_budget();
        bool any = false;
        for (const auto& op : record.operations) {
            if (op.opcode.size() < 2 || op.opcode[0] != 'D') continue;
            ASSERT_FALSE(op.operands.empty()) << file << " record " << i + 1;
            int depth = std::stoi(op.opcode.substr(1));
            std::uint64_t expected = std::stoull(op.operands.front());
            if (depth > max_depth || expected > limit) continue;
            EXPECT_EQ(perft(pos, depth), expected) << file << " record " << i + 1 << ": "
                                                   << record.position_fields << " depth " << depth;
            ++checked;
            any = true;
        }
        positions_with_counts += any;
    }
    // In Release every position contributes at least one count.
    // In Release (nearly) every position contributes; only counts of hundreds of millions of
    // nodes are left to scripts/perft_all_suites.sh.
    const int total = int(std::min(records.size(), max_records));
    if (!test::sanitized_build()) {
        EXPECT_GE(positions_with_counts, total - 1) << file;
    }
    EXPECT_GT(checked, 0) << file;
    ::testing::Test::RecordProperty("counts_checked", checked);
}

// The committed sample of the suites below (tests/data), checked in every clone.
TEST(PerftSuite, CommittedSample) {
    run_suite(test::fixture_path("perft_sample.epd"), SIZE_MAX, 99);
}
TEST(PerftSuite, Perftsuite) {
    MNEME_REQUIRE_DATA();
    run_suite(test::data_path("epd/perft/perftsuite.epd"), SIZE_MAX, 99);
}
TEST(PerftSuite, StandardEthereal) {
    MNEME_REQUIRE_DATA();
    run_suite(test::data_path("epd/perft/perft_standard_ethereal.epd"), SIZE_MAX, 99);
}
TEST(PerftSuite, SpecialCases) {
    MNEME_REQUIRE_DATA();
    run_suite(test::data_path("epd/perft/perft_special_cases.epd"), SIZE_MAX, 99);
}
TEST(PerftSuite, FerdyDoubleChecks) {
    MNEME_REQUIRE_DATA();
    run_suite(test::data_path("epd/perft/perft_ferdy_double_checks.epd"), SIZE_MAX, 99);
}
TEST(PerftSuite, Chess960First100) {
    MNEME_REQUIRE_DATA();
    run_suite(test::data_path("epd/perft/perft_chess960_ethereal.epd"), 100,
              test::sanitized_build() ? 3 : 4);
}

// A perft that makes every leaf move and checks the position at every node, instead of
// bulk counting; it must agree with perft() and leave nothing behind.
struct Walker {
    std::uint64_t nodes = 0;
    std::string failure;

    void walk(Position& pos, int depth) {
        if (!failure.empty()) return;
        std::string why;
        if (!pos.is_consistent(&why)) {
            failure = "inconsistent at " + pos.fen() + ": " + why;
            return;
        }
        if (depth == 0) {
            ++nodes;
            return;
        }
        MoveList<LEGAL> moves(pos);
        if (moves.size() != count_legal_moves(pos)) {
            failure = "count_legal_moves differs from the move list at " + pos.fen();
            return;
        }
        for (Move m : moves) {
            const std::string fen_before = pos.fen();
            const Key key_before = pos.key();
            const Bitboard checkers_before = pos.checkers();
            const int history_before = pos.history_length();
            pos.do_move(m);
            if (pos.history_length() != history_before + 1 || pos.last_move() != m) {
                failure = "history not extended at " + fen_before;
                return;
            }
            walk(pos, depth - 1);
            pos.undo_move();
            if (pos.fen() != fen_before || pos.key() != key_before ||
                pos.checkers() != checkers_before || pos.history_length() != history_before) {
                failure = "undo did not restore " + fen_before + " (got " + pos.fen() + ")";
                return;
            }
        }
    }
};

TEST(PerftWalk, MakeUnmakeRestoresEverythingAndAgreesWithBulkCounting) {
    const std::vector<std::pair<std::string, int>> cases = {
        {std::string(START_FEN), 4},
        {KIWIPETE, 3},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3},
        {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3},
        {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 5},
        {"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 3},
    };
    for (auto& [fen, depth] : cases) {
        int d = test::sanitized_build() ? depth - 1 : depth;
        Position pos = Position::from_fen(fen);
        Walker walker;
        walker.walk(pos, d);
        ASSERT_TRUE(walker.failure.empty()) << walker.failure;
        Position fresh = Position::from_fen(fen);
        EXPECT_EQ(walker.nodes, perft(fresh, d)) << fen;
    }
}

TEST(PerftWalk, Chess960TreesStayConsistent) {
    for (int number : {0, 1, 105, 359, 518, 734, 959}) {
        Position pos = Position::chess960_start(number);
        Walker walker;
        walker.walk(pos, test::sanitized_build() ? 2 : 3);
        ASSERT_TRUE(walker.failure.empty()) << "960 #" << number << ": " << walker.failure;
    }
    // The Chess960 suite, or without the data set the Chess960 positions of the committed sample.
    const bool data = test::have_data();
    auto records = read_epd_file(data ? test::data_path("epd/perft/perft_chess960_ethereal.epd")
                                      : test::fixture_path("perft_sample.epd"),
                                 nullptr);
    int walked = 0;
    for (std::size_t i = 0; i < records.size();
         i += data ? (test::sanitized_build() ? 97 : 19) : 1) {
        if (!data && !records[i].chess960) continue;
        ++walked;
        Position pos = records[i].position();
        Walker walker;
        walker.walk(pos, 2);
        ASSERT_TRUE(walker.failure.empty()) << records[i].position_fields << ": " << walker.failure;
        EXPECT_EQ(walker.nodes, std::stoull(records[i].operand("D2")))
            << records[i].position_fields;
    }
    EXPECT_GT(walked, 0);
}

}  // namespace
}  // namespace mneme
