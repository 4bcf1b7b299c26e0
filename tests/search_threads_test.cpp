// Lazy SMP: helper threads share the table; the main thread's answer stays legal and prompt.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <sstream>
#include <thread>

#include "mneme/core/movegen.h"
#include "mneme/search/search.h"

namespace mneme {
namespace {

bool is_legal(const Position& pos, Move m) { return m && pos.pseudo_legal(m) && pos.legal(m); }

// The process's threads, as Linux lists them.
int threads_of_this_process() {
    int count = 0;
    for ([[maybe_unused]] const auto& entry :
         std::filesystem::directory_iterator("/proc/self/task"))
        ++count;
    return count;
}

// A helper searches on a thread its searcher keeps, as the main search does (BackgroundThread):
// the thread is there after the first search and no other is added by the next. With a thread
// made and ended for each search, none would be left after it.
TEST(SearchThreads, HelpersKeepTheirThreadFromOneSearchToTheNext) {
    if (!std::filesystem::exists("/proc/self/task")) GTEST_SKIP() << "no /proc/self/task here";
    Searcher searcher(4);
    searcher.set_threads(3);
    SearchLimits limits;
    limits.depth = 4;
    // ThreadSanitizer starts a thread of its own with the process's first new thread.
    std::thread([] {}).join();
    int before = threads_of_this_process();
    EXPECT_TRUE(is_legal(Position(), searcher.search(Position(), limits).best));
    int after_first = threads_of_this_process();
    EXPECT_TRUE(is_legal(Position(), searcher.search(Position(), limits).best));
    EXPECT_EQ(after_first, before + 2);
    EXPECT_EQ(threads_of_this_process(), after_first);
    searcher.set_threads(1);  // the helpers and their threads end
    EXPECT_EQ(threads_of_this_process(), before);
}

TEST(SearchThreads, TwoThreadsReturnALegalMoveAndCountEveryNode) {
    Position pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    Searcher searcher(4);
    searcher.set_threads(2);
    SearchLimits limits;
    limits.depth = 6;
    SearchResult result = searcher.search(pos, limits);
    EXPECT_TRUE(is_legal(pos, result.best));
    EXPECT_EQ(result.depth, 6);
    EXPECT_GT(result.nodes, 0u);
}

// `go nodes N` with two threads searches N nodes in all, as the reported count says: the main
// thread stops when its own nodes and the helper's together reach N. Counting only its own, it
// would stop at N of its own (about 2N in all); reporting only its own, fewer than N.
TEST(SearchThreads, ANodeLimitCountsEveryThread) {
    Position pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    constexpr std::uint64_t limit = 400000;
    Searcher single(16);
    SearchLimits limits;
    limits.nodes = limit;
    SearchResult alone = single.search(pos, limits);
    EXPECT_EQ(alone.nodes, limit);  // one thread stops at the limit exactly

    Searcher searcher(16);
    searcher.set_threads(2);
    SearchResult result = searcher.search(pos, limits);
    EXPECT_TRUE(is_legal(pos, result.best));
    EXPECT_GE(result.nodes, limit);
    // The helper runs on between the main thread's stop and its own: a few thousand nodes.
    EXPECT_LT(result.nodes, limit + limit / 4);
}

TEST(SearchThreads, FindsMateWithHelpers) {
    Position pos = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    Searcher searcher(4);
    searcher.set_threads(3);
    SearchLimits limits;
    limits.depth = 5;
    SearchResult result = searcher.search(pos, limits);
    EXPECT_EQ(result.score, mate_in(1));
}

TEST(SearchThreads, StopIsAnsweredPromptly) {
    Searcher searcher(4);
    searcher.set_threads(2);
    SearchLimits limits;
    limits.infinite = true;
    searcher.prepare(false);
    SearchResult result;
    std::thread worker([&] { result = searcher.search(Position(), limits); });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    auto asked = std::chrono::steady_clock::now();
    searcher.stop();
    worker.join();
    auto waited = std::chrono::steady_clock::now() - asked;
    EXPECT_LT(waited, std::chrono::milliseconds(500));
    EXPECT_TRUE(is_legal(Position(), result.best));
}

}  // namespace
}  // namespace mneme
