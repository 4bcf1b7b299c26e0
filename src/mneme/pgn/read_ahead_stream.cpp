#include "mneme/pgn/read_ahead_stream.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace mneme {

namespace {

constexpr std::size_t BLOCK_SIZE = 1 << 20;
constexpr int BLOCK_COUNT = 4;

class ReadAheadStream final : public InputStream {
public:
    explicit ReadAheadStream(std::unique_ptr<InputStream> source) : source_(std::move(source)) {
        compression_ = source_->compression();
        total_bytes_ = source_->total_bytes();
        for (int i = 0; i < BLOCK_COUNT; ++i) free_.push_back(std::vector<char>(BLOCK_SIZE));
        worker_ = std::thread([this] { produce(); });
    }
    ReadAheadStream(const ReadAheadStream&) = delete;
    ReadAheadStream& operator=(const ReadAheadStream&) = delete;

    ~ReadAheadStream() override {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        changed_.notify_all();
        worker_.join();
    }

    std::size_t read(char* buffer, std::size_t size) override {
        std::size_t copied = 0;
        while (copied < size) {
            if (current_offset_ == current_.size() && !next_block()) break;
            std::size_t n = std::min(size - copied, current_.size() - current_offset_);
            std::memcpy(buffer + copied, current_.data() + current_offset_, n);
            current_offset_ += n;
            copied += n;
        }
        return copied;
    }

    std::uint64_t bytes_consumed() const override { return consumed_.load(); }

private:
    // Hands the used block back and takes the next decoded one; false at the end.
    bool next_block() {
        std::unique_lock lock(mutex_);
        if (current_.capacity()) {
            current_.resize(BLOCK_SIZE);
            free_.push_back(std::move(current_));
            current_ = {};
            changed_.notify_all();
        }
        changed_.wait(lock, [&] { return !full_.empty() || finished_; });
        current_offset_ = 0;
        if (full_.empty()) {
            error_ = source_error_;
            return false;
        }
        current_ = std::move(full_.front());
        full_.pop_front();
        return true;
    }

    void produce() {
        for (;;) {
            std::vector<char> block;
            {
                std::unique_lock lock(mutex_);
                changed_.wait(lock, [&] { return !free_.empty() || stopping_; });
                if (stopping_) break;
                block = std::move(free_.front());
                free_.pop_front();
            }
            std::size_t got = source_->read(block.data(), block.size());
            consumed_ = source_->bytes_consumed();
            std::lock_guard lock(mutex_);
            if (got == 0) {
                source_error_ = source_->error();
                break;
            }
            block.resize(got);
            full_.push_back(std::move(block));
            changed_.notify_all();
        }
        std::lock_guard lock(mutex_);
        finished_ = true;
        changed_.notify_all();
    }

    std::unique_ptr<InputStream> source_;
    std::thread worker_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::vector<char>> free_;
    std::deque<std::vector<char>> full_;
    std::vector<char> current_;
    std::size_t current_offset_ = 0;
    std::string source_error_;
    std::atomic<std::uint64_t> consumed_{0};
    bool stopping_ = false;
    bool finished_ = false;
};

}  // namespace

std::unique_ptr<InputStream> read_ahead(std::unique_ptr<InputStream> source) {
    return std::make_unique<ReadAheadStream>(std::move(source));
}

}  // namespace mneme
