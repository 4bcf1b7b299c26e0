// The network embedded in the binary at build time (networks/default.mnet), if any.
#pragma once

#include <memory>
#include <string>

#include "mneme/eval/evaluator.h"
#include "mneme/nnue/network.h"

namespace mneme::nnue {

// Null when the binary was built without a network. Decoded once, on first use.
std::shared_ptr<const QuantisedNetwork> builtin_network();

// The evaluation a name stands for: "classic", or "nnue" with `network_file` (empty: the
// built-in network). Null with `error` set when it cannot be had (no network, a bad file).
std::unique_ptr<Evaluator> make_evaluator(const std::string& name, const std::string& network_file,
                                          std::string* error);

// The network file an EvalFile option's value names: "" (the built-in network) for "",
// "<built-in>" and "<empty>", else the value itself.
std::string network_file_option(const std::string& value);

// "nnue" when a network is built in, else "classic": what the engine plays with by default.
const char* default_evaluation_name();

// For people: "the network (built in)", "the network FILE", "the classic evaluation".
std::string describe_evaluation(const std::string& name, const std::string& network_file);

}  // namespace mneme::nnue
