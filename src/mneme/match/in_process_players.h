// Players that live inside the runner's process: mneme's own searcher with any option set, and
// the baselines every learned player must beat (a random mover and a material-greedy one).
#pragma once

#include <memory>
#include <random>
#include <string>

#include "mneme/match/player.h"
#include "mneme/match/player_spec.h"
#include "mneme/search/search.h"
#include "mneme/search/skill.h"

namespace mneme {

// mneme's searcher, configured from the spec's options: Hash, Threads, Contempt, Skill Level,
// UCI_LimitStrength, UCI_Elo, and the search switches of search-compare (Algorithm =
// minimax|alphabeta|failsoft|pvs, Aspiration, TranspositionTable, TTMove, CaptureOrdering,
// Killers, CounterMoves, History, NullMove, LMR, Futility = true|false). An unknown option or
// bad value makes start() fail, naming it.
class MnemePlayer : public Player {
public:
    explicit MnemePlayer(PlayerSpec spec);
    const std::string& name() const override { return spec_.name; }
    bool start(std::string& error) override;
    void new_game(const Position& start, bool chess960) override;
    MoveReply play(const MoveRequest& request) override;
    bool healthy() const override { return true; }
    bool restart(std::string& error) override { return start(error); }

private:
    PlayerSpec spec_;
    std::unique_ptr<Searcher> searcher_;
    Skill skill_;
};

// A uniformly random legal move; seeded, so games are reproducible.
class RandomPlayer : public Player {
public:
    explicit RandomPlayer(PlayerSpec spec) : spec_(std::move(spec)), random_(spec_.seed) {}
    const std::string& name() const override { return spec_.name; }
    bool start(std::string&) override { return true; }
    void new_game(const Position&, bool) override {}
    void set_game_seed(std::uint64_t seed) override { random_.seed(spec_.seed ^ seed); }
    MoveReply play(const MoveRequest& request) override;
    bool healthy() const override { return true; }
    bool restart(std::string&) override { return true; }

private:
    PlayerSpec spec_;
    std::mt19937_64 random_;
};

// Mates in one when it can, otherwise takes the move that wins the most material by static
// exchange (promotions count), ties and quiet positions broken at random: the "sees a free
// queen" baseline.
class GreedyPlayer : public Player {
public:
    explicit GreedyPlayer(PlayerSpec spec) : spec_(std::move(spec)), random_(spec_.seed) {}
    const std::string& name() const override { return spec_.name; }
    bool start(std::string&) override { return true; }
    void new_game(const Position&, bool) override {}
    void set_game_seed(std::uint64_t seed) override { random_.seed(spec_.seed ^ seed); }
    MoveReply play(const MoveRequest& request) override;
    bool healthy() const override { return true; }
    bool restart(std::string&) override { return true; }

private:
    PlayerSpec spec_;
    std::mt19937_64 random_;
};

}  // namespace mneme
