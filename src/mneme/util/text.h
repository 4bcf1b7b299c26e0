// Small text helpers shared by the parsers (FEN, engine output, protocol commands) and by the
// messages that quote their input.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mneme {

// `text` with ASCII letters in lower case.
std::string lower_case(std::string_view text);
// `text` with &, <, > and " written as XML entities (SVG text and attributes).
std::string xml_escaped(std::string_view text);
// `text` with its control bytes (below 0x20, and 0x7f) written as \xNN, for quoting input in a
// message or a protocol line: a raw newline would split the line, and escape sequences would
// drive the reader's terminal. Every other byte, UTF-8 letters among them, is kept.
std::string printable(std::string_view text);

// `value` in the shortest decimal form that reads back as the same double ("0.30000000000000004").
std::string exact_decimal(double value);

// `text` without the UTF-8 byte order mark that some editors save at a file's start (and that
// joining such files leaves at a line's start); other text as it is.
std::string_view without_byte_order_mark(std::string_view text);

// The words of `text` separated by white space (spaces, tabs, stray carriage returns); views
// into `text`.
std::vector<std::string_view> split_whitespace(std::string_view text);

// The fields of one CSV line without quoting, split at every comma: "a,,b," is four fields,
// the second and the last empty.
std::vector<std::string> split_commas(std::string_view line);

// The fewest single-letter insertions, deletions, substitutions and swaps of neighbours that
// turn `a` into `b` (the optimal string alignment distance: "biuld" is 1 from "build").
std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace mneme
