// The thread a searcher keeps for its searches: tasks run one after the other in one thread,
// wait() returns once the task has returned, and the end waits for a running task.
#include "mneme/search/background_thread.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "mneme/core/position.h"
#include "mneme/search/search_thread.h"

namespace mneme {
namespace {

TEST(BackgroundThread, TasksRunOneAfterTheOtherInOneThreadOtherThanTheCaller) {
    BackgroundThread background;
    std::vector<std::thread::id> ran_in;
    std::vector<int> order;
    for (int i = 0; i < 5; ++i) {
        background.run([&, i] {
            // A slow first task: the second must not start before it ends.
            if (i == 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
            ran_in.push_back(std::this_thread::get_id());
            order.push_back(i);
        });
    }
    background.wait();
    ASSERT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
    for (std::thread::id id : ran_in) EXPECT_EQ(id, ran_in.front());
    EXPECT_NE(ran_in.front(), std::this_thread::get_id());
}

TEST(BackgroundThread, WaitReturnsOnlyOnceTheTaskHasReturned) {
    BackgroundThread background;
    std::atomic<bool> finished{false};
    background.run([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        finished = true;
    });
    background.wait();
    EXPECT_TRUE(finished);
}

TEST(BackgroundThread, WaitFromInsideATaskDoesNotWaitForItself) {
    BackgroundThread background;
    bool returned = false;
    background.run([&] {
        background.wait();
        returned = true;
    });
    background.wait();
    EXPECT_TRUE(returned);
}

TEST(BackgroundThread, TheEndWaitsForTheRunningTask) {
    std::atomic<bool> finished{false};
    {
        BackgroundThread background;
        background.run([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            finished = true;
        });
    }
    EXPECT_TRUE(finished);
}

TEST(BackgroundThread, ASearcherRunsEverySearchOfItsSearchThreadsInTheSameThread) {
    Searcher searcher(1);
    // Counted per thread: a thread made for each search would count 1 each time (thread ids
    // cannot tell, since a new thread may get the id of one that ended).
    static thread_local int searches_in_this_thread = 0;
    std::vector<int> counts;
    for (int i = 0; i < 3; ++i) {
        // A new SearchThread each time, as each engine session of the protocol fuzzers makes.
        SearchThread thread(searcher);
        SearchLimits limits;
        limits.depth = 2;
        Move best = Move::none();
        thread.start(Position::from_fen(START_FEN), limits, {}, [&](const SearchResult& result) {
            counts.push_back(++searches_in_this_thread);
            best = result.best;
        });
        thread.wait();
        EXPECT_FALSE(thread.busy());
        EXPECT_NE(best, Move::none());
    }
    EXPECT_EQ(counts, (std::vector<int>{1, 2, 3}));
}

}  // namespace
}  // namespace mneme
