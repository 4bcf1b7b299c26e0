// What a command cannot run without, checked before it starts: the arguments it needs (the
// message names exactly those missing), input files it can open (no statistics of nothing
// after a file that is not there), each given once, and outputs it can write without losing an
// input or another output.
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

// Throws UsageError when one of `outputs` names one of `inputs` (as require_output_apart), or
// when two outputs name one file, whether it exists yet or not: the second written would
// replace the first. Empty names (outputs not asked for) are skipped.
void require_outputs_apart(const std::vector<std::string>& inputs,
                           const std::vector<std::string>& outputs);

// `files` and `file`, unless `file` is empty (an option not given): the inputs of a command
// that reads an option's file beside its others.
std::vector<std::string> with_file(std::vector<std::string> files, const std::string& file);

// Throws UsageError when one file is given twice among `inputs` (it would count twice).
void require_distinct_inputs(const std::vector<std::string>& inputs);

// Throws std::runtime_error "cannot write OUT: the folder DIR does not exist" (or is not a
// folder, or cannot be written, or OUT is a folder) for an output that could not be written, so
// that a long command stops before its work rather than after it. Empty names and "-"
// (standard output) are skipped.
void require_writable_outputs(const std::vector<std::string>& outputs);

}  // namespace mneme::app
