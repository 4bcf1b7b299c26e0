// mneme with no arguments (or "uci", "xboard", "engine"): the engine on stdin and stdout,
// optionally with another evaluation table or an experimental evaluation.
#include <iostream>
#include <memory>
#include <stdexcept>

#include "commands.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/bayes_evaluation.h"
#include "mneme/protocol/engine_protocol.h"

namespace mneme::app {

namespace {

constexpr const char* ENGINE_USAGE =
    "usage: mneme [engine|uci|xboard] [--params FILE] [--eval classic|bayes|mixed-bayes "
    "--bayes-model FILE]";

}  // namespace

int engine_command(const Arguments& args) {
    std::string evaluation = "classic", model_path;
    for (std::size_t i = 0; i < args.size(); ++i) {
        auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size())
                throw std::runtime_error(args[i] + " needs a value\n" + ENGINE_USAGE);
            return args[++i];
        };
        if (args[i] == "--params") {
            const std::string& path = value();
            EvalParams params = EvalParams::defaults();
            std::vector<ParamFileError> errors = load_eval_params(path, params);
            for (const ParamFileError& error : errors) std::cerr << error.to_string() << '\n';
            if (!errors.empty()) throw std::runtime_error(path + ": bad lines, not used");
            set_active_eval_params(params);
        } else if (args[i] == "--eval") {
            evaluation = value();
        } else if (args[i] == "--bayes-model") {
            model_path = value();
        } else {
            throw std::runtime_error("unexpected argument '" + args[i] + "'\n" + ENGINE_USAGE);
        }
    }
    if (evaluation == "bayes" || evaluation == "mixed-bayes") {
        if (model_path.empty()) throw std::runtime_error("--eval " + evaluation + " needs --bayes-model");
        auto model = std::make_shared<const BayesModel>(BayesModel::load(model_path));
        const EvalParams& params = active_eval_params();
        bool mixed = evaluation == "mixed-bayes";
        set_evaluation_override([model, &params, mixed](const Position& pos) {
            return mixed ? mixed_bayes_evaluate(pos, params, *model) : model->evaluate(pos, params);
        });
    } else if (evaluation != "classic") {
        throw std::runtime_error("--eval: '" + evaluation + "' is not classic, bayes or mixed-bayes");
    }
    run_engine(std::cin, std::cout);
    return 0;
}

}  // namespace mneme::app
