// The mneme command line: every command and subcommand answers --help with its usage and exit
// status 0, 'mneme help COMMAND' prints the same text, a mistake in the arguments is followed by
// that text too, and a mistyped command gets a suggestion. The commands' own refusals are in
// command_line_files_test.cpp, command_line_epd_test.cpp and command_line_match_test.cpp.
#include "command_line_test_util.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "mneme/util/text.h"
#include "usage.h"

namespace mneme::app {
namespace {

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
