// Standard Algebraic Notation out (exact, minimal disambiguation) and in (tolerant, fast).
#pragma once

#include <string>
#include <string_view>

#include "mneme/core/position.h"

namespace mneme {

// SAN of a legal move: "Nbd7", "exd6", "e8=Q+", "O-O-O#". Needs the position before the move.
std::string move_to_san(const Position& pos, Move m);
// Same without the check/mate suffix (cheaper: no move is made).
std::string move_to_san_without_suffix(const Position& pos, Move m);

// Why a SAN text did not resolve to a legal move.
enum class SanError {
    NONE,
    SYNTAX,     // not SAN at all
    ILLEGAL,    // well formed, but no legal move matches
    AMBIGUOUS,  // several legal moves match
};
const char* san_error_text(SanError e);

// Resolves SAN text to a legal move in `pos`, or Move::none() with `error` set. Tolerates
// "0-0"/"O-O-O", missing or wrong "+"/"#", annotations ("!", "?!"), "e.p.", "exd6e.p.", a
// missing "=" ("e8Q"), full from-square ("Ng1f3"), "x" or ":" for captures, and lower-case piece
// letters where that cannot be read as a pawn move ("nf3"; "bxc3" stays a pawn capture unless
// only a bishop can make it). Also accepts UCI text ("e2e4") when it names a legal move.
Move parse_san(const Position& pos, std::string_view text, SanError* error = nullptr);

}  // namespace mneme
