#include "mneme/eval/evaluator.h"

#include "mneme/eval/evaluate.h"

namespace mneme {

int ClassicEvaluator::evaluate(const Position& pos) {
    return params_ ? mneme::evaluate(pos, *params_) : mneme::evaluate(pos);
}

}  // namespace mneme
