// A progress line on stderr for long commands.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <string>

namespace mneme::app {

// A line that rewrites itself on a terminal; one line every 10 s otherwise.
class ProgressLine {
public:
    explicit ProgressLine(bool enabled) : enabled_(enabled), terminal_(isatty(STDERR_FILENO)) {}
    // Whether show() at `seconds` would print: callers can skip building the text.
    bool due(double seconds) const {
        return enabled_ && (terminal_ || seconds >= next_line_seconds_);
    }
    void show(double seconds, const std::string& text) {
        if (!due(seconds)) return;
        next_line_seconds_ = seconds + 10;
        std::fprintf(stderr, "%s%s%s", terminal_ ? "\r" : "", text.c_str(),
                     terminal_ ? "   " : "\n");
        shown_ = terminal_;
    }
    void clear() {
        if (shown_) std::fprintf(stderr, "\r\033[K");
        shown_ = false;
    }

private:
    bool enabled_, terminal_, shown_ = false;
    double next_line_seconds_ = 0;
};

}  // namespace mneme::app
