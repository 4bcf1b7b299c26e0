// Tuned weights as C++ source: a replacement for src/mneme/eval/eval_params_tuned.cpp, so that
// adopting them as the built-in defaults is copying one file and rebuilding.
#pragma once

#include <string>

#include "mneme/eval/eval_params.h"

namespace mneme {

// The source text; `provenance` becomes a comment at the top (how the values were made).
std::string eval_params_source(const EvalParams& params, const std::string& provenance);
// Written atomically; throws std::runtime_error when the file cannot be written.
void save_eval_params_source(const std::string& path, const EvalParams& params,
                             const std::string& provenance);

}  // namespace mneme
