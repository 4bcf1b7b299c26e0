// TD(lambda) / TDLeaf(lambda) from games the engine plays against itself (2006 program, after
// KnightCap): after every game the weights take one temporal-difference step over the game's
// sequence of positions (or, for TDLeaf, the leaves of the principal variations the search
// chose), and are saved. The 2006 safeguard against one opponent dominating the learning (no
// more than two games in a row against the same opponent) has nothing to guard in self-play;
// games against other opponents are not implemented yet.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mneme/core/game_outcome.h"
#include "mneme/eval/eval_params.h"
#include "mneme/learn/temporal_difference.h"

namespace mneme {

struct SelfPlayGame {
    int number = 0;  // 1-based
    GameResult result = GameResult::DRAW;
    int plies = 0;
    double largest_change = 0;  // the largest weight change of the update, in centipawns
};

struct SelfPlayOptions {
    int games = 10;
    int depth = 4;                 // every move searched to this depth
    int random_opening_plies = 6;  // random legal moves first, so that the games differ
    int max_plies = 300;           // a longer game is scored a draw
    bool leaves = true;            // TDLeaf: learn on the principal variations' leaves
    std::uint64_t seed = 1;
    TemporalDifferenceOptions td;
    std::string save_path;         // written atomically after every game; empty = not saved
    std::function<void(const SelfPlayGame&)> on_game;
};

// Plays and learns; returns the final table. The engine plays every game with the table as
// it stands after the previous game's update (set as the active table, then restored).
EvalParams train_by_self_play(const EvalParams& start, const SelfPlayOptions& options);

}  // namespace mneme
