// Whether a position set up in the editor may be played: the 2006 thesis's five validity checks
// (kings, adjacent kings, pawns on the edge ranks, en passant, castling) with a reason a person
// understands, then the rest of FEN validation (Position::set_fen).
#pragma once

#include <string>
#include <string_view>

namespace mneme::gui {

struct SetupVerdict {
    bool valid = false;
    std::string check;   // which rule refused it: "kings", "adjacent kings", "pawn rank",
                         // "en passant", "castling", or "fen" for the rest of FEN validation
    std::string reason;  // empty when valid
};

// Judges a FEN as an editor sets it up (standard chess: castling rights need the king on e1/e8
// and the rook in its corner).
SetupVerdict judge_setup(std::string_view fen);

}  // namespace mneme::gui
