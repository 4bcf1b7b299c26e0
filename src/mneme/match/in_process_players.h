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

// What the baselines share: no process, no setup, a seeded generator reseeded every game.
class BaselinePlayer : public Player {
public:
    explicit BaselinePlayer(PlayerSpec spec) : spec_(std::move(spec)), random_(spec_.seed) {}
    const std::string& name() const override { return spec_.name; }
    bool start(std::string&) override { return true; }
    void new_game(const Position&, bool) override {}
    void set_game_seed(std::uint64_t seed) override { random_.seed(spec_.seed ^ seed); }
    bool healthy() const override { return true; }
    bool restart(std::string&) override { return true; }

protected:
    PlayerSpec spec_;
    std::mt19937_64 random_;
};

// A uniformly random legal move.
class RandomPlayer : public BaselinePlayer {
public:
    using BaselinePlayer::BaselinePlayer;
    MoveReply play(const MoveRequest& request) override;
};

// Mates in one when it can, otherwise takes the move that wins the most material by static
// exchange (promotions count), ties and quiet positions broken at random: the "sees a free
// queen" baseline.
class GreedyPlayer : public BaselinePlayer {
public:
    using BaselinePlayer::BaselinePlayer;
    MoveReply play(const MoveRequest& request) override;
};

}  // namespace mneme
