// Merging native books: the counts of equal (position, move) pairs are added. Books built as
// shards of one build (`book build --shard I/N`) are checked to be that build's complete set, or
// with `partial` a part of it that a later merge completes (a tree of merges).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mneme {

struct BookMergeStats {
    std::uint64_t entries = 0;  // written to the output
    int shards = 0;             // N when the inputs were the shards of one build, else 0
    std::string partial;        // a partial merge: the shards it holds ("0-3,8"), else empty
};

// Merges `inputs` into `output` (atomically), leaving out entries with fewer than `min_games`
// games. Every input is opened and checked before anything is written. Throws BookFileError
// naming the file and the reason for an unusable input (corrupt, truncated, not a book), for
// a shard given twice or belonging to another build, for a missing shard (unless `partial`) and
// for `min_games` above 1 in a merge that is not the last; std::runtime_error when the output
// cannot be written.
BookMergeStats merge_books(const std::vector<std::string>& inputs, const std::string& output,
                           std::uint64_t min_games = 1, bool partial = false);

}  // namespace mneme
