#include "mneme/nnue/builtin_network.h"

#include <mutex>

#include "mneme/nnue/nnue_evaluator.h"

#ifdef MNEME_NETWORK_PATH
// The file's bytes, placed in the binary by the assembler (see cmake/builtin_network.cmake).
asm(".section .rodata\n"
    ".balign 64\n"
    ".global mneme_builtin_network_bytes\n"
    "mneme_builtin_network_bytes:\n"
    ".incbin \"" MNEME_NETWORK_PATH
    "\"\n"
    ".global mneme_builtin_network_end\n"
    "mneme_builtin_network_end:\n"
    ".byte 0\n"
    ".previous\n");
extern "C" const unsigned char mneme_builtin_network_bytes[];
extern "C" const unsigned char mneme_builtin_network_end[];
#endif

namespace mneme::nnue {

std::shared_ptr<const QuantisedNetwork> builtin_network() {
#ifdef MNEME_NETWORK_PATH
    static std::shared_ptr<const QuantisedNetwork> network = [] {
        std::size_t size = std::size_t(mneme_builtin_network_end - mneme_builtin_network_bytes);
        return std::make_shared<const QuantisedNetwork>(
            decode_network(mneme_builtin_network_bytes, size, "the built-in network"));
    }();
    return network;
#else
    return nullptr;
#endif
}

const char* default_evaluation_name() { return builtin_network() ? "nnue" : "classic"; }

std::string describe_evaluation(const std::string& name, const std::string& network_file) {
    if (name != "nnue") return "the " + name + " evaluation";
    return network_file.empty() ? "the network (built in)" : "the network " + network_file;
}

std::string network_file_option(const std::string& value) {
    return value == "<built-in>" || value == "<empty>" ? "" : value;
}

std::unique_ptr<Evaluator> make_evaluator(const std::string& name, const std::string& network_file,
                                          std::string* error) {
    if (name == "classic") return std::make_unique<ClassicEvaluator>();
    if (name != "nnue") {
        *error = "unknown evaluation '" + name + "' (classic or nnue)";
        return nullptr;
    }
    std::shared_ptr<const QuantisedNetwork> net;
    if (network_file.empty()) {
        net = builtin_network();
        if (!net) {
            *error = "this mneme was built without a network; give one with EvalFile / --net";
            return nullptr;
        }
    } else {
        try {
            net = std::make_shared<const QuantisedNetwork>(load_network_file(network_file));
        } catch (const NetworkFileError& e) {
            *error = e.what();
            return nullptr;
        }
    }
    return std::make_unique<NnueEvaluator>(std::move(net));
}

}  // namespace mneme::nnue
