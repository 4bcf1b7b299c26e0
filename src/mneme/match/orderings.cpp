#include "mneme/match/orderings.h"

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace mneme {
namespace {

// Point totals are sums of halves, but fractional adjudications can bring rounding noise.
constexpr double POINTS_EPSILON = 1e-9;

void check_player(const Crosstable& table, int player) {
    if (player < 0 || player >= table.players)
        throw std::out_of_range("no player " + std::to_string(player) + " in a crosstable of " +
                                std::to_string(table.players));
}

// Longest chain lengths of candidate sets (bit i = player i may still come next), memoised.
// A chain from a set starts with one of its players and continues within the players it beats.
class OrderingSearch {
public:
    explicit OrderingSearch(const std::vector<std::uint64_t>& beaten) : beaten_(beaten) {}

    int longest(std::uint64_t candidates) {
        if (candidates == 0) return 0;
        auto found = memo_.find(candidates);
        if (found != memo_.end()) return found->second;
        int best = 0;
        for (std::uint64_t rest = candidates; rest != 0; rest &= rest - 1) {
            int player = std::countr_zero(rest);
            // Nothing beats taking every remaining candidate: stop early.
            if (best == std::popcount(candidates)) break;
            int length = 1 + longest(candidates & beaten_[player]);
            if (length > best) best = length;
        }
        memo_.emplace(candidates, best);
        return best;
    }

private:
    const std::vector<std::uint64_t>& beaten_;
    std::unordered_map<std::uint64_t, int> memo_;
};

}  // namespace

Crosstable::Crosstable(int n)
    : players(n), points(n, std::vector<double>(n, 0.0)), games(n, std::vector<int>(n, 0)) {}

void Crosstable::add_game(int white, int black, double white_score) {
    check_player(*this, white);
    check_player(*this, black);
    if (white == black) throw std::invalid_argument("a player cannot play itself");
    points[white][black] += white_score;
    points[black][white] += 1 - white_score;
    games[white][black] += 1;
    games[black][white] += 1;
}

bool beats(const Crosstable& table, int i, int j, bool strict) {
    check_player(table, i);
    check_player(table, j);
    if (i == j || table.games[i][j] == 0) return false;
    // Comparing both sides' points avoids halving the game count.
    double margin = table.points[i][j] - table.points[j][i];
    return strict ? margin > POINTS_EPSILON : margin > -POINTS_EPSILON;
}

std::vector<int> longest_ordering(const Crosstable& table, bool strict) {
    if (table.players > MAX_ORDERING_PLAYERS)
        throw std::invalid_argument("the longest ordering takes at most " +
                                    std::to_string(MAX_ORDERING_PLAYERS) + " players, not " +
                                    std::to_string(table.players));
    std::vector<std::uint64_t> beaten(table.players, 0);
    for (int i = 0; i < table.players; ++i)
        for (int j = 0; j < table.players; ++j)
            if (beats(table, i, j, strict)) beaten[i] |= std::uint64_t(1) << j;

    std::uint64_t candidates =
        table.players == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << table.players) - 1;
    OrderingSearch search(beaten);
    // Equal lengths make the lexicographic order decided by the first differing index, so
    // taking the smallest player that still allows a longest chain, step by step, is smallest.
    std::vector<int> ordering;
    for (int remaining = search.longest(candidates); remaining > 0; --remaining) {
        for (std::uint64_t rest = candidates; rest != 0; rest &= rest - 1) {
            int player = std::countr_zero(rest);
            if (1 + search.longest(candidates & beaten[player]) == remaining) {
                ordering.push_back(player);
                candidates &= beaten[player];
                break;
            }
        }
    }
    return ordering;
}

}  // namespace mneme
