// The shards of one build, recognised by the " --shard SET/N" their files' descriptions end with
// (as `book build --shard` and `cases build --shard` write them, SET a single shard I; a partial
// merge writes the shards it joined, as "0-3,8"): a merge takes them only all together, each once,
// and describes the result as the build they split; a partial merge (merging groups of shards,
// then the groups, as a tree) describes its result as the shards it holds.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace mneme {

// A set of files that are not one build's complete shards; the message names the file.
class ShardSetError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The shards a description names (" --shard SET/N", SET as "I" or "0-3,8"), N, and the
// description without them; false when it names none (or names them wrongly).
bool shard_of_description(const std::string& description, std::vector<int>& held, int& shards,
                          std::string& rest);

// "0-3,8" for the shards {0, 1, 2, 3, 8}.
std::string shard_list(const std::vector<bool>& held);

struct ShardSet {
    int shards = 0;           // N; 0 when the files are not shards
    std::string description;  // the build's description without the shard
    std::vector<bool> held;   // per shard, whether one of the files holds it

    bool complete() const;
    // What the merged file says of itself: the build's description when every shard is
    // there, else that description with " --shard SET/N" for the shards it holds.
    std::string merged_description() const;
};

// For (path, description) of each file to merge: N and the build's description when they are
// the shards of one build, each shard once (all of them unless `partial`); {0, ""} when the first
// is not a shard. Throws ShardSetError ("PATH: reason") for a missing (unless `partial`),
// repeated or foreign shard, or a file that is not a shard among shards.
ShardSet check_shard_set(const std::vector<std::pair<std::string, std::string>>& files,
                         bool partial = false);

}  // namespace mneme
