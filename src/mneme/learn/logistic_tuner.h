// Logistic ("Texel") tuning: the weights that minimise the mean squared error between
// sigmoid(K * score) and the training labels, over the linearised evaluation. K is fitted
// first with the starting weights and then held, so that it fixes the scale of the weights.
#pragma once

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "mneme/learn/linear_evaluation.h"
#include "mneme/learn/training_position.h"

namespace mneme {

inline double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// The mean of (sigmoid(k * score) - label)^2 over the dataset, on `threads` threads.
double mean_squared_error(const LinearDataset& data, const std::vector<double>& weights, double k,
                          int threads);

// The K (per centipawn) that minimises the error with these weights: a golden-section search
// over log K in [1e-4, 0.1], on scores computed once.
double fit_scaling_constant(const LinearDataset& data, const std::vector<double>& weights,
                            int threads);

struct TuningEpoch {
    int epoch = 0;              // 1-based
    double training_error = 0;  // the mean over the epoch's steps, each before its update
    double held_out_error = 0;  // after them; 0 without held-out positions
    double seconds = 0;         // since tuning started
};

struct TunerOptions {
    int epochs = 300;
    double learning_rate = 1.0;  // Adam's step size, in centipawns
    std::size_t batch_size = 0;  // positions per Adam step; 0 = the whole training set
    int threads = 2;
    // A pull towards the starting weights: adds l2 * sum (w - w0)^2 to the error, so that
    // parameters the data rarely sees (far corners of the piece-square tables) stay put.
    double l2 = 0;
    // Which flat parameters may change; empty means default_tunable_parameters().
    std::vector<bool> tunable;
    std::function<void(const TuningEpoch&)> on_epoch;
};

// Adam with analytic gradients, from `start`; returns the tuned weights (not rounded).
// `held_out` may be empty; it is only measured, never fitted.
std::vector<double> tune_weights(const LinearDataset& training, const LinearDataset& held_out,
                                 const std::vector<double>& start, double k,
                                 const TunerOptions& options);

// The mating drives and the unstoppable-passer bonus: rules, not estimates. Game results carry
// no signal on them (a won KR-K is won wherever the lone king stands, and such positions are
// rare), and tuning them on human games turned the drives negative, so they stay as written.
bool is_endgame_knowledge(const std::string& flat_name);

// Which parameters tune_weights changes by default: every one whose role is not FIXED, except
// the endgame knowledge.
std::vector<bool> default_tunable_parameters();

// The same error as mean_squared_error, but with the real evaluate() and a rounded table: what
// the engine will actually see, approximations of the linear model included.
double evaluation_error(const std::vector<TrainingPosition>& positions, const EvalParams& params,
                        double k, int threads);

}  // namespace mneme
