// One case: a position an expert faced (problem) and the move the expert played (solution),
// with where it came from for the extensions (game, ply, the mover's rating, the result).
#pragma once

#include <cstdint>

#include "mneme/cbr/case_board.h"
#include "mneme/core/game_outcome.h"
#include "mneme/core/types.h"

namespace mneme {

struct CaseRecord {
    CaseBoard board;
    std::uint32_t game = 0;       // the game's number in the build (1-based, over all inputs)
    std::uint16_t move = 0;       // Move::raw() of the expert's move
    std::uint16_t ply = 0;        // plies played before the move
    std::uint16_t mover_elo = 0;  // 0 when the PGN gave none
    std::uint8_t mover = WHITE;   // the colour of the expert in this case
    std::uint8_t result = 0;      // GameResult of the game
    std::uint32_t reserved = 0;   // zero; keeps the record a multiple of 8 bytes

    Move expert_move() const { return Move(move); }
    Color mover_color() const { return Color(mover); }
    GameResult game_result() const { return GameResult(result); }
};

static_assert(sizeof(CaseRecord) == 56, "the case file layout depends on this size");

}  // namespace mneme
