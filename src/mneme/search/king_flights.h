// How confined a king is: the squares it could step to if it had to move now.
#pragma once

#include "mneme/core/position.h"

namespace mneme {

// The squares beside `side`'s king that hold none of its own pieces and that the other side
// does not attack (a slider's attack passes through the king's square, which it would
// leave). The count, taken before a check, says whether the check could mate: a king with
// many flight squares is rarely mated.
Bitboard king_flight_squares(const Position& pos, Color side);

}  // namespace mneme
