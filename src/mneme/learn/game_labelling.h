// Network-training data from a game database (`mneme learn label-games`): positions sampled
// from the games' moves, each scored by a short search of mneme's own and labelled with the
// game's result. Master games cover openings and middlegames that random self-play openings
// rarely reach.
//
// Game g of the inputs (counted over all files in order) belongs to shard g mod N; a shard's
// file records how many of its games are done, so a rerun resumes after them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace mneme {

struct GameLabelOptions {
    std::uint64_t nodes = 1000;  // per position
    int skip_plies = 16;
    double sample_rate = 0.25;  // chance that an eligible position is searched
    int min_elo = 0;            // both players at least this (0: rated or not)
    std::uint64_t seed = 1;
    std::size_t hash_mb = 4;
    int max_kept_score = 3000;
    std::string eval = "classic";
    std::string net_file;

    std::string settings() const;
};

struct GameLabelRun {
    std::vector<std::string> inputs;
    std::string output;
    int shard = 0, shards = 1;
    int threads = 1;
    std::uint64_t max_games = 0;  // of this shard, 0 = all
    std::string provenance;
    // games and positions done now, seconds, fraction of the input read
    std::function<void(std::uint64_t, std::uint64_t, double, double)> progress;
    std::function<bool()> stop_requested;
    std::function<void(const std::string&)> report;  // unreadable games
};

struct GameLabelSummary {
    std::uint64_t games = 0, positions = 0, games_now = 0;
    // Games read from the inputs over every shard: none means the inputs hold no chess.
    std::uint64_t games_in_inputs = 0;
    std::uint64_t checksum = 0;
    bool resumed = false, complete = false;
};

GameLabelSummary label_games(const GameLabelOptions& options, const GameLabelRun& run);

}  // namespace mneme
