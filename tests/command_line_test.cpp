// The mneme command line: every command and subcommand answers --help with its usage and exit
// status 0, 'mneme help COMMAND' prints the same text, a mistake in the arguments is followed by
// that text too, and a mistyped command gets a suggestion.
#include "command_line.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "mneme/core/movegen.h"
#include "mneme/core/position.h"
#include "mneme/notation/san.h"
#include "mneme/util/text.h"
#include "usage.h"

namespace mneme::app {
namespace {

struct Outcome {
    int status = -1;
    std::string out, err;
};

Outcome run(const Arguments& args) {
    std::ostringstream out, err;
    Outcome outcome;
    outcome.status = run_command_line(args, out, err);
    outcome.out = out.str();
    outcome.err = err.str();
    return outcome;
}

// "book build" -> {"book", "build"}
Arguments words_of(const std::string& name) {
    Arguments words;
    for (std::string_view word : split_whitespace(name)) words.emplace_back(word);
    return words;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(CommandLine, EveryCommandAnswersHelpWithItsUsage) {
    ASSERT_GT(command_usages().size(), 30u);
    for (const CommandUsage& command : command_usages()) {
        const std::string expected = usage_text(command.name);
        ASSERT_FALSE(expected.empty()) << command.name;
        EXPECT_EQ(expected.rfind("usage: mneme " + words_of(command.name)[0], 0), 0u) << expected;

        for (const char* flag : {"--help", "-h"}) {
            Arguments args = words_of(command.name);
            args.push_back(flag);
            Outcome outcome = run(args);
            EXPECT_EQ(outcome.status, 0) << command.name << " " << flag;
            EXPECT_EQ(outcome.out, expected) << command.name << " " << flag;
            EXPECT_EQ(outcome.err, "") << command.name;
        }

        Arguments help = {"help"};
        for (const std::string& word : words_of(command.name)) help.push_back(word);
        Outcome outcome = run(help);
        EXPECT_EQ(outcome.status, 0) << "help " << command.name;
        EXPECT_EQ(outcome.out, expected) << "help " << command.name;
    }
}

TEST(CommandLine, HelpAfterOtherArgumentsStillAnswers) {
    Outcome outcome = run({"book", "build", "games.pgn", "-o", "out.mbook", "--help"});
    EXPECT_EQ(outcome.status, 0);
    EXPECT_EQ(outcome.out, usage_text("book build"));
}

TEST(CommandLine, GroupsListTheirSubcommands) {
    for (const char* group : {"book", "cases", "cbr", "learn", "pgn"}) {
        ASSERT_TRUE(is_command_group(group)) << group;
        Outcome outcome = run({group, "--help"});
        EXPECT_EQ(outcome.status, 0) << group;
        for (const std::string& sub : command_names_under(group))
            EXPECT_TRUE(contains(outcome.out, std::string(group) + " " + sub))
                << group << " " << sub;
        EXPECT_EQ(run({"help", group}).out, outcome.out);
    }
    // Without a subcommand the group's usage is the error message.
    Outcome outcome = run({"learn"});
    EXPECT_EQ(outcome.status, 2);
    EXPECT_TRUE(contains(outcome.err, "a subcommand is needed")) << outcome.err;
    EXPECT_TRUE(contains(outcome.err, usage_text("learn")));
}

TEST(CommandLine, OverviewListsEveryCommand) {
    Outcome outcome = run({"help"});
    EXPECT_EQ(outcome.status, 0);
    EXPECT_EQ(outcome.out, overview_text());
    EXPECT_EQ(run({"--help"}).out, outcome.out);
    for (const CommandUsage& command : command_usages())
        EXPECT_TRUE(contains(outcome.out, "  " + command.name)) << command.name;
}

TEST(CommandLine, EngineAliasesShareTheEngineUsage) {
    EXPECT_EQ(run({"uci", "--help"}).out, usage_text("engine"));
    EXPECT_EQ(run({"xboard", "--help"}).out, usage_text("engine"));
    EXPECT_EQ(run({"help", "uci"}).out, usage_text("engine"));
}

TEST(CommandLine, BadArgumentsPrintTheSameUsage) {
    Outcome outcome = run({"perft", "--frobnicate"});
    EXPECT_EQ(outcome.status, 2);
    EXPECT_TRUE(contains(outcome.err, "mneme perft: unexpected argument '--frobnicate'"))
        << outcome.err;
    EXPECT_TRUE(contains(outcome.err, usage_text("perft")));

    outcome = run({"book", "build", "games.pgn"});
    EXPECT_EQ(outcome.status, 2);
    EXPECT_TRUE(contains(outcome.err, "mneme book build: ")) << outcome.err;
    EXPECT_TRUE(contains(outcome.err, usage_text("book build")));

    outcome = run({"learn", "tune", "in.mpos", "-o"});
    EXPECT_EQ(outcome.status, 2);
    EXPECT_TRUE(contains(outcome.err, "-o needs a value")) << outcome.err;
    EXPECT_TRUE(contains(outcome.err, usage_text("learn tune")));

    outcome = run({"bench", "0"});
    EXPECT_EQ(outcome.status, 2);
    EXPECT_TRUE(contains(outcome.err, usage_text("bench"))) << outcome.err;
}

// bench --option: the signature of another setting. A switch at its default gives the default's
// count, another value another count, and a misspelt option is a usage mistake.
TEST(CommandLine, BenchTakesSearchOptions) {
    // The node total bench prints (it writes to standard output), "?" when it printed none.
    auto nodes = [](const Arguments& args) {
        std::ostringstream printed;
        std::streambuf* standard_output = std::cout.rdbuf(printed.rdbuf());
        Outcome outcome = run(args);
        std::cout.rdbuf(standard_output);
        std::string text = printed.str();
        std::size_t at = text.find("Nodes searched  : ");
        if (outcome.status != 0 || at == std::string::npos) return std::string("?");
        return text.substr(at + 18, text.find('\n', at) - at - 18);
    };
    std::string plain = nodes({"bench", "6", "--eval", "classic"});
    EXPECT_NE(plain, "?");
    EXPECT_EQ(nodes({"bench", "6", "--eval", "classic", "--option", "RootReductions=false"}),
              plain);
    std::string other =
        nodes({"bench", "6", "--eval", "classic", "--option", "NullMoveReduction=2"});
    EXPECT_NE(other, plain);
    EXPECT_NE(other, "?");
    Outcome wrong = run({"bench", "6", "--option", "NullMoveReductions=2"});
    EXPECT_EQ(wrong.status, 2);
    EXPECT_TRUE(contains(wrong.err, "NullMoveReductions=2")) << wrong.err;
}

TEST(CommandLine, AFailingCommandIsNotAUsageMistake) {
    Outcome outcome = run({"pgn", "check", "/nonexistent/mneme/games.pgn"});
    EXPECT_EQ(outcome.status, 1);
    EXPECT_FALSE(contains(outcome.err, "usage:")) << outcome.err;
}

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

// epd-test's numbers are checked as every command's are, and its limits are alternatives.
TEST(CommandLine, EpdTestRefusesBadNumbersAndTwoLimits) {
    struct Case {
        Arguments args;
        const char* message;
    };
    for (const Case& c : std::vector<Case>{
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
        args.insert(args.end(), c.args.begin(), c.args.end());
        Outcome outcome = run(args);
        EXPECT_EQ(outcome.status, 2) << c.message;
        EXPECT_TRUE(contains(outcome.err, std::string("mneme epd-test: ") + c.message))
            << outcome.err;
    }
}

// epd-test --engine puts another engine to the suite: its moves are judged as mneme's are, an
// engine that crashes on a position has that position counted as not solved and is started
// again for the next, and mneme's own search settings are refused beside it.
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

// A sequential test's parameters must describe one: else "H1 accepted" could be printed for
// bounds that test nothing. Flags that are not the command's are not taken for files, and
// alternatives given together are refused rather than one silently dropped.
TEST(CommandLine, SprtParametersAndUnknownFlagsAreChecked) {
    struct Case {
        Arguments args;
        const char* message;
    };
    for (const Case& c : std::vector<Case>{
             {{"report", "games.pgn", "--sprt", "elo0=0", "elo1=5", "alpha=2"},
              "--sprt: alpha must be above 0 and below 0.5, got 2\n"},
             {{"report", "games.pgn", "--sprt", "beta=-1"},
              "--sprt: beta must be above 0 and below 0.5, got -1\n"},
             {{"report", "games.pgn", "--sprt", "elo0=5", "elo1=0"},
              "--sprt: elo0 must be below elo1 (both between -1000 and 1000), got 5 and 0\n"},
             {{"match", "-engine", "cmd=x", "-engine", "cmd=y", "-sprt", "elo0=3", "elo1=3"},
              "-sprt: elo0 must be below elo1 (both between -1000 and 1000), got 3 and 3\n"},
             {{"report", "games.pgn", "--bogus"}, "unexpected argument '--bogus'"},
             {{"play", "--white", "--black"}, "give --white or --black, not both"},
             {{"uci", "--player", "uci"}, "--player must be cbr, random or greedy, got 'uci'"},
             {{"play", "--chess960", "5", "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1"},
              "give --fen or --chess960, not both"},
         }) {
        Outcome outcome = run(c.args);
        EXPECT_EQ(outcome.status, 2) << c.message << ": " << outcome.err;
        EXPECT_TRUE(contains(outcome.err, c.message)) << outcome.err;
    }
}

// A depth or node limit of 0 would mean no limit, so a game under it would never end; a move cap
// or a draw rule's move number below 0 means nothing; counts beyond what a run can schedule
// wrapped round. match and tournament refuse them all as usage mistakes before any game starts.
TEST(CommandLine, MatchAndTournamentRefuseLimitsThatNeverEndAndCountsOutOfRange) {
    const std::string two = "-engine proto=random name=a -engine proto=random name=b ";
    const std::string three = two + "-engine proto=random name=c ";
    struct Case {
        std::string args;
        const char* message;
    };
    for (const Case& c : std::vector<Case>{
             {"match " + two + "-games 1 -each depth=0",
              "'depth=0': needs a whole number from 1 to 127"},
             {"match " + two + "-games 1 -each nodes=0",
              "'nodes=0': needs a whole number of at least 1"},
             {"tournament " + three + "-games 1 -each depth=0",
              "'depth=0': needs a whole number from 1 to 127"},
             {"tournament " + three + "-games 1 -each nodes=0",
              "'nodes=0': needs a whole number of at least 1"},
             {"match " + two + "-games 1 -each depth=1 -maxmoves -5",
              "-maxmoves needs a whole number from 1 to 100000, got '-5'"},
             {"tournament " + three + "-games 1 -each depth=1 -maxmoves 0",
              "-maxmoves needs a whole number from 1 to 100000, got '0'"},
             {"match " + two + "-games 1 -each depth=1 -draw movenumber=-1 movecount=3 score=10",
              "-draw: movenumber needs a whole number from 0 to 100000, got '-1'"},
             {"tournament " + three +
                  "-games 1 -each depth=1 -draw movenumber=40 movecount=0 score=10",
              "-draw: movecount needs a whole number from 1 to 100000, got '0'"},
             {"match " + two + "-games 1 -each depth=1 -draw movenumber=40 movecount=3 score=-10",
              "-draw: score needs a whole number from 0 to 100000, got '-10'"},
             {"match " + two + "-games 1 -each depth=1 -resign movecount=-3 score=600",
              "-resign: movecount needs a whole number from 1 to 100000, got '-3'"},
             // Beyond an int these wrapped round: 4294967297 games became one.
             {"match " + two + "-games 4294967297 -each depth=1",
              "-games needs a whole number from 1 to 1000000, got '4294967297'"},
             {"match " + two + "-games 2 -rounds 99999999999 -each depth=1",
              "-rounds needs a whole number from 1 to 1000000, got '99999999999'"},
             {"tournament " + three + "-games 2 -rounds 0 -each depth=1",
              "-rounds needs a whole number from 1 to 1000000, got '0'"},
             {"match " + two + "-games 2 -concurrency 100000 -each depth=1",
              "-concurrency needs a whole number from 1 to 1024, got '100000'"},
             // The schedule is made before the first game: its size is bounded as a whole.
             {"tournament " + three + "-games 1000 -rounds 1000 -each depth=1",
              "3 pairings x 1000 rounds x 1000 games make 3000000 games; a run plays from 1 to "
              "1000000 (split it into several runs)"},
         }) {
        testing::internal::CaptureStdout();
        Outcome outcome = run(words_of(c.args));
        std::string printed = testing::internal::GetCapturedStdout();
        EXPECT_EQ(outcome.status, 2) << c.args << ": " << outcome.err;
        EXPECT_TRUE(contains(outcome.err, c.message)) << c.args << ": " << outcome.err;
        EXPECT_EQ(printed, "") << c.args;  // no "Players:" line: no game began
    }
}

// cutechess's -recover (restart an engine that faults) is what the runner always does; it is
// not -resume, which would go on from a PGN the user meant to replace.
TEST(CommandLine, CutechessRecoverIsAcceptedAndDoesNotResumeAnOldPgn) {
    const std::filesystem::path folder = std::filesystem::temp_directory_path() /
                                         ("mneme-cli-recover-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    const std::string games = (folder / "games.pgn").string();
    Arguments match = words_of(
        "match -engine proto=random name=a -engine proto=random name=b -each depth=1 -games 2 "
        "-concurrency 1 -recover -pgnout");
    match.push_back(games);
    Outcome fresh = run(match);
    EXPECT_EQ(fresh.status, 0) << fresh.err;
    std::ifstream written(games);
    std::string line;
    int results = 0;
    while (std::getline(written, line)) results += line.rfind("[Result ", 0) == 0;
    EXPECT_EQ(results, 2);
    Outcome again = run(match);
    EXPECT_EQ(again.status, 1) << again.err;
    EXPECT_TRUE(contains(again.err, games + " already holds games")) << again.err;
    std::filesystem::remove_all(folder);
}

// mneme report on a PGN of more players than the orderings' exact search takes prints every
// other statistic, says what it left out, and succeeds.
TEST(CommandLine, ReportOfManyPlayersLeavesOutOnlyTheOrderings) {
    const std::filesystem::path pgn =
        std::filesystem::temp_directory_path() /
        ("mneme-report-players-" + std::to_string(::getpid()) + ".pgn");
    {
        std::ofstream file(pgn);
        for (int i = 0; i < 65; ++i)
            file << "[White \"player" << i << "\"]\n[Black \"player" << i + 1
                 << "\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n";
    }
    testing::internal::CaptureStdout();
    Outcome outcome = run({"report", pgn.string()});
    std::string printed = testing::internal::GetCapturedStdout();
    std::filesystem::remove(pgn);
    EXPECT_EQ(outcome.status, 0) << outcome.err;
    EXPECT_EQ(outcome.err, "");
    EXPECT_TRUE(contains(printed, "Results of 65 games")) << printed;
    EXPECT_TRUE(contains(printed, "Ranking")) << printed;
    EXPECT_TRUE(contains(printed, "Showdown orderings left out: 66 players")) << printed;
}

// A reader's warning names a game that is still counted: report succeeds. A game left out
// (unreadable) makes the figures partial: report prints them and exits 1.
TEST(CommandLine, ReportFailsForAGameLeftOutNotForAWarning) {
    const std::filesystem::path pgn =
        std::filesystem::temp_directory_path() /
        ("mneme-report-warning-" + std::to_string(::getpid()) + ".pgn");
    auto report_of = [&](const std::string& third_game) {
        {
            std::ofstream file(pgn);
            file << "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
                 << "[White \"b\"]\n[Black \"a\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n\n"
                 << third_game;
        }
        testing::internal::CaptureStdout();
        testing::internal::CaptureStderr();
        Outcome outcome = run({"report", pgn.string()});
        outcome.err += testing::internal::GetCapturedStderr();
        return std::pair{outcome, testing::internal::GetCapturedStdout()};
    };
    // The tag says White won, the movetext's marker Black: the tag is kept, with a warning.
    auto [warned, warned_text] =
        report_of("[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. c4 c5 0-1\n\n");
    EXPECT_EQ(warned.status, 0) << warned.err;
    EXPECT_TRUE(contains(warned.err, "warning: ")) << warned.err;
    EXPECT_TRUE(contains(warned_text, "Results of 3 games")) << warned_text;
    auto [failed, failed_text] =
        report_of("[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n\n");
    std::filesystem::remove(pgn);
    EXPECT_EQ(failed.status, 1) << failed.err;
    EXPECT_TRUE(contains(failed.err, "game 3")) << failed.err;
    EXPECT_TRUE(contains(failed_text, "Results of 2 games")) << failed_text;
}

// The message names what is missing, not every argument the command takes.
TEST(CommandLine, MissingRequiredArgumentsAreNamed) {
    Outcome outcome = run({"cases", "build", "games.pgn"});
    EXPECT_EQ(outcome.status, 2);
    EXPECT_TRUE(contains(outcome.err, "mneme cases build: missing -o OUT.mcases\n")) << outcome.err;

    outcome = run({"book", "ophista", "games.pgn"});
    EXPECT_TRUE(contains(outcome.err, "missing --book BOOK.mbook and -o OUT.mhist\n"))
        << outcome.err;

    outcome = run({"learn", "datagen", "-o", "out.mdata"});
    EXPECT_TRUE(contains(outcome.err, "missing --games N\n")) << outcome.err;

    outcome = run({"search-compare", "--depth", "3"});
    EXPECT_TRUE(contains(outcome.err, "missing --epd FILE\n")) << outcome.err;

    outcome = run({"learn", "wdl-fit"});
    EXPECT_EQ(outcome.status, 2);
    EXPECT_TRUE(contains(outcome.err, "missing FILE.mdata...\n")) << outcome.err;
}

TEST(CommandLine, MistypedNamesGetASuggestion) {
    Outcome outcome = run({"perfy", "5"});
    EXPECT_EQ(outcome.status, 2);
    EXPECT_TRUE(contains(outcome.err, "unknown command 'perfy'; did you mean 'perft'?"))
        << outcome.err;

    outcome = run({"book", "biuld", "x.pgn"});
    EXPECT_EQ(outcome.status, 2);
    EXPECT_TRUE(contains(outcome.err, "unknown subcommand 'biuld'; did you mean 'build'?"))
        << outcome.err;
    EXPECT_TRUE(contains(outcome.err, usage_text("book")));

    outcome = run({"help", "tournment"});
    EXPECT_EQ(outcome.status, 2);
    EXPECT_TRUE(contains(outcome.err, "did you mean 'tournament'?")) << outcome.err;

    outcome = run({"help", "learn", "tdd"});
    EXPECT_EQ(outcome.status, 2);
    EXPECT_TRUE(contains(outcome.err, "did you mean 'td'?")) << outcome.err;

    // Nothing close: no guess.
    outcome = run({"xyzzy"});
    EXPECT_EQ(outcome.status, 2);
    EXPECT_FALSE(contains(outcome.err, "did you mean")) << outcome.err;
}

TEST(CommandLine, VersionNamesCommitCompilerAndBuild) {
    Outcome outcome = run({"--version"});
    EXPECT_EQ(outcome.status, 0);
    EXPECT_EQ(outcome.out.rfind("mneme ", 0), 0u) << outcome.out;
    for (const char* field : {"\ncommit ", "\ncompiler ", "\nbuild ", "\nnative ", "\nsanitizers "})
        EXPECT_TRUE(contains(outcome.out, field)) << field << " in " << outcome.out;
    EXPECT_EQ(run({"version"}).out, outcome.out);
}

TEST(EditDistance, CountsInsertionsDeletionsSubstitutionsAndSwaps) {
    EXPECT_EQ(edit_distance("", ""), 0u);
    EXPECT_EQ(edit_distance("perft", "perft"), 0u);
    EXPECT_EQ(edit_distance("", "book"), 4u);
    EXPECT_EQ(edit_distance("perfy", "perft"), 1u);
    EXPECT_EQ(edit_distance("serv", "serve"), 1u);
    EXPECT_EQ(edit_distance("biuld", "build"), 1u);
    EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
    EXPECT_EQ(edit_distance("ca", "abc"), 3u);
}

TEST(SplitCommas, KeepsEmptyFieldsAtEitherEnd) {
    using Fields = std::vector<std::string>;
    EXPECT_EQ(split_commas(""), Fields{""});
    EXPECT_EQ(split_commas("1,0.5,x"), (Fields{"1", "0.5", "x"}));
    EXPECT_EQ(split_commas("a,,b,"), (Fields{"a", "", "b", ""}));
    EXPECT_EQ(split_commas(",a"), (Fields{"", "a"}));
}

TEST(Printable, WritesControlBytesAsEscapesAndKeepsEverythingElse) {
    EXPECT_EQ(printable("plain text"), "plain text");
    EXPECT_EQ(printable("M\u00fcller, \u00d1"), "M\u00fcller, \u00d1");
    EXPECT_EQ(printable("a\x1b]0;x\x07\x1b[2Jb"), "a\\x1b]0;x\\x07\\x1b[2Jb");
    EXPECT_EQ(printable(std::string("\0\n\r\t\x7f", 5)), "\\x00\\x0a\\x0d\\x09\\x7f");
    // Escaping twice changes nothing more: the escapes are printable.
    EXPECT_EQ(printable(printable("\x1b[2J")), "\\x1b[2J");
}

}  // namespace
}  // namespace mneme::app
