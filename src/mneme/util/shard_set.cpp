#include "mneme/util/shard_set.h"

#include <algorithm>
#include <charconv>
#include <string_view>

namespace mneme {

namespace {

constexpr std::string_view SHARD_OPTION = " --shard ";

// A whole number at the start of `text`, advancing it; false when there is none.
bool read_number(std::string_view& text, unsigned& value) {
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end == text.data()) return false;
    text.remove_prefix(std::size_t(end - text.data()));
    return true;
}

}  // namespace

bool shard_of_description(const std::string& description, std::vector<int>& held, int& shards,
                          std::string& rest) {
    std::size_t at = description.rfind(SHARD_OPTION);
    if (at == std::string::npos) return false;
    std::string_view text(description);
    text.remove_prefix(at + SHARD_OPTION.size());
    std::vector<std::pair<unsigned, unsigned>> ranges;
    for (;;) {
        unsigned first = 0, last = 0;
        if (!read_number(text, first)) return false;
        last = first;
        if (!text.empty() && text.front() == '-') {
            text.remove_prefix(1);
            if (!read_number(text, last) || last < first) return false;
        }
        ranges.emplace_back(first, last);
        if (text.empty() || text.front() != ',') break;
        text.remove_prefix(1);
    }
    unsigned n = 0;
    if (text.empty() || text.front() != '/') return false;
    text.remove_prefix(1);
    if (!read_number(text, n) || n == 0) return false;
    held.clear();
    for (auto [first, last] : ranges) {
        if (last >= n) return false;
        for (unsigned s = first; s <= last; ++s) held.push_back(int(s));
    }
    shards = int(n);
    rest = description.substr(0, at) + std::string(text);
    return true;
}

std::string shard_list(const std::vector<bool>& held) {
    std::string text;
    for (std::size_t s = 0; s < held.size(); ++s) {
        if (!held[s] || (s > 0 && held[s - 1])) continue;
        std::size_t last = s;
        while (last + 1 < held.size() && held[last + 1]) ++last;
        if (!text.empty()) text += ",";
        text += std::to_string(s);
        if (last > s) text.append(1, '-').append(std::to_string(last));
    }
    return text;
}

bool ShardSet::complete() const {
    return std::all_of(held.begin(), held.end(), [](bool h) { return h; });
}

std::string ShardSet::merged_description() const {
    if (complete()) return description;
    // The shard part goes where the build put it: last, before nothing else it writes.
    return description + std::string(SHARD_OPTION) + shard_list(held) + "/" +
           std::to_string(shards);
}

ShardSet check_shard_set(const std::vector<std::pair<std::string, std::string>>& files,
                         bool partial) {
    ShardSet set;
    if (files.empty()) return set;
    const std::string& first_path = files.front().first;
    std::vector<std::string> holder;  // per shard number, the file that holds it
    for (const auto& [path, description] : files) {
        std::vector<int> held;
        int shards = 0;
        std::string rest;
        bool is_shard = shard_of_description(description, held, shards, rest);
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
        for (int shard : held) {
            std::string& holder_path = holder[std::size_t(shard)];
            if (!holder_path.empty())
                throw ShardSetError(path + ": shard " + std::to_string(shard) + "/" +
                                    std::to_string(shards) + " is also given as " + holder_path);
            holder_path = path;
        }
    }
    set.held.assign(holder.size(), false);
    for (std::size_t i = 0; i < holder.size(); ++i) {
        set.held[i] = !holder[i].empty();
        if (!set.held[i] && !partial)
            throw ShardSetError(first_path + ": shard " + std::to_string(i) + "/" +
                                std::to_string(set.shards) +
                                " of its build is missing (a merge of some shards, to be merged "
                                "with the rest later, needs --partial)");
    }
    return set;
}

}  // namespace mneme
