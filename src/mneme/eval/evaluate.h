// Static evaluation: how good a position is for the side to move, in centipawns.
#pragma once

#include <string>

#include "mneme/core/position.h"

namespace mneme {

// Material, piece-square tables, mobility, pawn structure and king safety, each scored for the
// middlegame and the endgame and blended by how much material is left. Symmetric: the same
// position with colours swapped scores the same for the side to move.
int evaluate(const Position& pos);

// The terms of evaluate() one by one, from White's point of view, for the "eval" debug command.
std::string evaluation_report(const Position& pos);

}  // namespace mneme
