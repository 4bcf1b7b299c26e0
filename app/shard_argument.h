// The --shard I/N option shared by the commands whose runs split into shards.
#pragma once

#include <cstdio>
#include <string>

#include "commands.h"

namespace mneme::app {

// Reads "I/N" with 0 <= I < N <= 100000; false for anything else.
inline bool parse_shard(const std::string& text, int& shard, int& shards) {
    unsigned s = 0, n = 0;
    char tail = 0;
    if (std::sscanf(text.c_str(), "%u/%u%c", &s, &n, &tail) != 2 || n == 0 || s >= n || n > 100000)
        return false;
    shard = int(s);
    shards = int(n);
    return true;
}

// parse_shard, or a UsageError naming `option` and what it wants.
inline void read_shard(const std::string& option, const std::string& text, int& shard,
                       int& shards) {
    if (!parse_shard(text, shard, shards))
        throw UsageError(option + ": '" + text + "' is not I/N with 0 <= I < N (e.g. 0/4 .. 3/4)");
}

}  // namespace mneme::app
