// Relabelling training positions with mneme's own search: a fixed-depth score turned into an
// expected result and mixed with the game result, label = lambda * result + (1 - lambda) *
// expected. Game results are noisy (one blunder decides them); search scores are biased by
// the evaluation being tuned; the mix trades one against the other.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "mneme/learn/training_position.h"

namespace mneme {

struct RelabelOptions {
    int depth = 6;
    double lambda = 0.5;  // weight of the game result
    // Expected result = 1 / (1 + 10^(-score / score_scale)): the Elo curve, in centipawns.
    double score_scale = 400;
    int threads = 1;
    std::function<void(std::uint64_t done, double seconds)> progress;  // about once a second
};

// The expected result of a search score for the side to move (mate scores give 0 or 1).
double expected_result(int score, double score_scale);

// Relabels every position in place; returns the search's mean nodes per position.
double relabel_by_search(std::vector<TrainingPosition>& positions, const RelabelOptions& options);

}  // namespace mneme
