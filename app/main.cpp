// mneme: with no arguments an engine on stdin (UCI or XBoard); otherwise a subcommand
// (command_line.h; 'mneme help' lists them).
#include <iostream>

#include "command_line.h"

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    return mneme::app::run_command_line(mneme::app::Arguments(argv + 1, argv + argc), std::cout,
                                        std::cerr);
}
