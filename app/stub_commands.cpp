#include <iostream>

#include "commands.h"

namespace mneme::app {

int pgn_command(const Arguments&) {
    std::cerr << "pgn: not built yet\n";
    return 1;
}
int play_command(const Arguments&) {
    std::cerr << "play: not built yet\n";
    return 1;
}
int engine_command(const Arguments&) {
    std::cerr << "engine: not built yet\n";
    return 1;
}

}  // namespace mneme::app
