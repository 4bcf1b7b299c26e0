// The expert-ranking experiment: its schedule (every ordered pair, rounds, configurations), the
// baselines as participants, and reproducible games (seed = round - 1).
#include "mneme/match/cbr_experiment.h"

#include <gtest/gtest.h>

#include "cbr_test_util.h"
#include "mneme/core/movegen.h"

namespace mneme {
namespace {

std::vector<Participant> participants() {
    Participant cases{"random-games", ParticipantKind::CASE_BASE,
                      std::make_shared<const CaseBase>(test::random_cases(5, 60, 80)), 0};
    Participant random{"random", ParticipantKind::RANDOM_MOVER, nullptr, 0};
    Participant greedy{"greedy", ParticipantKind::GREEDY_MOVER, nullptr, 0};
    return {cases, random, greedy};
}

double points(const ExperimentResult& result, int player) {
    double total = 0;
    for (const ExperimentGame& g : result.games) {
        double white = g.outcome.result == GameResult::WHITE_WINS   ? 1
                       : g.outcome.result == GameResult::BLACK_WINS ? 0
                                                                    : 0.5;
        if (g.white == player) total += white;
        if (g.black == player) total += 1 - white;
    }
    return total;
}

TEST(CbrExperiment, BaselinesTakePartInEveryPairing) {
    ExperimentSettings settings;
    settings.configurations = {thesis_configurations()[0], thesis_configurations()[1]};
    settings.rounds = 4;
    settings.threads = 2;
    ExperimentResult result = run_experiment(participants(), settings);
    ASSERT_EQ(result.games.size(), 6u * 4 * 2);  // ordered pairs x rounds x configurations
    for (const ExperimentGame& g : result.games) {
        EXPECT_NE(g.white, g.black);
        EXPECT_TRUE(g.outcome.is_over());
        Position pos;
        for (Move m : g.moves) {
            ASSERT_TRUE(MoveList<LEGAL>(pos).contains(m));
            pos.do_move(m);
        }
        EXPECT_EQ(g.fallback_moves, 0u);  // the case base has cases of both colours
    }
    // The greedy mover takes what is left hanging: it outscores the random mover.
    EXPECT_GT(points(result, 2), points(result, 1));
    EXPECT_GT(points(result, 2), 16.0);  // of its 32 games
}

TEST(CbrExperiment, SameRoundSameGame) {
    std::vector<Participant> all = participants();
    CbrSettings settings;
    auto game = [&](int white, int black, std::uint64_t seed) {
        ExperimentMover w(all[std::size_t(white)], settings), b(all[std::size_t(black)], settings);
        return play_experiment_game(w, b, seed).moves;
    };
    for (auto [white, black] : {std::pair{0, 1}, std::pair{2, 0}, std::pair{1, 2}}) {
        EXPECT_EQ(game(white, black, 3), game(white, black, 3));
        EXPECT_NE(game(white, black, 3), game(white, black, 4));
    }
}

}  // namespace
}  // namespace mneme
