// A chess clock with a base time and an increment (Fischer), driven by explicit time points so
// that tests need no waiting.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "mneme/core/types.h"

namespace mneme::gui {

struct ClockSettings {
    bool enabled = false;
    std::int64_t base_ms = 5 * 60 * 1000;
    std::int64_t increment_ms = 3000;
};

class GameClock {
public:
    using TimePoint = std::chrono::steady_clock::time_point;

    // Both sides back to the base time, nobody's time running.
    void reset(const ClockSettings& settings);

    // `side`'s time starts running at `now` (stopping the other side's, without increment).
    void start(Color side, TimePoint now);
    // The running side's time stops at `now`; with `add_increment` it earns the increment (a
    // completed move).
    void stop(TimePoint now, bool add_increment);
    // A move was made: the mover earns the increment and the other side's time runs.
    void press(TimePoint now);

    bool enabled() const { return settings_.enabled; }
    const ClockSettings& settings() const { return settings_; }
    std::optional<Color> running() const { return running_; }
    // Sets a side's time, as when a saved game is resumed (the clock must not be running).
    void set_remaining_ms(Color side, std::int64_t ms) { remaining_ms_[side] = ms; }
    // Time left for `side` at `now` (negative once the flag has fallen).
    std::int64_t remaining_ms(Color side, TimePoint now) const;
    // When the running side's flag falls; meaningful only while a side is running.
    TimePoint deadline() const;

private:
    ClockSettings settings_;
    std::int64_t remaining_ms_[2] = {0, 0};  // at the moment the running side's turn began
    std::optional<Color> running_;
    TimePoint turn_started_;
};

}  // namespace mneme::gui
