// Whole lines to a stream from several threads: the search reports while the protocol answers.
#pragma once

#include <mutex>
#include <ostream>
#include <string>

#include "mneme/util/text.h"

namespace mneme {

class LineOutput {
public:
    explicit LineOutput(std::ostream& out) : out_(out) {}

    // Writes `text` and a newline, flushed at once: a GUI waits on every line. Control bytes
    // (echoed from a command the engine was sent) are written as \xNN: a raw newline would split
    // the line into two protocol lines and escape sequences would drive the reader's terminal.
    void line(const std::string& text) {
        std::lock_guard lock(mutex_);
        out_ << printable(text) << std::endl;
    }

private:
    std::ostream& out_;
    std::mutex mutex_;
};

}  // namespace mneme
