// The evaluation a searching command uses, chosen by --eval classic|nnue and --net FILE.mnet
// (bench, epd-test, play, serve): the same rules and the same refusal for each.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "commands.h"
#include "mneme/eval/evaluator.h"
#include "mneme/nnue/builtin_network.h"

namespace mneme::app {

struct EvaluationArgument {
    std::string name = nnue::default_evaluation_name();
    std::string net_file;  // empty: the built-in network

    // --eval NAME: classic or nnue, else a usage mistake.
    void choose(const std::string& value) {
        if (value != "classic" && value != "nnue")
            throw UsageError("--eval needs classic or nnue, got '" + value + "'");
        name = value;
    }

    // --net names a network, so it implies --eval nnue.
    void use_network(const std::string& file) {
        net_file = file;
        name = "nnue";
    }

    // "classic", "nnue" (the built-in network) or the --net file, as the GUI names it.
    std::string id() const { return name == "nnue" && !net_file.empty() ? net_file : name; }

    // For people: "the network (built in)", "the network FILE", "the classic evaluation".
    std::string describe() const { return nnue::describe_evaluation(name, net_file); }

    // Throws std::runtime_error with the reason when the evaluation cannot be had.
    std::unique_ptr<Evaluator> make() const {
        std::string error;
        auto evaluator = nnue::make_evaluator(name, net_file, &error);
        if (!evaluator) throw std::runtime_error(error);
        return evaluator;
    }
};

}  // namespace mneme::app
