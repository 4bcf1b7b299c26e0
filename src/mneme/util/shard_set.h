// The shards of one build, recognised by the " --shard I/N" their files' descriptions end with
// (as `book build --shard` and `cases build --shard` write them): a merge takes them only all
// together, each once, and describes the result as the build they split.
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

// The shard I/N a description names (" --shard I/N"), and the description without it; false
// when it names none.
bool shard_of_description(const std::string& description, int& shard, int& shards,
                          std::string& rest);

struct ShardSet {
    int shards = 0;           // N; 0 when the files are not shards
    std::string description;  // the build's description without the shard
};

// For (path, description) of each file to merge: N and the build's description when they are
// the shards of one build, all of them and each once; {0, ""} when the first is not a shard.
// Throws ShardSetError ("PATH: reason") for a missing, repeated or foreign shard, or a file that
// is not a shard among shards.
ShardSet check_shard_set(const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace mneme
