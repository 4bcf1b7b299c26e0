// mneme with no arguments (or "uci", "xboard", "engine"): the engine on stdin and stdout.
#include <iostream>

#include "commands.h"
#include "mneme/protocol/engine_protocol.h"

namespace mneme::app {

int engine_command(const Arguments& args) {
    if (!args.empty()) {
        std::cerr << "mneme: the engine takes no arguments; got '" << args.front() << "'\n";
        return 2;
    }
    run_engine(std::cin, std::cout);
    return 0;
}

}  // namespace mneme::app
