// Reading what an external engine says about its search: scores and principal variations.
// Shared by the UCI and XBoard players.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mneme/core/position.h"
#include "mneme/search/score.h"

namespace mneme {

// "mate N" in full moves (UCI "score mate N", XBoard 100000 + N) as a Value: N > 0 mates in
// 2N-1 plies, N < 0 is mated in -2N plies, 0 is mated now.
Value value_from_mate_moves(int moves);
// A centipawn score kept out of the mate bands, so a huge "cp" never reads as a mate.
Value value_from_centipawns(long long centipawns);

// The legal prefix of a PV given as words in UCI (or, with `san`, SAN/UCI) notation from `pos`.
// XBoard move numbers ("12.", "12...", "...") are skipped.
std::vector<Move> parse_pv(const Position& pos, const std::vector<std::string_view>& words,
                           bool san);

// A move in UCI (either castling spelling) or, failing that, SAN text; none if neither.
Move parse_engine_move(const Position& pos, std::string_view text);

}  // namespace mneme
