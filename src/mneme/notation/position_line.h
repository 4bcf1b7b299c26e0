// A position with the game that led to it, on one line in the words of UCI's "position"
// command: "startpos moves e2e4 e7e6" or "fen FEN moves ...". Unlike a FEN it keeps the history
// that repetition detection and the database move ordering (which looks back to the last book
// position) need.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mneme/core/position.h"

namespace mneme {

struct PositionLine {
    Position start;           // the standard start position or the FEN's
    bool from_start = true;   // written as "startpos"
    std::vector<Move> moves;  // legal moves from `start`

    // `start` with `moves` played, history included.
    Position position() const;
    std::string to_string() const;
};

// Parses one line; throws std::runtime_error saying what is wrong (bad FEN, illegal move and
// its number). Text after '#' is a comment.
PositionLine parse_position_line(std::string_view text);

// Every non-blank line of a file; throws naming the file and line of the first bad one.
std::vector<PositionLine> read_position_lines(const std::string& path);

}  // namespace mneme
