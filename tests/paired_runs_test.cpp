// The comparison of two runs of one schedule, game by game (mneme report --paired-with).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "mneme/match/paired_runs.h"

namespace mneme {
namespace {

RunGame game(const char* round, const char* white, const char* black, double white_score) {
    RunGame g;
    g.round = round;
    g.white = white;
    g.black = black;
    g.white_score = white_score;
    return g;
}

// Two rounds of a colour-swapped match of A against O; A scores 1, 1/2, 0, 1/2 here and
// 1/2, 0, 1, 1 there.
std::vector<RunGame> here_games() {
    return {game("1.2", "O", "A", 0.5), game("1.1", "A", "O", 1.0), game("2.1", "A", "O", 0.0),
            game("2.2", "O", "A", 0.5)};
}
std::vector<RunGame> there_games() {
    return {game("1.1", "A", "O", 0.5), game("1.2", "O", "A", 1.0), game("2.1", "A", "O", 1.0),
            game("2.2", "O", "A", 0.0)};
}

TEST(PairedRuns, TheFirstPlayerIsWhiteOfTheLowestRound) {
    EXPECT_EQ(first_player(here_games()), "A");
    EXPECT_EQ(first_player({}), "");
}

TEST(PairedRuns, DifferenceAndIntervalComeFromTheRoundsAsSamples) {
    PairedComparison c = compare_runs(here_games(), there_games(), "A");
    EXPECT_EQ(c.games, 4);
    EXPECT_EQ(c.rounds, 2);
    EXPECT_DOUBLE_EQ(c.score_here, 0.5);
    EXPECT_DOUBLE_EQ(c.score_there, 0.625);
    EXPECT_DOUBLE_EQ(c.difference, -0.125);
    // Round 1 moved by +1 point, round 2 by -1.5; around -0.125 a game, the residuals are
    // +1.25 and -1.25: standard error sqrt(2 * 3.125 / 1) / 4 = 0.625.
    EXPECT_NEAR(c.error95, 1.959964 * 0.625, 1e-12);
    EXPECT_NEAR(c.los, 0.5 * std::erfc(0.2 / std::sqrt(2.0)), 1e-12);
    // 62.5% is 88.7 Elo; 50% is 0.
    EXPECT_NEAR(c.elo_difference, -400 * std::log10(0.625 / 0.375), 1e-9);
    // The interval reaches past scores of 0 and 1.
    EXPECT_EQ(c.elo_lower, -std::numeric_limits<double>::infinity());
    EXPECT_EQ(c.elo_upper, std::numeric_limits<double>::infinity());
    EXPECT_EQ(c.better, 2);
    EXPECT_EQ(c.same, 0);
    EXPECT_EQ(c.worse, 2);
    EXPECT_EQ(c.won_here_lost_there, 0);
    EXPECT_EQ(c.lost_here_won_there, 1);
    EXPECT_EQ(c.unpaired_here, 0);
    EXPECT_EQ(c.unpaired_there, 0);
    EXPECT_EQ(c.mismatch, "");
    // The text: infinite interval ends, and no Elo shift from a run that scored 100%.
    EXPECT_NE(format_paired_comparison(c, "b.pgn").find("-88.7 Elo (-inf to +inf), LOS 42.1%"),
              std::string::npos);
    std::vector<RunGame> all_won = there_games();
    all_won[0].white_score = 1;
    all_won[1].white_score = 0;
    all_won[3].white_score = 0;
    std::string text = format_paired_comparison(compare_runs(here_games(), all_won, "A"), "b.pgn");
    EXPECT_NE(text.find("A scored 50.0% here and 100.0% there: -50.0 points +- "),
              std::string::npos)
        << text;
    EXPECT_NE(text.find(" (95%), n/a Elo (n/a to n/a)"), std::string::npos) << text;
    // The other player's view is the mirror image.
    PairedComparison o = compare_runs(here_games(), there_games(), "O");
    EXPECT_DOUBLE_EQ(o.difference, 0.125);
    EXPECT_NEAR(o.error95, c.error95, 1e-12);
    EXPECT_EQ(o.won_here_lost_there, 1);
}

TEST(PairedRuns, GamesOfAnotherScheduleAreLeftOutAndTheFirstIsNamed) {
    std::vector<RunGame> there = there_games();
    there[3].start = "8/8/8/8/8/8/8/K6k w - - 0 1";  // 2.2 from another position
    there.push_back(game("3.1", "A", "O", 1.0));     // a round the other run did not play
    std::vector<RunGame> here = here_games();
    here.push_back(game("2.1", "A", "O", 1.0));  // 2.1 twice: it pairs with nothing
    PairedComparison c = compare_runs(here, there, "A");
    EXPECT_EQ(c.games, 2);
    EXPECT_EQ(c.rounds, 1);
    EXPECT_EQ(c.unpaired_here, 3);
    EXPECT_EQ(c.unpaired_there, 3);
    EXPECT_EQ(c.mismatch, "round 2.1 stands twice in one run");
    // One round alone gives no spread to estimate.
    EXPECT_DOUBLE_EQ(c.difference, 0.5);
    EXPECT_EQ(c.error95, 0);

    PairedComparison swapped = compare_runs(here_games(), {game("1.1", "O", "A", 1.0)}, "A");
    EXPECT_EQ(swapped.games, 0);
    EXPECT_EQ(swapped.mismatch, "round 1.1: A - O against O - A");
    PairedComparison absent = compare_runs(here_games(), there_games(), "B");
    EXPECT_EQ(absent.games, 0);
    EXPECT_EQ(absent.mismatch, "round 1.1: A - O without B");
}

}  // namespace
}  // namespace mneme
