// The linearised evaluation: equal to evaluate() up to rounding, with exact gradients.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "learn_test_positions.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/linear_evaluation.h"

namespace mneme {
namespace {

std::vector<Position> test_positions() {
    std::vector<Position> positions = test::random_game_positions(1500, 11);
    for (const std::string& fen : test::endgame_fens())
        positions.push_back(Position::from_fen(fen));
    positions.push_back(Position());
    return positions;
}

std::vector<double> weights_of(const EvalParams& params) {
    std::vector<int> values = params.to_vector();
    return {values.begin(), values.end()};
}

// The two tapers, the tempo's own taper and the scale each truncate once.
constexpr double ROUNDING = 3.0;

TEST(LearnLinearEvaluation, EqualsEvaluateUpToRounding) {
    EvalParams params = EvalParams::defaults();
    std::vector<double> weights = weights_of(params);
    LinearDataset data;
    std::vector<Position> positions = test_positions();
    for (const Position& pos : positions) add_linear_position(data, pos, params, 0.5f);
    ASSERT_EQ(data.positions.size(), positions.size());
    int scaled = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        double linear = linear_score(data, data.positions[i], weights.data()).score;
        int real = evaluate(positions[i], params);
        EXPECT_NEAR(linear, real, ROUNDING) << positions[i].fen();
        scaled += data.positions[i].scale_index >= 0;
    }
    EXPECT_GT(scaled, 2);  // the endgames used scale parameters
}

// Linear in the tuned weights: with another table of the same gates, still equal.
TEST(LearnLinearEvaluation, FollowsChangedWeightsThatKeepTheGates) {
    EvalParams params = EvalParams::defaults();
    LinearDataset data;
    std::vector<Position> positions = test_positions();
    for (const Position& pos : positions) add_linear_position(data, pos, params, 0.5f);

    EvalParams changed = params;
    std::mt19937 random(5);
    for (std::size_t i = 0; i < EvalParams::size(); ++i) {
        ParamRole role = param_role(i);
        if (role == ParamRole::MIDDLEGAME || role == ParamRole::ENDGAME)
            changed.set(i, params.get(i) + int(random() % 11) - 5);
    }
    // Material decides which scale factor and drive apply, and the danger cap decides its
    // branch: keep those as they were.
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
        changed.piece_value[pt].mg = params.piece_value[pt].mg;
    changed.king_danger_multiplier = params.king_danger_multiplier;
    changed.max_king_danger = params.max_king_danger;
    std::vector<double> weights = weights_of(changed);
    for (std::size_t i = 0; i < positions.size(); ++i)
        EXPECT_NEAR(linear_score(data, data.positions[i], weights.data()).score,
                    evaluate(positions[i], changed), ROUNDING)
            << positions[i].fen();
}

TEST(LearnLinearEvaluation, GradientMatchesFiniteDifferences) {
    EvalParams params = EvalParams::defaults();
    std::vector<double> weights = weights_of(params);
    LinearDataset data;
    std::vector<Position> positions = test_positions();
    for (const Position& pos : positions) add_linear_position(data, pos, params, 0.5f);
    const std::size_t n = EvalParams::size();
    for (std::size_t p = 0; p < data.positions.size(); p += 7) {
        const LinearPosition& position = data.positions[p];
        std::vector<double> gradient(n, 0.0);
        add_linear_gradient(data, position, linear_score(data, position, weights.data()), 1.0,
                            gradient.data());
        for (std::size_t i = 0; i < n; ++i) {
            std::vector<double> up = weights, down = weights;
            up[i] += 0.5;
            down[i] -= 0.5;
            double numeric = linear_score(data, position, up.data()).score -
                             linear_score(data, position, down.data()).score;
            ASSERT_NEAR(gradient[i], numeric, 1e-6)
                << EvalParams::flat_name(i) << " in " << positions[p].fen();
        }
    }
}

TEST(LearnLinearEvaluation, RolesFollowTheParameterNames) {
    for (std::size_t i = 0; i < EvalParams::size(); ++i) {
        const std::string& name = EvalParams::flat_name(i);
        if (param_role(i) == ParamRole::MIDDLEGAME && name.ends_with(".mg")) {
            EXPECT_EQ(EvalParams::flat_name(i + 1), name.substr(0, name.size() - 3) + ".eg");
        }
    }
    auto role = [](const std::string& name) {
        for (std::size_t i = 0; i < EvalParams::size(); ++i)
            if (EvalParams::flat_name(i) == name) return param_role(i);
        ADD_FAILURE() << "no parameter " << name;
        return ParamRole::FIXED;
    };
    EXPECT_EQ(role("typical_mobility_knight"), ParamRole::FIXED);
    EXPECT_EQ(role("king_attack_weight_queen"), ParamRole::FIXED);
    EXPECT_EQ(role("passed_own_king_distance"), ParamRole::ENDGAME);
    EXPECT_EQ(role("king_danger_multiplier"), ParamRole::MIDDLEGAME);
    EXPECT_EQ(role("mating_drive_to_edge"), ParamRole::UNTAPERED);
    EXPECT_EQ(role("scale_opposite_bishops_only"), ParamRole::SCALE);
}

TEST(LearnLinearEvaluation, ParallelBuildKeepsTheOrder) {
    std::vector<TrainingPosition> packed;
    for (const Position& pos : test::random_game_positions(3000, 2))
        packed.push_back(TrainingPosition::from_position(pos));
    EvalParams params = EvalParams::defaults();
    LinearDataset one = build_linear_dataset(packed, params, 1);
    LinearDataset two = build_linear_dataset(packed, params, 2);
    ASSERT_EQ(one.positions.size(), two.positions.size());
    std::vector<double> weights = weights_of(params);
    for (std::size_t i = 0; i < one.positions.size(); ++i)
        ASSERT_EQ(linear_score(one, one.positions[i], weights.data()).score,
                  linear_score(two, two.positions[i], weights.data()).score);
}

}  // namespace
}  // namespace mneme
