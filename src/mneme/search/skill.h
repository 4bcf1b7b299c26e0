// Strength limiting: at a skill level below the top, the engine searches a few root lines
// (MultiPV) within a node budget and plays a random one among those close to the best, the
// tolerated loss growing as the level falls.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "mneme/search/search.h"
#include "mneme/util/fresh_seed.h"

namespace mneme {

class Skill {
public:
    static constexpr int MAX_LEVEL = 20;
    // The UCI_Elo range; the ends map to levels 0 and MAX_LEVEL.
    static constexpr int MIN_ELO = 1320;
    static constexpr int MAX_ELO = 3190;

    explicit Skill(int level = MAX_LEVEL) { set_level(level); }
    void set_level(int level);
    // Chooses the level from an Elo rating (a straight line between the ends of the range).
    void set_elo(int elo);
    int level() const { return level_; }
    bool limits_strength() const { return level_ < MAX_LEVEL; }

    // How many root lines to score, and a node budget (0 = none) for the search.
    int candidate_lines() const { return limits_strength() ? 4 : 1; }
    std::uint64_t node_limit() const;

    // Picks a move from `lines` (best first, as a MultiPV search returns them): each gets a
    // random bonus up to the weakness, and lines worse than the best by more than twice the
    // weakness are never played. A mate for us is never thrown away.
    Move choose(const std::vector<RootLine>& lines);

private:
    int weakness() const { return (MAX_LEVEL - level_) * 12; }  // centipawns

    int level_ = MAX_LEVEL;
    std::mt19937_64 random_{fresh_seed()};
};

}  // namespace mneme
