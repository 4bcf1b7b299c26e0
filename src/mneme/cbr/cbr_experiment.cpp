#include "mneme/cbr/cbr_experiment.h"

#include <atomic>
#include <chrono>
#include <thread>

namespace mneme {

std::vector<AdaptationWeights> thesis_configurations() {
    return {{0.5, 0.5, 0.5}, {0.8, 0.8, 0.5}, {0.8, 0.2, 0.5}, {0.2, 0.5, 0.8}, {0.2, 0.5, 0.2}};
}

ExperimentGame play_cbr_game(CbrAgent& white, CbrAgent& black, std::uint64_t seed) {
    white.seed(seed);
    black.seed(seed);
    ExperimentGame game;
    Position pos;
    // Draw rules as if claimed (threefold, fifty moves), as the thesis's result function does;
    // the fifty-move rule bounds every game.
    while (!(game.outcome = game_outcome(pos, true)).is_over()) {
        CbrDecision decision = (pos.side_to_move() == WHITE ? white : black).choose(pos);
        game.fallback_moves += decision.fallback;
        game.moves.push_back(decision.move);
        pos.do_move(decision.move);
    }
    return game;
}

ExperimentResult run_experiment(const std::vector<Expert>& experts,
                                const ExperimentSettings& settings) {
    auto start = std::chrono::steady_clock::now();
    ExperimentResult result;
    for (int c = 0; c < int(settings.configurations.size()); ++c)
        for (int round = 1; round <= settings.rounds; ++round)
            for (int w = 0; w < int(experts.size()); ++w)
                for (int b = 0; b < int(experts.size()); ++b)
                    if (w != b) {
                        ExperimentGame g;
                        g.white = w;
                        g.black = b;
                        g.round = round;
                        g.configuration = c;
                        result.games.push_back(g);
                    }

    std::atomic<std::size_t> next{0}, done{0};
    auto work = [&] {
        for (std::size_t i; (i = next++) < result.games.size();) {
            ExperimentGame& slot = result.games[i];
            CbrSettings agent = settings.agent;
            agent.weights = settings.configurations[std::size_t(slot.configuration)];
            CbrAgent white(experts[std::size_t(slot.white)].base, agent);
            CbrAgent black(experts[std::size_t(slot.black)].base, agent);
            ExperimentGame played = play_cbr_game(white, black, std::uint64_t(slot.round - 1));
            slot.outcome = played.outcome;
            slot.moves = std::move(played.moves);
            slot.fallback_moves = played.fallback_moves;
            std::size_t finished = ++done;
            if (settings.progress) settings.progress(finished, result.games.size());
        }
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < settings.threads; ++t) helpers.emplace_back(work);
    work();
    for (std::thread& t : helpers) t.join();
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace mneme
