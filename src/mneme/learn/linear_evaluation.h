// The evaluation written as a function of the parameter table that is linear in almost every
// weight, computed once per training position so that a tuner never runs the evaluator again.
//
// For one position, with phase p (MAX_PHASE = all pieces on) and side s (+1 White to move):
//   raw   = (sum_mg c_i w_i * p + sum_eg c_i w_i * (MAX_PHASE - p)) / MAX_PHASE + sum_u c_i w_i
//   score = s * raw * S / FULL_SCALE
// where the coefficients c_i are what the evaluator reported for each parameter (see
// eval/eval_features.h) and S is either a scale parameter or a constant (64, or 0 for a lone
// minor piece). This equals evaluate() up to integer rounding, with these approximations held
// at the table the features were computed with:
//   - typical_mobility_* and king_attack_weight_* are FIXED (they enter through a product or a
//     square); the king danger is linear in king_danger_multiplier, or in max_king_danger when
//     capped, with the branch chosen by the current table;
//   - the gates that depend on material (which scale factor applies, whether a mating drive
//     applies) stay as they were.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "mneme/eval/eval_params.h"
#include "mneme/learn/training_position.h"

namespace mneme {

// How a flat parameter (EvalParams::flat_name) enters the linearised evaluation.
enum class ParamRole : std::uint8_t { MIDDLEGAME, ENDGAME, UNTAPERED, SCALE, FIXED };

ParamRole param_role(std::size_t flat_index);
const char* param_role_name(ParamRole role);

struct LinearFeature {
    std::uint16_t index;       // a flat parameter index; for a pair, its mg half
    std::int16_t coefficient;  // White's view
};

// One position's features: `pair_count` pair features (mg and eg index) then `scalar_count`
// single ones, starting at `first` in the dataset's feature array.
struct LinearPosition {
    std::uint64_t first = 0;
    std::uint16_t pair_count = 0;
    std::uint16_t scalar_count = 0;
    std::uint8_t phase = 0;
    std::int8_t side = 1;
    std::int16_t scale_index = -1;  // the scale parameter, or -1 for the constant below
    std::int32_t scale_constant = 0;
    float label = 0;
};

struct LinearDataset {
    std::vector<LinearPosition> positions;
    std::vector<LinearFeature> features;
};

// The features of `pos` under `params`, appended to `dataset` with the given label. Throws
// std::logic_error if the evaluator uses a parameter in a way this model does not describe
// (a change to the evaluation that the tuner must be taught).
void add_linear_position(LinearDataset& dataset, const Position& pos, const EvalParams& params,
                         float label);

// Every training position, on `threads` threads; the order is kept.
LinearDataset build_linear_dataset(const std::vector<TrainingPosition>& positions,
                                   const EvalParams& params, int threads);

// The pieces of the formula above for one position and weight vector.
struct LinearScore {
    double middlegame = 0, endgame = 0, untapered = 0;
    double raw = 0;    // White's view, before the scale
    double scale = 0;  // out of FULL_SCALE
    double score = 0;  // the side to move's view
};

LinearScore linear_score(const LinearDataset& dataset, const LinearPosition& position,
                         const double* weights);

// Adds factor * d(score)/d(weight) to gradient[weight] for every weight the score depends on.
void add_linear_gradient(const LinearDataset& dataset, const LinearPosition& position,
                         const LinearScore& score, double factor, double* gradient);

}  // namespace mneme
