// A quick match between two evaluation tables: mneme's searcher at a fixed depth on both
// sides, each thinking with its own table, from random openings played once with each colour.
// It measures what learning did (the TD learning curve), with no engines or clocks involved.
#pragma once

#include <cstdint>
#include <random>

#include "mneme/core/position.h"
#include "mneme/eval/eval_params.h"
#include "mneme/match/elo_statistics.h"

namespace mneme {

struct TableMatchOptions {
    int games = 40;  // rounded up to an even number: openings are played twice
    int depth = 3;
    int random_opening_plies = 6;
    int max_plies = 300;            // a longer game is scored a draw
    std::uint64_t seed = 20240601;  // the openings: the same seed gives the same openings
};

// `plies` random legal moves from the start position (a line that ends the game is redrawn).
Position random_opening(std::mt19937_64& random, int plies);

// The match from `a`'s side. Restores the active table when it returns.
WdlCounts play_table_match(const EvalParams& a, const EvalParams& b,
                           const TableMatchOptions& options);

}  // namespace mneme
