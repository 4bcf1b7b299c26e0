// Results per ECO code and per opening family, as in Toni (1996), Table B.3, which gave the
// 1-0 / draw / 0-1 percentages of the Deja Vu database for the openings of his experiments.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "mneme/core/game_outcome.h"

namespace mneme {

struct ResultCounts {
    std::uint64_t white_wins = 0, draws = 0, black_wins = 0;

    std::uint64_t games() const { return white_wins + draws + black_wins; }
    void add(GameResult result);
    void add(const ResultCounts& other);
    // Percentages of games(); 0 when there are none.
    double white_percent() const;
    double draw_percent() const;
    double black_percent() const;
};

// A named range of ECO codes with the thesis's Deja Vu percentages (negative: not given).
struct EcoFamily {
    const char* name;
    const char* first;  // "C00"
    const char* last;   // "C19"
    double thesis_white, thesis_draw, thesis_black;
};

// The rows of Table B.3: all games, French, King's Indian, Ruy Lopez, King's Gambit, English,
// Queen's Gambit Declined, Grünfeld; then the five ECO volumes A-E.
const std::vector<EcoFamily>& eco_families();

class EcoStatistics {
public:
    // Counts a finished game under `code` ("C00"); an empty or malformed code counts as
    // unclassified. Unfinished games are not counted.
    void add(std::string_view code, GameResult result);

    const std::map<std::string, ResultCounts>& by_code() const { return by_code_; }
    // The games of the codes from `first` to `last` inclusive.
    ResultCounts range(std::string_view first, std::string_view last) const;
    const ResultCounts& unclassified() const { return unclassified_; }
    ResultCounts total() const;

private:
    std::map<std::string, ResultCounts> by_code_;
    ResultCounts unclassified_;
};

}  // namespace mneme
