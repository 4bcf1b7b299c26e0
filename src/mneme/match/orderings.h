// Showdowns and orderings of a tournament's players: who beat whom in their direct games, and
// the longest sequences of players where everyone beat everyone after them (the "longest
// orderings" used to judge how consistent a ranking is with the head-to-head results).
#pragma once

#include <vector>

namespace mneme {

// Head-to-head totals of a tournament.
struct Crosstable {
    int players = 0;
    // points[i][j] = points player i scored against player j over all their games;
    // games[i][j] = games they played (symmetric).
    std::vector<std::vector<double>> points;
    std::vector<std::vector<int>> games;

    explicit Crosstable(int n = 0);
    // Records one game; white_score is 1, 0.5, 0 or a fractional adjudication. Throws
    // std::out_of_range for a player outside [0, players) and std::invalid_argument when a
    // player would play itself.
    void add_game(int white, int black, double white_score);
};

// Whether i beat j in their showdown (their direct games). Strict: i scored more points than
// j; non-strict: at least as many (so a drawn showdown counts both ways). Players who never
// met, and a player against itself, do not beat each other.
bool beats(const Crosstable& table, int i, int j, bool strict);

// The most players longest_ordering takes: its candidate sets are 64-bit masks.
inline constexpr int MAX_ORDERING_PLAYERS = 64;

// The longest sequence of players in which each beats every later one. Among sequences of that
// length the lexicographically smallest sequence of indices is returned, so the result is
// deterministic. Exact (search over candidate sets, memoised); the work can grow as 2^players in
// the worst case, which is fine up to about 20 players. Throws std::invalid_argument above
// MAX_ORDERING_PLAYERS players. Empty only for an empty table.
std::vector<int> longest_ordering(const Crosstable& table, bool strict);

}  // namespace mneme
