// The network's inputs: 768 = 2 colours x 6 piece types x 64 squares, seen from one side. From
// Black's side the board is flipped vertically and the colours swapped, so that both
// perspectives share one set of first-layer weights.
#pragma once

#include "mneme/core/types.h"

namespace mneme::nnue {

constexpr int INPUT_COUNT = 768;

constexpr int feature_index(Color perspective, Piece piece, Square s) {
    int own = color_of(piece) == perspective ? 0 : 1;
    int square = perspective == WHITE ? int(s) : int(s) ^ 56;
    return (own * 6 + (type_of(piece) - PAWN)) * 64 + square;
}

}  // namespace mneme::nnue
