#include "mneme/cbr/case_base_merge.h"

#include <filesystem>
#include <set>
#include <utility>

#include "mneme/cbr/case_base_builder.h"
#include "mneme/cbr/case_base_file.h"
#include "mneme/util/shard_set.h"

namespace mneme {

namespace {

// The shards' cases in game order: every game lies in one shard, in game order there, so taking
// the whole game with the lowest number next restores the single build's order.
std::vector<CaseRecord> interleave_by_game(const std::vector<CaseBaseFile>& shards) {
    std::vector<CaseRecord> cases;
    std::size_t total = 0;
    for (const CaseBaseFile& shard : shards) total += shard.size();
    cases.reserve(total);
    std::vector<std::size_t> next(shards.size(), 0);
    while (cases.size() < total) {
        std::size_t from = shards.size();
        for (std::size_t s = 0; s < shards.size(); ++s)
            if (next[s] < shards[s].size() &&
                (from == shards.size() ||
                 shards[s].cases()[next[s]].game < shards[from].cases()[next[from]].game))
                from = s;
        std::span<const CaseRecord> source = shards[from].cases();
        std::uint32_t game = source[next[from]].game;
        while (next[from] < source.size() && source[next[from]].game == game)
            cases.push_back(source[next[from]++]);
    }
    return cases;
}

}  // namespace

CaseMergeStats merge_case_bases(const std::vector<std::string>& inputs, const std::string& output,
                                bool partial) {
    std::vector<CaseBaseFile> bases;
    std::vector<std::pair<std::string, std::string>> described;
    for (const std::string& path : inputs) {
        bases.push_back(CaseBaseFile::open(path));
        described.emplace_back(path, bases.back().description());
    }
    ShardSet set;
    try {
        set = check_shard_set(described, partial);
    } catch (const ShardSetError& e) {
        throw CaseFileError(e.what());
    }

    CaseMergeStats stats;
    stats.shards = set.shards;
    for (const CaseBaseFile& base : bases) stats.games += base.games();
    std::vector<CaseRecord> cases;
    std::string description;
    if (set.shards) {
        cases = interleave_by_game(bases);
        description = set.merged_description();
        if (!set.complete()) stats.partial = shard_list(set.held);
        // --max-cases shards hold every selected move: the single build's sample, then its
        // mirroring, are drawn by the merge that completes the build.
        CaseSampling sampling = case_sampling_of_description(set.description);
        if (sampling.max_cases && set.complete()) {
            stats.sampled_from = cases.size();
            cases = sample_cases(cases, sampling.max_cases, sampling.seed);
            if (sampling.mirror) cases = with_mirrored_cases(cases);
            std::set<std::uint32_t> games;
            for (const CaseRecord& c : cases) games.insert(c.game);
            stats.games = games.size();
        }
    } else {
        description = "mneme cases merge";
        for (const CaseBaseFile& base : bases) {
            cases.insert(cases.end(), base.cases().begin(), base.cases().end());
            description += " [" + std::filesystem::path(base.path()).filename().string() + ": " +
                           base.description() + "]";
        }
    }
    write_case_base(output, description, cases, stats.games);
    stats.cases = cases.size();
    return stats;
}

}  // namespace mneme
