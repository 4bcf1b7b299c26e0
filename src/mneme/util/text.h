// Small text helpers shared by the parsers (FEN, engine output, protocol commands).
#pragma once

#include <string_view>
#include <vector>

namespace mneme {

// The words of `text` separated by white space (spaces, tabs, stray carriage returns); views
// into `text`.
std::vector<std::string_view> split_whitespace(std::string_view text);

}  // namespace mneme
