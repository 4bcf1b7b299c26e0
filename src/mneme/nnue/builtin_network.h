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

// "nnue" when a network is built in, else "classic": what the engine plays with by default.
const char* default_evaluation_name();

}  // namespace mneme::nnue
