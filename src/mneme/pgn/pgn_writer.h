// PGN export format: the seven tag roster first and in order (missing ones as "?"), then the other
// tags (with SetUp "1" added before a lone FEN), a blank line and the movetext wrapped at 80
// columns, with comments, NAGs and variations, ending in the result.
#pragma once

#include <string>

#include "mneme/pgn/pgn_game.h"

namespace mneme {

struct PgnWriterOptions {
    // No movetext line is longer, unless one word is: export format wants "less than 80
    // printing characters" (PGN standard 8.2.1).
    std::size_t line_length = 79;
    bool comments = true;
    bool nags = true;
    bool variations = true;
};

// The game as PGN text ending in a newline; separate games with a blank line. The Result tag and
// the final token both come from `game.result`. Throws std::invalid_argument when a move is not
// legal where it stands, and FenError when the tags give no valid starting position.
std::string write_pgn(const PgnGame& game, const PgnWriterOptions& options = {});
std::string write_pgn(const PgnMainline& game, const PgnWriterOptions& options = {});

// A tag value with '\' and '"' escaped (and line breaks made spaces), without the quotes.
std::string escape_tag_value(std::string_view value);

}  // namespace mneme
