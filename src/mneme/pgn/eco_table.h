// Opening names from the lichess opening tables (../shared/data/eco/lichess_openings_?.tsv:
// "eco<TAB>name<TAB>moves in SAN"), looked up by position so that a game is classified by the
// deepest named position it passes through, whatever its move order.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "mneme/core/position.h"

namespace mneme {

struct EcoOpening {
    std::string code;  // "C00"
    std::string name;  // "French Defense: Normal Variation"
    int plies = 0;     // length of the defining line
};

class EcoTable {
public:
    using Report = std::function<void(const std::string&)>;

    // Reads one table; each bad row is reported as "FILE:LINE: reason" and skipped. Returns
    // the rows read. Throws std::runtime_error naming the file when it cannot be opened.
    std::size_t load_lichess_tsv(const std::string& path, const Report& report);
    // The same from a table's text; `path` names it in reports.
    std::size_t load_lichess_text(std::string_view text, const std::string& path,
                                  const Report& report);
    // Reads lichess_openings_a.tsv .. lichess_openings_e.tsv from `directory`.
    static EcoTable load_directory(const std::string& directory, const Report& report);

    // The tables built into the binary (defaults/lichess_openings_?.tsv), read on first use;
    // empty when the binary was built without them.
    static const EcoTable& builtin();

    // The opening named at exactly this position (any move order reaching it); nullptr if none.
    const EcoOpening* find(Key key) const;
    // The named opening of the deepest position among the first `max_plies` of a game from
    // the standard start; nullptr when none is named.
    const EcoOpening* classify(const std::vector<Move>& moves, int max_plies = 40) const;
    // A short name for an ECO code: the opening family (the text before ':') that most of the
    // code's rows share; "" for a code not in the table.
    std::string code_name(std::string_view code) const;

    std::size_t size() const { return by_position_.size(); }

private:
    std::unordered_map<Key, EcoOpening> by_position_;
    std::map<std::string, std::map<std::string, int>, std::less<>> families_by_code_;
};

// True for "A00" .. "E99" (the first three characters of an ECO tag such as "C00a").
bool is_eco_code(std::string_view text);

}  // namespace mneme
