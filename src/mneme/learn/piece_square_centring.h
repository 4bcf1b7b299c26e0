// A piece's value and its piece-square table are collinear: adding c to all squares a piece can
// stand on and subtracting c from its value changes no evaluation. A tuner that sees only
// positions cannot tell the two apart, so values drift into the tables; centring moves each
// table's mean back into the piece value, which leaves the scores as they were and makes the
// table readable (the value is the piece's average worth, the squares are the deviations).
#pragma once

#include "mneme/eval/eval_params.h"

namespace mneme {

// Pawns are centred over ranks 2-7, the other pieces over all 64 squares; the kings, which
// have no value and always face each other, are centred to mean 0. Only the material gates of
// the endgame knowledge (which read middlegame piece values) can see the difference.
void centre_piece_square_tables(EvalParams& params);

}  // namespace mneme
