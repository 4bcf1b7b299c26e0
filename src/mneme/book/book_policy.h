// How a book chooses among the moves of a position. The thesis's three criteria (Toni 1996,
// ch. 4) and three modern ones, all from the mover's point of view and deterministic given the
// random generator:
//   opta1     uniformly at random among moves with N >= min_games (20)
//   opta2     the most points, W + D/2, among moves with N >= 20 (popularity)
//   opta3     the best score (W + D/2) / N plus uniform noise in [0, noise) (0.15), among moves
//             with N >= 20 and N >= N(root) * root_fraction (1/10), N(root) being the games of
//             the position
//   wilson    the lower bound of the Wilson interval (z = 1.96, 95%) of the score, times
//             1 / (1 + 10^((elo_reference - E) / 400)) with E the movers' average Elo (E =
//             elo_reference when unknown, so the factor is 1/2): a move played by stronger
//             players ranks higher at the same evidence; min_games 1 by default
//   best      the best score (W + D/2) / N among moves with N >= 20
//   weighted  at random in proportion to N, min_games 1 by default
// Ties go to the first candidate in the order given. A candidate's counts are those of its
// (position, move) entry: the games that played this move here after any move order. (The
// thesis looked up the successor position instead, which also counts games that reached it
// from elsewhere; the difference is small in the first moves.)
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "mneme/book/book_entry.h"

namespace mneme {

enum class BookPolicyKind { OPTA1, OPTA2, OPTA3, WILSON, BEST, WEIGHTED };

// "opta1", "opta2", "opta3", "wilson", "best", "weighted"; false for anything else.
bool parse_book_policy(std::string_view text, BookPolicyKind& kind);
std::string_view book_policy_name(BookPolicyKind kind);
// The policy names separated by `separator`, for usage text and option lists.
std::string book_policy_names(char separator = '|');

struct BookPolicy {
    BookPolicyKind kind = BookPolicyKind::OPTA3;
    std::int64_t min_games = -1;  // -1: 20 for opta1-3 and best, 1 for wilson and weighted
    double root_fraction = 0.1;   // opta3
    double noise = 0.15;          // opta3
    double z = 1.96;              // wilson
    double elo_reference = 2000;  // wilson

    std::int64_t effective_min_games() const;
};

// One book move of the probed position, counted from the mover's point of view.
struct BookCandidate {
    std::uint16_t move = 0;  // Polyglot move bits
    std::uint64_t wins = 0, draws = 0, losses = 0;
    double average_elo = 0;  // 0 when unknown

    std::uint64_t games() const { return wins + draws + losses; }
    double points() const { return double(wins) + double(draws) / 2; }
    double score() const { return games() ? points() / double(games()) : 0.0; }

    static BookCandidate from_entry(const BookEntry& entry);
};

// The lower bound of the Wilson score interval of `score` over `games` trials.
double wilson_lower_bound(double score, std::uint64_t games, double z);

// What the policy makes of one candidate: whether it passes the filters, and the value it
// ranks by (before OPTA 3's noise; for weighted, the weight).
struct PolicyRating {
    bool eligible = false;
    double value = 0;
};
std::vector<PolicyRating> rate_candidates(const std::vector<BookCandidate>& candidates,
                                          const BookPolicy& policy);

// The index of the chosen candidate, or -1 when none is eligible (then the engine searches).
// Random draws use only rng() with portable arithmetic, so a seed gives the same choice with
// every standard library: one draw for opta1 and weighted, one per eligible candidate for
// opta3 (its noise, returned in `noise` when given, 0 for the others).
int choose_candidate(const std::vector<BookCandidate>& candidates, const BookPolicy& policy,
                     std::mt19937_64& rng, std::vector<double>* noise = nullptr);

}  // namespace mneme
