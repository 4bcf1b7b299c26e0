// The time allocation rules: what a search may spend for every kind of limit.
#include <gtest/gtest.h>

#include <chrono>
#include <limits>
#include <random>

#include "mneme/search/time_manager.h"

namespace mneme {
namespace {

SearchLimits clock_limits(std::int64_t time_ms, std::int64_t increment_ms = 0,
                          int moves_to_go = 0) {
    SearchLimits limits;
    limits.time_ms[WHITE] = limits.time_ms[BLACK] = time_ms;
    limits.increment_ms[WHITE] = limits.increment_ms[BLACK] = increment_ms;
    limits.moves_to_go = moves_to_go;
    limits.move_overhead_ms = 30;
    return limits;
}

TEST(TimeManager, UnlimitedSearchesAreNotTimed) {
    TimeManager time;
    SearchLimits depth_only;
    depth_only.depth = 8;
    time.start(depth_only, WHITE);
    EXPECT_FALSE(time.is_timed());

    SearchLimits infinite = clock_limits(1000);
    infinite.infinite = true;
    time.start(infinite, WHITE);
    EXPECT_FALSE(time.is_timed());
    EXPECT_FALSE(time.out_of_time());
}

TEST(TimeManager, MoveTimeIsSpentInFullLessTheOverhead) {
    TimeManager time;
    SearchLimits limits;
    limits.movetime_ms = 500;
    limits.move_overhead_ms = 30;
    time.start(limits, BLACK);
    EXPECT_TRUE(time.is_timed());
    EXPECT_EQ(time.hard_limit_ms(), 470);
    EXPECT_EQ(time.soft_limit_ms(), 470);
}

TEST(TimeManager, SuddenDeathPlansForManyMoves) {
    TimeManager time;
    time.start(clock_limits(60'000), WHITE);
    // About a fortieth of the clock is the target; no iteration starts after half of it.
    EXPECT_GT(time.soft_limit_ms(), 500);
    EXPECT_LT(time.soft_limit_ms(), 1'500);
    EXPECT_GE(time.hard_limit_ms(), time.soft_limit_ms());
    EXPECT_LE(time.hard_limit_ms(), 60'000 / 5);
}

// PlannedMovesLeft: fewer planned moves, more time for each (the target is the clock divided by
// them), and moves-to-go still bounds the plan.
TEST(TimeManager, FewerPlannedMovesGiveEachMoreTime) {
    TimeManager thirty, fifteen, sixty;
    thirty.start(clock_limits(60'000), WHITE);
    fifteen.start(clock_limits(60'000), WHITE, 15);
    sixty.start(clock_limits(60'000), WHITE, 60);
    EXPECT_EQ(thirty.soft_limit_ms(), (60'000 - 30) / 30 * 7 / 10);  // the default plans 30 moves
    EXPECT_GT(fifteen.soft_limit_ms(), thirty.soft_limit_ms() * 19 / 10);
    EXPECT_LT(sixty.soft_limit_ms(), thirty.soft_limit_ms() * 11 / 20);
    TimeManager to_go_default, to_go_fifteen;
    to_go_default.start(clock_limits(60'000, 0, 10), WHITE);
    to_go_fifteen.start(clock_limits(60'000, 0, 10), WHITE, 15);
    EXPECT_EQ(to_go_default.soft_limit_ms(), to_go_fifteen.soft_limit_ms());
}

TEST(TimeManager, IncrementIsUsed) {
    TimeManager without, with;
    without.start(clock_limits(10'000), WHITE);
    with.start(clock_limits(10'000, 1'000), WHITE);
    EXPECT_GT(with.soft_limit_ms(), without.soft_limit_ms());
    EXPECT_GT(with.hard_limit_ms(), without.hard_limit_ms());
}

TEST(TimeManager, MovesToGoIsRespected) {
    TimeManager many, few, last;
    many.start(clock_limits(30'000, 0, 30), WHITE);
    few.start(clock_limits(30'000, 0, 5), WHITE);
    last.start(clock_limits(30'000, 0, 1), WHITE);
    EXPECT_LT(many.soft_limit_ms(), few.soft_limit_ms());
    EXPECT_LE(few.soft_limit_ms(), last.soft_limit_ms());
    // Even the last move before the control keeps a tenth of the clock.
    EXPECT_LE(last.hard_limit_ms(), 30'000 * 9 / 10);
}

TEST(TimeManager, UsesTheClockOfTheSideToMove) {
    SearchLimits limits = clock_limits(60'000);
    limits.time_ms[BLACK] = 2'000;
    TimeManager white, black;
    white.start(limits, WHITE);
    black.start(limits, BLACK);
    EXPECT_GT(white.hard_limit_ms(), black.hard_limit_ms());
    EXPECT_LE(black.hard_limit_ms(), 2'000 * 4 / 5);
}

TEST(TimeManager, NeverPlansMoreThanASafeFractionOfTheClock) {
    std::mt19937 random(7);
    std::uniform_int_distribution<std::int64_t> clock(0, 600'000), increment(0, 30'000);
    std::uniform_int_distribution<int> moves(0, 60);
    for (int i = 0; i < 10'000; ++i) {
        SearchLimits limits = clock_limits(clock(random), increment(random), moves(random));
        TimeManager time;
        time.start(limits, WHITE);
        std::int64_t usable = std::max<std::int64_t>(limits.time_ms[WHITE] - 30, 1);
        ASSERT_GE(time.soft_limit_ms(), 1);
        ASSERT_LE(time.soft_limit_ms(), time.hard_limit_ms());
        // Whatever the increment, at most 90% of what is left (80% unless it is the last
        // move before the control): the increment only arrives after the move.
        ASSERT_LE(time.hard_limit_ms(), std::max<std::int64_t>(usable * 9 / 10, 1))
            << "time " << limits.time_ms[WHITE] << " inc " << limits.increment_ms[WHITE] << " mtg "
            << limits.moves_to_go;
        if (limits.moves_to_go != 1) {
            ASSERT_LE(time.hard_limit_ms(), std::max<std::int64_t>(usable * 4 / 5, 1));
        }
    }
}

TEST(TimeManager, EmergencyWhenTheClockIsNearlyOut) {
    SearchLimits limits = clock_limits(80, 5'000);
    TimeManager time;
    time.start(limits, WHITE);
    EXPECT_LE(time.hard_limit_ms(), 10);
    EXPECT_EQ(emergency_depth_limit(limits, WHITE), EMERGENCY_DEPTH);
    limits.depth = 2;
    EXPECT_EQ(emergency_depth_limit(limits, WHITE), 2);

    SearchLimits relaxed = clock_limits(60'000);
    EXPECT_EQ(emergency_depth_limit(relaxed, WHITE), 0);
    SearchLimits fixed;
    fixed.movetime_ms = 50;
    EXPECT_EQ(emergency_depth_limit(fixed, WHITE), 0);
}

TEST(TimeManager, HardLimitIsReachedOnTheClock) {
    SearchLimits limits;
    limits.movetime_ms = 40;
    limits.move_overhead_ms = 30;
    TimeManager time;
    time.start(limits, WHITE);
    EXPECT_FALSE(time.out_of_time());
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    while (!time.out_of_time() && std::chrono::steady_clock::now() < deadline) {}
    EXPECT_TRUE(time.out_of_time());
    EXPECT_GE(time.elapsed_ms(), 10);
}

// Whatever a GUI sends, the budget is computed without overflow and stays sane: UBSan in the
// sanitizer build checks the arithmetic, this the outcome.
TEST(TimeManager, ExtremeClocksNeitherOverflowNorMoveInstantly) {
    constexpr std::int64_t huge = std::numeric_limits<std::int64_t>::max();
    for (std::int64_t clock : {huge, huge - 1, MAX_CLOCK_MS * 10}) {
        for (std::int64_t increment : {std::int64_t(0), huge}) {
            for (int moves_to_go : {0, 1, 30, std::numeric_limits<int>::max()}) {
                SearchLimits limits = clock_limits(clock, increment, moves_to_go);
                TimeManager time;
                time.start(limits, WHITE);
                EXPECT_TRUE(time.is_timed());
                // Whole days to think: nothing wrapped round to a tiny or negative limit.
                EXPECT_GT(time.soft_limit_ms(), 86'400'000) << clock << " " << increment;
                EXPECT_LE(time.soft_limit_ms(), time.hard_limit_ms());
            }
        }
    }
    SearchLimits fixed;
    fixed.movetime_ms = huge;
    TimeManager time;
    time.start(fixed, BLACK);
    EXPECT_GT(time.hard_limit_ms(), 86'400'000);
    // An overhead as large as the clock leaves the least there is, not a negative budget.
    SearchLimits overhead = clock_limits(huge, huge);
    overhead.move_overhead_ms = huge;
    time.start(overhead, WHITE);
    EXPECT_GE(time.soft_limit_ms(), 1);
    EXPECT_LE(time.soft_limit_ms(), time.hard_limit_ms());
}

// A clock below zero has run out: no time to think beyond the first iteration.
TEST(TimeManager, NegativeClockMeansMoveAtOnce) {
    for (std::int64_t clock : {std::int64_t(-1), std::int64_t(-500), SearchLimits::NO_CLOCK + 1}) {
        SearchLimits limits = clock_limits(clock, 1'000);
        limits.time_ms[BLACK] = 60'000;
        ASSERT_TRUE(limits.has_clock(WHITE));
        TimeManager time;
        time.start(limits, WHITE);
        EXPECT_TRUE(time.is_timed());
        EXPECT_TRUE(time.should_stop_iterating()) << clock;
        EXPECT_EQ(emergency_depth_limit(limits, WHITE), 1) << clock;
    }
    EXPECT_FALSE(SearchLimits().has_clock(WHITE));
}

// The clock runs from when the request was read, not from when the search began.
TEST(TimeManager, CountsFromTheStartTimeGiven) {
    SearchLimits limits;
    limits.movetime_ms = 300;
    limits.move_overhead_ms = 0;
    limits.start_time = std::chrono::steady_clock::now() - std::chrono::milliseconds(400);
    TimeManager time;
    time.start(limits, WHITE);
    EXPECT_GE(time.elapsed_ms(), 400);
    EXPECT_TRUE(time.out_of_time());
}

// The search may stretch or shrink the time planned from a clock (TimeStability), but never
// beyond a tenth of the clock, and a fixed time per move stays fixed.
TEST(TimeManager, ScaledBudgetsStayWithinTheStretchLimit) {
    // Whether a search started `ms` ago under `limits` stops iterating at `scale`.
    auto stops = [](SearchLimits limits, int ms, double scale) {
        limits.start_time = std::chrono::steady_clock::now() - std::chrono::milliseconds(ms);
        TimeManager time;
        time.start(limits, WHITE);
        return time.should_stop_iterating(scale);
    };
    // 60 s: the plan is about 2 s, of which 70% (1.4 s) before no new iteration starts.
    SearchLimits clock = clock_limits(60'000);
    EXPECT_TRUE(stops(clock, 1'500, 1.0));
    EXPECT_FALSE(stops(clock, 1'500, 2.0));
    EXPECT_TRUE(stops(clock, 1'500, 0.5));
    // However hard the position, a tenth of the clock (6 s) is the most.
    EXPECT_FALSE(stops(clock, 5'000, 10.0));
    EXPECT_TRUE(stops(clock, 6'500, 10.0));

    SearchLimits fixed;
    fixed.movetime_ms = 5'000;
    EXPECT_FALSE(stops(fixed, 3'000, 0.5));
    EXPECT_TRUE(stops(fixed, 5'500, 2.0));
}

}  // namespace
}  // namespace mneme
