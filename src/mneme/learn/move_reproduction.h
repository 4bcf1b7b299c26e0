// The fitness of the 1996 thesis's genetic algorithm: how many moves of master games a one-ply
// search with quiescence reproduces. Positions come from decisive games, with the eventual
// winner to move (the winner's moves are the ones worth copying), between two move numbers.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mneme/core/position.h"
#include "mneme/eval/eval_params.h"

namespace mneme {

struct MasterMove {
    Position position;  // without history
    Move move;          // what the master played
};

struct MasterMoveOptions {
    int first_move = 10;  // full-move numbers, inclusive (the thesis: moves 10-50)
    int last_move = 50;
    int per_game = 1;  // positions taken from one game at most
    int min_elo = 0;   // both players at least this
    std::size_t positions = 500;
    std::uint64_t seed = 1;
    std::function<void(const std::string&)> report;  // unreadable games, input errors
};

struct MasterMoveStats {
    std::uint64_t games_seen = 0, games_used = 0,
                  skipped = 0;  // skipped: draws, no result, Elo, 960
    bool input_failed = false;
};

// Reads the inputs in turn until enough positions are taken; each used game gives up to
// `per_game` positions drawn at random from its eligible plies.
std::vector<MasterMove> sample_master_moves(const std::vector<std::string>& inputs,
                                            const MasterMoveOptions& options,
                                            MasterMoveStats& stats);

// The move a one-ply search with a capture-search (quiescence) score at each child chooses;
// ties go to the first move generated. Move::none() when there is no legal move.
Move one_ply_choice(const Position& pos, const EvalParams& params);

// How many of `sample` the one-ply search reproduces with `params`; `threads` share the work.
int reproduced_moves(const std::vector<MasterMove>& sample, const EvalParams& params,
                     int threads = 1);

// The thesis's fitness: 1 when fewer than N/5 moves are reproduced, else (n - N/5)/N + 1.
double thesis_fitness(int reproduced, std::size_t sample_size);

}  // namespace mneme
