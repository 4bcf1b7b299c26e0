// How long the searching thread went without running. Between two of its time checks (1,024
// nodes apart, a fraction of a millisecond) an idle machine lets it run on; an overloaded one
// takes the core away for tens of milliseconds at a time. The same stalls delay the `go` that
// reaches the engine and the `bestmove` it writes, outside the search's own clock, so a timed
// search keeps twice the longest stall it has seen in reserve: it stops that much earlier, and a
// clock is planned with that much less on it. Found by the hardening soak beside 8 busy loops on
// 2 cores (2026-11-28): moves of 150-190 ms at a fixed 100 ms, with the Move Overhead's 10 ms.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace mneme {

class SchedulingLag {
public:
    using Clock = std::chrono::steady_clock;

    // No reserve beyond this, whatever was seen (a suspended laptop is not a loaded one).
    static constexpr std::int64_t MAX_RESERVE_MS = 200;

    // A timed search starts: its longest stall so far is none.
    void start_search(Clock::time_point now) {
        last_check_ = now;
        longest_us_ = 0;
    }
    // A time check of the search: the time since the previous one is a stall.
    void note_check(Clock::time_point now) {
        auto gap = std::chrono::duration_cast<std::chrono::microseconds>(now - last_check_).count();
        longest_us_ = std::max<std::int64_t>(longest_us_, gap);
        last_check_ = now;
    }
    // The search ended: what it saw carries to the next ones, fading by a quarter a search once
    // the machine is quiet again.
    void end_search() { carried_us_ = std::max(longest_us_, carried_us_ * 3 / 4); }

    // The time to keep in reserve now: twice the longest stall of this search or the fading
    // memory of earlier ones.
    std::int64_t reserve_ms() const { return reserve_for(std::max(longest_us_, carried_us_)); }
    // The reserve carried from earlier searches, for planning the next one.
    std::int64_t carried_reserve_ms() const { return reserve_for(carried_us_); }

private:
    static std::int64_t reserve_for(std::int64_t stall_us) {
        return std::min<std::int64_t>(2 * stall_us / 1000, MAX_RESERVE_MS);
    }

    Clock::time_point last_check_{};
    std::int64_t longest_us_ = 0;
    std::int64_t carried_us_ = 0;
};

}  // namespace mneme
