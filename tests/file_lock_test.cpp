// FileLock: one holder at a time, across open files (as across processes); a lock that cannot be
// made is refused with the file's name.
#include "mneme/util/file_lock.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include <unistd.h>

namespace mneme {
namespace {

TEST(FileLock, ASecondHolderWaitsForTheFirst) {
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("mneme-file-lock-" + std::to_string(::getpid()) + ".lock"))
                                 .string();
    std::atomic<bool> first_holds{false}, first_done{false};
    bool second_saw_first_done = false;
    std::thread first([&] {
        FileLock lock(path);
        first_holds = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        first_done = true;  // released right after this, by the destructor
    });
    while (!first_holds) std::this_thread::yield();
    {
        FileLock lock(path);  // its own open file: waits as another process would
        second_saw_first_done = first_done;
    }
    first.join();
    EXPECT_TRUE(second_saw_first_done);
    std::filesystem::remove(path);
    EXPECT_THROW(FileLock("/nonexistent-folder-of-mneme/run.csv.lock"), std::runtime_error);
}

}  // namespace
}  // namespace mneme
