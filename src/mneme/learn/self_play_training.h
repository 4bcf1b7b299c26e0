// TD(lambda) / TDLeaf(lambda) from games the engine plays (2006 program, after KnightCap):
// after every game the weights take one temporal-difference step over the game's sequence of
// positions (or, for TDLeaf, the leaves of the principal variations the search chose), and
// are saved. Games are against itself or against chosen opponents; against an opponent the
// learner learns from its own moves only. The 2006 safeguard against one opponent dominating
// applies (opponent_schedule.h): no opponent plays more than `max_in_a_row` games in a row,
// and a single chosen opponent alternates with self-play.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mneme/core/game_outcome.h"
#include "mneme/eval/eval_params.h"
#include "mneme/learn/temporal_difference.h"
#include "mneme/match/player.h"

namespace mneme {

// Someone the learner plays in training.
struct TrainingOpponent {
    std::string name = "self";
    Player* player = nullptr;  // null: self-play; otherwise started, not owned
    // The table made active while an in-process (mneme) opponent thinks, so that it never
    // plays with the learner's weights.
    EvalParams params = EvalParams::defaults();
    TimeControl limit;  // per move: a depth, node count or move time (no clock)
};

struct SelfPlayGame {
    int number = 0;  // 1-based
    GameResult result = GameResult::DRAW;
    int plies = 0;
    double largest_change = 0;  // the largest weight change of the update, in centipawns
    std::string opponent = "self";
    Color learner = WHITE;               // the learner's colour (against an opponent)
    std::string fault;                   // an opponent's failure that ended the game, if any
    const EvalParams* params = nullptr;  // the table after this game's update
};

struct SelfPlayOptions {
    int games = 10;
    int depth = 4;                 // every learner move searched to this depth
    int random_opening_plies = 6;  // random legal moves first, so that the games differ
    int max_plies = 300;           // a longer game is scored a draw
    bool leaves = true;            // TDLeaf: learn on the principal variations' leaves
    std::uint64_t seed = 1;
    TemporalDifferenceOptions td;
    std::string save_path;  // written atomically after every game; empty = not saved
    // Empty: self-play only. One opponent: it alternates with self-play (the safeguard).
    std::vector<TrainingOpponent> opponents;
    int max_in_a_row = 2;  // the 2006 safeguard
    std::function<void(const SelfPlayGame&)> on_game;
};

// Plays and learns; returns the final table. The learner plays every game with the table as
// it stands after the previous game's update (set as the active table, then restored).
EvalParams train_by_self_play(const EvalParams& start, const SelfPlayOptions& options);

}  // namespace mneme
