// Integer inference of a quantised network: accumulators (one per perspective) and the output
// layer, with AVX-512 / AVX2 paths and a portable one that computes the same integers.
#pragma once

#include <cstdint>

#include "mneme/core/position.h"
#include "mneme/nnue/network.h"

namespace mneme::nnue {

struct alignas(64) Accumulator {
    std::int16_t values[2][MAX_HIDDEN];  // [perspective][neuron], first `hidden` used
};

// From scratch: bias plus the rows of every piece, for both perspectives.
void refresh_accumulator(const QuantisedNetwork& net, const Position& pos, Accumulator& acc);

// Up to two pieces leave squares and two arrive: enough for any move (castling moves two).
struct FeatureChange {
    Piece removed_piece[2];
    Square removed_square[2];
    Piece added_piece[2];
    Square added_square[2];
    int removed = 0, added = 0;
};

// What `m` changes on the board of `before` (a legal move, Chess960 castling included).
FeatureChange feature_change(const Position& before, Move m);

// to = from with `change` applied, both perspectives.
void update_accumulator(const QuantisedNetwork& net, const Accumulator& from,
                        const FeatureChange& change, Accumulator& to);

// The score for the side to move `us` from its accumulator by the output layer of `bucket`
// (output_bucket of the position), in engine units.
int evaluate_output(const QuantisedNetwork& net, const Accumulator& acc, Color us, int bucket);
// The same with the portable code only (for tests that compare it to the SIMD path).
int evaluate_output_portable(const QuantisedNetwork& net, const Accumulator& acc, Color us,
                             int bucket);
// Which code evaluate_output runs: "AVX-512", "AVX2" or "portable".
const char* simd_name();

// A whole evaluation from scratch (refresh, then output).
int evaluate_position(const QuantisedNetwork& net, const Position& pos);

}  // namespace mneme::nnue
