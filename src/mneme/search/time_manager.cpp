#include "mneme/search/time_manager.h"

#include <algorithm>

namespace mneme {

namespace {

// A time from a GUI brought into a range where the budget arithmetic below cannot overflow,
// whatever the GUI sent ("wtime 9223372036854775807").
std::int64_t sane_ms(std::int64_t ms) { return std::clamp(ms, -MAX_CLOCK_MS, MAX_CLOCK_MS); }

// Time left on `us`'s clock once the overhead of this move (and `reserve_ms` more) is paid, at
// least 1 ms.
std::int64_t usable_time(const SearchLimits& limits, Color us, std::int64_t reserve_ms = 0) {
    std::int64_t overhead = std::max<std::int64_t>(sane_ms(limits.move_overhead_ms), 0) +
                            std::clamp<std::int64_t>(reserve_ms, 0, 1000);
    return std::max<std::int64_t>(sane_ms(limits.time_ms[us]) - overhead, 1);
}

bool flagged(const SearchLimits& limits, Color us) {
    return limits.has_clock(us) && limits.time_ms[us] < 0;
}

}  // namespace

int emergency_depth_limit(const SearchLimits& limits, Color us) {
    if (limits.movetime_ms > 0 || limits.infinite || !limits.has_clock(us)) return limits.depth;
    if (flagged(limits, us)) return 1;
    if (usable_time(limits, us) >= EMERGENCY_TIME_MS) return limits.depth;
    return limits.depth > 0 ? std::min(limits.depth, EMERGENCY_DEPTH) : EMERGENCY_DEPTH;
}

void TimeManager::start(const SearchLimits& limits, Color us, int planned_moves_left,
                        std::int64_t lag_reserve_ms) {
    if (limits.start_time)
        start_ticks_ = limits.start_time->time_since_epoch().count();
    else
        restart_clock();
    timed_ = false;
    soft_limit_ms_ = hard_limit_ms_ = stretch_limit_ms_ = 0;
    if (limits.infinite) return;

    std::int64_t overhead = std::max<std::int64_t>(sane_ms(limits.move_overhead_ms), 0);
    if (limits.movetime_ms > 0) {
        // A fixed time per move is spent in full: a late iteration may still change the move.
        timed_ = true;
        hard_limit_ms_ = std::max<std::int64_t>(sane_ms(limits.movetime_ms) - overhead, 1);
        soft_limit_ms_ = hard_limit_ms_;
        return;
    }
    if (!limits.has_clock(us)) return;

    timed_ = true;
    if (flagged(limits, us)) {
        // The clock has run out already: no time at all, so the search ends after the first
        // iteration (which always completes).
        return;
    }
    // A clock is planned as if the stalls of a loaded machine had already taken their share.
    std::int64_t time_left = usable_time(limits, us, lag_reserve_ms);
    std::int64_t increment = std::max<std::int64_t>(sane_ms(limits.increment_ms[us]), 0);
    if (time_left < EMERGENCY_TIME_MS) {
        // Nearly flagged: a tenth of what is left, and never the increment, which only
        // arrives after the move.
        soft_limit_ms_ = hard_limit_ms_ = std::max<std::int64_t>(time_left / 10, 1);
        return;
    }
    // Plan as if this many moves remain; a sudden-death game is assumed to last
    // `planned_moves_left` more.
    std::int64_t planned = std::clamp(planned_moves_left, 1, 1000);
    std::int64_t moves_left =
        limits.moves_to_go > 0 ? std::min<std::int64_t>(limits.moves_to_go, planned) : planned;
    std::int64_t target = time_left / moves_left + increment * 3 / 4;
    // Never plan to use more than half of what is left: the game may go on long.
    target = std::clamp<std::int64_t>(target, 1, time_left / 2 + 1);
    // The next iteration usually costs more than all before it, so none starts after 70% of
    // the target; a running one is cut off at a few times the target, well before the flag.
    soft_limit_ms_ = std::max<std::int64_t>(target * 7 / 10, 1);
    std::int64_t cap = limits.moves_to_go == 1 ? time_left * 9 / 10 : time_left * 4 / 5;
    hard_limit_ms_ = std::clamp<std::int64_t>(target * 4, 1, std::max<std::int64_t>(cap, 1));
    // A move the search finds hard may take longer than planned, up to a tenth of the clock.
    stretch_limit_ms_ = std::max<std::int64_t>(time_left / 10, 1);
}

void TimeManager::restart_clock() { start_ticks_ = Clock::now().time_since_epoch().count(); }

std::int64_t TimeManager::elapsed_ms(Clock::time_point now) const {
    auto start = Clock::time_point(Clock::duration(start_ticks_.load()));
    return std::chrono::duration_cast<std::chrono::milliseconds>(now - start).count();
}

}  // namespace mneme
