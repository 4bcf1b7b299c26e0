// split_command_line (declared in player_spec.h), kept apart from the spec parser.
#include "mneme/match/player_spec.h"

namespace mneme {

// Like a POSIX shell without expansions: blanks separate words; '...' groups literally;
// "..." groups with backslash escaping '"' and '\' (other backslashes stay); quotes may join
// parts of one word ("a"b -> ab); an empty pair of quotes is an empty word.
std::vector<std::string> split_command_line(const std::string& command) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    std::size_t i = 0;
    while (i < command.size()) {
        char c = command[i];
        if (c == ' ' || c == '\t' || c == '\n') {
            if (in_word) words.push_back(std::move(word));
            word.clear();
            in_word = false;
            ++i;
        } else if (c == '\'') {
            in_word = true;
            std::size_t end = command.find('\'', i + 1);
            if (end == std::string::npos) end = command.size();  // unterminated: to the end
            word.append(command, i + 1, end - i - 1);
            i = end + 1;
        } else if (c == '"') {
            in_word = true;
            ++i;
            while (i < command.size() && command[i] != '"') {
                if (command[i] == '\\' && i + 1 < command.size() &&
                    (command[i + 1] == '"' || command[i + 1] == '\\')) {
                    ++i;
                }
                word += command[i++];
            }
            ++i;  // the closing quote
        } else {
            in_word = true;
            word += c;
            ++i;
        }
    }
    if (in_word) words.push_back(std::move(word));
    return words;
}

}  // namespace mneme
