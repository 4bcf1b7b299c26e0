// Helpers for the tests of the command line (command_line*_test.cpp): a command line run in the
// test process, with its exit status and what it printed to each stream.
#pragma once

#include <gtest/gtest.h>

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

// A mistake in the arguments: exit status 2, `message` among the complaints, and nothing on
// standard output (the command did not begin its work).
inline void expect_usage_mistake(const Arguments& args, const std::string& message) {
    std::string words;
    for (const std::string& word : args) words += (words.empty() ? "" : " ") + word;
    testing::internal::CaptureStdout();
    Outcome outcome = run(args);
    std::string printed = testing::internal::GetCapturedStdout();
    EXPECT_EQ(outcome.status, 2) << words << ": " << outcome.err;
    EXPECT_TRUE(contains(outcome.err, message)) << words << ": " << outcome.err;
    EXPECT_EQ(printed, "") << words;
}

}  // namespace mneme::app
