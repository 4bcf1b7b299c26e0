#include "mneme/gui/game_review.h"

#include <algorithm>
#include <cmath>

namespace mneme::gui {

std::optional<double> white_winning_chances(const Json& score) {
    if (!score.is_object()) return std::nullopt;
    if (score.contains("mate")) {
        int mate = score["mate"].get<int>();
        return mate > 0 ? 1.0 : mate < 0 ? 0.0 : 0.5;
    }
    if (!score.contains("cp")) return std::nullopt;
    // A finished game: the mated side has no chances left (not the curve's 2% of -10000).
    if (score.value("checkmate", false)) return score["cp"].get<double>() > 0 ? 1.0 : 0.0;
    // The browser's curve (web/src/api.ts whiteShare): +1.00 is about 60%, +5.00 about 88%.
    double cp = std::clamp(score["cp"].get<double>(), -1000.0, 1000.0);
    return 1.0 / (1.0 + std::exp(-0.004 * cp));
}

MoveJudgement judge_drop(double drop) {
    if (drop >= 0.15) return MoveJudgement::BLUNDER;
    if (drop >= 0.10) return MoveJudgement::MISTAKE;
    if (drop >= 0.05) return MoveJudgement::INACCURACY;
    return MoveJudgement::NONE;
}

const char* judgement_name(MoveJudgement judgement) {
    switch (judgement) {
        case MoveJudgement::INACCURACY:
            return "inaccuracy";
        case MoveJudgement::MISTAKE:
            return "mistake";
        case MoveJudgement::BLUNDER:
            return "blunder";
        case MoveJudgement::NONE:
            break;
    }
    return "";
}

Json review_json(const std::vector<Json>& evaluations, const std::vector<ReviewedMove>& moves) {
    Json review = Json::array();
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const ReviewedMove& move = moves[i];
        Json entry;
        // Only a move that was not the best one can be a mistake: a best move that drops the
        // score was forced by an earlier error (or the search saw deeper the second time).
        bool better_known = move.best.is_object() && move.best.value("uci", "") != move.played_uci;
        double before = -1, after = -1;  // White's chances; -1 while unknown
        if (i + 1 < evaluations.size()) {
            before = white_winning_chances(evaluations[i]).value_or(-1);
            after = white_winning_chances(evaluations[i + 1]).value_or(-1);
        }
        if (before >= 0 && after >= 0 && better_known) {
            double drop = move.white_moved ? before - after : after - before;
            MoveJudgement judgement = judge_drop(drop);
            if (judgement != MoveJudgement::NONE)
                entry = {{"judgement", judgement_name(judgement)},
                         {"drop", std::round(drop * 1000) / 1000},
                         {"best_san", move.best["san"]},
                         {"best_uci", move.best["uci"]}};
        }
        review.push_back(std::move(entry));
    }
    return review;
}

}  // namespace mneme::gui
