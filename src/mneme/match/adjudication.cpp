#include "mneme/match/adjudication.h"

#include <cstdlib>

namespace mneme {

void ScoreAdjudicator::record(Color mover, std::optional<Value> score, int full_moves_played,
                              bool irreversible) {
    scores_[mover].push_back(score);

    if (draw_.enabled()) {
        if (irreversible) drawish_plies_ = 0;
        bool drawish = score && !is_mate_score(*score) && std::abs(*score) <= draw_.score;
        drawish_plies_ = drawish ? drawish_plies_ + 1 : 0;
        if (drawish_plies_ >= 2 * draw_.move_count && full_moves_played >= draw_.move_number)
            draw_due_ = true;
    }

    if (resign_.enabled()) {
        auto run_at = [&](Color side, bool losing) {
            const auto& list = scores_[side];
            if (int(list.size()) < resign_.move_count) return false;
            for (std::size_t i = list.size() - resign_.move_count; i < list.size(); ++i) {
                if (!list[i]) return false;
                if (losing ? *list[i] > -resign_.score : *list[i] < resign_.score) return false;
            }
            return true;
        };
        Color opponent = ~mover;
        if (run_at(mover, true) && (!resign_.two_sided || run_at(opponent, false)))
            loser_ = mover;
        else if (resign_.two_sided && run_at(opponent, true) && run_at(mover, false))
            loser_ = opponent;
    }
}

double thesis_result_function(Value s) {
    if (s > 250) return 1.0;
    if (s < -250) return 0.0;
    if (s > -50 && s < 50) return 0.5;
    if (s >= 50) return (s + 150) / 400.0;
    return (250 + s) / 400.0;
}

}  // namespace mneme
