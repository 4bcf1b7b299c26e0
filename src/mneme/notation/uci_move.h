// UCI long algebraic move text ("e2e4", "e7e8q"; castling "e1g1", or "e1h1" in Chess960 mode).
#pragma once

#include <string>
#include <string_view>

#include "mneme/core/position.h"

namespace mneme {

// Castling is written king-to-destination in standard chess and king-takes-rook in Chess960.
std::string move_to_uci(const Position& pos, Move m);
std::string move_to_uci(Move m, bool chess960);

// The legal move the text names in `pos`, or Move::none() if it names none. Accepts both
// castling spellings in either mode, and upper-case promotion letters.
Move parse_uci_move(const Position& pos, std::string_view text);

}  // namespace mneme
