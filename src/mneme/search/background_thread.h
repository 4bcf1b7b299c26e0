// One thread that runs the tasks handed to it, one at a time, for as long as it lives. A
// searcher keeps one for its searches in the background, so that each `go` does not create and
// end a thread: under the sanitizers that maps and unmaps the thread's shadow memory and stack
// every time, which was most of the protocol fuzzers' time.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace mneme {

class BackgroundThread {
public:
    BackgroundThread() = default;
    // Waits for the running task, then ends the thread.
    ~BackgroundThread();
    BackgroundThread(const BackgroundThread&) = delete;
    BackgroundThread& operator=(const BackgroundThread&) = delete;

    // Waits until the previous task has finished, then runs `task` in the thread (started on
    // first use). Not from inside a task, which would wait for itself.
    void run(std::function<void()> task);
    // Blocks until no task is running. From inside a task it returns at once (the task is
    // the one running).
    void wait();

private:
    void loop();

    std::mutex mutex_;
    std::condition_variable changed_;
    std::function<void()> task_;
    bool busy_ = false;  // from run() until the task has returned
    bool quit_ = false;
    std::thread thread_;
};

}  // namespace mneme
