// What a search may spend and look at: the "go" parameters of UCI, in one struct.
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "mneme/core/types.h"

namespace mneme {

// A clock without moves-to-go is planned as if this many moves remained (the option
// PlannedMovesLeft changes it; see TimeManager::start).
constexpr int DEFAULT_PLANNED_MOVES_LEFT = 30;

struct SearchLimits {
    int depth = 0;                 // plies; 0 = no limit
    std::uint64_t nodes = 0;       // 0 = no limit
    std::int64_t movetime_ms = 0;  // 0 = no fixed time per move
    // Clock: time left and increment per side, moves until the next time control (0 = rest of
    // the game). NO_CLOCK means the side has no clock; any other value is what is left, and a
    // negative one (an overrun clock) means "move at once".
    static constexpr std::int64_t NO_CLOCK = std::numeric_limits<std::int64_t>::min();
    std::int64_t time_ms[2] = {NO_CLOCK, NO_CLOCK};
    std::int64_t increment_ms[2] = {0, 0};
    int moves_to_go = 0;
    int mate = 0;                        // look for a mate in this many moves; 0 = no
    bool infinite = false;               // search until stopped
    bool ponder = false;                 // search on the opponent's time until ponderhit or stop
    std::vector<Move> search_moves;      // restrict the root to these moves; empty = all
    std::int64_t move_overhead_ms = 10;  // time the GUI and the pipes lose per move
    // When the protocol read the request ("go", a move): the clock runs from there, so that
    // the time spent before the search thread starts is counted. Unset: from the search start.
    std::optional<std::chrono::steady_clock::time_point> start_time;

    bool has_clock(Color c) const { return time_ms[c] != NO_CLOCK; }
};

}  // namespace mneme
