// match, tournament and report on the command line: a sequential test's parameters, limits and
// counts checked before any game, cutechess's flags, and report's exit status.
#include "command_line_test_util.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace mneme::app {
namespace {

// A sequential test's parameters must describe one: else "H1 accepted" could be printed for
// bounds that test nothing. Flags that are not the command's are not taken for files, and
// alternatives given together are refused rather than one silently dropped.
TEST(CommandLine, SprtParametersAndUnknownFlagsAreChecked) {
    for (const auto& [args, message] : std::vector<std::pair<Arguments, std::string>>{
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
         })
        expect_usage_mistake(args, message);
}

// A depth or node limit of 0 would mean no limit, so a game under it would never end; a move cap
// or a draw rule's move number below 0 means nothing; counts beyond what a run can schedule
// wrapped round. match and tournament refuse them all as usage mistakes before any game starts.
TEST(CommandLine, MatchAndTournamentRefuseLimitsThatNeverEndAndCountsOutOfRange) {
    const std::string two = "-engine proto=random name=a -engine proto=random name=b ";
    const std::string three = two + "-engine proto=random name=c ";
    // No "Players:" line is printed: no game began.
    for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
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
         })
        expect_usage_mistake(words_of(args), message);
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

// report --paired-with: the same schedule played twice, compared game by game for the runner's
// first player (or --player), after the report of the first run.
TEST(CommandLine, ReportPairedWithAnotherRunComparesGameByGame) {
    const std::string base = (std::filesystem::temp_directory_path() /
                              ("mneme-report-paired-" + std::to_string(::getpid())))
                                 .string();
    auto write_run = [](const std::string& path, const char* results[4]) {
        std::ofstream file(path);
        const char* rounds[4] = {"1.1", "1.2", "2.1", "2.2"};
        for (int i = 0; i < 4; ++i)
            file << "[Round \"" << rounds[i] << "\"]\n[White \"" << (i % 2 ? "O" : "A")
                 << "\"]\n[Black \"" << (i % 2 ? "A" : "O") << "\"]\n[Result \"" << results[i]
                 << "\"]\n\n1. e4 e5 " << results[i] << "\n\n";
    };
    const char* here[4] = {"1-0", "1/2-1/2", "0-1", "1/2-1/2"};
    const char* there[4] = {"1/2-1/2", "1-0", "1-0", "0-1"};
    write_run(base + "-here.pgn", here);
    write_run(base + "-there.pgn", there);
    testing::internal::CaptureStdout();
    Outcome outcome = run({"report", base + "-here.pgn", "--paired-with", base + "-there.pgn"});
    std::string printed = testing::internal::GetCapturedStdout();
    EXPECT_EQ(outcome.status, 0) << outcome.err;
    EXPECT_TRUE(contains(printed, "Results of 4 games")) << printed;
    EXPECT_TRUE(contains(printed, "Paired with " + base +
                                      "-there.pgn (the same rounds, players, colours and starts): "
                                      "4 games in 2 rounds"))
        << printed;
    EXPECT_TRUE(contains(printed,
                         "  A scored 50.0% here and 62.5% there: -12.5 points +- 122.5 "
                         "(95%), -88.7 Elo (-inf to +inf), LOS 42.1%"))
        << printed;
    EXPECT_TRUE(contains(printed,
                         "  game by game: 2 better here, 0 the same, 2 worse (0 won here "
                         "that were lost there, 1 lost here that were won there)"))
        << printed;

    testing::internal::CaptureStdout();
    Outcome other =
        run({"report", base + "-here.pgn", "--paired-with", base + "-there.pgn", "--player", "O"});
    printed = testing::internal::GetCapturedStdout();
    EXPECT_EQ(other.status, 0) << other.err;
    EXPECT_TRUE(contains(printed, "  O scored 50.0% here and 37.5% there: +12.5 points"))
        << printed;

    // No game of the named player pairs: the reason, and status 1.
    testing::internal::CaptureStdout();
    testing::internal::CaptureStderr();
    Outcome nobody =
        run({"report", base + "-here.pgn", "--paired-with", base + "-there.pgn", "--player", "Z"});
    nobody.err += testing::internal::GetCapturedStderr();
    testing::internal::GetCapturedStdout();
    EXPECT_EQ(nobody.status, 1);
    EXPECT_TRUE(contains(nobody.err, "no game of Z pairs with one of")) << nobody.err;
    std::filesystem::remove(base + "-here.pgn");
    std::filesystem::remove(base + "-there.pgn");

    expect_usage_mistake({"report", base + "-here.pgn", "--player", "A"},
                         "--player names whose results --paired-with compares");
    expect_usage_mistake({"report", base + "-here.pgn", "--paired-with"},
                         "--paired-with needs a PGN file");
}

}  // namespace
}  // namespace mneme::app
