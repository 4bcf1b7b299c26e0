// How a game stands under the FIDE rules, and which rule ended it.
#pragma once

#include <string>

#include "mneme/core/position.h"

namespace mneme {

enum class GameResult { ONGOING, WHITE_WINS, BLACK_WINS, DRAW };

enum class Termination {
    NONE,  // the game goes on
    CHECKMATE,
    STALEMATE,
    INSUFFICIENT_MATERIAL,  // neither side can ever mate: automatic draw
    SEVENTY_FIVE_MOVES,     // 150 plies without pawn move or capture: automatic draw (FIDE 9.6.2)
    FIVEFOLD_REPETITION,    // automatic draw (FIDE 9.6.1)
    FIFTY_MOVES,            // 100 plies: a draw only when claimed
    THREEFOLD_REPETITION,   // a draw only when claimed
};

struct GameOutcome {
    GameResult result = GameResult::ONGOING;
    Termination termination = Termination::NONE;

    bool is_over() const { return result != GameResult::ONGOING; }
};

// The outcome of `pos` with its history. Checkmate and stalemate come first (a mate on the
// 150th ply is still mate). With `claim_draw`, the 50-move and threefold draws count as if a
// player claimed them, as match adjudicators do.
GameOutcome game_outcome(const Position& pos, bool claim_draw = false);

// "1-0", "0-1", "1/2-1/2" or "*".
const char* result_text(GameResult r);
// "checkmate", "stalemate", "insufficient material", "75-move rule", ...
const char* termination_text(Termination t);

}  // namespace mneme
