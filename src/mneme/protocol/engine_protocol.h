// The engine on a text stream: the first command chooses UCI ("uci") or XBoard ("xboard").
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace mneme {

// Reads commands from `in` until "quit" or the end of input, answering on `out`. A search
// still running at the end of input is allowed to finish if it has a limit (so a piped
// "go depth 8" prints its bestmove), and stopped if it has none.
void run_engine(std::istream& in, std::ostream& out);

// The whitespace-separated words of a command line.
std::vector<std::string> split_words(std::string_view line);

}  // namespace mneme
