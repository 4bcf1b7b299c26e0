// How long a search may think: a soft limit checked between iterations and a hard limit
// checked during them.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>

#include "mneme/search/limits.h"

namespace mneme {

// Below this much time left on the clock (after the move overhead) there is no time to think:
// the budget is a sliver of what is left, and protocols also cap the depth (see below) so
// that even the always-completed first iterations stay quick.
constexpr std::int64_t EMERGENCY_TIME_MS = 100;
constexpr int EMERGENCY_DEPTH = 4;
// Clock values beyond this (about 31 years) are treated as this: the budget arithmetic then
// cannot overflow.
constexpr std::int64_t MAX_CLOCK_MS = 1'000'000'000'000;

// The depth limit to search `us`'s move with: `limits.depth`, tightened to EMERGENCY_DEPTH
// when the clock is almost out, and to 1 when it has run out (a negative time left).
int emergency_depth_limit(const SearchLimits& limits, Color us);

class TimeManager {
public:
    // Starts the clock (at limits.start_time when set) and works out the budget for `us` from
    // the limits. A negative time left means "move at once": the limits are zero. A clock
    // without moves-to-go is planned as if `planned_moves_left` moves remained, and with
    // `lag_reserve_ms` (SchedulingLag's) less on it than the clock says.
    void start(const SearchLimits& limits, Color us,
               int planned_moves_left = DEFAULT_PLANNED_MOVES_LEFT,
               std::int64_t lag_reserve_ms = 0);
    // After a ponderhit the move is ours to make: the budget counts from now. Safe to call
    // from another thread than the searching one.
    void restart_clock();

    std::int64_t elapsed_ms(std::chrono::steady_clock::time_point now) const;
    std::int64_t elapsed_ms() const { return elapsed_ms(std::chrono::steady_clock::now()); }
    // False for depth-, node-, mate-limited and infinite searches.
    bool is_timed() const { return timed_; }
    // Whether to stop before starting another iteration.
    // `scale` stretches or shrinks the time planned from a clock, never beyond the stretch
    // limit (a tenth of the clock: short of time, a move is not stretched at all) nor the
    // hard limit.
    bool should_stop_iterating(double scale = 1.0) const {
        if (!timed_) return false;
        if (stretch_limit_ms_ == 0) scale = 1.0;  // a fixed time per move is spent as given
        double limit = double(soft_limit_ms_) * scale;
        if (scale > 1.0)
            limit = std::min(limit, double(std::max(stretch_limit_ms_, soft_limit_ms_)));
        return double(elapsed_ms()) >= std::min(limit, double(hard_limit_ms_));
    }
    // Whether to abandon the search now, at `now`, keeping `reserve_ms` in hand (at most half
    // the hard limit, so that a loaded machine still thinks).
    bool out_of_time(std::chrono::steady_clock::time_point now = std::chrono::steady_clock::now(),
                     std::int64_t reserve_ms = 0) const {
        return timed_ &&
               elapsed_ms(now) + std::clamp<std::int64_t>(reserve_ms, 0, hard_limit_ms_ / 2) >=
                   hard_limit_ms_;
    }

    std::int64_t soft_limit_ms() const { return soft_limit_ms_; }
    std::int64_t hard_limit_ms() const { return hard_limit_ms_; }

private:
    using Clock = std::chrono::steady_clock;

    std::atomic<Clock::rep> start_ticks_{0};
    bool timed_ = false;
    std::int64_t soft_limit_ms_ = 0;
    std::int64_t hard_limit_ms_ = 0;
    std::int64_t stretch_limit_ms_ = 0;
};

}  // namespace mneme
