// What the general evaluation terms do not know about endgames: which material cannot win, how
// much drawish material shrinks an edge, and where to drive a lone king to mate it.
#pragma once

#include "mneme/core/position.h"
#include "mneme/eval/eval_features.h"
#include "mneme/eval/eval_params.h"

namespace mneme {

// Scale factors are out of this: 64 leaves the score unchanged, 0 makes it a draw.
constexpr int FULL_SCALE = 64;

// How much of `white_score` the side it favours can hope to convert, out of FULL_SCALE:
// 0 for a lone minor piece (or two knights against a bare king), less for pawnless small edges
// and opposite-coloured bishops. The scale used is reported to `features` when given.
int endgame_scale(const Position& pos, const EvalParams& params, int white_score,
                  EvalFeatureSink* features = nullptr);

// Against a bare king (no pawns) with at least a rook's worth more material: a bonus, from
// White's point of view, for pushing that king to the edge (to a corner of the bishop's colour
// in KBN v K) and bringing the stronger king closer, so the search finds the mating net
// without having to see the mate itself. 0 otherwise. The terms are reported to `features`
// when given.
int mating_drive(const Position& pos, const EvalParams& params,
                 EvalFeatureSink* features = nullptr);

// King steps between two squares.
int chebyshev_distance(Square a, Square b);

}  // namespace mneme
