// The evaluation seen as a function of its parameter table: every use of a parameter, reported
// as it happens, so that a tuner can write the score as a (nearly) linear function of the
// weights without a second copy of the evaluation code (see learn/linear_evaluation.h).
#pragma once

#include "mneme/eval/eval_params.h"

namespace mneme {

// Where a single (non-pair) parameter enters the score.
enum class EvalStage { MIDDLEGAME, ENDGAME, UNTAPERED };

// Coefficients are from White's point of view. The references point into the EvalParams table
// the evaluation was given, so a receiver can tell which parameter was used.
class EvalFeatureSink {
public:
    virtual ~EvalFeatureSink() = default;
    // `coefficient` times a middlegame/endgame pair went into the tapered sum.
    virtual void pair(const TaperedScore& parameter, int coefficient) = 0;
    // `coefficient` times a single value went into one stage, or (UNTAPERED) after the blend.
    virtual void scalar(const int& parameter, int coefficient, EvalStage stage) = 0;
    // The blended score was multiplied by `*parameter` / FULL_SCALE; by the constant `value`
    // when `parameter` is null.
    virtual void scale(const int* parameter, int value) = 0;
};

}  // namespace mneme
