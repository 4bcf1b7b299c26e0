// SPSA's update on a toy objective (no games): it finds the optimum of a noisy function; a
// resumed run repeats an uninterrupted one; its trajectory file reads back exactly.
#include <gtest/gtest.h>

#include <cmath>
#include <deque>
#include <random>
#include <sstream>
#include <stdexcept>

#include "mneme/learn/spsa.h"
#include "mneme/learn/spsa_trajectory.h"

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

// A concave objective with its optimum at (120, 35), and a run that starts far from it.
double toy_objective(const std::vector<double>& t) {
    double x = (t[0] - 120) / 40, y = (t[1] - 35) / 10;
    return -(x * x + y * y);
}

std::vector<SpsaParameter> toy_parameters() {
    return {parse_spsa_parameter("Margin=60,0,300,8,0.02"),
            parse_spsa_parameter("Delta=10,0,100,2,0.02")};
}

SpsaSettings toy_settings() {
    SpsaSettings settings;
    settings.iterations = 3000;
    settings.seed = 3;
    return settings;
}

// A noisy "match": the plus side's advantage is the difference of a concave objective with
// its optimum at (120, 35) plus noise larger than most of the differences.
TEST(LearnSpsa, ConvergesOnANoisyToyObjective) {
    Spsa spsa(toy_parameters(), toy_settings());
    const SpsaSettings settings = toy_settings();
    std::mt19937_64 noise_source(99);
    std::normal_distribution<double> noise(0, 0.5);
    double start_error = std::hypot(60 - 120, 10 - 35);
    for (int k = 0; k < settings.iterations; ++k) {
        SpsaStep step = spsa.next_step();
        spsa.update(
            step, 4 * (toy_objective(step.plus) - toy_objective(step.minus)) + noise(noise_source));
    }
    EXPECT_EQ(spsa.iterations_done(), 3000);
    double end_error = std::hypot(spsa.theta()[0] - 120, spsa.theta()[1] - 35);
    EXPECT_LT(end_error, start_error / 5) << spsa.theta()[0] << ", " << spsa.theta()[1];
    EXPECT_NEAR(spsa.theta()[0], 120, 15);
    EXPECT_NEAR(spsa.theta()[1], 35, 5);
}

// An interrupted run resumed from (iterations done, theta) plays the same steps and ends
// where the uninterrupted run ends.
TEST(LearnSpsa, AResumedRunRepeatsTheUninterruptedOne) {
    SpsaSettings settings;
    settings.iterations = 12;
    settings.seed = 5;
    std::vector<SpsaParameter> parameters = {parse_spsa_parameter("A=100,0,300,10,0.002"),
                                             parse_spsa_parameter("B=20,5,60,3,0.002")};
    auto result_of = [](const SpsaStep& step) {
        return step.plus[0] - step.minus[0] > 0 ? 3.0 : -1.0;  // any function of the step
    };
    Spsa whole(parameters, settings);
    std::vector<SpsaStep> steps;
    for (int k = 0; k < settings.iterations; ++k) {
        steps.push_back(whole.next_step());
        whole.update(steps.back(), result_of(steps.back()));
    }
    Spsa first_half(parameters, settings);
    for (int k = 0; k < 5; ++k) {
        SpsaStep step = first_half.next_step();
        first_half.update(step, result_of(step));
    }
    Spsa resumed(parameters, settings);
    resumed.resume(first_half.iterations_done(), first_half.theta());
    for (int k = 5; k < settings.iterations; ++k) {
        SpsaStep step = resumed.next_step();
        EXPECT_EQ(step.k, k + 1);
        EXPECT_EQ(step.delta, steps[k].delta) << "iteration " << k + 1;
        EXPECT_EQ(step.plus, steps[k].plus) << "iteration " << k + 1;
        resumed.update(step, result_of(step));
    }
    EXPECT_EQ(resumed.theta(), whole.theta());
    EXPECT_NE(whole.theta(), (std::vector<double>{100, 20}));  // it did move

    Spsa refusing(parameters, settings);
    EXPECT_THROW(refusing.resume(13, {100, 20}), std::invalid_argument);  // beyond the end
    EXPECT_THROW(refusing.resume(3, {100}), std::invalid_argument);       // a value short
    EXPECT_THROW(refusing.resume(3, {100, 61}), std::invalid_argument);   // outside [5, 60]
}

// The workers of a shared run (learn spsa --worker) draw signs of their own, worker 0 those of a
// run of its own; and updates that arrive late, each from theta as it was when its games began
// (four workers, each step applied after the other three), still find the toy optimum.
TEST(LearnSpsa, WorkersDrawTheirOwnSignsAndLateUpdatesStillConverge) {
    const SpsaSettings settings = toy_settings();
    const std::vector<SpsaParameter> parameters = toy_parameters();
    Spsa alone(parameters, settings), shared(parameters, settings);
    int differing = 0;
    for (int k = 1; k <= 40; ++k) {
        SpsaStep own = alone.next_step(), zero = shared.next_step(0);
        EXPECT_EQ(zero.delta, own.delta) << "iteration " << k;
        differing += shared.next_step(1).delta != shared.next_step(2).delta;
        alone.update(own, 0);
        shared.update(zero, 0);
    }
    EXPECT_GT(differing, 10);  // two workers at the same iteration seldom measure alike

    Spsa spsa(parameters, settings);
    std::mt19937_64 noise_source(99);
    std::normal_distribution<double> noise(0, 0.5);
    std::deque<std::pair<int, SpsaStep>> in_play;  // (worker, step) in the order they end
    for (int worker = 1; worker <= 4; ++worker)
        in_play.emplace_back(worker, spsa.next_step(worker));
    while (spsa.iterations_done() < settings.iterations) {
        auto [worker, step] = in_play.front();
        in_play.pop_front();
        double result =
            4 * (toy_objective(step.plus) - toy_objective(step.minus)) + noise(noise_source);
        step.k = spsa.iterations_done() + 1;  // the row it becomes
        spsa.update(step, result);
        in_play.emplace_back(worker, spsa.next_step(worker));
    }
    EXPECT_NEAR(spsa.theta()[0], 120, 15);
    EXPECT_NEAR(spsa.theta()[1], 35, 5);
}

TEST(LearnSpsa, TheTrajectoryReadsBackExactly) {
    SpsaTrajectory written;
    written.settings = "mneme learn spsa: iterations 2, param A=1,0,2,0.5,0.002";
    written.names = {"A", "B"};
    written.rows = {{0, 0, 0, 0, {1, 50}},
                    {1, 3, 1, 0, {0.1 + 0.2, 50.000000000000007}},
                    {2, 0, 2, 2, {1.0 / 3, 1e-300}}};
    std::string text = spsa_trajectory_csv(written);
    EXPECT_EQ(text.substr(0, text.find('\n', text.find('\n') + 1) + 1),
              "# mneme learn spsa: iterations 2, param A=1,0,2,0.5,0.002\n"
              "iteration,wins,draws,losses,A,B\n");
    std::istringstream in(text);
    SpsaTrajectory read = read_spsa_trajectory(in, "t.csv");
    EXPECT_EQ(read.settings, written.settings);
    EXPECT_EQ(read.names, written.names);
    ASSERT_EQ(read.rows.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(read.rows[i].iteration, int(i));
        EXPECT_EQ(read.rows[i].wins, written.rows[i].wins);
        EXPECT_EQ(read.rows[i].losses, written.rows[i].losses);
        EXPECT_EQ(read.rows[i].theta, written.rows[i].theta);  // bit for bit
    }
}

TEST(LearnSpsa, ADamagedTrajectoryIsRefusedWithItsLine) {
    const std::string good = "# settings\niteration,wins,draws,losses,A\n0,0,0,0,1\n1,2,0,0,1.5\n";
    auto error_of = [](const std::string& text) {
        std::istringstream in(text);
        try {
            read_spsa_trajectory(in, "t.csv");
        } catch (const std::runtime_error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(error_of(good), "accepted");
    EXPECT_EQ(
        error_of("iteration,wins,draws,losses,A\n0,0,0,0,1\n"),
        "t.csv:1: not an SPSA trajectory (its first line is not the run's settings, '# ...')");
    EXPECT_EQ(error_of("# settings\niteration,wins,draws,losses\n"),
              "t.csv:2: the header names no parameter");
    EXPECT_EQ(error_of(good + "2,1,1,x,1\n"), "t.csv:5: 'x' is not a number");
    EXPECT_EQ(error_of(good + "2,1,1,0\n"), "t.csv:5: expected 5 fields, found 4");
    EXPECT_EQ(error_of(good + "3,1,1,0,1\n"), "t.csv:5: iteration 3 where 2 was due");
    EXPECT_EQ(error_of(good + "2,1,1,0,1,\n"), "t.csv:5: expected 5 fields, found 6");
    EXPECT_EQ(error_of("# settings\niteration,wins,draws,losses,A\n"),
              "t.csv:2: no row, not even the start (iteration 0)");
}

}  // namespace
}  // namespace mneme
