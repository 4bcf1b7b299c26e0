// The mneme command line: finds the command, answers help and version requests, and reports a
// mistake in the arguments together with the command's usage (usage.h).
#pragma once

#include <iosfwd>

#include "commands.h"

namespace mneme::app {

// Runs `args` (the words after the program name) and returns the exit status: 0 for help and
// version, 2 for a mistake in the command line, 1 when the command fails, otherwise the
// command's own. Help, version and mistakes go to `out` and `err`; commands print where they do.
int run_command_line(const Arguments& args, std::ostream& out, std::ostream& err);

}  // namespace mneme::app
