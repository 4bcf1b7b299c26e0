// Elo estimates from match results: the logistic score <-> Elo mapping, and point estimates
// with 95% intervals and likelihood of superiority from game (trinomial), game-pair
// (pentanomial) or arbitrary per-game scores.
#pragma once

#include <cstdint>
#include <vector>

namespace mneme {

// The logistic Elo curve: the expected score of a player `elo` points stronger, and back.
// elo_from_score(0) = -inf and elo_from_score(1) = +inf; scores outside [0, 1] clamp to those.
double elo_from_score(double score);
double score_from_elo(double elo);

// Wins, draws and losses from the first player's point of view. Doubles, so that fractional
// or weighted counts work too.
struct WdlCounts {
    double wins = 0, draws = 0, losses = 0;

    double games() const;
    // Mean score per game; 0.5 when there are no games (nothing says either side is better).
    double score() const;
};

// Results of game pairs (the same opening played with both colours), by the first player's
// pair score: pairs[k] counts pairs scoring k/2 points, k = 0..4 (0, 0.5, 1, 1.5, 2).
struct PentanomialCounts {
    std::uint64_t pairs[5] = {};

    std::uint64_t total() const;
};

struct EloEstimate {
    double games = 0;
    double score = 0.5;  // mean score per game, 0..1
    double elo = 0;
    // 95% interval: score +- 1.959964 standard errors, clamped to [0, 1], mapped through
    // elo_from_score (so a bound at score 0 or 1 is -inf or +inf). When the sample has no
    // variance (no games, all draws, all wins...) the normal approximation says nothing about
    // the spread, so the interval is the whole line: [-inf, +inf].
    double elo_lower = 0, elo_upper = 0;
    double los = 0.5;  // likelihood of superiority: probability that the first player is stronger
    double draw_ratio = 0;

    double error_margin() const;  // (upper - lower) / 2; +inf when a bound is infinite
};

// The sample a score statistic works on: how many observations, their mean score and their
// population variance (divided by the count, not count - 1, as cutechess and fishtest do).
struct ScoreMoments {
    double observations = 0, mean = 0.5, variance = 0;
};
// One observation per game (1, 0.5 or 0).
ScoreMoments trinomial_moments(const WdlCounts& wdl);
// One observation per game pair: its score / 2 (0, 0.25, 0.5, 0.75 or 1).
ScoreMoments pentanomial_moments(const PentanomialCounts& pentanomial);

// The normal approximation behind every estimate below: `observations` samples of a score
// in [0, 1] with this mean and (population) variance. `games` is set to `observations`; LOS is
// the normal probability that the true mean exceeds 0.5.
EloEstimate estimate_from_moments(double observations, double mean, double variance);

// Games as independent trinomial trials. Variance from the W/D/L frequencies (divided by the
// number of games, as cutechess does); LOS = 0.5 * (1 + erf((W - L) / sqrt(2 (W + L)))),
// which ignores draws, and 0.5 without decisive games. draw_ratio = D / games.
EloEstimate trinomial_estimate(const WdlCounts& wdl);

// Game pairs as independent pentanomial trials: each pair's score / 2 is one sample, so
// games = 2 * pairs, and LOS comes from the normal approximation of the pair scores. The
// pair counts do not say how many single games were drawn, so draw_ratio stays 0: the caller
// fills it from its game counts.
EloEstimate pentanomial_estimate(const PentanomialCounts& pentanomial);

// Any per-game scores in [0, 1] (fractional adjudications allowed): sample mean and
// population variance, LOS from the normal approximation; draw_ratio = share of scores 0.5.
// For scores of only 0, 0.5 and 1 the score and interval equal trinomial_estimate's.
EloEstimate score_estimate(const std::vector<double>& scores);

}  // namespace mneme
