#include "mneme/pgn/eco_statistics.h"

#include "mneme/pgn/eco_table.h"

namespace mneme {

void ResultCounts::add(GameResult result) {
    if (result == GameResult::WHITE_WINS)
        ++white_wins;
    else if (result == GameResult::DRAW)
        ++draws;
    else if (result == GameResult::BLACK_WINS)
        ++black_wins;
}

void ResultCounts::add(const ResultCounts& other) {
    white_wins += other.white_wins;
    draws += other.draws;
    black_wins += other.black_wins;
}

namespace {

double percent(std::uint64_t part, std::uint64_t whole) {
    return whole ? 100.0 * double(part) / double(whole) : 0.0;
}

}  // namespace

double ResultCounts::white_percent() const { return percent(white_wins, games()); }
double ResultCounts::draw_percent() const { return percent(draws, games()); }
double ResultCounts::black_percent() const { return percent(black_wins, games()); }

const std::vector<EcoFamily>& eco_families() {
    static const std::vector<EcoFamily> families = {
        {"all games", "A00", "E99", 39, 34, 27},
        {"French", "C00", "C19", 41, 32, 27},
        {"King's Indian", "E60", "E99", 41, 32, 27},
        {"Ruy Lopez", "C60", "C99", 38, 36, 26},
        {"King's Gambit", "C30", "C39", 46, 16, 38},
        {"English", "A10", "A39", 36, 38, 26},
        {"Queen's Gambit Declined", "D30", "D69", 39, 40, 21},
        {"Gruenfeld", "D70", "D99", 35, 43, 22},
        {"A: flank openings", "A00", "A99", -1, -1, -1},
        {"B: semi-open games", "B00", "B99", -1, -1, -1},
        {"C: open games, French", "C00", "C99", -1, -1, -1},
        {"D: closed games", "D00", "D99", -1, -1, -1},
        {"E: Indian defences", "E00", "E99", -1, -1, -1},
    };
    return families;
}

void EcoStatistics::add(std::string_view code, GameResult result) {
    if (result == GameResult::ONGOING) return;
    if (!is_eco_code(code)) {
        unclassified_.add(result);
        return;
    }
    by_code_[std::string(code.substr(0, 3))].add(result);
}

ResultCounts EcoStatistics::range(std::string_view first, std::string_view last) const {
    ResultCounts counts;
    for (auto it = by_code_.lower_bound(std::string(first));
         it != by_code_.end() && it->first <= last; ++it)
        counts.add(it->second);
    return counts;
}

ResultCounts EcoStatistics::total() const {
    ResultCounts counts = range("A00", "E99");
    counts.add(unclassified_);
    return counts;
}

}  // namespace mneme
