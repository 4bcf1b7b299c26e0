// The trainer's view of the network: all parameters in one flat array (so that gradients,
// Adam's moments and checkpoints share one layout), the loss of a position and its gradient.
//
// Loss of one position: (sigmoid(output * scale / K) - target)^2 with
// target = (1 - w) * sigmoid(score / K) + w * result, where output * scale is the network's
// score in centipawns, K the score scale of the sigmoid and w the weight of the game result.
#pragma once

#include <cstdint>
#include <vector>

#include "mneme/learn/nnue_dataset.h"
#include "mneme/nnue/network.h"

namespace mneme {

struct NnueParameters {
    nnue::Architecture architecture;
    // feature weights [768][H], feature bias [H], output weights [B][2H], output bias [B]
    std::vector<float> values;

    explicit NnueParameters(const nnue::Architecture& a = {});
    // Seeded: first layer (weights and bias) uniform in +-1/sqrt(768), output weights uniform in
    // +-1/sqrt(2H), output bias 0 (the default initialisation of a linear layer in PyTorch).
    static NnueParameters initial(const nnue::Architecture& a, std::uint64_t seed);
    static NnueParameters from_network(const nnue::FloatNetwork& net);
    nnue::FloatNetwork network() const;

    std::size_t hidden() const { return std::size_t(architecture.hidden); }
    std::size_t feature_bias_offset() const { return std::size_t(architecture.inputs) * hidden(); }
    std::size_t output_weights_offset() const { return feature_bias_offset() + hidden(); }
    std::size_t buckets() const { return std::size_t(architecture.output_buckets); }
    std::size_t output_bias_offset() const {
        return output_weights_offset() + buckets() * 2 * hidden();
    }
    std::size_t size() const { return output_bias_offset() + buckets(); }
};

struct LossSettings {
    double sigmoid_scale = 400;  // K, in centipawns
    double result_weight = 0.3;  // w
};

double training_target(const PackedPosition& p, const LossSettings& settings);

// Adds factor x the gradient of the summed loss of the positions `indices` to `gradient`
// (laid out like NnueParameters::values); returns their summed loss. The first layer's
// gradient touches only the rows of the active features.
double accumulate_gradient(const NnueParameters& parameters, const LossSettings& settings,
                           const NnueDataset& data, const std::uint32_t* indices, std::size_t count,
                           float factor, float* gradient);

// The summed loss alone.
double summed_loss(const NnueParameters& parameters, const LossSettings& settings,
                   const NnueDataset& data, const std::uint32_t* indices, std::size_t count);

}  // namespace mneme
