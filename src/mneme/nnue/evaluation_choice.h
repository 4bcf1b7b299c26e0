// The engine options Eval and EvalFile, in whatever order a GUI or a match runner sends them.
// A mneme built without a network cannot switch to Eval=nnue before it has EvalFile: the wish is
// kept and granted when the file comes, instead of being dropped with the evaluation left
// classic (which made "Eval=nnue, EvalFile=X", the order cutechess and mneme's runner send,
// play the classic evaluation).
#pragma once

#include <memory>
#include <string>

#include "mneme/eval/evaluator.h"

namespace mneme::nnue {

class EvaluationChoice {
public:
    // What setting an option did: an evaluator to install (null: keep the one there is) and a
    // message for the user (empty: none); `error` when the option was refused.
    struct Change {
        std::unique_ptr<Evaluator> evaluator;
        std::string message;
        bool error = false;
        bool bad_value = false;  // the value is none the option takes (an error of the sender's)
    };

    EvaluationChoice();
    // The evaluation to start with: the network when one is built in, else the classic one.
    std::unique_ptr<Evaluator> initial_evaluator() const;

    // Eval=classic|nnue (any case).
    Change set_eval(const std::string& value);
    // EvalFile=PATH ("", "<built-in>", "<empty>": the built-in network); the file is read now, so
    // a bad one is refused at once with its reason, whatever Eval is.
    Change set_file(const std::string& value);

    const std::string& wanted() const { return wanted_; }  // "classic" or "nnue"
    const std::string& active() const { return active_; }  // what the searcher evaluates with
    const std::string& file() const { return file_; }      // empty: the built-in network
    // Eval=nnue waits for a network: the warning to give when a search starts, else empty.
    std::string waiting_warning() const;

private:
    // Installs evaluation `name`, made now unless `made` is one already made from file_.
    Change install(const std::string& name, std::unique_ptr<Evaluator> made = nullptr);
    // "classic", or "nnue (FILE)" / "nnue (built-in network)".
    std::string describe_active() const;

    std::string wanted_, active_, file_;
    std::string active_file_;  // the network the active nnue evaluation was made from
};

}  // namespace mneme::nnue
