// Ending games early on the engines' own scores (draw and resign adjudication, a move cap) and
// the 1996 thesis's result function, which turns a referee's evaluation into points.
#pragma once

#include <optional>
#include <vector>

#include "mneme/core/types.h"
#include "mneme/search/score.h"

namespace mneme {

struct DrawAdjudication {
    int move_number = 0;  // not before this many full moves have been played
    int move_count = 0;   // consecutive moves of each side ...
    int score = 0;        // ... with |score| <= this (centipawns)
    bool enabled() const { return move_count > 0; }
};

struct ResignAdjudication {
    int move_count = 0;      // consecutive moves of the loser ...
    int score = 0;           // ... scoring <= -score
    bool two_sided = false;  // and the winner's as many moves >= +score
    bool enabled() const { return move_count > 0; }
};

// Follows the scores the players report move by move and says when a rule fires.
class ScoreAdjudicator {
public:
    ScoreAdjudicator(const DrawAdjudication& draw, const ResignAdjudication& resign)
        : draw_(draw), resign_(resign) {}

    // Records the score (mover's view; nullopt when the mover reported none) of a move by
    // `mover`. As cutechess counts: `full_moves_played` is the game's plies so far, this move
    // included, halved (for the draw rule's move number); `irreversible` (a capture or a pawn
    // move) starts the draw rule's count again.
    void record(Color mover, std::optional<Value> score, int full_moves_played,
                bool irreversible = false);
    // A draw by adjudication is due.
    bool draw_due() const { return draw_due_; }
    // The side that loses by resign adjudication, if any.
    std::optional<Color> loser() const { return loser_; }

private:
    DrawAdjudication draw_;
    ResignAdjudication resign_;
    std::vector<std::optional<Value>> scores_[2];  // each side's scores, oldest first
    int drawish_plies_ = 0;
    bool draw_due_ = false;
    std::optional<Color> loser_;
};

// The 1996 thesis's result function: White's points for a referee score s in centipawns from
// White's view: 1 above +250, 0 below -250, 1/2 within (-50, 50), else (s + 150)/400 on
// [50, 250] and (250 + s)/400 on [-250, -50]. Mate scores count as beyond 250.
double thesis_result_function(Value white_score);

}  // namespace mneme
