// Whole lines to a stream from several threads: the search reports while the protocol answers.
#pragma once

#include <mutex>
#include <ostream>
#include <string>

namespace mneme {

class LineOutput {
public:
    explicit LineOutput(std::ostream& out) : out_(out) {}

    // Writes `text` and a newline, flushed at once: a GUI waits on every line.
    void line(const std::string& text) {
        std::lock_guard lock(mutex_);
        out_ << text << std::endl;
    }

private:
    std::ostream& out_;
    std::mutex mutex_;
};

}  // namespace mneme
