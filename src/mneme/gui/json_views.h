// How positions, moves, scores and search reports look in the JSON the browser receives.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mneme/core/position.h"
#include "mneme/eval/win_rate_model.h"
#include "mneme/pgn/pgn_game.h"
#include "mneme/search/search.h"

namespace mneme::gui {

using Json = nlohmann::json;

// Compact JSON text; bytes that are not UTF-8 (a Latin-1 PGN comment) become U+FFFD instead
// of failing the request.
std::string to_text(const Json& value);

// A search score of `root` as the browser shows it, from White's view and in centipawns
// normalised by the evaluation's model at root's material (100: White wins half its games):
// {"cp": 35} or {"mate": -3} (negative: Black mates).
Json score_json(Value score_for_side_to_move, const Position& root, const WinRateModel& model);

// "+1.51" or "#-3": a score_json() value as text, as the browser's formatScore writes it.
std::string score_text(const Json& score);

// Legal destinations by origin square, as chessground wants them: {"e2": ["e3", "e4"], ...}.
// Castling is offered both as the king's two-square step and as the king onto its rook.
Json destinations_json(const Position& pos);

// The board a browser draws: FEN, side to move, check, last move and legal destinations.
Json position_json(const Position& pos);

// Moves in SAN with move numbers ("12... Nf6 13. e4"), from `pos` on.
std::string line_text(const Position& pos, const std::vector<Move>& moves);

// A PGN variation with its comments and nested variations, as text in SAN.
std::string variation_text(const Position& before, const PgnLine& line);

// One search report: depth, score (as score_json), principal variation in SAN, nodes, speed.
Json search_info_json(const SearchInfo& info, const Position& root, const WinRateModel& model);

}  // namespace mneme::gui
