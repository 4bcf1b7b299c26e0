// SPSA's update on a toy objective (no games): it finds the optimum of a noisy function.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "mneme/learn/spsa.h"

namespace mneme {
namespace {

TEST(LearnSpsa, ParsesParametersAndRejectsBadOnes) {
    SpsaParameter p = parse_spsa_parameter("FutilityBase=100,0,300,10,0.002");
    EXPECT_EQ(p.name, "FutilityBase");
    EXPECT_EQ(p.start, 100);
    EXPECT_EQ(p.max, 300);
    EXPECT_EQ(p.c_end, 10);
    EXPECT_DOUBLE_EQ(p.r_end, 0.002);
    EXPECT_THROW(parse_spsa_parameter("FutilityBase=100,0,300,10"), std::invalid_argument);
    EXPECT_THROW(parse_spsa_parameter("=1,0,2,1,1"), std::invalid_argument);
    EXPECT_THROW(parse_spsa_parameter("X=1,0,x,1,1"), std::invalid_argument);
    EXPECT_THROW(Spsa({parse_spsa_parameter("X=5,0,2,1,1")}, {}), std::invalid_argument);
    EXPECT_THROW(Spsa({parse_spsa_parameter("X=1,0,2,0,1")}, {}), std::invalid_argument);
}

TEST(LearnSpsa, PerturbationsShrinkToCEndAndStayInRange) {
    SpsaSettings settings;
    settings.iterations = 200;
    Spsa spsa({parse_spsa_parameter("A=1,0,2,0.5,0.01"), parse_spsa_parameter("B=50,0,100,4,0.01")},
              settings);
    SpsaStep first = spsa.next_step();
    EXPECT_GT(first.c[0], 0.5);
    EXPECT_EQ(first.plus[0], std::min(2.0, 1 + first.c[0] * first.delta[0]));
    EXPECT_DOUBLE_EQ(first.plus[1] - first.minus[1], 2 * first.c[1] * first.delta[1]);
    SpsaStep step = first;
    int plus_a = 0;
    for (int k = 1; k <= 200; ++k) {
        step = spsa.next_step();
        plus_a += step.delta[0] == 1;
        for (std::size_t i = 0; i < 2; ++i) {
            EXPECT_GE(step.minus[i], spsa.parameters()[i].min);
            EXPECT_LE(step.plus[i], spsa.parameters()[i].max);
        }
        spsa.update(step, 0);  // no information: theta stays
    }
    EXPECT_NEAR(step.c[0], 0.5, 1e-9);
    EXPECT_NEAR(step.c[1], 4, 1e-9);
    EXPECT_GT(plus_a, 70);  // the signs are random, not stuck
    EXPECT_LT(plus_a, 130);
    EXPECT_EQ(spsa.theta(), (std::vector<double>{1, 50}));
}

// A noisy "match": the plus side's advantage is the difference of a concave objective with
// its optimum at (120, 35) plus noise larger than most of the differences.
TEST(LearnSpsa, ConvergesOnANoisyToyObjective) {
    auto objective = [](const std::vector<double>& t) {
        double x = (t[0] - 120) / 40, y = (t[1] - 35) / 10;
        return -(x * x + y * y);
    };
    SpsaSettings settings;
    settings.iterations = 3000;
    settings.seed = 3;
    Spsa spsa({parse_spsa_parameter("Margin=60,0,300,8,0.02"),
               parse_spsa_parameter("Delta=10,0,100,2,0.02")},
              settings);
    std::mt19937_64 noise_source(99);
    std::normal_distribution<double> noise(0, 0.5);
    double start_error = std::hypot(60 - 120, 10 - 35);
    for (int k = 0; k < settings.iterations; ++k) {
        SpsaStep step = spsa.next_step();
        spsa.update(step, 4 * (objective(step.plus) - objective(step.minus)) + noise(noise_source));
    }
    EXPECT_EQ(spsa.iterations_done(), 3000);
    double end_error = std::hypot(spsa.theta()[0] - 120, spsa.theta()[1] - 35);
    EXPECT_LT(end_error, start_error / 5) << spsa.theta()[0] << ", " << spsa.theta()[1];
    EXPECT_NEAR(spsa.theta()[0], 120, 15);
    EXPECT_NEAR(spsa.theta()[1], 35, 5);
}

}  // namespace
}  // namespace mneme
