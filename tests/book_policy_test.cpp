// The move choice policies on a fixed hand-made table (Toni 1996, ch. 4, and modern ones).
#include "mneme/book/book_policy.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace mneme {
namespace {

BookCandidate candidate(std::uint16_t move, std::uint64_t wins, std::uint64_t draws,
                        std::uint64_t losses, double elo) {
    BookCandidate c;
    c.move = move;
    c.wins = wins;
    c.draws = draws;
    c.losses = losses;
    c.average_elo = elo;
    return c;
}

// N(root) = 459, so OPTA 3 needs N >= 45.9.
enum { A, B, C, D, E };
const std::vector<BookCandidate> TABLE = {
    candidate(1, 40, 40, 20, 2600),     // A: 100 games, score 0.60, 60 points
    candidate(2, 100, 100, 100, 2700),  // B: 300 games, score 0.50, 150 points
    candidate(3, 19, 0, 0, 1500),       // C: 19 games, all won: below N >= 20
    candidate(4, 30, 0, 10, 2000),      // D: 40 games, score 0.75: below N(root)/10
    candidate(5, 5, 5, 15, 0),          // E: 25 games, score 0.30, Elo unknown
};

BookPolicy policy(BookPolicyKind kind) {
    BookPolicy p;
    p.kind = kind;
    return p;
}

int choose(const BookPolicy& p, std::uint64_t seed, std::vector<double>* noise = nullptr) {
    std::mt19937_64 rng(seed);
    return choose_candidate(TABLE, p, rng, noise);
}

TEST(BookPolicy, CandidateFromEntryTakesTheMoversView) {
    BookEntry e;
    e.white_wins = 5;
    e.draws = 3;
    e.black_wins = 2;
    e.mover = BLACK;
    e.add_game(GameResult::BLACK_WINS, 2400);
    BookCandidate c = BookCandidate::from_entry(e);
    EXPECT_EQ(c.wins, 3u);
    EXPECT_EQ(c.losses, 5u);
    EXPECT_EQ(c.draws, 3u);
    EXPECT_DOUBLE_EQ(c.score(), 4.5 / 11);
    EXPECT_DOUBLE_EQ(c.average_elo, 2400);
}

TEST(BookPolicy, Opta1IsUniformAmongMovesWithTwentyGames) {
    std::map<int, int> chosen;
    for (std::uint64_t seed = 0; seed < 400; ++seed)
        ++chosen[choose(policy(BookPolicyKind::OPTA1), seed)];
    EXPECT_EQ(chosen.count(C), 0u);
    for (int move : {A, B, D, E}) EXPECT_GT(chosen[move], 60) << move;
    BookPolicy lower = policy(BookPolicyKind::OPTA1);
    lower.min_games = 19;
    bool c_seen = false;
    for (std::uint64_t seed = 0; seed < 100; ++seed) c_seen = c_seen || choose(lower, seed) == C;
    EXPECT_TRUE(c_seen);
}

TEST(BookPolicy, Opta2TakesTheMostPoints) {
    EXPECT_EQ(choose(policy(BookPolicyKind::OPTA2), 1), B);
    std::vector<PolicyRating> r = rate_candidates(TABLE, policy(BookPolicyKind::OPTA2));
    EXPECT_DOUBLE_EQ(r[A].value, 60);
    EXPECT_DOUBLE_EQ(r[B].value, 150);
    EXPECT_FALSE(r[C].eligible);
}

TEST(BookPolicy, Opta3FiltersByRootFractionAndAddsSeededNoise) {
    std::vector<PolicyRating> r = rate_candidates(TABLE, policy(BookPolicyKind::OPTA3));
    EXPECT_TRUE(r[A].eligible);
    EXPECT_TRUE(r[B].eligible);
    EXPECT_FALSE(r[C].eligible);  // N < 20
    EXPECT_FALSE(r[D].eligible);  // N < N(root)/10
    EXPECT_FALSE(r[E].eligible);

    std::map<int, int> chosen;
    for (std::uint64_t seed = 0; seed < 1000; ++seed) {
        std::vector<double> noise, again;
        int choice = choose(policy(BookPolicyKind::OPTA3), seed, &noise);
        EXPECT_EQ(choose(policy(BookPolicyKind::OPTA3), seed, &again), choice);
        EXPECT_EQ(noise, again);
        ++chosen[choice];
        for (int i : {A, B}) {
            EXPECT_GE(noise[std::size_t(i)], 0.0);
            EXPECT_LT(noise[std::size_t(i)], 0.15);
        }
        for (int i : {C, D, E}) EXPECT_EQ(noise[std::size_t(i)], 0.0);
        // B wins only when its noise beats A's by more than the 0.1 score gap.
        EXPECT_EQ(choice, noise[B] - noise[A] > 0.1 ? B : A) << seed;
    }
    EXPECT_EQ(chosen[A] + chosen[B], 1000);
    EXPECT_GT(chosen[B], 10);  // about 5.6%

    BookPolicy quiet = policy(BookPolicyKind::OPTA3);
    quiet.noise = 0;
    EXPECT_EQ(choose(quiet, 3), A);
    quiet.root_fraction = 0;  // D's 0.75 now counts
    EXPECT_EQ(choose(quiet, 3), D);
}

TEST(BookPolicy, BestTakesTheHighestScoreWithEnoughGames) {
    EXPECT_EQ(choose(policy(BookPolicyKind::BEST), 1), D);
    BookPolicy any = policy(BookPolicyKind::BEST);
    any.min_games = 1;
    EXPECT_EQ(choose(any, 1), C);
}

TEST(BookPolicy, WilsonLowerBoundWeightedByElo) {
    EXPECT_NEAR(wilson_lower_bound(0.5, 100, 1.96), 0.4038, 1e-4);
    EXPECT_NEAR(wilson_lower_bound(1.0, 19, 1.96), 0.8318, 1e-4);
    EXPECT_EQ(wilson_lower_bound(0.5, 0, 1.96), 0.0);

    std::vector<PolicyRating> r = rate_candidates(TABLE, policy(BookPolicyKind::WILSON));
    EXPECT_TRUE(r[C].eligible);  // the interval, not a count, judges small samples
    // D: 0.5966 at the reference Elo gets half; C's 1500 average nearly removes it.
    EXPECT_NEAR(r[D].value, 0.5 * wilson_lower_bound(0.75, 40, 1.96), 1e-12);
    EXPECT_NEAR(r[C].value, wilson_lower_bound(1.0, 19, 1.96) / (1 + std::pow(10.0, 500.0 / 400)),
                1e-12);
    EXPECT_NEAR(r[E].value, 0.5 * wilson_lower_bound(0.3, 25, 1.96), 1e-12);  // unknown Elo
    EXPECT_EQ(choose(policy(BookPolicyKind::WILSON), 1), A);

    BookPolicy no_elo = policy(BookPolicyKind::WILSON);
    no_elo.elo_reference = 0;  // every known Elo weighs almost 1: the bound alone decides
    no_elo.min_games = 20;
    EXPECT_EQ(choose(no_elo, 1), D);
}

TEST(BookPolicy, WeightedFollowsTheGameCounts) {
    std::mt19937_64 rng(99);
    std::map<int, int> chosen;
    const int draws = 20000;
    for (int i = 0; i < draws; ++i)
        ++chosen[choose_candidate(TABLE, policy(BookPolicyKind::WEIGHTED), rng)];
    const double games[] = {100, 300, 19, 40, 25};
    for (int i : {A, B, C, D, E})
        EXPECT_NEAR(chosen[i] / double(draws), games[i] / 484, 0.015) << i;

    std::mt19937_64 one(5), two(5);
    for (int i = 0; i < 50; ++i)
        EXPECT_EQ(choose_candidate(TABLE, policy(BookPolicyKind::WEIGHTED), one),
                  choose_candidate(TABLE, policy(BookPolicyKind::WEIGHTED), two));
}

TEST(BookPolicy, NothingEligibleMeansNoBookMove) {
    std::vector<BookCandidate> thin = {candidate(1, 3, 2, 1, 2500)};
    std::mt19937_64 rng(1);
    for (BookPolicyKind kind : {BookPolicyKind::OPTA1, BookPolicyKind::OPTA2, BookPolicyKind::OPTA3,
                                BookPolicyKind::BEST})
        EXPECT_EQ(choose_candidate(thin, policy(kind), rng), -1);
    EXPECT_EQ(choose_candidate(thin, policy(BookPolicyKind::WEIGHTED), rng), 0);
    EXPECT_EQ(choose_candidate({}, policy(BookPolicyKind::WILSON), rng), -1);

    BookPolicyKind kind;
    EXPECT_TRUE(parse_book_policy("wilson", kind));
    EXPECT_EQ(kind, BookPolicyKind::WILSON);
    EXPECT_FALSE(parse_book_policy("opta4", kind));
}

}  // namespace
}  // namespace mneme
