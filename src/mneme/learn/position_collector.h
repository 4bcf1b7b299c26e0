// The distinct training positions of a sampling run, collected game by game: the walk over a
// game's sampled candidates (in their shuffled order) that keeps at most `max_per_game` new
// positions, merges repeats into one entry with the mean result, and counts what happened.
// The single run, its shards' merge and nothing else decide what is kept, so both give the
// same positions in the same order.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "mneme/core/game_outcome.h"
#include "mneme/core/position.h"
#include "mneme/learn/training_position.h"

namespace mneme {

// What the quiet filters made of one sampled position; UNCLASSIFIED (only in shards, for the
// candidates a shard did not expect to need) holds the sampled position for the merge to test.
struct CandidateOutcome {
    enum Kind : std::uint8_t {
        IN_CHECK = 0,
        NOT_QUIET = 1,
        MATE_SCORE = 2,
        PASSED = 3,
        UNCLASSIFIED = 4
    };
    Kind kind = IN_CHECK;
    Key key = 0;                  // PASSED: the position's hash key, which identifies repeats
    TrainingPosition position{};  // PASSED: the position to keep (resolved, for --quiet resolve);
                                  // UNCLASSIFIED: the sampled position
};

// The candidate counters of a run (SamplerStats holds them with the game counters).
struct CandidateCounts {
    std::uint64_t considered = 0, in_check = 0, not_quiet = 0, mate_scores = 0, duplicates = 0;
};

class PositionCollector {
public:
    // 0 = no limit for either.
    PositionCollector(int max_per_game, std::uint64_t max_positions);

    // Begins the candidates of the next game, whose result labels them.
    void start_game(GameResult result);
    // False once this game gave max_per_game new positions or the run is full: offer no more.
    bool wants_more() const;
    // A classified candidate (not UNCLASSIFIED).
    void offer(const CandidateOutcome& candidate);
    // Whether `key` is among the positions kept so far.
    bool contains(Key key) const { return index_.count(key) != 0; }
    bool full() const { return max_positions_ && positions_.size() >= max_positions_; }

    std::size_t size() const { return positions_.size(); }
    const CandidateCounts& counts() const { return counts_; }
    // The positions in order of first appearance, each labelled with its mean result.
    std::vector<TrainingPosition> finish();

private:
    int max_per_game_;
    std::uint64_t max_positions_;
    GameResult result_ = GameResult::DRAW;
    int kept_in_game_ = 0;
    CandidateCounts counts_;
    std::unordered_map<Key, std::size_t> index_;
    std::vector<TrainingPosition> positions_;
    std::vector<double> result_sums_;
};

}  // namespace mneme
