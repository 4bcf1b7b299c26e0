// The engine on a text stream: the first command chooses UCI ("uci") or XBoard ("xboard").
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace mneme {

class Searcher;

// Reads commands from `in` until "quit" or the end of input, answering on `out`. A search
// still running at the end of input is allowed to finish if it has a limit (so a piped
// "go depth 8" prints its bestmove), and stopped if it has none. `searcher`: one to reuse
// (reset to a new searcher's state first); null: the engine makes its own.
void run_engine(std::istream& in, std::ostream& out, Searcher* searcher = nullptr);

// The whitespace-separated words of a command line.
std::vector<std::string> split_words(std::string_view line);

}  // namespace mneme
