// The network: (768 -> H) x 2 perspectives -> 1. The first layer is shared by both sides'
// accumulators (side to move first); the activation is SCReLU (clamp to [0, 1], then square)
// or clipped ReLU; the output, times the evaluation scale, is a score in the engine's units.
// With output buckets the output layer is one of B, chosen by how many men are on the board,
// so that an ending is judged by weights of its own.
//
// Two forms: FloatNetwork for training and reference, QuantisedNetwork for play and the file
// (.mnet). Quantisation: first-layer weights and biases x QA (int16), output weights x QB
// (int16), output bias x QA x QB (int32).
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "mneme/core/position.h"
#include "mneme/nnue/features.h"

namespace mneme::nnue {

enum class Activation : std::uint32_t { CLIPPED_RELU = 0, SCRELU = 1 };

struct Architecture {
    int inputs = INPUT_COUNT;
    int hidden = 256;
    Activation activation = Activation::SCRELU;
    int qa = 255;
    int qb = 64;
    int scale = 400;  // output x scale = score in centipawn-like engine units
    int output_buckets = 1;

    bool operator==(const Architecture&) const = default;
    // e.g. "(768->256)x2->1 SCReLU QA=255 QB=64 scale=400", "(768->256)x2->1[8 buckets] ..."
    std::string describe() const;
};

constexpr int MAX_OUTPUT_BUCKETS = 16;

// The output bucket of a position with `men` pieces and pawns (kings included) on the board:
// the range 2..32 cut into `buckets` equal steps.
constexpr int output_bucket(int men, int buckets) {
    return std::clamp((men - 2) * buckets / 31, 0, buckets - 1);
}
inline int output_bucket(const Position& pos, int buckets) {
    return output_bucket(popcount(pos.pieces()), buckets);
}

// The architecture's first six fields as both file formats (.mnet networks and trainer
// checkpoints) store them: six 32-bit words from `at` (inputs, hidden, activation, QA, QB,
// scale). The output buckets each file keeps in a place of its own (older files have none: 1).
void write_architecture(std::uint8_t* at, const Architecture& a);
// The fields read back unchecked; the activation word comes raw in `activation` (the
// architecture's own is left at its default), for the caller to check and name.
Architecture read_architecture(const std::uint8_t* at, std::uint32_t* activation);

// The largest hidden width the engine's fixed-size accumulators hold.
constexpr int MAX_HIDDEN = 1024;

struct FloatNetwork {
    Architecture architecture;
    std::vector<float> feature_weights;  // [inputs][hidden]
    std::vector<float> feature_bias;     // [hidden]
    std::vector<float>
        output_weights;              // [buckets][2 * hidden]: side to move's half, then the other's
    std::vector<float> output_bias;  // [buckets]

    explicit FloatNetwork(const Architecture& a = {});
    // The score for the side to move in engine units, computed from scratch in floating point.
    double evaluate(const Position& pos) const;
    // The output of `bucket` before the scale is applied, from two accumulators (pre-activation).
    double output(const float* us, const float* them, int bucket = 0) const;
};

struct QuantisedNetwork {
    Architecture architecture;
    std::vector<std::int16_t> feature_weights;  // [inputs][hidden]
    std::vector<std::int16_t> feature_bias;     // [hidden]
    std::vector<std::int16_t> output_weights;   // [buckets][2 * hidden]
    std::vector<std::int32_t> output_bias;      // [buckets]
    std::string description;                    // where the network came from

    // Sum of the parameters' bytes (FNV-1a over the file's parameter section).
    std::uint64_t checksum() const;
};

// Rounds to the nearest integer step, clamping output weights to +-127 / QB so that the
// activation times a weight stays inside int16 (see the inference); first-layer weights are
// clamped to the int16 range.
QuantisedNetwork quantise(const FloatNetwork& net, const std::string& description);

// The file names itself and what is wrong: truncated, corrupt, unknown architecture, ...
class NetworkFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Written atomically (a temporary, then rename).
void save_network_file(const std::string& path, const QuantisedNetwork& net);
std::vector<std::uint8_t> encode_network(const QuantisedNetwork& net);
QuantisedNetwork load_network_file(const std::string& path);
// `name` is used in messages (a path, or "the built-in network").
QuantisedNetwork decode_network(const std::uint8_t* bytes, std::size_t size,
                                const std::string& name);

}  // namespace mneme::nnue
