// Two runs of one schedule (the same openings in the same order, the same players and colours),
// such as a standing against another engine played again after a change: game by game, how one
// player's results moved between them. Pairing each game with its twin takes the openings'
// share of the variance out of the difference, which two separate intervals both carry.
#pragma once

#include <string>
#include <vector>

#include "mneme/match/run_games.h"

namespace mneme {

// The White of the lowest round: the match runner's first player.
std::string first_player(const std::vector<RunGame>& games);

struct PairedComparison {
    std::string player;
    int games = 0;   // games paired: the same round, players, colours and start in both runs
    int rounds = 0;  // rounds (the number before the dot) holding them: the sampling unit
    double score_here = 0.5, score_there = 0.5;  // the player's mean score in the paired games
    // Here minus there, per game, with the half-width of its 95% interval (the rounds as
    // independent samples) and the probability that here is the better run.
    double difference = 0, error95 = 0, los = 0.5;
    // The Elo of score_there moved by the difference and by its interval's ends; NaN when
    // score_there is 0 or 1 (its Elo is infinite).
    double elo_difference = 0, elo_lower = 0, elo_upper = 0;
    int better = 0, same = 0, worse = 0;  // games, by the player's score here against there
    int won_here_lost_there = 0, lost_here_won_there = 0;
    int unpaired_here = 0, unpaired_there = 0;
    // The first round both runs have whose games differ (players, colours or start), or that
    // one of them has twice; empty when there is none.
    std::string mismatch;
};

// `player`'s results in `here` against those in `there`, game by game.
PairedComparison compare_runs(const std::vector<RunGame>& here, const std::vector<RunGame>& there,
                              const std::string& player);

// The comparison as lines of text; `there_name` names the other run (its file).
std::string format_paired_comparison(const PairedComparison& comparison,
                                     const std::string& there_name);

}  // namespace mneme
