#include "mneme/learn/nnue_loss.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace mneme {

namespace {

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

// Both perspectives' accumulators of one position, side to move first.
struct Accumulators {
    alignas(64) float us[nnue::MAX_HIDDEN];
    alignas(64) float them[nnue::MAX_HIDDEN];
    std::uint16_t us_features[32], them_features[32];
    int count = 0;
};

void accumulate(const NnueParameters& parameters, const PackedPosition& p, Accumulators& a) {
    const std::size_t h = parameters.hidden();
    const float* weights = parameters.values.data();
    const float* bias = weights + parameters.feature_bias_offset();
    a.count = p.count;
    bool white = p.side_to_move == WHITE;
    for (int k = 0; k < p.count; ++k) {
        std::uint16_t w = p.features[k], b = std::uint16_t(black_feature_of(w));
        a.us_features[k] = white ? w : b;
        a.them_features[k] = white ? b : w;
    }
    float* __restrict us = a.us;
    float* __restrict them = a.them;
    std::copy(bias, bias + h, us);
    std::copy(bias, bias + h, them);
    for (int k = 0; k < a.count; ++k) {
        const float* __restrict row_us = weights + std::size_t(a.us_features[k]) * h;
        const float* __restrict row_them = weights + std::size_t(a.them_features[k]) * h;
        for (std::size_t i = 0; i < h; ++i) us[i] += row_us[i];
        for (std::size_t i = 0; i < h; ++i) them[i] += row_them[i];
    }
}

int bucket_of(const NnueParameters& parameters, const PackedPosition& p) {
    return nnue::output_bucket(p.count, parameters.architecture.output_buckets);
}

float output_of(const NnueParameters& parameters, const Accumulators& a, int bucket) {
    const std::size_t h = parameters.hidden();
    const float* w =
        parameters.values.data() + parameters.output_weights_offset() + std::size_t(bucket) * 2 * h;
    float sum = 0;
    if (parameters.architecture.activation == nnue::Activation::SCRELU) {
        for (std::size_t i = 0; i < h; ++i) {
            float u = std::clamp(a.us[i], 0.0f, 1.0f), t = std::clamp(a.them[i], 0.0f, 1.0f);
            sum += u * u * w[i] + t * t * w[h + i];
        }
    } else {
        for (std::size_t i = 0; i < h; ++i)
            sum += std::clamp(a.us[i], 0.0f, 1.0f) * w[i] +
                   std::clamp(a.them[i], 0.0f, 1.0f) * w[h + i];
    }
    return sum + parameters.values[parameters.output_bias_offset() + std::size_t(bucket)];
}

}  // namespace

NnueParameters::NnueParameters(const nnue::Architecture& a) : architecture(a) {
    values.assign(size(), 0.0f);
}

NnueParameters NnueParameters::initial(const nnue::Architecture& a, std::uint64_t seed) {
    NnueParameters p(a);
    std::mt19937_64 random(seed);
    // The top 53 bits as a double in [0, 1), the same on every platform.
    auto uniform = [&](double limit) {
        return float(limit * (2 * double(random() >> 11) * 0x1.0p-53 - 1));
    };
    double first = 1 / std::sqrt(double(a.inputs)), second = 1 / std::sqrt(2.0 * a.hidden);
    for (std::size_t i = 0; i < p.output_weights_offset(); ++i) p.values[i] = uniform(first);
    for (std::size_t i = p.output_weights_offset(); i < p.output_bias_offset(); ++i)
        p.values[i] = uniform(second);
    return p;
}

NnueParameters NnueParameters::from_network(const nnue::FloatNetwork& net) {
    NnueParameters p(net.architecture);
    auto at = p.values.begin();
    at = std::copy(net.feature_weights.begin(), net.feature_weights.end(), at);
    at = std::copy(net.feature_bias.begin(), net.feature_bias.end(), at);
    at = std::copy(net.output_weights.begin(), net.output_weights.end(), at);
    std::copy(net.output_bias.begin(), net.output_bias.end(), at);
    return p;
}

nnue::FloatNetwork NnueParameters::network() const {
    nnue::FloatNetwork net(architecture);
    const float* v = values.data();
    std::copy(v, v + feature_bias_offset(), net.feature_weights.begin());
    std::copy(v + feature_bias_offset(), v + output_weights_offset(), net.feature_bias.begin());
    std::copy(v + output_weights_offset(), v + output_bias_offset(), net.output_weights.begin());
    std::copy(v + output_bias_offset(), v + size(), net.output_bias.begin());
    return net;
}

double training_target(const PackedPosition& p, const LossSettings& settings) {
    return (1 - settings.result_weight) * sigmoid(p.score / settings.sigmoid_scale) +
           settings.result_weight * p.result_value();
}

double accumulate_gradient(const NnueParameters& parameters, const LossSettings& settings,
                           const NnueDataset& data, const std::uint32_t* indices, std::size_t count,
                           float factor, float* gradient) {
    const std::size_t h = parameters.hidden();
    const bool screlu = parameters.architecture.activation == nnue::Activation::SCRELU;
    const double output_to_logit = parameters.architecture.scale / settings.sigmoid_scale;
    float* __restrict feature_gradient = gradient;
    float* __restrict bias_gradient = gradient + parameters.feature_bias_offset();
    Accumulators a;
    alignas(64) float d_us[nnue::MAX_HIDDEN], d_them[nnue::MAX_HIDDEN];
    double loss = 0;
    for (std::size_t n = 0; n < count; ++n) {
        const PackedPosition& p = data[indices[n]];
        accumulate(parameters, p, a);
        const int bucket = bucket_of(parameters, p);
        const float* output_weights = parameters.values.data() +
                                      parameters.output_weights_offset() +
                                      std::size_t(bucket) * 2 * h;
        float* __restrict output_gradient =
            gradient + parameters.output_weights_offset() + std::size_t(bucket) * 2 * h;
        double predicted = sigmoid(output_of(parameters, a, bucket) * output_to_logit);
        double error = predicted - training_target(p, settings);
        loss += error * error;
        // d loss / d output
        float g = float(2 * error * predicted * (1 - predicted) * output_to_logit) * factor;
        gradient[parameters.output_bias_offset() + std::size_t(bucket)] += g;
        for (std::size_t i = 0; i < h; ++i) {
            float u = std::clamp(a.us[i], 0.0f, 1.0f), t = std::clamp(a.them[i], 0.0f, 1.0f);
            // Inside (0, 1) the clipped value's slope is 1, outside 0.
            float slope_u = a.us[i] > 0 && a.us[i] < 1 ? 1.0f : 0.0f;
            float slope_t = a.them[i] > 0 && a.them[i] < 1 ? 1.0f : 0.0f;
            if (screlu) {
                output_gradient[i] += g * u * u;
                output_gradient[h + i] += g * t * t;
                d_us[i] = g * output_weights[i] * 2 * u * slope_u;
                d_them[i] = g * output_weights[h + i] * 2 * t * slope_t;
            } else {
                output_gradient[i] += g * u;
                output_gradient[h + i] += g * t;
                d_us[i] = g * output_weights[i] * slope_u;
                d_them[i] = g * output_weights[h + i] * slope_t;
            }
            bias_gradient[i] += d_us[i] + d_them[i];
        }
        for (int k = 0; k < a.count; ++k) {
            float* __restrict row_us = feature_gradient + std::size_t(a.us_features[k]) * h;
            for (std::size_t i = 0; i < h; ++i) row_us[i] += d_us[i];
            float* __restrict row_them = feature_gradient + std::size_t(a.them_features[k]) * h;
            for (std::size_t i = 0; i < h; ++i) row_them[i] += d_them[i];
        }
    }
    return loss;
}

double summed_loss(const NnueParameters& parameters, const LossSettings& settings,
                   const NnueDataset& data, const std::uint32_t* indices, std::size_t count) {
    const double output_to_logit = parameters.architecture.scale / settings.sigmoid_scale;
    Accumulators a;
    double loss = 0;
    for (std::size_t n = 0; n < count; ++n) {
        const PackedPosition& p = data[indices[n]];
        accumulate(parameters, p, a);
        double error =
            sigmoid(output_of(parameters, a, bucket_of(parameters, p)) * output_to_logit) -
            training_target(p, settings);
        loss += error * error;
    }
    return loss;
}

}  // namespace mneme
