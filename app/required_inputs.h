// What a command cannot run without, checked before it starts: the arguments it needs (the
// message names exactly those missing) and input files it can open (no statistics of nothing
// after a file that is not there).
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "commands.h"

namespace mneme::app {

struct RequiredArgument {
    bool given;
    const char* name;  // as the usage writes it: "IN.pgn...", "-o OUT.mbook"
};

// Throws UsageError "missing -o OUT.mbook" (or "missing A and B", "missing A, B and C") for the
// required arguments not given.
void require_arguments(std::initializer_list<RequiredArgument> required);

// Throws std::runtime_error "cannot open PATH: reason" for the first path that cannot be opened
// for reading ("-" is standard input and always can).
void require_readable_files(const std::vector<std::string>& paths);

// Throws UsageError when `output` names one of `inputs` (the same file under any name): the
// output replaces its file once complete, and what the command did not copy from that input
// (skipped games, another format) would be lost with it.
void require_output_apart(const std::vector<std::string>& inputs, const std::string& output);

// Throws UsageError when one file is given twice among `inputs` (a merge would count it twice).
void require_distinct_inputs(const std::vector<std::string>& inputs);

}  // namespace mneme::app
