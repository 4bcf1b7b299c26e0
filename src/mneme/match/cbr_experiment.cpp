#include "mneme/match/cbr_experiment.h"

#include <atomic>
#include <chrono>
#include <thread>

#include "mneme/match/in_process_players.h"

namespace mneme {

std::vector<AdaptationWeights> thesis_configurations() {
    return {{0.5, 0.5, 0.5}, {0.8, 0.8, 0.5}, {0.8, 0.2, 0.5}, {0.2, 0.5, 0.8}, {0.2, 0.5, 0.2}};
}

ExperimentMover::ExperimentMover(const Participant& participant, const CbrSettings& settings) {
    PlayerSpec spec;
    spec.name = participant.name;
    switch (participant.kind) {
        case ParticipantKind::CASE_BASE:
            agent_ = std::make_unique<CbrAgent>(participant.base, settings);
            break;
        case ParticipantKind::RANDOM_MOVER:
            baseline_ = std::make_unique<RandomPlayer>(spec);
            break;
        case ParticipantKind::GREEDY_MOVER:
            baseline_ = std::make_unique<GreedyPlayer>(spec);
            break;
    }
}

ExperimentMover::~ExperimentMover() = default;

void ExperimentMover::seed(std::uint64_t seed) {
    if (agent_)
        agent_->seed(seed);
    else
        baseline_->set_game_seed(seed);
}

CbrDecision ExperimentMover::choose(const Position& pos) {
    if (agent_) return agent_->choose(pos);
    // The baselines look at the position alone.
    MoveRequest request;
    request.position = pos;
    CbrDecision decision;
    decision.move = baseline_->play(request).move;
    return decision;
}

ExperimentGame play_experiment_game(ExperimentMover& white, ExperimentMover& black,
                                    std::uint64_t seed) {
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

ExperimentResult run_experiment(const std::vector<Participant>& participants,
                                const ExperimentSettings& settings) {
    auto start = std::chrono::steady_clock::now();
    ExperimentResult result;
    for (int c = 0; c < int(settings.configurations.size()); ++c)
        for (int round = 1; round <= settings.rounds; ++round)
            for (int w = 0; w < int(participants.size()); ++w)
                for (int b = 0; b < int(participants.size()); ++b)
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
            ExperimentMover white(participants[std::size_t(slot.white)], agent);
            ExperimentMover black(participants[std::size_t(slot.black)], agent);
            ExperimentGame played =
                play_experiment_game(white, black, std::uint64_t(slot.round - 1));
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
