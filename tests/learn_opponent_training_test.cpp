// TD(lambda) against chosen opponents: the 2006 safeguard's schedule, games against a player,
// the quick table match behind the learning curve, and the curve's CSV and SVG.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "mneme/eval/evaluate.h"
#include "mneme/learn/learning_curve.h"
#include "mneme/learn/opponent_schedule.h"
#include "mneme/learn/self_play_training.h"
#include "mneme/learn/table_match.h"
#include "mneme/match/in_process_players.h"

namespace mneme {
namespace {

TEST(LearnOpponentSchedule, NoOpponentPlaysMoreThanItsLimitInARow) {
    OpponentSchedule two(2, 2);
    std::vector<std::size_t> order;
    for (int i = 0; i < 8; ++i) order.push_back(two.next());
    EXPECT_EQ(order, (std::vector<std::size_t>{0, 0, 1, 1, 0, 0, 1, 1}));

    OpponentSchedule three(3, 1);
    order.clear();
    for (int i = 0; i < 6; ++i) order.push_back(three.next());
    EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 0, 1, 2}));

    OpponentSchedule alone(1, 2);
    for (int i = 0; i < 5; ++i) EXPECT_EQ(alone.next(), 0u);
    EXPECT_THROW(OpponentSchedule(0, 2), std::invalid_argument);
    EXPECT_THROW(OpponentSchedule(2, 0), std::invalid_argument);
}

TEST(LearnOpponentTraining, AOpponentAlternatesWithSelfPlayAndLearnerColours) {
    PlayerSpec spec;
    spec.name = "random";
    spec.kind = PlayerKind::RANDOM;
    RandomPlayer random_player(spec);
    std::string error;
    ASSERT_TRUE(random_player.start(error));

    SelfPlayOptions options;
    options.games = 6;
    options.depth = 1;
    options.max_plies = 60;
    options.td.alpha = 50;
    TrainingOpponent opponent;
    opponent.name = "random";
    opponent.player = &random_player;
    opponent.limit.depth = 1;
    options.opponents = {opponent};
    std::vector<std::string> opponents;
    std::vector<Color> colours;
    int learner_points = 0;
    options.on_game = [&](const SelfPlayGame& g) {
        opponents.push_back(g.opponent);
        ASSERT_NE(g.params, nullptr);
        if (g.opponent == "random") {
            colours.push_back(g.learner);
            learner_points +=
                g.result == (g.learner == WHITE ? GameResult::WHITE_WINS : GameResult::BLACK_WINS);
            EXPECT_TRUE(g.fault.empty());
        }
    };
    const EvalParams before = active_eval_params();
    EvalParams learned = train_by_self_play(EvalParams::defaults(), options);
    EXPECT_EQ(opponents,
              (std::vector<std::string>{"random", "random", "self", "self", "random", "random"}));
    EXPECT_EQ(colours, (std::vector<Color>{WHITE, BLACK, WHITE, BLACK}));
    // A depth-1 search against random moves wins something within 60 plies...
    EXPECT_GE(learner_points, 1);
    // ...and the games moved the weights.
    EXPECT_NE(learned.to_vector(), EvalParams::defaults().to_vector());
    EXPECT_EQ(active_eval_params().to_vector(), before.to_vector());
}

TEST(LearnTableMatch, EqualTablesScoreEvenAndMaterialBlindnessLoses) {
    TableMatchOptions options;
    options.games = 4;
    options.depth = 2;
    options.max_plies = 120;
    // Deterministic searches with the same table: each opening's two games mirror each other.
    WdlCounts same = play_table_match(EvalParams::defaults(), EvalParams::defaults(), options);
    EXPECT_EQ(same.games(), 4);
    EXPECT_DOUBLE_EQ(same.score(), 0.5);

    EvalParams blind = EvalParams::defaults();
    for (int pt = PAWN; pt <= QUEEN; ++pt) blind.piece_value[pt] = {1, 1};
    WdlCounts strong = play_table_match(EvalParams::defaults(), blind, options);
    EXPECT_GT(strong.score(), 0.75);
}

TEST(LearnLearningCurve, CsvRoundTripsAndTheChartShowsEveryPoint) {
    std::vector<LearningCurvePoint> points = {
        {0, {10, 20, 10}}, {25, {15, 15, 10}}, {50, {20, 12, 8}}};
    std::string path = testing::TempDir() + "mneme_curve_test.csv";
    {
        std::ofstream out(path);
        out << learning_curve_csv_header() << '\n';
        for (const auto& p : points) out << learning_curve_csv_row(p) << '\n';
    }
    std::vector<LearningCurvePoint> read = read_learning_curve_csv(path);
    ASSERT_EQ(read.size(), 3u);
    EXPECT_EQ(read[1].training_games, 25);
    EXPECT_EQ(read[2].wdl.wins, 20);
    EXPECT_EQ(read[2].wdl.losses, 8);
    EXPECT_NE(learning_curve_csv_row(points[2]).find("50,40,20,12,8,0.6500"), std::string::npos);

    std::string svg = learning_curve_svg(read, "title <&>", "sub");
    EXPECT_EQ(svg.rfind("<svg", 0), 0u);
    EXPECT_NE(svg.find("title &lt;&amp;&gt;"), std::string::npos);
    std::size_t circles = 0;
    for (std::size_t at = svg.find("<circle"); at != std::string::npos;
         at = svg.find("<circle", at + 1))
        ++circles;
    EXPECT_EQ(circles, 3u);
    EXPECT_NE(svg.find("65.0%"), std::string::npos);

    {
        std::ofstream out(path);
        out << learning_curve_csv_header() << "\n0,40,10,20\n";
    }
    try {
        read_learning_curve_csv(path);
        FAIL() << "a short line was accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find(":2:"), std::string::npos) << e.what();
    }
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace mneme
