// Whole lines to a stream from several threads: the search reports while the protocol answers.
#pragma once

#include <algorithm>
#include <mutex>
#include <ostream>
#include <string>

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

    static std::string printable(const std::string& text) {
        auto is_control = [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; };
        if (std::none_of(text.begin(), text.end(), is_control)) return text;
        static const char digits[] = "0123456789abcdef";
        std::string shown;
        for (char c : text) {
            if (!is_control(c)) {
                shown.push_back(c);
                continue;
            }
            const auto byte = static_cast<unsigned char>(c);
            shown += "\\x";
            shown.push_back(digits[byte >> 4]);
            shown.push_back(digits[byte & 15]);
        }
        return shown;
    }

private:
    std::ostream& out_;
    std::mutex mutex_;
};

}  // namespace mneme
