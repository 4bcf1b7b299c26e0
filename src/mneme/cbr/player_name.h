// Matching an expert's name against PGN White/Black tags, which spell one player many ways:
// "Carlsen, Magnus", "Carlsen,M.", "carlsen m", "Carlsen, M" and, with accents, "Bacrot,
// Étienne" or "Bacrot, Etienne".
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mneme {

// Lower case ASCII with accents removed (UTF-8, or stray Latin-1 bytes), every other character
// a space: "Étienne" -> "etienne", "Polgar,J." -> "polgar j ".
std::string fold_name(std::string_view name);

// A name as surname words and given-name words.
struct PersonName {
    std::vector<std::string> surname;
    std::vector<std::string> given;
};

// The readings of a name: "Last, First" has one; a name without a comma has two (surname first,
// "Carlsen M", or last, "Magnus Carlsen"); a single word is a surname alone.
std::vector<PersonName> read_name(std::string_view name);

// True when the tag names the person asked for: the surnames are equal, and the first given
// names agree where both are present (one may be the other's initial or prefix).
bool names_match(const PersonName& wanted, std::string_view tag);

// A list of wanted players; the first that matches a tag is reported.
class ExpertNames {
public:
    explicit ExpertNames(const std::vector<std::string>& names);
    // The index of the wanted name the tag matches, or -1.
    int match(std::string_view tag) const;
    bool empty() const { return wanted_.empty(); }

private:
    std::vector<PersonName> wanted_;
};

}  // namespace mneme
