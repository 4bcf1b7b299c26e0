// Loading a weight table named on the command line (`--params FILE`), shared by the commands
// that take one: a file with bad lines is refused whole rather than half used.
#pragma once

#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "mneme/eval/eval_params.h"
#include "mneme/eval/evaluate.h"
#include "required_inputs.h"

namespace mneme::app {

// `base` (the built-in table unless given) with the file's values over it; a file that cannot
// be read throws with the reason, and bad lines are printed to stderr and make it throw.
inline EvalParams load_params_or_throw(const std::string& path,
                                       EvalParams params = EvalParams::defaults()) {
    require_readable_files({path});
    std::vector<ParamFileError> errors = load_eval_params(path, params);
    for (const ParamFileError& error : errors) std::cerr << error.to_string() << '\n';
    if (!errors.empty())
        throw std::runtime_error(path + ": " + std::to_string(errors.size()) +
                                 " bad line(s); the table is not used");
    return params;
}

// Makes the file's table the evaluation of every search in this process.
inline void use_eval_params_file(const std::string& path) {
    set_active_eval_params(load_params_or_throw(path));
}

}  // namespace mneme::app
