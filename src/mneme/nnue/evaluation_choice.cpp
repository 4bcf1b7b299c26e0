#include "mneme/nnue/evaluation_choice.h"

#include "mneme/nnue/builtin_network.h"
#include "mneme/nnue/inference.h"
#include "mneme/nnue/nnue_evaluator.h"
#include "mneme/util/text.h"

namespace mneme::nnue {

EvaluationChoice::EvaluationChoice()
    : wanted_(default_evaluation_name()), active_(default_evaluation_name()) {}

std::unique_ptr<Evaluator> EvaluationChoice::initial_evaluator() const {
    std::string error;
    return make_evaluator(active_, "", &error);
}

std::string EvaluationChoice::describe_active() const {
    if (active_ != "nnue") return active_;
    return "nnue (" + (active_file_.empty() ? std::string("built-in network") : active_file_) + ")";
}

EvaluationChoice::Change EvaluationChoice::install(const std::string& name,
                                                   std::unique_ptr<Evaluator> made) {
    Change change;
    std::string error;
    change.evaluator =
        made ? std::move(made) : make_evaluator(name, name == "nnue" ? file_ : "", &error);
    if (!change.evaluator) {
        change.error = true;
        change.message = error + "; the evaluation stays " + describe_active();
        return change;
    }
    active_ = name;
    active_file_ = name == "nnue" ? file_ : "";
    if (name == "nnue") {
        const auto& net = static_cast<const NnueEvaluator&>(*change.evaluator).network();
        change.message =
            "evaluation nnue: " + (file_.empty() ? std::string("built-in network") : file_) + ", " +
            net.architecture.describe() + ", " + simd_name();
    }
    return change;
}

EvaluationChoice::Change EvaluationChoice::set_eval(const std::string& value) {
    std::string name = lower_case(value);
    if (name != "classic" && name != "nnue") {
        Change refused;
        refused.error = refused.bad_value = true;
        refused.message = "Eval needs classic or nnue, got '" + value + "'";
        return refused;
    }
    wanted_ = name;
    if (name == "nnue" && file_.empty() && !builtin_network()) {
        Change waiting;
        waiting.message =
            "Eval nnue waits for EvalFile: this mneme has no built-in network (the "
            "evaluation stays " +
            describe_active() + " until one is given)";
        return waiting;
    }
    if (name == active_ && name == "classic") return {};
    return install(name);
}

EvaluationChoice::Change EvaluationChoice::set_file(const std::string& value) {
    std::string file = network_file_option(value);
    // The file is read once: the evaluator that proves it sound is the one installed.
    std::unique_ptr<Evaluator> made;
    if (!file.empty()) {
        std::string error;
        made = make_evaluator("nnue", file, &error);
        if (!made) {
            Change refused;
            refused.error = true;
            refused.message = error + "; the evaluation stays " + describe_active();
            return refused;
        }
    }
    file_ = file;
    if (wanted_ != "nnue") return {};
    if (file_.empty() && !builtin_network()) {
        Change waiting;
        waiting.message =
            "EvalFile is empty and this mneme has no built-in network: the "
            "evaluation stays " +
            describe_active();
        return waiting;
    }
    return install("nnue", std::move(made));
}

std::string EvaluationChoice::waiting_warning() const {
    if (wanted_ == active_) return "";
    return "Eval is " + wanted_ + " but no network was given (EvalFile): searching with the " +
           active_ + " evaluation";
}

}  // namespace mneme::nnue
