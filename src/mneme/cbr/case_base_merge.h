// Joining case bases. The shards of one build (`cases build --shard I/N`: games g mod N = I)
// are interleaved back into game order, which gives the single build's file byte for byte (a
// --max-cases build's sample is drawn then); other bases are joined in the order given.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mneme {

struct CaseMergeStats {
    std::uint64_t cases = 0;
    std::uint64_t games = 0;
    int shards = 0;       // N when the inputs were the shards of one build, else 0
    std::string partial;  // a partial merge: the shards it holds ("0-3,8"), else empty
    // The selected moves the shards of a --max-cases build held, of which the merge drew
    // `cases` (0: no sample drawn).
    std::uint64_t sampled_from = 0;
};

// Merges `inputs` into `output` (atomically). Every input is opened and checked first. Throws
// CaseFileError naming the file and the reason for an unusable input (corrupt, truncated, not a
// case base) and for a shard that is missing, given twice or from another build;
// std::runtime_error when the output cannot be written. With `partial` the shards may be a part
// of their build, which a later merge completes (a tree of merges; a --max-cases sample is drawn
// by the last).
CaseMergeStats merge_case_bases(const std::vector<std::string>& inputs, const std::string& output,
                                bool partial = false);

}  // namespace mneme
