// Small text helpers shared by the parsers (FEN, engine output, protocol commands).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mneme {

// `text` with ASCII letters in lower case.
std::string lower_case(std::string_view text);

// The words of `text` separated by white space (spaces, tabs, stray carriage returns); views
// into `text`.
std::vector<std::string_view> split_whitespace(std::string_view text);

}  // namespace mneme
