#include "mneme/cbr/player_name.h"

#include <cctype>

namespace mneme {

namespace {

// ASCII letters for U+00C0..U+00FF and U+0100..U+017F (Latin-1 Supplement, Latin Extended-A).
constexpr std::string_view LATIN1_LETTERS =
    "AAAAAAACEEEEIIIIDNOOOOO OUUUUYPsaaaaaaaceeeeiiiidnooooo ouuuuypy";
constexpr std::string_view EXTENDED_A_LETTERS =
    "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiIiJjKkkLlLlLlLlLlNnNnNnnNnOoOoOoOo"
    "RrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs";
static_assert(LATIN1_LETTERS.size() == 64 && EXTENDED_A_LETTERS.size() == 128);

std::vector<std::string> words_of(std::string_view folded) {
    std::vector<std::string> words;
    std::string word;
    for (char c : folded) {
        if (c == ' ') {
            if (!word.empty()) words.push_back(std::move(word));
            word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty()) words.push_back(std::move(word));
    return words;
}

bool given_names_agree(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    if (a.empty() || b.empty()) return true;
    const std::string& x = a.front();
    const std::string& y = b.front();
    return x.compare(0, y.size(), y) == 0 || y.compare(0, x.size(), x) == 0;
}

}  // namespace

std::string fold_name(std::string_view name) {
    std::string folded;
    for (std::size_t i = 0; i < name.size(); ++i) {
        auto byte = static_cast<unsigned char>(name[i]);
        char letter = ' ';
        if (std::isalpha(byte)) {
            letter = char(byte);
        } else if (byte >= 0xC3 && byte <= 0xC5 && i + 1 < name.size() &&
                   (static_cast<unsigned char>(name[i + 1]) & 0xC0) == 0x80) {
            unsigned code = ((byte & 0x1F) << 6) | (static_cast<unsigned char>(name[++i]) & 0x3F);
            if (code >= 0xC0 && code < 0x100)
                letter = LATIN1_LETTERS[code - 0xC0];
            else if (code >= 0x100 && code < 0x180)
                letter = EXTENDED_A_LETTERS[code - 0x100];
        } else if (byte >= 0xC0) {
            letter = LATIN1_LETTERS[byte - 0xC0];  // a Latin-1 file
        }
        folded += char(std::tolower(static_cast<unsigned char>(letter)));
    }
    return folded;
}

std::vector<PersonName> read_name(std::string_view name) {
    auto comma = name.find(',');
    if (comma != std::string_view::npos)
        return {{words_of(fold_name(name.substr(0, comma))),
                 words_of(fold_name(name.substr(comma + 1)))}};
    std::vector<std::string> words = words_of(fold_name(name));
    if (words.size() <= 1) return {{words, {}}};
    PersonName surname_first{{words.front()}, {words.begin() + 1, words.end()}};
    PersonName surname_last{{words.back()}, {words.begin(), words.end() - 1}};
    return {surname_first, surname_last};
}

bool names_match(const PersonName& wanted, std::string_view tag) {
    if (wanted.surname.empty()) return false;
    for (const PersonName& reading : read_name(tag))
        if (reading.surname == wanted.surname && given_names_agree(reading.given, wanted.given))
            return true;
    return false;
}

ExpertNames::ExpertNames(const std::vector<std::string>& names) {
    for (const std::string& name : names) {
        std::vector<PersonName> readings = read_name(name);
        // The user's own spelling: without a comma, the last word is the surname
        // ("Magnus Carlsen"), unless there is only one word.
        wanted_.push_back(readings.back());
    }
}

int ExpertNames::match(std::string_view tag) const {
    for (std::size_t i = 0; i < wanted_.size(); ++i)
        if (names_match(wanted_[i], tag)) return int(i);
    return -1;
}

}  // namespace mneme
