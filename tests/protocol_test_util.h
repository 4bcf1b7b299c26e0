// Helpers for tests that drive an engine protocol while its search thread runs.
#pragma once

#include <chrono>
#include <mutex>
#include <streambuf>
#include <string>
#include <thread>

namespace mneme::test {

// An output stream that the test thread may read while the search thread writes to it.
class SharedOutput : public std::streambuf {
public:
    std::string text() {
        std::lock_guard lock(mutex_);
        return text_;
    }
    // Polls until `needle` appears `count` times; false after `seconds`.
    bool wait_for(const std::string& needle, int count, int seconds) {
        auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
        while (std::chrono::steady_clock::now() < deadline) {
            std::string now = text();
            int found = 0;
            for (auto at = now.find(needle); at != std::string::npos; at = now.find(needle, at + 1))
                ++found;
            if (found >= count) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        return false;
    }

protected:
    int overflow(int c) override {
        std::lock_guard lock(mutex_);
        if (c != EOF) text_ += char(c);
        return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        std::lock_guard lock(mutex_);
        text_.append(s, std::size_t(n));
        return n;
    }

private:
    std::mutex mutex_;
    std::string text_;
};

}  // namespace mneme::test
