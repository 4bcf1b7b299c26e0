#include "mneme/util/shard_set.h"

#include <cstdio>
#include <string_view>

namespace mneme {

namespace {

constexpr std::string_view SHARD_OPTION = " --shard ";

}  // namespace

bool shard_of_description(const std::string& description, int& shard, int& shards,
                          std::string& rest) {
    std::size_t at = description.rfind(SHARD_OPTION);
    if (at == std::string::npos) return false;
    unsigned s = 0, n = 0;
    int used = 0;
    std::string tail = description.substr(at + SHARD_OPTION.size());
    if (std::sscanf(tail.c_str(), "%u/%u%n", &s, &n, &used) != 2 || n == 0 || s >= n) return false;
    shard = int(s);
    shards = int(n);
    rest = description.substr(0, at) + tail.substr(std::size_t(used));
    return true;
}

ShardSet check_shard_set(const std::vector<std::pair<std::string, std::string>>& files) {
    ShardSet set;
    if (files.empty()) return set;
    const std::string& first_path = files.front().first;
    std::vector<std::string> holder;  // per shard number, the file that holds it
    for (const auto& [path, description] : files) {
        int shard = 0, shards = 0;
        std::string rest;
        bool is_shard = shard_of_description(description, shard, shards, rest);
        if (!is_shard) {
            if (set.shards == 0) return set;  // the first is no shard: a plain merge
            throw ShardSetError(path + ": not a shard, but " + first_path +
                                " is one; merge the shards first, then merge their result with it");
        }
        if (set.shards == 0) {
            set.shards = shards;
            set.description = rest;
            holder.assign(std::size_t(shards), "");
        } else if (shards != set.shards || rest != set.description) {
            throw ShardSetError(path + ": shard of another build ('" + rest + "', " +
                                std::to_string(shards) + " shards) than " + first_path + " ('" +
                                set.description + "', " + std::to_string(set.shards) + " shards)");
        }
        std::string& holder_path = holder[std::size_t(shard)];
        if (!holder_path.empty())
            throw ShardSetError(path + ": shard " + std::to_string(shard) + "/" +
                                std::to_string(shards) + " is also given as " + holder_path);
        holder_path = path;
    }
    for (std::size_t i = 0; i < holder.size(); ++i)
        if (holder[i].empty())
            throw ShardSetError(first_path + ": shard " + std::to_string(i) + "/" +
                                std::to_string(set.shards) + " of its build is missing");
    return set;
}

}  // namespace mneme
