// TD(lambda) as in the 2006 program (after KnightCap): after a game, the weights move so that
// each position's prediction agrees better with the next one's, and the last with the result.
// Predictions are J_t = sigmoid(K * score_t) from White's view over the linearised evaluation;
// with d_t = J_{t+1} - J_t (J_N = the result),
//   w += alpha * sum_t grad J_t * sum_{j >= t} lambda^(j - t) d_j.
// For TDLeaf(lambda) the sequence holds the leaves of the principal variations instead of the
// positions played. This is the update alone; playing the training games is still to come.
#pragma once

#include <vector>

#include "mneme/learn/linear_evaluation.h"

namespace mneme {

struct TemporalDifferenceOptions {
    double alpha = 100;  // step size: centipawns per unit of prediction error
    double lambda = 0.7;
    double k = 0.006;           // per centipawn, as fitted by the logistic tuner
    std::vector<bool> tunable;  // empty: every parameter whose role is not FIXED
};

// Applies one game's update to `weights`: `game` holds its positions in order, `white_result`
// is 1, 0.5 or 0. Returns the temporal differences d_t.
std::vector<double> temporal_difference_update(const LinearDataset& game, double white_result,
                                               std::vector<double>& weights,
                                               const TemporalDifferenceOptions& options);

}  // namespace mneme
