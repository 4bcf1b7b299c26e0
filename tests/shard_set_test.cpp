// The shard part of a build's description (" --shard SET/N"): read, written, and checked as a
// set of files that a merge takes together.
#include <gtest/gtest.h>

#include "mneme/util/shard_set.h"

namespace mneme {
namespace {

TEST(ShardSet, ReadsSingleShardsAndLists) {
    std::vector<int> held;
    int shards = 0;
    std::string rest;
    ASSERT_TRUE(shard_of_description("mneme book build a.pgn --shard 3/8", held, shards, rest));
    EXPECT_EQ(held, std::vector<int>({3}));
    EXPECT_EQ(shards, 8);
    EXPECT_EQ(rest, "mneme book build a.pgn");
    ASSERT_TRUE(shard_of_description("x --shard 0-2,5,7-8/9 (note)", held, shards, rest));
    EXPECT_EQ(held, std::vector<int>({0, 1, 2, 5, 7, 8}));
    EXPECT_EQ(rest, "x (note)");
    for (const char* bad : {"x --shard 4/4", "x --shard 3-1/4", "x --shard 1,/4", "x --shard /4",
                            "x --shard 1/0", "x --shard 1-/4", "x --shard 0-9/4", "x"})
        EXPECT_FALSE(shard_of_description(bad, held, shards, rest)) << bad;
}

TEST(ShardSet, WritesTheShardsHeldAsRanges) {
    EXPECT_EQ(shard_list({true, true, true, false, true, false, true, true}), "0-2,4,6-7");
    EXPECT_EQ(shard_list({false, true}), "1");
    EXPECT_EQ(shard_list({false, false}), "");
}

TEST(ShardSet, APartialSetSaysWhichShardsItHoldsAndACompleteOneIsTheBuild) {
    auto describe = [](const char* shard) { return std::string("build a.pgn --shard ") + shard; };
    ShardSet part = check_shard_set({{"a", describe("0/4")}, {"b", describe("2/4")}}, true);
    EXPECT_FALSE(part.complete());
    EXPECT_EQ(part.merged_description(), "build a.pgn --shard 0,2/4");
    ShardSet whole = check_shard_set(
        {{"ab", part.merged_description()}, {"c", describe("1/4")}, {"d", describe("3/4")}});
    EXPECT_TRUE(whole.complete());
    EXPECT_EQ(whole.merged_description(), "build a.pgn");
    // Incomplete without --partial, or a shard twice: refused with the file's name.
    EXPECT_THROW(check_shard_set({{"ab", part.merged_description()}}), ShardSetError);
    try {
        check_shard_set({{"ab", part.merged_description()}, {"c", describe("2/4")}}, true);
        FAIL() << "a shard held twice was accepted";
    } catch (const ShardSetError& e) {
        EXPECT_EQ(std::string(e.what()), "c: shard 2/4 is also given as ab");
    }
}

}  // namespace
}  // namespace mneme
