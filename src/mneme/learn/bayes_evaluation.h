// The Bayesian evaluation of Toni (1996, ch. 6) as an experiment: a position is described by
// the evaluation's 8 category partial scores (GnuChess's knowledge categories), and for each of
// 11 game stages the positions of won, drawn and lost games (side to move's view) are each
// modelled by a multivariate normal distribution. With equal priors (1/3) the expected score is
//   E = (f1 + f2/2) / (f1 + f2 + 1),  f1 = f_win / f_loss,  f2 = f_draw / f_loss,
// and the evaluation is round(512 * (E - 1/2)), in [-256, 256]. Changes from the thesis: every
// covariance matrix gets `ridge` added to its diagonal, so it is always invertible even for a
// stage with few positions or a category that never varies; a stage with too few positions of
// some class falls back to the model pooled over all stages; densities are compared in logs.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "mneme/eval/evaluate.h"

namespace mneme {

constexpr int BAYES_STAGES = 11;
constexpr int BAYES_FEATURES = EVAL_CATEGORY_COUNT;
using BayesFeatures = std::array<double, BAYES_FEATURES>;

enum BayesClass { BAYES_WIN, BAYES_DRAW, BAYES_LOSS, BAYES_CLASS_COUNT };

// 0 with all pieces on the board .. 10 with none but kings and pawns, from the phase.
int bayes_stage(int phase);

// The partial scores (tapered, side to move's view) and the stage of `pos`.
BayesFeatures bayes_features(const Position& pos, const EvalParams& params, int& stage);

struct BayesOptions {
    bool exclude_draws = false;      // two classes: E = f_win / (f_win + f_loss)
    bool independent_terms = false;  // diagonal covariances (the thesis's weakest variant)
    double ridge = 1.0;              // centipawns^2 added to every variance
};

// One class of one stage: maximum-likelihood mean and covariance (divided by n).
struct BayesClassModel {
    std::uint64_t count = 0;
    BayesFeatures mean{};
    std::array<std::array<double, BAYES_FEATURES>, BAYES_FEATURES> covariance{};
    // Derived by BayesModel::finish: the inverse of the regularised covariance and the log of
    // its determinant.
    std::array<std::array<double, BAYES_FEATURES>, BAYES_FEATURES> inverse{};
    double log_determinant = 0;

    double log_density(const BayesFeatures& x) const;  // up to a constant shared by all classes
};

class BayesModel {
public:
    explicit BayesModel(BayesOptions options = {}) : options_(options) {}

    // Adds one position of a game with `result` (1, 0.5, 0 for the side to move; means of
    // repeated positions go to the nearest class).
    void add(const BayesFeatures& features, int stage, double result);
    // Computes means, covariances and the regularised inverses from what was added.
    void finish();

    double expected_score(const BayesFeatures& features, int stage) const;
    // round(512 * (E - 1/2)) for the side to move.
    int evaluate(const Position& pos, const EvalParams& params) const;

    const BayesOptions& options() const { return options_; }
    // Stage BAYES_STAGES is the model pooled over all stages.
    const BayesClassModel& model(int stage, BayesClass c) const { return models_[stage][c]; }

    // Text file: a header line, the options, then one block per (stage, class). Saving is
    // atomic; loading throws std::runtime_error naming the file, line and reason.
    void save(const std::string& path) const;
    static BayesModel load(const std::string& path);

private:
    // Sums for the moments, per stage (and pooled) and class.
    struct Sums {
        std::uint64_t count = 0;
        BayesFeatures sum{};
        std::array<std::array<double, BAYES_FEATURES>, BAYES_FEATURES> products{};
    };
    void derive(BayesClassModel& m) const;
    bool usable(int stage) const;

    BayesOptions options_;
    std::array<std::array<Sums, BAYES_CLASS_COUNT>, BAYES_STAGES + 1> sums_{};
    std::array<std::array<BayesClassModel, BAYES_CLASS_COUNT>, BAYES_STAGES + 1> models_{};
};

// The thesis's "mixed" evaluation: the classic score outside [-100, 100], the Bayesian one
// inside it.
int mixed_bayes_evaluate(const Position& pos, const EvalParams& params, const BayesModel& model);

}  // namespace mneme
