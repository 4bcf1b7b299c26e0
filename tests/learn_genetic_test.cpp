// The thesis's genetic algorithm: its operators keep their rates, it improves a synthetic
// fitness deterministically, and the category weights it searches over scale the evaluation.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "learn_test_positions.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/category_weights.h"
#include "mneme/learn/genetic_algorithm.h"
#include "mneme/learn/move_reproduction.h"

namespace mneme {
namespace {

TEST(LearnGenetic, GenesRoundTripThroughTheirBits) {
    std::vector<double> genes = {0.0, 1.0, 0.5, 1.96875, 1.25};
    EXPECT_EQ(decode_genes(encode_genes(genes, 6), 6), genes);
    // Out of range values are clamped, in-between values rounded to the nearest step.
    EXPECT_EQ(decode_genes(encode_genes({5.0, -1.0, 1.01}, 6), 6),
              (std::vector<double>{1.96875, 0.0, 1.0}));
}

TEST(LearnGenetic, CrossoverHappensAtItsRateAndExchangesASegment) {
    std::mt19937_64 random(7);
    int crossed = 0;
    const int pairs = 20000;
    for (int i = 0; i < pairs; ++i) {
        Chromosome a(48, false), b(48, true);
        bool did = two_point_crossover(a, b, 0.6, random);
        crossed += did;
        // Bits only move between the two: at every place exactly one of them holds a 1.
        for (std::size_t k = 0; k < a.size(); ++k) ASSERT_NE(a[k], b[k]);
        if (!did) {
            ASSERT_EQ(a, Chromosome(48, false));
        }
    }
    EXPECT_NEAR(double(crossed) / pairs, 0.6, 0.015);

    Chromosome a(48, false), b(48, true);
    for (int i = 0; i < 100; ++i) EXPECT_FALSE(two_point_crossover(a, b, 0.0, random));
    EXPECT_EQ(a, Chromosome(48, false));
}

TEST(LearnGenetic, MutationFlipsBitsAtItsRate) {
    std::mt19937_64 random(11);
    Chromosome c(200000, false);
    int flipped = mutate(c, 0.05, random);
    int ones = 0;
    for (bool bit : c) ones += bit;
    EXPECT_EQ(flipped, ones);
    EXPECT_NEAR(double(flipped) / double(c.size()), 0.05, 0.002);
    Chromosome unchanged(1000, true);
    EXPECT_EQ(mutate(unchanged, 0.0, random), 0);
    EXPECT_EQ(unchanged, Chromosome(1000, true));
}

TEST(LearnGenetic, RouletteSelectsInProportionToFitness) {
    std::mt19937_64 random(3);
    std::vector<double> fitness = {1, 3, 0, 6};
    int counts[4] = {};
    for (int i = 0; i < 100000; ++i) ++counts[roulette_select(fitness, random)];
    EXPECT_NEAR(counts[0] / 100000.0, 0.1, 0.01);
    EXPECT_NEAR(counts[1] / 100000.0, 0.3, 0.01);
    EXPECT_EQ(counts[2], 0);
    EXPECT_NEAR(counts[3] / 100000.0, 0.6, 0.01);
}

// A synthetic problem: get close to a hidden vector of 8 weights.
std::vector<double> closeness(const std::vector<std::vector<double>>& individuals) {
    const double target[8] = {1.0, 0.5, 1.5, 0.25, 1.75, 0.75, 1.25, 0.0};
    std::vector<double> values;
    for (const std::vector<double>& genes : individuals) {
        double distance = 0;
        for (std::size_t g = 0; g < 8; ++g) distance += std::abs(genes[g] - target[g]);
        values.push_back(16 - distance);  // >= 0: each gene is at most 2 away
    }
    return values;
}

TEST(LearnGenetic, ImprovesASyntheticFitnessAndRepeatsWithTheSameSeed) {
    GeneticOptions options;  // the thesis's population 30, PC 0.6, PM 0.05
    options.generations = 40;
    options.seed = 5;
    GeneticResult first = run_genetic_algorithm(options, closeness);
    ASSERT_EQ(first.history.size(), 41u);
    const GenerationReport& start = first.history.front();
    const GenerationReport& end = first.history.back();
    // Roulette selection on 16 - distance is gentle pressure, yet the population moves: the
    // random first generation is 13.8 at best and 11.3 on average (PM 0.05 flips 2.4 of each
    // individual's 48 bits, which keeps the mean well below the best).
    EXPECT_GT(end.best_fitness, start.best_fitness + 1);
    EXPECT_GT(end.mean_fitness, start.mean_fitness + 1);
    EXPECT_GT(first.best_fitness, 15);  // within 1 in total of the target
    // With elitism the best never gets worse.
    for (std::size_t g = 1; g < first.history.size(); ++g)
        EXPECT_GE(first.history[g].best_fitness, first.history[g - 1].best_fitness);

    GeneticResult again = run_genetic_algorithm(options, closeness);
    ASSERT_EQ(again.history.size(), first.history.size());
    for (std::size_t g = 0; g < first.history.size(); ++g) {
        EXPECT_EQ(again.history[g].best_fitness, first.history[g].best_fitness);
        EXPECT_EQ(again.history[g].mean_fitness, first.history[g].mean_fitness);
    }
    EXPECT_EQ(again.best_genes, first.best_genes);

    options.seed = 6;
    GeneticResult other = run_genetic_algorithm(options, closeness);
    EXPECT_NE(other.history[1].mean_fitness, first.history[1].mean_fitness);
}

TEST(LearnGenetic, WithoutCrossoverOrMutationNothingNewAppears) {
    GeneticOptions options;
    options.crossover_rate = 0;
    options.mutation_rate = 0;
    options.generations = 10;
    options.seed = 9;
    std::set<std::vector<double>> first_generation;
    int calls = 0;
    auto fitness = [&](const std::vector<std::vector<double>>& individuals) {
        if (calls++ == 0)
            first_generation.insert(individuals.begin(), individuals.end());
        else
            ADD_FAILURE() << "a string not in the first generation was evaluated";
        return closeness(individuals);
    };
    GeneticResult result = run_genetic_algorithm(options, fitness);
    EXPECT_EQ(calls, 1);
    EXPECT_TRUE(first_generation.count(result.best_genes));
}

TEST(LearnGenetic, SeedIndividualsJoinTheFirstGeneration) {
    GeneticOptions options;
    options.generations = 0;
    options.seeds = {std::vector<double>(8, 1.0)};
    bool seen = false;
    run_genetic_algorithm(options, [&](const std::vector<std::vector<double>>& individuals) {
        for (const auto& genes : individuals) seen = seen || genes == std::vector<double>(8, 1.0);
        return closeness(individuals);
    });
    EXPECT_TRUE(seen);
}

TEST(LearnCategoryWeights, ScaleEachCategoryOfTheEvaluation) {
    // King safety at 1.5 with a danger multiplier of 2 (whatever the built-in table says): an
    // integer, so king danger scales in halves.
    EvalParams base = EvalParams::defaults();
    base.king_danger_multiplier = 2;
    EXPECT_EQ(apply_category_weights(base, UNIT_CATEGORY_WEIGHTS).to_vector(), base.to_vector());
    const CategoryWeights weights = {1.5, 0.5, 2.0, 1.5, 0.0, 0.75, 1.75, 0.25};
    EvalParams scaled = apply_category_weights(base, weights);
    int checked_king_danger = 0;
    for (const Position& pos : test::random_game_positions(60, 21)) {
        EvalTrace before, after;
        evaluate(pos, base, before);
        evaluate(pos, scaled, after);
        for (int c = 0; c < EVAL_CATEGORY_COUNT; ++c)
            for (int side = 0; side < 2; ++side) {
                // Rounding each parameter moves a term by at most half a point per use.
                double tolerance = 0.5 * 40 + 2;
                EXPECT_NEAR(after.terms[c][side].mg, weights[c] * before.terms[c][side].mg,
                            tolerance)
                    << eval_category_name(EvalCategory(c)) << " in " << pos.fen();
                EXPECT_NEAR(after.terms[c][side].eg, weights[c] * before.terms[c][side].eg,
                            tolerance)
                    << eval_category_name(EvalCategory(c)) << " in " << pos.fen();
            }
        checked_king_danger += before.terms[CATEGORY_KING_SAFETY][0].mg < -50 ||
                               before.terms[CATEGORY_KING_SAFETY][1].mg < -50;
    }
    EXPECT_GT(checked_king_danger, 0);
}

TEST(LearnCategoryWeights, RelativeToMaterialKeepsMaterialAtOne) {
    CategoryWeights w = {0.5, 0.25, 1, 0.5, 0.5, 0.5, 0.5, 0.5};
    CategoryWeights r = relative_to_material(w);
    EXPECT_DOUBLE_EQ(r[CATEGORY_MATERIAL], 1.0);
    EXPECT_DOUBLE_EQ(r[CATEGORY_PIECE_SAFETY], 0.5);
    EXPECT_DOUBLE_EQ(r[CATEGORY_MOBILITY], 2.0);
}

TEST(LearnMoveReproduction, OnePlySearchTakesTheFreeQueenAndCountsMatches) {
    // Black's queen stands en prise on d5: the one-ply search with quiescence takes it.
    Position pos =
        Position::from_fen("rnb1kbnr/ppp2ppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    Move choice = one_ply_choice(pos, EvalParams::defaults());
    EXPECT_EQ(pos.is_capture(choice), true);
    EXPECT_EQ(choice.to(), SQ_D5);

    std::vector<MasterMove> sample = {{pos, choice}, {pos, Move::none()}};
    EXPECT_EQ(reproduced_moves(sample, EvalParams::defaults(), 2), 1);
    EXPECT_DOUBLE_EQ(thesis_fitness(10, 100), 1.0);   // below N/5
    EXPECT_DOUBLE_EQ(thesis_fitness(20, 100), 1.0);   // exactly N/5
    EXPECT_DOUBLE_EQ(thesis_fitness(45, 100), 1.25);  // (45 - 20)/100 + 1
}

}  // namespace
}  // namespace mneme
