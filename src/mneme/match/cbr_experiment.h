// The thesis's expert-ranking experiment (§3.2, §5): behaviours = the CBR agent with one expert's
// case base each; every ordered pair plays `rounds` games per weight configuration, both
// behaviours seeded with round - 1, until checkmate or a draw rule (no move cap, adjudication
// or resignation). The caller turns the games into showdowns, orderings and ratings.
// Baselines (the match runner's random and material-greedy movers) can take part beside the
// case bases, so the ratings have fixed points that owe nothing to cases.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "mneme/cbr/cbr_agent.h"
#include "mneme/core/game_outcome.h"

namespace mneme {

class Player;  // mneme/match/player.h: the baselines are the match runner's players

enum class ParticipantKind {
    CASE_BASE,     // the CBR agent with `base`
    RANDOM_MOVER,  // a uniformly random legal move
    GREEDY_MOVER,  // mate in one, else the best static exchange (1-ply material greed)
};

struct Participant {
    std::string name;
    ParticipantKind kind = ParticipantKind::CASE_BASE;
    std::shared_ptr<const CaseBase> base;  // CASE_BASE only
    double mean_elo = 0;  // of the movers in the base (0 when unrated, and for baselines)
};

// The five (v1, v2, v3) of the thesis's Table 2.
std::vector<AdaptationWeights> thesis_configurations();

struct ExperimentSettings {
    std::vector<AdaptationWeights> configurations = thesis_configurations();
    CbrSettings agent;  // the switches; the weights come from the configuration
    int rounds = 3;
    int threads = 1;
    // Called after each game with (games done, games in all), from the playing threads.
    std::function<void(std::size_t, std::size_t)> progress;
};

struct ExperimentGame {
    int white = 0, black = 0;  // participant indices
    int round = 1;             // 1-based; the seed is round - 1
    int configuration = 0;
    GameOutcome outcome;
    std::vector<Move> moves;
    std::size_t fallback_moves = 0;  // moves without a case of the right colour
};

struct ExperimentResult {
    std::vector<ExperimentGame> games;  // in schedule order: configuration, round, pair
    double seconds = 0;
};

ExperimentResult run_experiment(const std::vector<Participant>& participants,
                                const ExperimentSettings& settings);

// One participant as a player of experiment games: the CBR agent or a baseline.
class ExperimentMover {
public:
    ExperimentMover(const Participant& participant, const CbrSettings& settings);
    ~ExperimentMover();
    void seed(std::uint64_t seed);
    CbrDecision choose(const Position& pos);

private:
    std::unique_ptr<CbrAgent> agent_;
    std::unique_ptr<Player> baseline_;
};

// One game from the standard start; both movers are seeded with `seed`.
ExperimentGame play_experiment_game(ExperimentMover& white, ExperimentMover& black,
                                    std::uint64_t seed);

}  // namespace mneme
