// Training positions from game collections: sampled from the moves of every game that passes
// the filters, optionally only quiet ones (or resolved to quiet by a capture search),
// labelled with the game's result from the side to move's view, one entry per distinct
// position (a position met in several games gets the mean of their results).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mneme/eval/eval_params.h"
#include "mneme/learn/position_collector.h"
#include "mneme/learn/training_position.h"

namespace mneme {

enum class QuietFilter {
    NONE,     // every sampled position (not in check)
    STABLE,   // only positions whose capture-search score equals the static evaluation
    RESOLVE,  // the position at the end of the capture search's line instead
};

// "none", "stable", "resolve"; false for anything else.
bool parse_quiet_filter(const std::string& text, QuietFilter& filter);

struct SamplerProgress {
    std::uint64_t games_seen = 0;
    std::uint64_t positions = 0;  // distinct positions kept so far
    std::uint64_t bytes_read = 0, bytes_total = 0;
    double seconds = 0;
};

struct SamplerOptions {
    int skip_plies = 16;       // the opening is the book's business, not the evaluation's
    double sample_rate = 1.0;  // chance that an eligible position is considered
    int max_per_game = 0;      // 0 = no limit
    int min_elo = 0;           // both players at least this (unrated players fail)
    QuietFilter quiet = QuietFilter::STABLE;
    std::uint64_t max_positions = 0;  // stop after this many distinct positions; 0 = all
    std::uint64_t max_games = 0;      // stop after this many games read; 0 = all
    std::uint64_t seed = 1;
    // Shard `shard` of `shards` takes games g (over all inputs) with g mod shards = shard; it
    // reads every game all the same, so its random draws are the single run's.
    int shard = 0, shards = 1;
    const EvalParams* params = nullptr;  // for the quiet test; null = the active table
    std::function<void(const SamplerProgress&)> progress;  // about once a second
    std::function<void(const std::string&)> report;        // unreadable games, input errors
};

struct SamplerStats {
    std::uint64_t games_seen = 0;
    std::uint64_t games_used = 0;
    std::uint64_t unreadable = 0;  // skipped by the PGN reader (reported)
    std::uint64_t no_result = 0;   // "*" games
    std::uint64_t below_elo = 0;
    std::uint64_t variant = 0;     // Chess960 games (their castling is not packed)
    std::uint64_t considered = 0;  // positions sampled and tested
    std::uint64_t in_check = 0;
    std::uint64_t not_quiet = 0;
    std::uint64_t mate_scores = 0;  // the capture search found a mate
    std::uint64_t duplicates = 0;   // merged into an earlier position
    std::uint64_t positions = 0;
    double seconds = 0;
    bool input_failed = false;  // a file could not be opened or read to its end
};

struct PositionShard;

// What the quiet filters make of one sampled position (resolved in place for RESOLVE).
CandidateOutcome classify_candidate(Position& pos, QuietFilter quiet, const EvalParams& params);

// A fingerprint of an evaluation table, so that a merge can check that its shards' quiet
// filters used the table it uses.
std::uint64_t eval_params_fingerprint(const EvalParams& params);

// Reads every input in turn; `stats` is reset, then counts what happened.
std::vector<TrainingPosition> sample_positions(const std::vector<std::string>& inputs,
                                               const SamplerOptions& options, SamplerStats& stats);

// One shard of a run (options.shard of options.shards): every sampled candidate of its games,
// for merge_position_shards. The candidates of a game are tested in order until the game has
// max_per_game positions new to this shard; the rest are kept untested, for the merge to test
// the few it needs (a position may repeat one of another shard's games). Throws
// std::invalid_argument for max_positions, whose stop depends on all shards at once (the merge
// applies it).
PositionShard sample_position_shard(const std::vector<std::string>& inputs,
                                    const SamplerOptions& options);

}  // namespace mneme
