// The usage text of every command of the mneme executable, kept in one table so that
// 'mneme help', 'mneme help COMMAND', 'mneme COMMAND --help' and the message after a bad
// argument all print the same words.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mneme::app {

struct CommandUsage {
    std::string name;      // "perft", "book build"
    std::string synopsis;  // the arguments after "mneme NAME"; lines after the first are forms
                           // of their own ("--suite FILE.epd ...") or continuations ("  [--z Z]")
    std::string summary;   // what it does, in a line
    std::string details;   // more about the options, shown by the command's own usage only
};

// Every command and subcommand, in the order 'mneme help' lists them.
const std::vector<CommandUsage>& command_usages();

// The entry named `name` ("book build"), or nullptr.
const CommandUsage* find_command_usage(std::string_view name);

// True for a command that only groups subcommands (book, cases, cbr, learn, pgn).
bool is_command_group(std::string_view name);

// The names one level below `prefix` ("" gives the commands, "book" the book subcommands).
std::vector<std::string> command_names_under(std::string_view prefix);

// The full usage of a command or a group of subcommands, ending in a newline.
std::string usage_text(std::string_view name);

// What 'mneme help' prints: every command with its synopsis and summary.
std::string overview_text();

// "; did you mean 'perft'?" when one of `names` is within a small edit distance of `word`,
// otherwise "".
std::string did_you_mean(std::string_view word, const std::vector<std::string>& names);

}  // namespace mneme::app
