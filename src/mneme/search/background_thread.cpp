#include "mneme/search/background_thread.h"

namespace mneme {

BackgroundThread::~BackgroundThread() {
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return !busy_; });
        quit_ = true;
    }
    changed_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void BackgroundThread::run(std::function<void()> task) {
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return !busy_; });
        task_ = std::move(task);
        busy_ = true;
        if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
    }
    changed_.notify_all();
}

void BackgroundThread::wait() {
    std::unique_lock lock(mutex_);  // also for thread_, which run() may have just set
    if (std::this_thread::get_id() == thread_.get_id()) return;
    changed_.wait(lock, [this] { return !busy_; });
}

void BackgroundThread::loop() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [this] { return quit_ || task_; });
        if (!task_) return;  // quit_ with nothing left to run
        std::function<void()> task = std::move(task_);
        task_ = nullptr;
        lock.unlock();
        task();
        task = nullptr;  // its captures are freed before the waiters are told
        lock.lock();
        busy_ = false;
        changed_.notify_all();
    }
}

}  // namespace mneme
