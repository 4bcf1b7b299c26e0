// epd-test, search-compare and eval on the command line: their numbers checked, suites read with
// their bad lines counted and named, and another engine judged as mneme is.
#include "command_line_test_util.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "mneme/core/movegen.h"
#include "mneme/core/position.h"
#include "mneme/notation/san.h"

namespace mneme::app {
namespace {

// epd-test's numbers are checked as every command's are, and its limits are alternatives.
TEST(CommandLine, EpdTestRefusesBadNumbersAndTwoLimits) {
    for (const auto& [limits, message] : std::vector<std::pair<Arguments, std::string>>{
             {{"--depth", "abc"}, "--depth: 'abc' is not a whole number from 1 to 127"},
             {{"--depth", "-1"}, "--depth: '-1' is not a whole number from 1 to 127"},
             {{"--nodes", "1e999"}, "--nodes: '1e999' is not a whole number"},
             {{"--movetime", "-5"}, "--movetime: '-5' is not a whole number"},
             {{"--threads", "0"}, "--threads: '0' is not a whole number from 1 to 64"},
             {{"--limit", "1x"}, "--limit: '1x' is not a whole number"},
             {{"--hash", "abc"}, "--hash: 'abc' is not a whole number"},
             {{"--depth", "3", "--movetime", "100"}, "give one of --movetime, --depth and --nodes"},
         }) {
        Arguments args = {"epd-test", "suite.epd"};
        args.insert(args.end(), limits.begin(), limits.end());
        expect_usage_mistake(args, "mneme epd-test: " + message);
    }
}

// Alpha-beta without pruning at depth 16 would take hours: search-compare keeps those variants
// to depth 8, says so, and shows no agreement for the deeper rows, which have no reference.
TEST(CommandLine, SearchCompareKeepsTheFullWidthVariantsShallow) {
    const std::filesystem::path suite =
        std::filesystem::temp_directory_path() /
        ("mneme-search-compare-" + std::to_string(::getpid()) + ".epd");
    { std::ofstream(suite) << "8/8/8/4k3/8/8/3PK3/8 w - - id \"kpk\";\n"; }
    testing::internal::CaptureStdout();
    Outcome outcome = run({"search-compare", "--epd", suite.string(), "--depth", "10"});
    std::string printed = testing::internal::GetCapturedStdout();
    std::filesystem::remove(suite);
    EXPECT_EQ(outcome.status, 0) << outcome.err;
    EXPECT_TRUE(contains(printed, "search to depth 8 at most")) << printed;
    std::istringstream rows(printed);
    std::string line;
    int full_width_rows = 0, deeper_rows = 0;
    while (std::getline(rows, line)) {
        std::istringstream fields(line);
        std::vector<std::string> words{std::istream_iterator<std::string>(fields), {}};
        if (words.size() < 5 || words[0] == "variant") continue;
        // The columns from the right: agree, nodes/s, time, nodes, depth.
        const std::string& depth = words[words.size() - 5];
        const std::string& agree = words.back();
        if (depth == "8") {
            ++full_width_rows;
            EXPECT_EQ(agree, "1/1") << line;
        } else if (depth == "10") {
            ++deeper_rows;
            EXPECT_EQ(agree, "-") << line;
        }
    }
    EXPECT_EQ(full_width_rows, 8) << printed;  // three algorithms and five orderings
    EXPECT_GT(deeper_rows, 8) << printed;
}

// eval reads its files before it prints: a bad network stops it with the reason and no half
// report on stdout.
TEST(CommandLine, EvalReadsItsFilesBeforePrintingAnything) {
    const std::filesystem::path net = std::filesystem::temp_directory_path() /
                                      ("mneme-eval-bad-" + std::to_string(::getpid()) + ".mnet");
    { std::ofstream(net) << "not a network at all"; }
    testing::internal::CaptureStdout();
    Outcome outcome = run({"eval", "--net", net.string()});
    std::string printed = testing::internal::GetCapturedStdout();
    std::filesystem::remove(net);
    EXPECT_EQ(outcome.status, 1);
    EXPECT_EQ(printed, "");
    EXPECT_TRUE(contains(outcome.err, "mneme eval: " + net.string() + ": truncated"))
        << outcome.err;
}

// Lines epd-test cannot use are named on stderr and counted after the summary's figures, so
// that "solved N/M at" reads the same for scripts whatever was skipped.
TEST(CommandLine, EpdTestCountsTheLinesItSkipped) {
    const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    const std::filesystem::path suite = std::filesystem::temp_directory_path() /
                                        ("mneme-epd-skips-" + std::to_string(::getpid()) + ".epd");
    {
        std::ofstream file(suite);
        file << fen << " am a3; id \"usable\";\n"
             << "this is junk\n"
             << "8/8/8/8 w - - bm Kb2;\n"
             << fen << " bm Zz9; id \"bad-move\";\n"
             << fen << " id \"no-operand\";\n";
    }
    testing::internal::CaptureStdout();
    testing::internal::CaptureStderr();
    Outcome outcome = run({"epd-test", suite.string(), "--depth", "1"});
    std::string printed = testing::internal::GetCapturedStdout();
    std::string complaints = testing::internal::GetCapturedStderr();
    std::filesystem::remove(suite);
    // The figures are printed, and the status says they are not of the whole suite.
    EXPECT_EQ(outcome.status, 1) << outcome.err;
    EXPECT_TRUE(contains(complaints,
                         ".epd: exit status 1: 2 unreadable lines, 1 line with a bad "
                         "bm or am move\n"))
        << complaints;
    EXPECT_TRUE(contains(printed, "usable ")) << printed;
    EXPECT_TRUE(contains(printed, "/1 at depth 1 per position")) << printed;
    EXPECT_TRUE(contains(printed, "; skipped: 2 without a usable bm or am, 2 unreadable\n"))
        << printed;
    EXPECT_TRUE(contains(complaints, ".epd:2: ")) << complaints;
    EXPECT_TRUE(contains(complaints, ".epd:3: invalid FEN")) << complaints;
    EXPECT_TRUE(contains(complaints, "bad-move: bm 'Zz9'")) << complaints;
}

// An id or a FEN from the suite is printed with its control bytes as \xNN, on the per-position
// lines and in the messages alike, so that a suite cannot drive the terminal; UTF-8 stays.
TEST(CommandLine, EpdTestAndPerftSuiteWriteTheControlBytesOfTheirInputAsEscapes) {
    const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    const std::filesystem::path suite =
        std::filesystem::temp_directory_path() /
        ("mneme-epd-control-" + std::to_string(::getpid()) + ".epd");
    {
        std::ofstream file(suite, std::ios::binary);
        file << fen << " bm e4; id \"\u00d1\x1b]0;PWNED\x07\x1b[2J\";\n"
             << "8/8/8/8\x1b[2J w - - bm Kb2;\n";
    }
    testing::internal::CaptureStdout();
    testing::internal::CaptureStderr();
    Outcome tested = run({"epd-test", suite.string(), "--depth", "1"});
    std::string printed = testing::internal::GetCapturedStdout();
    std::string complaints = testing::internal::GetCapturedStderr();
    EXPECT_EQ(tested.status, 1) << tested.err;  // the unreadable line is left out
    EXPECT_TRUE(contains(printed, "\u00d1\\x1b]0;PWNED\\x07\\x1b[2J")) << printed;
    EXPECT_TRUE(contains(complaints, "8/8/8/8\\x1b[2J w - -")) << complaints;

    testing::internal::CaptureStdout();
    testing::internal::CaptureStderr();
    Outcome counted = run({"perft", "--suite", suite.string(), "1"});
    std::string counts = testing::internal::GetCapturedStdout();
    std::string perft_complaints = testing::internal::GetCapturedStderr();
    std::filesystem::remove(suite);
    EXPECT_EQ(counted.status, 1);
    EXPECT_TRUE(contains(perft_complaints, "8/8/8/8\\x1b[2J w - -")) << perft_complaints;
    for (const std::string& text : {printed, complaints, counts, perft_complaints})
        EXPECT_EQ(text.find_first_of("\x1b\x07"), std::string::npos) << text;
}

// epd-test --engine puts another engine to the suite: its moves are judged as mneme's are, an
// engine that crashes on a position has that position counted as not solved and is started
// again for the next, and mneme's own search settings are refused beside it.
TEST(CommandLine, EpdTestJudgesAnotherEngineAndSurvivesItsCrash) {
    // The fake engine plays the first legal move of the generator's order.
    Position start;
    MoveList<LEGAL> moves(start);
    ASSERT_GE(moves.size(), 2u);
    const std::string first = move_to_san(start, moves.begin()[0]);
    const std::string second = move_to_san(start, moves.begin()[1]);
    const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    const std::filesystem::path suite = std::filesystem::temp_directory_path() /
                                        ("mneme-epd-engine-" + std::to_string(::getpid()) + ".epd");
    {
        std::ofstream file(suite);
        file << fen << " bm " << first << "; id \"right\";\n"
             << fen << " bm " << second << "; id \"wrong\";\n"
             << fen << " bm " << first << "; id \"crashed\";\n"
             << fen << " am " << second << "; id \"after-restart\";\n";
    }
    const std::string engine = std::string("cmd='") + MNEME_FAKE_ENGINE + " --crash-after 3'";
    testing::internal::CaptureStdout();
    testing::internal::CaptureStderr();
    Outcome outcome = run({"epd-test", suite.string(), "--depth", "1", "--engine", engine});
    std::string printed = testing::internal::GetCapturedStdout();
    std::string complaints = testing::internal::GetCapturedStderr();
    EXPECT_EQ(outcome.status, 1) << outcome.err;
    EXPECT_TRUE(contains(complaints, ".epd: exit status 1: 1 engine fault\n")) << complaints;
    EXPECT_TRUE(contains(printed, "right           solved ")) << printed;
    EXPECT_TRUE(contains(printed, "solved 2/4 at depth 1 per position")) << printed;
    EXPECT_TRUE(contains(printed, "failed: wrong crashed\n")) << printed;
    EXPECT_TRUE(contains(complaints, "crashed: ")) << complaints;
    EXPECT_TRUE(contains(complaints, "crash")) << complaints;
    EXPECT_TRUE(contains(complaints, "counted as not solved")) << complaints;

    Outcome refused =
        run({"epd-test", suite.string(), "--engine", engine, "--option", "Razoring=false"});
    EXPECT_EQ(refused.status, 2);
    EXPECT_TRUE(contains(refused.err, "with --engine give the engine's options")) << refused.err;
    std::filesystem::remove(suite);
}

}  // namespace
}  // namespace mneme::app
