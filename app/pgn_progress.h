// The progress line of the pgn commands: games/s, percentage and time left on stderr, only
// when stderr is a terminal.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "mneme/pgn/pgn_reader.h"

namespace mneme::app {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Games/s and percentage on one stderr line, only when stderr is a terminal.
class Progress {
public:
    Progress() : enabled_(isatty(STDERR_FILENO)), start_(Clock::now()), last_(start_) {}

    void update(const PgnReader& reader, std::uint64_t games) {
        if (!enabled_ || (games & 1023) != 0) return;
        auto now = Clock::now();
        if (now - last_ < std::chrono::milliseconds(250)) return;
        last_ = now;
        double elapsed = seconds_since(start_);
        std::fprintf(stderr, "\r%s: %llu games, %.0f games/s", reader.name().c_str(),
                     static_cast<unsigned long long>(games), games / std::max(elapsed, 1e-9));
        if (std::uint64_t total = reader.total_bytes()) {
            double fraction = double(reader.bytes_consumed()) / double(total);
            std::fprintf(stderr, ", %.0f%%", 100 * fraction);
            if (fraction > 0.01)
                std::fprintf(stderr, ", %.0f s left", elapsed * (1 - fraction) / fraction);
        }
        std::fprintf(stderr, "   ");
        shown_ = true;
    }
    // Erases the progress line, before other output or at the end of a file.
    void clear() {
        if (shown_) std::fprintf(stderr, "\r\033[K");
        shown_ = false;
    }
    void finish() {
        clear();
        start_ = last_ = Clock::now();
    }

private:
    bool enabled_;
    bool shown_ = false;
    Clock::time_point start_, last_;
};

}  // namespace mneme::app
