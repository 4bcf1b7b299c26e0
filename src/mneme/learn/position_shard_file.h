// The output of one shard of a sharded `learn positions` run (.mpshard): for each game of the
// shard (games g with g mod N = I, counted over all inputs), its result and what the quiet
// filters made of every sampled candidate, in the single run's shuffled order. The merge walks
// the games of all shards in game order through the PositionCollector, so it keeps exactly the
// positions the single run keeps (repeats across shards included) in the same order.
// Written atomically; a truncated, corrupt or foreign file is refused with the reason.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mneme/learn/position_collector.h"
#include "mneme/learn/position_sampler.h"

namespace mneme {

struct ShardGame {
    std::uint64_t index = 0;  // the game's number over all inputs, from 0
    GameResult result = GameResult::DRAW;
    std::vector<CandidateOutcome> candidates;
};

struct PositionShard {
    std::string description;  // the command line that made it
    std::string run;          // what every shard of one run shares: inputs and sampling settings
    int shard = 0, shards = 1;
    int max_per_game = 0;
    QuietFilter quiet = QuietFilter::STABLE;  // for the merge to test untested candidates
    std::uint64_t params_fingerprint = 0;     // of the table the quiet filter used
    SamplerStats games;                       // the game counters, the same in every shard of a run
    std::vector<ShardGame> shard_games;
};

// Whether the file starts as a shard does (its magic), to tell shards from position files.
bool is_position_shard_file(const std::string& path);

// Throws std::runtime_error when the file cannot be written; `path` is then left as it was.
void save_position_shard(const std::string& path, const PositionShard& shard);
// Throws PositionFileError (naming the file and the reason) for anything but a valid shard.
PositionShard load_position_shard(const std::string& path);

// The positions of the single run from all N shards of one run (each once, any order) and the
// run's statistics, testing with `params` the untested candidates it needs; throws
// PositionFileError when the shards do not belong together or were tested with another table.
// `max_positions` (0 = all) stops the walk where the single run with --max-positions stops, so
// the shards, which cannot know where that is, sample all their games and the merge cuts.
std::vector<TrainingPosition> merge_position_shards(const std::vector<PositionShard>& shards,
                                                    const std::vector<std::string>& paths,
                                                    const EvalParams& params, SamplerStats& stats,
                                                    std::uint64_t max_positions = 0);

}  // namespace mneme
