// The computer's review of a game, as lichess gives it after a game: each move judged by how
// much it lowered its player's winning chances, against the best move a search found in the
// position before it. Winning chances are read from the scores the browser shows (normalised
// centipawns from White's side), with the same curve as its evaluation bar and graph.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mneme/gui/json_views.h"

namespace mneme::gui {

enum class MoveJudgement { NONE, INACCURACY, MISTAKE, BLUNDER };

// White's winning chances from 0 to 1 for a score {"cp": N} or {"mate": N} from White's side;
// nullopt for a missing score (null).
std::optional<double> white_winning_chances(const Json& score);

// Lichess's thresholds on the drop of the mover's winning chances (0.05, 0.10, 0.15 on this
// 0..1 scale; 0.1, 0.2, 0.3 on lichess's -1..1 scale).
MoveJudgement judge_drop(double drop);
const char* judgement_name(MoveJudgement judgement);  // "inaccuracy", ...; "" for NONE

struct ReviewedMove {
    std::string played_uci;  // the move made from the position before it
    bool white_moved = true;
    Json best;  // {"san", "uci"} of the search's best move before it, or null
};

// One entry per move (index = ply - 1): null, or {"judgement", "drop" (0..1), "best_san",
// "best_uci"} for a move that lowered its player's chances by at least an inaccuracy's drop
// while a better move was known. `evaluations` has one score (or null) per position, from the
// start (index 0) to after the last move.
Json review_json(const std::vector<Json>& evaluations, const std::vector<ReviewedMove>& moves);

}  // namespace mneme::gui
