// The reserve a timed search keeps for a loaded machine: twice the longest stall between its
// time checks, carried to later searches and fading once the machine is quiet; and the time
// manager's use of it (an earlier stop, a clock planned with less on it).
#include <gtest/gtest.h>

#include <chrono>

#include "mneme/search/scheduling_lag.h"
#include "mneme/search/time_manager.h"

namespace mneme {
namespace {

using std::chrono::microseconds;
using std::chrono::milliseconds;

TEST(SchedulingLag, KeepsTwiceTheLongestStallAndLetsItFade) {
    SchedulingLag lag;
    auto t = SchedulingLag::Clock::time_point() + milliseconds(1000);
    EXPECT_EQ(lag.reserve_ms(), 0);  // nothing seen yet
    lag.start_search(t);
    // An idle machine: checks a few hundred microseconds apart, no reserve worth a millisecond.
    for (int i = 0; i < 100; ++i) lag.note_check(t += microseconds(400));
    EXPECT_EQ(lag.reserve_ms(), 0);
    // The core taken away for 30 ms: 60 ms in reserve from then on, in this search already.
    lag.note_check(t += milliseconds(30));
    lag.note_check(t += microseconds(400));
    EXPECT_EQ(lag.reserve_ms(), 60);
    lag.end_search();
    EXPECT_EQ(lag.carried_reserve_ms(), 60);
    // Quiet searches after it: the memory fades by a quarter each, and a new stall counts at
    // once if it is the longer.
    for (int search = 0; search < 3; ++search) {
        lag.start_search(t);
        lag.note_check(t += microseconds(400));
        EXPECT_EQ(lag.reserve_ms(), lag.carried_reserve_ms());
        lag.end_search();
    }
    EXPECT_EQ(lag.carried_reserve_ms(), 25);  // 30 ms x (3/4)^3 = 12.66 ms, twice
    lag.start_search(t);
    lag.note_check(t += milliseconds(40));
    EXPECT_EQ(lag.reserve_ms(), 80);
    // A suspended machine is not a loaded one: the reserve has a ceiling.
    lag.note_check(t += std::chrono::minutes(10));
    EXPECT_EQ(lag.reserve_ms(), SchedulingLag::MAX_RESERVE_MS);
}

TEST(SchedulingLag, TheReserveStopsATimedSearchEarlierButNotBeforeHalfItsTime) {
    TimeManager time;
    SearchLimits limits;
    limits.movetime_ms = 100;
    limits.move_overhead_ms = 10;
    auto start = std::chrono::steady_clock::now();
    limits.start_time = start;
    time.start(limits, WHITE);
    ASSERT_EQ(time.hard_limit_ms(), 90);
    EXPECT_FALSE(time.out_of_time(start + milliseconds(50)));
    EXPECT_TRUE(time.out_of_time(start + milliseconds(50), 40));    // 50 + 40 >= 90
    EXPECT_FALSE(time.out_of_time(start + milliseconds(44), 200));  // the reserve counts 45 at most
    EXPECT_TRUE(time.out_of_time(start + milliseconds(45), 200));
}

TEST(SchedulingLag, AClockIsPlannedWithTheReserveTakenOff) {
    SearchLimits limits;
    limits.time_ms[WHITE] = limits.time_ms[BLACK] = 2000;
    limits.increment_ms[WHITE] = limits.increment_ms[BLACK] = 20;
    limits.move_overhead_ms = 10;
    TimeManager idle, loaded;
    idle.start(limits, WHITE);
    loaded.start(limits, WHITE, DEFAULT_PLANNED_MOVES_LEFT, 60);
    EXPECT_EQ(idle.soft_limit_ms(), ((2000 - 10) / 30 + 15) * 7 / 10);
    EXPECT_EQ(loaded.soft_limit_ms(), ((2000 - 70) / 30 + 15) * 7 / 10);
    // A fixed time per move is not planned: its reserve is taken as the search goes.
    SearchLimits fixed;
    fixed.movetime_ms = 100;
    fixed.move_overhead_ms = 10;
    TimeManager fixed_time;
    fixed_time.start(fixed, WHITE, DEFAULT_PLANNED_MOVES_LEFT, 60);
    EXPECT_EQ(fixed_time.hard_limit_ms(), 90);
}

}  // namespace
}  // namespace mneme
