// The logistic tuner: it finds K and recovers weights from labels that a known table made.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>

#include "learn_test_positions.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/logistic_tuner.h"

namespace mneme {
namespace {

constexpr double TRUE_K = 0.006;

// Positions labelled with sigmoid(TRUE_K * evaluate(pos, labeller)), featurised with `start`.
LinearDataset synthetic_dataset(const std::vector<Position>& positions, const EvalParams& labeller,
                                const EvalParams& start) {
    LinearDataset data;
    for (const Position& pos : positions)
        add_linear_position(data, pos, start, float(sigmoid(TRUE_K * evaluate(pos, labeller))));
    return data;
}

std::vector<double> weights_of(const EvalParams& params) {
    std::vector<int> values = params.to_vector();
    return {values.begin(), values.end()};
}

TEST(LearnTuner, FitsTheScalingConstantOfTheLabels) {
    EvalParams params = EvalParams::defaults();
    LinearDataset data = synthetic_dataset(test::random_game_positions(3000, 21), params, params);
    double k = fit_scaling_constant(data, weights_of(params), 2);
    EXPECT_NEAR(k, TRUE_K, TRUE_K * 0.02);
}

TEST(LearnTuner, RecoversKnownWeightsFromSyntheticLabels) {
    EvalParams start = EvalParams::defaults();
    // The truth differs from the start by known amounts, whatever the built-in table is.
    EvalParams truth = start;
    auto shift = [](TaperedScore& value, int mg, int eg) {
        value = {value.mg + mg, value.eg + eg};
    };
    shift(truth.piece_value[PAWN], 15, -20);
    shift(truth.piece_value[KNIGHT], -25, 30);
    shift(truth.piece_value[BISHOP], 30, -25);
    shift(truth.piece_value[ROOK], -40, 45);
    shift(truth.piece_value[QUEEN], 60, -50);
    shift(truth.bishop_pair, 20, 25);
    shift(truth.doubled_pawn, -12, -15);
    shift(truth.tempo, 10, 8);
    std::vector<Position> positions = test::random_game_positions(6000, 31);
    std::vector<Position> training(positions.begin(), positions.begin() + 5000);
    std::vector<Position> held(positions.begin() + 5000, positions.end());
    LinearDataset training_data = synthetic_dataset(training, truth, start);
    LinearDataset held_data = synthetic_dataset(held, truth, start);

    TunerOptions options;
    options.epochs = 800;
    options.learning_rate = 2;
    options.threads = 2;
    std::regex chosen("^(piece_value_|bishop_pair|doubled_pawn|tempo)");
    options.tunable.resize(EvalParams::size());
    for (std::size_t i = 0; i < EvalParams::size(); ++i)
        options.tunable[i] = std::regex_search(EvalParams::flat_name(i), chosen);
    std::vector<double> begin = weights_of(start);
    double error_before = mean_squared_error(held_data, begin, TRUE_K, 2);
    std::vector<double> tuned = tune_weights(training_data, held_data, begin, TRUE_K, options);
    double error_after = mean_squared_error(held_data, tuned, TRUE_K, 2);
    EXPECT_LT(error_after, error_before / 20);

    int checked = 0;
    for (std::size_t i = 0; i < EvalParams::size(); ++i) {
        if (!options.tunable[i]) {
            EXPECT_EQ(tuned[i], begin[i]) << EvalParams::flat_name(i) << " was not to change";
            continue;
        }
        // Rare features (doubled pawns in the middlegame) are the least determined.
        EXPECT_NEAR(tuned[i], truth.get(i), 4.0) << EvalParams::flat_name(i);
        ++checked;
    }
    EXPECT_EQ(checked, 16);
}

TEST(LearnTuner, MiniBatchesAlsoLowerTheError) {
    EvalParams start = EvalParams::defaults();
    EvalParams truth = start;
    truth.piece_value[KNIGHT] = {300, 280};
    LinearDataset data = synthetic_dataset(test::random_game_positions(2000, 41), truth, start);
    TunerOptions options;
    options.epochs = 20;
    options.batch_size = 256;
    options.threads = 2;
    std::vector<double> begin = weights_of(start);
    int epochs_seen = 0;
    options.on_epoch = [&](const TuningEpoch& e) { epochs_seen = e.epoch; };
    std::vector<double> tuned = tune_weights(data, LinearDataset{}, begin, TRUE_K, options);
    EXPECT_EQ(epochs_seen, 20);
    EXPECT_LT(mean_squared_error(data, tuned, TRUE_K, 1),
              mean_squared_error(data, begin, TRUE_K, 1));
}

TEST(LearnTuner, RealEvaluationErrorMatchesTheLinearOneAtTheStart) {
    EvalParams params = EvalParams::defaults();
    std::vector<TrainingPosition> packed;
    LinearDataset data;
    for (const Position& pos : test::random_game_positions(500, 51)) {
        TrainingPosition t = TrainingPosition::from_position(pos);
        t.label = TrainingPosition::encode_label(0.75);
        packed.push_back(t);
        add_linear_position(data, pos, params, float(t.label_value()));
    }
    EXPECT_NEAR(evaluation_error(packed, params, TRUE_K, 2),
                mean_squared_error(data, weights_of(params), TRUE_K, 2), 1e-3);
}

}  // namespace
}  // namespace mneme
