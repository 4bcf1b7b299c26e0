#include "mneme/search/skill.h"

#include <algorithm>

namespace mneme {

void Skill::set_level(int level) { level_ = std::clamp(level, 0, MAX_LEVEL); }

void Skill::set_elo(int elo) {
    elo = std::clamp(elo, MIN_ELO, MAX_ELO);
    set_level((elo - MIN_ELO) * MAX_LEVEL / (MAX_ELO - MIN_ELO));
}

std::uint64_t Skill::node_limit() const {
    // Below level 10 the search is also kept shallow: it is the horizon, more than the
    // random choice, that makes weak play look human.
    if (level_ >= 10) return 0;
    return std::uint64_t(500) << level_;
}

Move Skill::choose(const std::vector<RootLine>& lines) {
    if (lines.empty()) return Move::none();
    const RootLine& best = lines.front();
    if (!limits_strength() || lines.size() == 1 || is_mate_score(best.score)) return best.move;
    int weakness = this->weakness();
    std::uniform_int_distribution<int> bonus(0, std::max(weakness, 0));
    Move chosen = best.move;
    int chosen_value = best.score + bonus(random_);
    for (std::size_t i = 1; i < lines.size(); ++i) {
        if (lines[i].score == -VALUE_INFINITE || lines[i].score == VALUE_NONE) continue;
        if (best.score - lines[i].score > 2 * weakness) continue;
        int value = lines[i].score + bonus(random_);
        if (value > chosen_value) {
            chosen_value = value;
            chosen = lines[i].move;
        }
    }
    return chosen;
}

}  // namespace mneme
