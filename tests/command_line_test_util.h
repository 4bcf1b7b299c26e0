// Helpers for the tests of the command line (command_line*_test.cpp): a command line run in the
// test process, with its exit status and what it printed to each stream.
#pragma once

#include <sstream>
#include <string>
#include <string_view>

#include "command_line.h"
#include "mneme/util/text.h"

namespace mneme::app {

// What a command line run in the test process printed and returned.
struct Outcome {
    int status = -1;
    std::string out, err;
};

inline Outcome run(const Arguments& args) {
    std::ostringstream out, err;
    Outcome outcome;
    outcome.status = run_command_line(args, out, err);
    outcome.out = out.str();
    outcome.err = err.str();
    return outcome;
}

// "book build" -> {"book", "build"}
inline Arguments words_of(const std::string& name) {
    Arguments words;
    for (std::string_view word : split_whitespace(name)) words.emplace_back(word);
    return words;
}

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace mneme::app
