// The command line's files: an input that cannot be opened, an output that would replace an input
// or another output, an output in a missing folder, and an input with nothing to use are refused
// with the file's name, and nothing is written or lost.
#include "command_line_test_util.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace mneme::app {
namespace {

// A file that cannot be opened stops the command with its name and the reason, before any
// statistics of the nothing that was read.
TEST(CommandLine, AnUnopenableFileStopsTheCommandWithoutStatistics) {
    const std::string missing = "/nonexistent/mneme/games.pgn";
    const std::vector<Arguments> commands = {
        {"pgn", "stats", missing},
        {"pgn", "check", missing},
        {"pgn", "convert", missing, "/nonexistent/mneme/out.pgn"},
        {"pgn", "stats", "--by", "eco", missing},
        {"cases", "build", missing, "-o", "/nonexistent/mneme/out.mcases"},
        {"learn", "positions", missing, "-o", "/nonexistent/mneme/out.mpos"},
        {"report", missing},
        {"epd-test", "/nonexistent/mneme/suite.epd"},
        {"learn", "wdl-fit", "/nonexistent/mneme/data.mdata"},
        {"learn", "curve", "/nonexistent/mneme/curve.csv", "-o", "/nonexistent/mneme/c.svg"},
        {"learn", "loss-curve", "/nonexistent/mneme/loss.csv", "-o", "/nonexistent/mneme/l.svg"},
    };
    for (const Arguments& args : commands) {
        testing::internal::CaptureStdout();
        Outcome outcome = run(args);
        std::string printed = testing::internal::GetCapturedStdout();
        EXPECT_EQ(outcome.status, 1) << args[0] << " " << args[1];
        EXPECT_TRUE(contains(outcome.err, "cannot open /nonexistent/mneme/")) << outcome.err;
        EXPECT_TRUE(contains(outcome.err, "No such file or directory")) << outcome.err;
        EXPECT_EQ(printed, "") << args[0] << " " << args[1];
    }
}

// A command whose output is one of its inputs would replace that input once done (losing the
// games it skipped, or the whole file in another format), and a merge given one file twice would
// count it twice: both are refused before anything is written, under any name of the file.
TEST(CommandLine, AnOutputThatIsAnInputIsRefusedAndTheFileKept) {
    const std::filesystem::path folder =
        std::filesystem::temp_directory_path() / ("mneme-cli-apart-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    const std::string games = (folder / "games.pgn").string();
    const std::string contents =
        "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 1-0\n\n"
        "[Result \"*\"]\n\n1. e4 e4 *\n";
    { std::ofstream(games) << contents; }
    const std::string other_name = (folder / "." / "games.pgn").string();
    const std::vector<Arguments> commands = {
        {"pgn", "convert", games, games},
        {"pgn", "convert", games, other_name},
        {"book", "build", games, "-o", other_name},
        {"book", "export", games, "-o", games},
        {"cases", "build", games, "-o", games},
        {"learn", "positions", games, "-o", games},
        {"learn", "label-games", games, "-o", games},
    };
    for (const Arguments& args : commands) {
        Outcome outcome = run(args);
        EXPECT_EQ(outcome.status, 2) << args[0] << " " << args[1] << ": " << outcome.err;
        EXPECT_TRUE(contains(outcome.err, " is the input " + games + ": it would be replaced"))
            << outcome.err;
    }
    for (const Arguments& args : std::vector<Arguments>{
             {"book", "merge", games, other_name, "-o", (folder / "out.mbook").string()},
             {"cases", "merge", games, other_name, "-o", (folder / "out.mcases").string()},
             {"learn", "data-merge", games, games, "-o", (folder / "out.mdata").string()}}) {
        Outcome outcome = run(args);
        EXPECT_EQ(outcome.status, 2) << args[0] << " " << args[1] << ": " << outcome.err;
        EXPECT_TRUE(contains(outcome.err, " are the same file: each input counts once"))
            << outcome.err;
    }
    std::ifstream in(games);
    std::string kept((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(kept, contents);
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(folder),
                            std::filesystem::directory_iterator()),
              1);  // nothing written beside it
    std::filesystem::remove_all(folder);
}

// A scratch folder holding noise.pgn: bytes without one game (removed at the end of the test).
struct FolderWithNoise {
    explicit FolderWithNoise(const std::string& name)
        : folder(std::filesystem::temp_directory_path() /
                 ("mneme-cli-" + name + "-" + std::to_string(::getpid()))),
          noise((folder / "noise.pgn").string()) {
        std::filesystem::create_directories(folder);
        std::ofstream(noise, std::ios::binary) << std::string("\x01\xfe\x13junk\n\x7f", 10);
    }
    ~FolderWithNoise() { std::filesystem::remove_all(folder); }
    std::string file(const std::string& name) const { return (folder / name).string(); }
    std::size_t files() const {
        return std::size_t(std::distance(std::filesystem::directory_iterator(folder),
                                         std::filesystem::directory_iterator()));
    }
    const std::filesystem::path folder;
    const std::string noise;
};

// A scratch file's bytes ("" when it is missing).
std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A book or case base built from no usable game is a mistake to report, not an empty file to
// use: nothing is written, and a file already there (a good book) is kept as it was.
TEST(CommandLine, ABuildWithoutAnEntryWritesNothingAndKeepsTheOldFile) {
    FolderWithNoise scratch("empty");
    const std::string games = scratch.file("games.pgn");
    {
        std::ofstream(games) << "[White \"Somebody\"]\n[Black \"Else\"]\n[Result \"1-0\"]\n\n"
                                "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    }
    const std::string book = scratch.file("old.mbook"), cases = scratch.file("old.mcases");
    testing::internal::CaptureStdout();
    ASSERT_EQ(run({"book", "build", games, "-o", book, "--quiet"}).status, 0);
    ASSERT_EQ(run({"cases", "build", games, "-o", cases, "--quiet"}).status, 0);
    testing::internal::GetCapturedStdout();
    const std::string old_book = bytes_of(book), old_cases = bytes_of(cases);
    ASSERT_GT(old_book.size(), 120u);
    ASSERT_GT(old_cases.size(), 0u);

    struct Case {
        Arguments args;
        std::string output, complaint;
    };
    const std::string fresh = scratch.file("fresh.mbook");
    for (const Case& c : std::vector<Case>{
             {{"book", "build", scratch.noise, "-o", book, "--quiet"},
              book,
              "no game gave an entry; nothing written (" + book + " kept as it was)"},
             {{"book", "build", games, "-o", book, "--min-elo", "4000", "--quiet"},
              book,
              "no game gave an entry; nothing written (" + book + " kept as it was)"},
             {{"book", "build", games, "-o", book, "--min-count", "2", "--quiet"},
              book,
              "no game gave an entry; nothing written (" + book + " kept as it was)"},
             {{"book", "build", scratch.noise, "-o", fresh, "--quiet"},
              fresh,
              "no game gave an entry; nothing written to " + fresh},
             {{"cases", "build", games, "-o", cases, "--player", "Nobody", "--quiet"},
              cases,
              "no case; nothing written (" + cases + " kept as it was)"},
             {{"cases", "build", scratch.noise, "-o", cases, "--quiet"},
              cases,
              "no case; nothing written (" + cases + " kept as it was)"},
         }) {
        testing::internal::CaptureStdout();
        testing::internal::CaptureStderr();
        Outcome outcome = run(c.args);
        std::string printed = testing::internal::GetCapturedStdout();
        std::string complaint = testing::internal::GetCapturedStderr() + outcome.err;
        EXPECT_EQ(outcome.status, 1) << c.args[0] << " " << c.args[2] << ": " << complaint;
        EXPECT_TRUE(contains(complaint, c.complaint)) << complaint;
        EXPECT_FALSE(contains(printed, "MB")) << printed;  // no size of a file not written
    }
    EXPECT_EQ(bytes_of(book), old_book);
    EXPECT_EQ(bytes_of(cases), old_cases);
    EXPECT_EQ(scratch.files(), 4u);  // the noise, the games, the book and the case base
}

// The words of a quick match between two random movers, to which a test adds its files.
Arguments random_match(const char* command) {
    return words_of(std::string(command) +
                    " -engine proto=random name=a -engine proto=random name=b -each depth=1 "
                    "-games 2 -concurrency 1");
}

Arguments with(Arguments args, const Arguments& more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

// Every command whose output could replace one of its inputs, or another of its outputs (the
// games' record by the report, a table by its C++ source), refuses before anything is written.
TEST(CommandLine, AnOutputThatIsAnInputOrAnotherOutputIsRefused) {
    FolderWithNoise scratch("outputs");
    const std::string games = scratch.file("games.pgn");
    const std::string contents = "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 1-0\n";
    { std::ofstream(games) << contents; }
    const std::string openings = "file=" + games;
    for (const Arguments& args : std::vector<Arguments>{
             {"report", games, "--json", games},
             with(random_match("match"), {"-openings", openings, "-json", games}),
             with(random_match("match"), {"-openings", openings, "-pgnout", games, "-overwrite"}),
             with(random_match("tournament"), {"-openings", openings, "-json", games}),
             with(random_match("tournament"), {"-openings", openings, "-pgnout", games}),
             {"cbr", "experiment", games, "random", "--rounds", "1", "--pgn", games},
             {"learn", "tune", scratch.noise, "-o", scratch.file("t.params"), "--params", games,
              "--source", games},
             {"learn", "bayes", scratch.noise, "-o", games, "--params", games},
             {"learn", "td", "--games", "1", "-o", games, "--params", games},
             {"learn", "ga", scratch.noise, "-o", games, "--params", games},
             {"learn", "nnue", games, "-o", scratch.file("n.mnet"), "--log", games},
             {"learn", "relabel", scratch.noise, "-o", games, "--depth", "1", "--params", games},
             {"book", "learn", games, "--experience", games},
             {"book", "ophista", scratch.noise, "--book", games, "-o", games},
         }) {
        Outcome outcome = run(args);
        EXPECT_EQ(outcome.status, 2) << args[0] << " " << args[1] << ": " << outcome.err;
        EXPECT_TRUE(contains(outcome.err, "the output " + games + " is the input " + games +
                                              ": it would be replaced"))
            << args[0] << " " << args[1] << ": " << outcome.err;
    }
    // eval reads its tables as it meets them: this one must be a table.
    const std::string table = scratch.file("empty.params");
    { std::ofstream(table) << "# no value changed\n"; }
    Outcome eval = run({"eval", "--params", table, "--write-params", table});
    EXPECT_EQ(eval.status, 2) << eval.err;
    EXPECT_TRUE(contains(eval.err, "the output " + table + " is the input " + table)) << eval.err;
    EXPECT_EQ(bytes_of(table), "# no value changed\n");
    std::filesystem::remove(table);

    const std::string out = scratch.file("out"), also_out = scratch.file("./out");
    for (const Arguments& args : std::vector<Arguments>{
             with(random_match("match"), {"-pgnout", out, "-json", also_out}),
             with(random_match("tournament"), {"-pgnout", out, "-json", out}),
             {"learn", "tune", scratch.noise, "-o", out, "--source", also_out},
             {"learn", "nnue", scratch.noise, "-o", out, "--log", out},
             {"learn", "nnue", scratch.noise, "-o", scratch.file("n.mnet"), "--checkpoint", out,
              "--log", out},
             {"learn", "td", "--games", "1", "-o", out, "--curve", out},
         }) {
        Outcome outcome = run(args);
        EXPECT_EQ(outcome.status, 2) << args[0] << " " << args[1] << ": " << outcome.err;
        EXPECT_TRUE(contains(outcome.err, " are the same file: one would replace the other"))
            << args[0] << " " << args[1] << ": " << outcome.err;
    }
    EXPECT_EQ(bytes_of(games), contents);
    EXPECT_EQ(scratch.files(), 2u);  // the noise and the games: nothing written beside them
}

// An input given twice would count twice (a book's counts, a report's games, a tuner's
// positions): refused under any name of the file, as the merges do.
TEST(CommandLine, AnInputGivenTwiceIsRefused) {
    FolderWithNoise scratch("twice");
    const std::string games = scratch.file("games.pgn");
    { std::ofstream(games) << "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 1-0\n"; }
    const std::string other_name = scratch.file("./games.pgn");
    const std::string out = scratch.file("out");
    for (const Arguments& args : std::vector<Arguments>{
             {"book", "build", games, other_name, "-o", out, "--quiet"},
             {"cases", "build", games, other_name, "-o", out, "--quiet"},
             {"report", games, other_name},
             {"learn", "positions", games, other_name, "-o", out, "--no-progress"},
             {"learn", "tune", games, other_name, "-o", out},
             {"learn", "bayes", games, other_name, "-o", out},
             {"learn", "ga", games, other_name, "-o", out},
             {"learn", "nnue", games, other_name, "-o", out},
             {"learn", "label-games", games, other_name, "-o", out, "--no-progress"},
             {"learn", "wdl-fit", games, other_name},
             {"book", "ophista", games, other_name, "--book", scratch.noise, "-o", out},
             {"book", "learn", games, other_name, "--experience", out},
         }) {
        testing::internal::CaptureStdout();
        testing::internal::CaptureStderr();
        Outcome outcome = run(args);
        testing::internal::GetCapturedStdout();
        testing::internal::GetCapturedStderr();
        EXPECT_EQ(outcome.status, 2) << args[0] << " " << args[1] << ": " << outcome.err;
        EXPECT_TRUE(contains(outcome.err, games + " and " + other_name +
                                              " are the same file: each input counts once"))
            << args[0] << " " << args[1] << ": " << outcome.err;
    }
    EXPECT_EQ(scratch.files(), 2u);  // nothing written
}

// A long command whose output goes to a folder that is not there says so before its work (the
// games played, the positions sampled), not after it.
TEST(CommandLine, AnOutputInAMissingFolderIsRefusedBeforeTheWork) {
    FolderWithNoise scratch("missing");
    const std::string games = scratch.file("games.pgn");
    { std::ofstream(games) << "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 1-0\n"; }
    const std::string missing = scratch.file("missing"), out = missing + "/out";
    for (const Arguments& args : std::vector<Arguments>{
             {"cbr", "experiment", "random", "greedy", "--rounds", "1", "--pgn", out},
             with(random_match("match"), {"-json", out}),
             with(random_match("match"), {"-pgnout", out}),
             with(random_match("tournament"), {"-json", out}),
             {"report", games, "--json", out},
             {"book", "build", games, "-o", out, "--quiet"},
             {"cases", "build", games, "-o", out, "--quiet"},
             {"learn", "positions", games, "-o", out, "--no-progress"},
             {"learn", "tune", scratch.noise, "-o", out},
             {"learn", "tune", scratch.noise, "-o", scratch.file("t.params"), "--source", out},
             {"learn", "bayes", scratch.noise, "-o", out},
             {"learn", "nnue", scratch.noise, "-o", out},
             {"learn", "nnue", scratch.noise, "-o", scratch.file("n.mnet"), "--checkpoint", out},
             {"learn", "ga", games, "-o", out},
             {"learn", "td", "--games", "1", "--depth", "1", "-o", out},
             {"learn", "relabel", scratch.noise, "-o", out, "--depth", "1"},
         }) {
        testing::internal::CaptureStdout();
        testing::internal::CaptureStderr();
        Outcome outcome = run(args);
        std::string printed = testing::internal::GetCapturedStdout();
        testing::internal::GetCapturedStderr();
        EXPECT_EQ(outcome.status, 1) << args[0] << " " << args[1] << ": " << outcome.err;
        EXPECT_TRUE(contains(outcome.err,
                             "cannot write " + out + ": the folder " + missing + " does not exist"))
            << args[0] << " " << args[1] << ": " << outcome.err;
        EXPECT_EQ(printed, "") << args[0] << " " << args[1];
    }
    EXPECT_EQ(scratch.files(), 2u);
}

// Statistics, a conversion or labels of a file without one game report it and fail, and write
// nothing: an empty data file left behind would even refuse the rerun with the right input
// ("made with other inputs").
TEST(CommandLine, CommandsOnAFileWithoutGamesFailAndWriteNothing) {
    FolderWithNoise scratch("nogame");
    const std::string output = scratch.file("out");
    const std::string no_game = "no game found in " + scratch.noise;
    for (const auto& [args, message] : std::vector<std::pair<Arguments, std::string>>{
             {{"pgn", "stats", scratch.noise}, no_game + "\n"},
             {{"pgn", "convert", scratch.noise, output}, no_game + "; nothing written"},
             {{"learn", "label-games", scratch.noise, "-o", output, "--no-progress"},
              no_game + "; nothing written"},
             {{"report", scratch.noise, "--json", output},
              "mneme report: no game with a result and two players in " + scratch.noise + "\n"}}) {
        testing::internal::CaptureStdout();
        testing::internal::CaptureStderr();
        Outcome outcome = run(args);
        testing::internal::GetCapturedStdout();
        std::string complaint = testing::internal::GetCapturedStderr() + outcome.err;
        EXPECT_EQ(outcome.status, 1) << args[1];
        EXPECT_TRUE(contains(complaint, message)) << complaint;
        EXPECT_EQ(scratch.files(), 1u) << args[1];  // no output, no temporary
    }
}

}  // namespace
}  // namespace mneme::app
