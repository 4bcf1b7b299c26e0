// The match runner's statistics: Elo estimates, the SPRT, tournament rating fits and the
// longest orderings of a crosstable. Expected values are worked out by hand in the comments.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "mneme/match/elo_statistics.h"
#include "mneme/match/orderings.h"
#include "mneme/match/rating_fit.h"
#include "mneme/match/sprt.h"

namespace mneme {
namespace {

constexpr double INFINITE = std::numeric_limits<double>::infinity();

// ---- Elo estimates -------------------------------------------------------------------------

TEST(MatchStatElo, ScoreToEloAndBack) {
    // 0.6: 1/0.6 - 1 = 2/3, log10(2/3) = -0.176091259..., times -400 = 70.436503622...
    EXPECT_NEAR(elo_from_score(0.6), 70.43650362227, 1e-9);
    EXPECT_NEAR(elo_from_score(0.4), -70.43650362227, 1e-9);
    EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0);
    EXPECT_EQ(elo_from_score(1), INFINITE);
    EXPECT_EQ(elo_from_score(0), -INFINITE);
    EXPECT_EQ(elo_from_score(-0.1), -INFINITE);
    // 400 Elo stronger: 1 / (1 + 10^-1) = 10/11.
    EXPECT_NEAR(score_from_elo(400), 10.0 / 11, 1e-12);
    for (double elo : {-500.0, -31.5, 0.0, 12.25, 300.0})
        EXPECT_NEAR(elo_from_score(score_from_elo(elo)), elo, 1e-9);
}

TEST(MatchStatElo, TrinomialPointEstimateIntervalAndLos) {
    WdlCounts wdl{60, 20, 20};
    EXPECT_DOUBLE_EQ(wdl.games(), 100);
    // Score (60 + 10) / 100 = 0.7; Elo = -400 log10(3/7) = 400 * 0.367976785 = 147.190714...
    EloEstimate estimate = trinomial_estimate(wdl);
    EXPECT_DOUBLE_EQ(estimate.games, 100);
    EXPECT_NEAR(estimate.score, 0.7, 1e-12);
    EXPECT_NEAR(estimate.elo, 147.19071411784, 1e-8);
    // Variance per game: 0.6 * 0.3^2 + 0.2 * 0.2^2 + 0.2 * 0.7^2 = 0.054 + 0.008 + 0.098 = 0.16;
    // standard error sqrt(0.16 / 100) = 0.04; 1.959964 * 0.04 = 0.07839856, so the score
    // interval is [0.62160144, 0.77839856] -> Elo [86.22501474, 218.25177826].
    EXPECT_NEAR(estimate.elo_lower, 86.2250147436, 1e-7);
    EXPECT_NEAR(estimate.elo_upper, 218.2517782639, 1e-7);
    EXPECT_NEAR(estimate.error_margin(), (218.2517782639 - 86.2250147436) / 2, 1e-7);
    // LOS: (60 - 20) / sqrt(2 * 80) = 40 / 12.6491106 = 3.16227766;
    // erf(3.16227766) = 0.99999225578, so LOS = 0.99999612789.
    EXPECT_NEAR(estimate.los, 0.9999961278918, 1e-12);
    EXPECT_NEAR(estimate.draw_ratio, 0.2, 1e-12);
}

TEST(MatchStatElo, SmallTrinomialIntervalReachesInfinity) {
    // W=3 D=1 L=1: score 3.5 / 5 = 0.7, variance again 0.16 per game, standard error
    // sqrt(0.16 / 5) = 0.178885438; 1.959964 * that = 0.350609019. The score interval
    // [0.349390981, 1.050609019] is clamped at 1: the upper bound is +inf, the lower one
    // -400 log10(1/0.349390981 - 1) = -400 log10(1.862123) = -108.003356 Elo.
    EloEstimate estimate = trinomial_estimate(WdlCounts{3, 1, 1});
    EXPECT_NEAR(estimate.elo_lower, -108.0033556826, 1e-7);
    EXPECT_EQ(estimate.elo_upper, INFINITE);
    EXPECT_EQ(estimate.error_margin(), INFINITE);
    // LOS: (3 - 1) / sqrt(2 * 4) = 0.707107; erf(0.707107) = 0.682689, LOS = 0.841345.
    EXPECT_NEAR(estimate.los, 0.8413447461, 1e-9);
}

TEST(MatchStatElo, NoVarianceGivesAnUnboundedInterval) {
    EloEstimate none = trinomial_estimate(WdlCounts{});
    EXPECT_DOUBLE_EQ(none.score, 0.5);
    EXPECT_DOUBLE_EQ(none.elo, 0);
    EXPECT_EQ(none.elo_lower, -INFINITE);
    EXPECT_EQ(none.elo_upper, INFINITE);
    EXPECT_DOUBLE_EQ(none.los, 0.5);

    EloEstimate draws = trinomial_estimate(WdlCounts{0, 10, 0});
    EXPECT_DOUBLE_EQ(draws.elo, 0);
    EXPECT_EQ(draws.elo_lower, -INFINITE);
    EXPECT_EQ(draws.elo_upper, INFINITE);
    EXPECT_DOUBLE_EQ(draws.los, 0.5);
    EXPECT_DOUBLE_EQ(draws.draw_ratio, 1);

    EloEstimate wins = trinomial_estimate(WdlCounts{10, 0, 0});
    EXPECT_EQ(wins.elo, INFINITE);
    EXPECT_EQ(wins.elo_lower, -INFINITE);
    EXPECT_EQ(wins.elo_upper, INFINITE);
    EXPECT_FALSE(std::isnan(wins.error_margin()));
}

TEST(MatchStatElo, PentanomialEstimate) {
    // Pairs scoring 0, 0.5, 1, 1.5, 2: 5, 10, 40, 25, 20 of 100. Samples are pair score / 2:
    // mean = (0.25*10 + 0.5*40 + 0.75*25 + 1*20) / 100 = (2.5 + 20 + 18.75 + 20) / 100 = 0.6125.
    // Squared deviations: 0.37515625*5 + 0.13140625*10 + 0.01265625*40 + 0.01890625*25 +
    // 0.15015625*20 = 1.87578125 + 1.3140625 + 0.50625 + 0.47265625 + 3.003125 = 7.171875,
    // variance 0.07171875; standard error sqrt(0.07171875 / 100) = 0.0267803566.
    // Elo of 0.6125 = -400 log10(0.3875 / 0.6125) = 79.53375448.
    // Interval: 0.6125 -+ 0.0524890 = [0.5600110, 0.6649890] -> [41.9022234, 119.1017950].
    // LOS: (0.6125 - 0.5) / 0.0267803566 = 4.2008 standard errors -> 0.99998670369.
    PentanomialCounts counts;
    const std::uint64_t pairs[5] = {5, 10, 40, 25, 20};
    for (int k = 0; k < 5; ++k) counts.pairs[k] = pairs[k];
    EXPECT_EQ(counts.total(), 100u);
    EloEstimate estimate = pentanomial_estimate(counts);
    EXPECT_DOUBLE_EQ(estimate.games, 200);
    EXPECT_NEAR(estimate.score, 0.6125, 1e-12);
    EXPECT_NEAR(estimate.elo, 79.5337544777, 1e-8);
    EXPECT_NEAR(estimate.elo_lower, 41.9022234260, 1e-7);
    EXPECT_NEAR(estimate.elo_upper, 119.1017949746, 1e-7);
    EXPECT_NEAR(estimate.los, 0.9999867036907, 1e-11);
    EXPECT_DOUBLE_EQ(estimate.draw_ratio, 0);  // the caller's to fill
}

TEST(MatchStatElo, ScoresOfWholeGamesMatchTheTrinomialEstimate) {
    std::vector<double> scores;
    for (int i = 0; i < 60; ++i) scores.push_back(1);
    for (int i = 0; i < 20; ++i) scores.push_back(0.5);
    for (int i = 0; i < 20; ++i) scores.push_back(0);
    EloEstimate from_scores = score_estimate(scores);
    EloEstimate from_counts = trinomial_estimate(WdlCounts{60, 20, 20});
    EXPECT_NEAR(from_scores.score, from_counts.score, 1e-12);
    EXPECT_NEAR(from_scores.elo_lower, from_counts.elo_lower, 1e-8);
    EXPECT_NEAR(from_scores.elo_upper, from_counts.elo_upper, 1e-8);
    EXPECT_NEAR(from_scores.draw_ratio, 0.2, 1e-12);
    // LOS from the normal approximation: (0.7 - 0.5) / 0.04 = 5 standard errors.
    EXPECT_NEAR(from_scores.los, 0.5 * (1 + std::erf(5 / std::sqrt(2.0))), 1e-12);
}

TEST(MatchStatElo, FractionalScores) {
    // Scores 0.75 and 0.25: mean 0.5, variance 0.0625, standard error sqrt(0.0625 / 2) =
    // 0.1767767; 1.959964 * 0.1767767 = 0.3464761, interval [0.1535239, 0.8464761]
    // -> -+400 log10(0.8464761 / 0.1535239) = -+296.575294 Elo.
    EloEstimate estimate = score_estimate({0.75, 0.25});
    EXPECT_DOUBLE_EQ(estimate.elo, 0);
    EXPECT_NEAR(estimate.elo_upper, 296.5752937172, 1e-7);
    EXPECT_NEAR(estimate.elo_lower, -estimate.elo_upper, 1e-9);
    EXPECT_DOUBLE_EQ(estimate.draw_ratio, 0);
    EXPECT_EQ(score_estimate({}).elo_upper, INFINITE);
}

// ---- SPRT ----------------------------------------------------------------------------------

TEST(MatchStatSprt, TrinomialHandExample) {
    // W=600 D=800 L=500, N = 1900 games.
    // m = (600 + 400) / 1900 = 10/19 = 0.526315789.
    // E[x^2] = (600 * 1 + 800 * 0.25) / 1900 = 8/19; v = 8/19 - 100/361 = 52/361 = 0.144044321.
    // s0 = score_from_elo(0) = 0.5; s1 = 1 / (1 + 10^(-5/400)) = 0.507195082.
    // LLR = 1900 * (s1 - s0) * (2m - s0 - s1) / (2v)
    //     = 1900 * 0.007195082 * (1.052631579 - 1.007195082) / 0.288088643
    //     = 13.670655 * 0.045436497 / 0.288088643 = 2.15609572.
    // Bounds for alpha = beta = 0.05: ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = 2.944439.
    SprtState state = sprt_trinomial(WdlCounts{600, 800, 500}, SprtParameters{0, 5, 0.05, 0.05});
    EXPECT_NEAR(state.llr, 2.1560957199, 1e-6);
    EXPECT_NEAR(state.lower_bound, -2.9444389792, 1e-9);
    EXPECT_NEAR(state.upper_bound, 2.9444389792, 1e-9);
    EXPECT_EQ(state.decision, SprtDecision::CONTINUE);
}

TEST(MatchStatSprt, PentanomialHandExample) {
    // The pair counts of PentanomialEstimate: m = 0.6125, v = 0.07171875, N = 100 pairs.
    // LLR = 100 * 0.007195082 * (1.225 - 1.007195082) / 0.1434375 = 1.09254845.
    PentanomialCounts counts;
    const std::uint64_t pairs[5] = {5, 10, 40, 25, 20};
    for (int k = 0; k < 5; ++k) counts.pairs[k] = pairs[k];
    SprtState state = sprt_pentanomial(counts, SprtParameters{});
    EXPECT_NEAR(state.llr, 1.0925484505, 1e-6);
    EXPECT_EQ(state.decision, SprtDecision::CONTINUE);
}

TEST(MatchStatSprt, Decisions) {
    // Ten times the games of the hand example: the LLR scales with N to 21.56 > 2.944.
    EXPECT_EQ(sprt_trinomial(WdlCounts{6000, 8000, 5000}, SprtParameters{}).decision,
              SprtDecision::ACCEPT_H1);
    // Scoring below s0 makes 2m - s0 - s1 negative: H0 once enough games are in. Here
    // m = 9/19, v = 52/361 and LLR = 19000 * 0.007195082 * (0.947368 - 1.007195) / 0.288089
    // = -28.39.
    SprtState worse = sprt_trinomial(WdlCounts{5000, 8000, 6000}, SprtParameters{});
    EXPECT_LT(worse.llr, worse.lower_bound);
    EXPECT_EQ(worse.decision, SprtDecision::ACCEPT_H0);
    // Wider alpha loosens the upper bound: ln(0.95 / 0.2) = 1.558145.
    SprtState loose = sprt_trinomial(WdlCounts{600, 800, 500}, SprtParameters{0, 5, 0.2, 0.05});
    EXPECT_NEAR(loose.upper_bound, std::log(0.95 / 0.2), 1e-12);
    EXPECT_EQ(loose.decision, SprtDecision::ACCEPT_H1);
}

TEST(MatchStatSprt, NoDataOrNoVarianceGivesZero) {
    EXPECT_DOUBLE_EQ(sprt_trinomial(WdlCounts{}, SprtParameters{}).llr, 0);
    EXPECT_DOUBLE_EQ(sprt_trinomial(WdlCounts{0, 100, 0}, SprtParameters{}).llr, 0);
    EXPECT_DOUBLE_EQ(sprt_pentanomial(PentanomialCounts{}, SprtParameters{}).llr, 0);
    EXPECT_EQ(sprt_trinomial(WdlCounts{}, SprtParameters{}).decision, SprtDecision::CONTINUE);
}

// ---- Rating fit ----------------------------------------------------------------------------

// The BayesElo log-likelihood written out directly from the model, without the prior.
double bayeselo_log_likelihood(const std::vector<RatedGame>& games,
                               const std::vector<double>& ratings, double draw_elo,
                               double advantage) {
    auto f = [](double d) { return 1 / (1 + std::pow(10.0, -d / 400)); };
    double sum = 0;
    for (const RatedGame& game : games) {
        double difference = ratings[game.white] - ratings[game.black] + advantage;
        double white_wins = f(difference - draw_elo), black_wins = f(-difference - draw_elo);
        if (game.white_score == 1) sum += std::log(white_wins);
        if (game.white_score == 0) sum += std::log(black_wins);
        if (game.white_score == 0.5) sum += std::log(1 - white_wins - black_wins);
    }
    return sum;
}

void add_games(std::vector<RatedGame>& games, int white, int black, double score, int count) {
    for (int i = 0; i < count; ++i) games.push_back(RatedGame{white, black, score});
}

TEST(MatchStatRatingFit, TwoPlayersWithoutDrawsMatchTheScore) {
    // Without a draw margin and without prior the model is the plain logistic one:
    // f(R0 - R1) = 30/40 = 0.75, so R0 - R1 = elo_from_score(0.75) = 400 log10(3) = 190.848502,
    // centred: +-95.424251.
    std::vector<RatedGame> games;
    add_games(games, 0, 1, 1, 15);
    add_games(games, 1, 0, 0, 15);
    add_games(games, 0, 1, 0, 5);
    add_games(games, 1, 0, 1, 5);
    RatingFitOptions options;
    options.draw_elo = 0;
    options.prior_draws = 0;
    RatingFit fit = fit_rating_model(2, games, options);
    EXPECT_TRUE(fit.converged);
    ASSERT_EQ(fit.players.size(), 2u);
    EXPECT_NEAR(fit.players[0].elo, 95.4242509439, 1e-6);
    EXPECT_NEAR(fit.players[1].elo, -95.4242509439, 1e-6);
    EXPECT_NEAR(fit.players[0].elo - fit.players[1].elo, elo_from_score(0.75), 1e-6);
    // Information about d = R0 - R1: N c^2 p (1 - p) with c = ln(10)/400 = 0.0057564627,
    // N = 40, p = 0.75: 40 * 3.3136863e-5 * 0.1875 = 2.4852647e-4, so var(d) = 4023.72;
    // R0 = d/2 has variance 1005.93, and 1.96 * sqrt(1005.93) = 62.164114.
    EXPECT_NEAR(fit.players[0].error95, 62.1641137738, 1e-5);
    EXPECT_NEAR(fit.players[1].error95, 62.1641137738, 1e-5);
}

TEST(MatchStatRatingFit, SymmetricTournamentGivesEqualRatings) {
    // Every pair, with each colour: White wins twice, draws once, loses once. Nobody is better.
    std::vector<RatedGame> games;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            if (i != j) {
                add_games(games, i, j, 1, 2);
                add_games(games, i, j, 0.5, 1);
                add_games(games, i, j, 0, 1);
            }
    RatingFitOptions options;
    options.fit_white_advantage = true;
    RatingFit fit = fit_rating_model(3, games, options);
    EXPECT_TRUE(fit.converged);
    for (const PlayerRating& player : fit.players) {
        EXPECT_NEAR(player.elo, 0, 1e-9);
        EXPECT_TRUE(std::isfinite(player.error95));
        EXPECT_NEAR(player.error95, fit.players[0].error95, 1e-9);
    }
    // White won twice as often as Black: the fitted advantage is positive; draws happened, so
    // the draw margin is positive too.
    EXPECT_GT(fit.white_advantage, 0);
    EXPECT_GT(fit.draw_elo, 0);
}

TEST(MatchStatRatingFit, FitSolvesTheLikelihoodEquations) {
    // A small tournament with mixed results: player 0 scores 5.5, player 1 3.5 and player 2 3
    // of their 8 games each.
    std::vector<RatedGame> games;
    add_games(games, 0, 1, 1, 2);
    add_games(games, 0, 1, 0.5, 1);
    add_games(games, 1, 0, 1, 1);
    add_games(games, 0, 2, 1, 1);
    add_games(games, 0, 2, 0.5, 1);
    add_games(games, 2, 0, 0.5, 1);
    add_games(games, 2, 0, 0, 1);
    add_games(games, 1, 2, 1, 1);
    add_games(games, 1, 2, 0.5, 1);
    add_games(games, 2, 1, 1, 1);
    add_games(games, 2, 1, 0.5, 1);
    RatingFitOptions options;
    options.prior_draws = 0;
    options.fit_white_advantage = true;
    RatingFit fit = fit_rating_model(3, games, options);
    ASSERT_TRUE(fit.converged);
    std::vector<double> ratings = {fit.players[0].elo, fit.players[1].elo, fit.players[2].elo};
    EXPECT_NEAR(ratings[0] + ratings[1] + ratings[2], 0, 1e-9);
    EXPECT_GT(ratings[0], ratings[1]);
    EXPECT_GT(ratings[1], ratings[2]);
    EXPECT_NEAR(fit.log_likelihood,
                bayeselo_log_likelihood(games, ratings, fit.draw_elo, fit.white_advantage), 1e-9);

    // Central differences of the independently written likelihood: every partial derivative,
    // ratings, draw margin and advantage, vanishes at the optimum.
    const double h = 1e-3;
    auto likelihood = [&](std::vector<double> r, double draw, double advantage) {
        return bayeselo_log_likelihood(games, r, draw, advantage);
    };
    for (int i = 0; i < 3; ++i) {
        std::vector<double> up = ratings, down = ratings;
        up[i] += h;
        down[i] -= h;
        double slope = (likelihood(up, fit.draw_elo, fit.white_advantage) -
                        likelihood(down, fit.draw_elo, fit.white_advantage)) /
                       (2 * h);
        EXPECT_NEAR(slope, 0, 1e-7) << "rating " << i;
    }
    double draw_slope = (likelihood(ratings, fit.draw_elo + h, fit.white_advantage) -
                         likelihood(ratings, fit.draw_elo - h, fit.white_advantage)) /
                        (2 * h);
    EXPECT_NEAR(draw_slope, 0, 1e-7);
    double advantage_slope = (likelihood(ratings, fit.draw_elo, fit.white_advantage + h) -
                              likelihood(ratings, fit.draw_elo, fit.white_advantage - h)) /
                             (2 * h);
    EXPECT_NEAR(advantage_slope, 0, 1e-7);
    // And it is a maximum: moving any rating by 5 Elo (keeping the mean) lowers it.
    std::vector<double> moved = ratings;
    moved[0] += 5;
    moved[2] -= 5;
    EXPECT_LT(likelihood(moved, fit.draw_elo, fit.white_advantage), fit.log_likelihood);
}

TEST(MatchStatRatingFit, PriorKeepsPerfectScoresFinite) {
    std::vector<RatedGame> games;
    add_games(games, 0, 1, 1, 5);
    add_games(games, 1, 0, 0, 5);
    // 1 and 2 are even. (All of their games drawn would let the draw margin run off to
    // infinity together with player 0's rating: that likelihood has no finite maximum.)
    add_games(games, 1, 2, 0.5, 2);
    add_games(games, 1, 2, 1, 1);
    add_games(games, 2, 1, 1, 1);
    RatingFit fit = fit_rating_model(4, games, RatingFitOptions{});
    EXPECT_TRUE(fit.converged);
    EXPECT_TRUE(std::isfinite(fit.players[0].elo));
    EXPECT_GT(fit.players[0].elo, fit.players[1].elo);
    // Only the games between 1 and 2 tie their ratings together, and those are even.
    EXPECT_NEAR(fit.players[1].elo, fit.players[2].elo, 1e-6);
    EXPECT_NEAR(fit.players[0].elo + fit.players[1].elo + fit.players[2].elo, 0, 1e-9);
    EXPECT_TRUE(std::isfinite(fit.players[0].error95));
    // Player 3 never played.
    EXPECT_DOUBLE_EQ(fit.players[3].elo, 0);
    EXPECT_EQ(fit.players[3].error95, INFINITE);
}

TEST(MatchStatRatingFit, RejectsImpossibleInput) {
    std::vector<RatedGame> draw = {RatedGame{0, 1, 0.5}};
    RatingFitOptions no_draws;
    no_draws.draw_elo = 0;
    no_draws.prior_draws = 0;
    EXPECT_THROW(fit_ratings(2, draw, no_draws), std::invalid_argument);
    EXPECT_THROW(fit_ratings(2, {RatedGame{0, 2, 1}}), std::invalid_argument);
    EXPECT_THROW(fit_ratings(2, {RatedGame{1, 1, 1}}), std::invalid_argument);
    EXPECT_THROW(fit_ratings(2, {RatedGame{0, 1, 1.5}}), std::invalid_argument);
}

// ---- Orderings -----------------------------------------------------------------------------

TEST(MatchStatOrderings, ShowdownsStrictAndNonStrict) {
    Crosstable table(3);
    table.add_game(0, 1, 1);
    table.add_game(1, 0, 0.5);  // 0 scored 1.5 of 2 against 1
    table.add_game(0, 2, 0.5);  // 0 and 2 drew their only game
    EXPECT_DOUBLE_EQ(table.points[0][1], 1.5);
    EXPECT_DOUBLE_EQ(table.points[1][0], 0.5);
    EXPECT_EQ(table.games[1][0], 2);
    EXPECT_TRUE(beats(table, 0, 1, true));
    EXPECT_FALSE(beats(table, 1, 0, false));
    EXPECT_FALSE(beats(table, 0, 2, true));
    EXPECT_TRUE(beats(table, 0, 2, false));
    EXPECT_TRUE(beats(table, 2, 0, false));
    EXPECT_FALSE(beats(table, 1, 2, false));  // never met
    EXPECT_FALSE(beats(table, 0, 0, false));
    EXPECT_THROW(table.add_game(0, 3, 1), std::out_of_range);
}

TEST(MatchStatOrderings, RockPaperScissors) {
    // 0 beats 1, 1 beats 2, 2 beats 0: no three in a line. The length-2 orderings are (0,1),
    // (1,2), (2,0); the smallest is (0,1).
    Crosstable table(3);
    table.add_game(0, 1, 1);
    table.add_game(1, 2, 1);
    table.add_game(2, 0, 1);
    EXPECT_EQ(longest_ordering(table, true), (std::vector<int>{0, 1}));
    EXPECT_EQ(longest_ordering(table, false), (std::vector<int>{0, 1}));
}

TEST(MatchStatOrderings, TransitiveTableOrdersByScore) {
    // Strength order 2 > 0 > 3 > 1 (scores 3, 2, 1, 0): everyone beats all weaker players.
    const int strength_order[4] = {2, 0, 3, 1};
    Crosstable table(4);
    for (int a = 0; a < 4; ++a)
        for (int b = a + 1; b < 4; ++b) {
            table.add_game(strength_order[a], strength_order[b], 1);
            table.add_game(strength_order[b], strength_order[a], 0.5);
        }
    EXPECT_EQ(longest_ordering(table, true), (std::vector<int>{2, 0, 3, 1}));
}

TEST(MatchStatOrderings, TiesCountOnlyWhenNotStrict) {
    // 0 and 1 drew their showdown; both beat 2.
    Crosstable table(3);
    table.add_game(0, 1, 0.5);
    table.add_game(0, 2, 1);
    table.add_game(2, 1, 0);
    // Non-strict: 0 and 1 beat each other, so (0, 1, 2) works (and (1, 0, 2), a larger one).
    EXPECT_EQ(longest_ordering(table, false), (std::vector<int>{0, 1, 2}));
    // Strict: the draw breaks the chain; (0, 2) and (1, 2) remain, (0, 2) is smaller.
    EXPECT_EQ(longest_ordering(table, true), (std::vector<int>{0, 2}));
}

TEST(MatchStatOrderings, EmptyAndSinglePlayers) {
    EXPECT_TRUE(longest_ordering(Crosstable(0), true).empty());
    // Players who never met cannot follow each other: one player, the first.
    EXPECT_EQ(longest_ordering(Crosstable(3), true), (std::vector<int>{0}));
}

TEST(MatchStatOrderings, TwentyPlayersAllDrawn) {
    // Every showdown drawn: non-strictly everyone beats everyone, so all 20 in index order;
    // strictly nobody beats anybody, so one player.
    Crosstable table(20);
    for (int i = 0; i < 20; ++i)
        for (int j = i + 1; j < 20; ++j) table.add_game(i, j, 0.5);
    std::vector<int> ordering = longest_ordering(table, false);
    ASSERT_EQ(ordering.size(), 20u);
    for (int i = 0; i < 20; ++i) EXPECT_EQ(ordering[i], i);
    EXPECT_EQ(longest_ordering(table, true).size(), 1u);
}

}  // namespace
}  // namespace mneme
