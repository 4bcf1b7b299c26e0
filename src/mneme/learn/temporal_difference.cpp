#include "mneme/learn/temporal_difference.h"

#include <stdexcept>

#include "mneme/learn/logistic_tuner.h"

namespace mneme {

std::vector<double> temporal_difference_update(const LinearDataset& game, double white_result,
                                               std::vector<double>& weights,
                                               const TemporalDifferenceOptions& options) {
    const std::size_t n = game.positions.size();
    if (weights.size() != EvalParams::size())
        throw std::invalid_argument("weights of the wrong size for TD(lambda)");
    std::vector<double> predictions(n + 1), differences(n);
    std::vector<LinearScore> scores(n);
    for (std::size_t t = 0; t < n; ++t) {
        scores[t] = linear_score(game, game.positions[t], weights.data());
        double white_score = game.positions[t].side * scores[t].score;
        predictions[t] = sigmoid(options.k * white_score);
    }
    predictions[n] = white_result;
    for (std::size_t t = 0; t < n; ++t) differences[t] = predictions[t + 1] - predictions[t];

    // The eligibility sum for t, computed backwards: e_t = d_t + lambda * e_{t+1}.
    std::vector<double> change(weights.size(), 0.0);
    double eligible = 0;
    for (std::size_t t = n; t-- > 0;) {
        eligible = differences[t] + options.lambda * eligible;
        const LinearPosition& p = game.positions[t];
        // grad J_t = J_t (1 - J_t) K grad(White's score); the score's gradient is the side
        // to move's, hence the side factor.
        double factor = predictions[t] * (1 - predictions[t]) * options.k * p.side * eligible;
        add_linear_gradient(game, p, scores[t], factor, change.data());
    }
    std::vector<bool> tunable =
        options.tunable.empty() ? default_tunable_parameters() : options.tunable;
    for (std::size_t i = 0; i < weights.size(); ++i)
        if (tunable[i]) weights[i] += options.alpha * change[i];
    return differences;
}

}  // namespace mneme
