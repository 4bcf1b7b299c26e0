// TD(lambda) on a toy sequence: the predictions move towards the result that ended the game.
#include <gtest/gtest.h>

#include "mneme/eval/evaluate.h"
#include "mneme/learn/logistic_tuner.h"
#include "mneme/learn/self_play_training.h"
#include "mneme/learn/temporal_difference.h"
#include "test_data.h"

namespace mneme {
namespace {

// Four positions of one imaginary game, White slowly pulling ahead.
LinearDataset toy_game() {
    const char* fens[] = {
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r1bqkbnr/pppp1ppp/2n5/4N3/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 3",
        "r1bqkb1r/pppp1ppp/5n2/4N3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 1 5",
        "r1bqkb1r/pppp1ppp/5n2/8/4P3/8/PPPPQPPP/RNB1KB1R b KQkq - 0 6",
    };
    LinearDataset game;
    for (const char* fen : fens)
        add_linear_position(game, Position::from_fen(fen), EvalParams::defaults(), 0.5f);
    return game;
}

double white_prediction(const LinearDataset& game, std::size_t t,
                        const std::vector<double>& weights, double k) {
    const LinearPosition& p = game.positions[t];
    return sigmoid(k * p.side * linear_score(game, p, weights.data()).score);
}

std::vector<double> default_weights() {
    std::vector<int> values = EvalParams::defaults().to_vector();
    return {values.begin(), values.end()};
}

TEST(LearnTemporalDifference, WinRaisesAndLossLowersThePredictions) {
    LinearDataset game = toy_game();
    TemporalDifferenceOptions options;
    for (double result : {1.0, 0.0}) {
        std::vector<double> weights = default_weights();
        std::vector<double> before(game.positions.size());
        for (std::size_t t = 0; t < before.size(); ++t)
            before[t] = white_prediction(game, t, weights, options.k);
        std::vector<double> differences =
            temporal_difference_update(game, result, weights, options);
        ASSERT_EQ(differences.size(), game.positions.size());
        EXPECT_NEAR(differences.back(), result - before.back(), 1e-12);
        double last = white_prediction(game, game.positions.size() - 1, weights, options.k);
        if (result == 1.0)
            EXPECT_GT(last, before.back());
        else
            EXPECT_LT(last, before.back());
    }
}

TEST(LearnTemporalDifference, NothingChangesWhenThePredictionsAgreeWithTheResult) {
    // The same position three times, and a result equal to its prediction: every d_t is 0.
    LinearDataset game;
    Position pos = Position::from_fen("4k3/8/8/3p4/8/2N5/PP6/4K3 w - - 0 1");
    for (int t = 0; t < 3; ++t) add_linear_position(game, pos, EvalParams::defaults(), 0.5f);
    TemporalDifferenceOptions options;
    std::vector<double> weights = default_weights();
    double prediction = white_prediction(game, 0, weights, options.k);
    std::vector<double> after = weights;
    std::vector<double> differences = temporal_difference_update(game, prediction, after, options);
    for (double d : differences) EXPECT_NEAR(d, 0, 1e-12);
    for (std::size_t i = 0; i < weights.size(); ++i) EXPECT_NEAR(after[i], weights[i], 1e-9);
}

TEST(LearnTemporalDifference, SelfPlaySavesTheWeightsAfterEveryGame) {
    test::ScratchDirectory dir("learn_self_play");
    SelfPlayOptions options;
    options.games = 2;
    options.depth = 1;
    options.max_plies = 24;
    options.save_path = dir.file("td.params");
    std::vector<SelfPlayGame> games;
    // After each game the file holds that game's table, before the next game begins.
    std::vector<std::vector<int>> saved_after_game;
    options.on_game = [&](const SelfPlayGame& g) {
        games.push_back(g);
        EvalParams on_disk = EvalParams::defaults();
        EXPECT_TRUE(load_eval_params(options.save_path, on_disk).empty()) << "game " << g.number;
        ASSERT_NE(g.params, nullptr);
        EXPECT_EQ(on_disk.to_vector(), g.params->to_vector()) << "game " << g.number;
        saved_after_game.push_back(on_disk.to_vector());
    };
    EvalParams learned = train_by_self_play(EvalParams::defaults(), options);
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].number, 1);
    EXPECT_EQ(games[1].number, 2);
    ASSERT_EQ(saved_after_game.size(), 2u);
    EvalParams saved = EvalParams::defaults();
    EXPECT_TRUE(load_eval_params(options.save_path, saved).empty());
    EXPECT_EQ(saved.to_vector(), learned.to_vector());
    // The active table the engine plays with is restored afterwards.
    EXPECT_EQ(active_eval_params().to_vector(), EvalParams::defaults().to_vector());
}

}  // namespace
}  // namespace mneme
