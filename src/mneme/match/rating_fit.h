// Maximum-likelihood ratings for all players of a tournament at once, with the BayesElo model:
// besides the rating difference, a draw margin ("drawelo") and White's advantage decide each
// game's win, draw and loss probabilities.
#pragma once

#include <vector>

namespace mneme {

// One game. white_score is 1, 0.5 or 0; a fractional score s (an adjudication) is split
// between the two outcomes around it so that its expected score stays s: for s > 0.5 it
// weighs 2s - 1 wins and 2 - 2s draws, for s < 0.5 it weighs 2s draws and 1 - 2s losses.
struct RatedGame {
    int white = 0, black = 0;
    double white_score = 0;
};

struct PlayerRating {
    double elo = 0;
    // Half the width of the 95% interval: 1.96 standard errors from the inverse observed
    // Fisher information of the centred ratings. +inf for a player without games, or when the
    // information is singular.
    double error95 = 0;
};

struct RatingFitOptions {
    // The draw margin in Elo; negative: fit it. A fixed margin of 0 makes draws impossible.
    double draw_elo = -1;
    // White's advantage in Elo: fixed at this value, or the starting point when fitted.
    double white_advantage = 0;
    bool fit_white_advantage = false;
    // Weak prior, as in BayesElo: virtual draws that keep ratings finite when a player won or
    // lost everything. Each player's `prior_draws` are spread evenly over the opponents it
    // played, half of them to each side's share, one half with each colour: a pair of players
    // who only met each other gets prior_draws virtual draws. 0 disables the prior (then a
    // perfect score has no finite maximum and the fit stops at a large rating).
    double prior_draws = 2;
};

// The fit and what came out besides the ratings.
struct RatingFit {
    std::vector<PlayerRating> players;
    double draw_elo = 0;         // fitted or fixed
    double white_advantage = 0;  // fitted or fixed
    double log_likelihood = 0;   // of the games and the prior's virtual draws at the optimum
    int iterations = 0;          // Newton steps taken
    // False when the likelihood has no finite maximum, e.g. a perfect score without prior, a
    // side that never won while White's advantage is fitted, or one group of players drawing
    // everything while the draw margin is fitted; the values are where the search stopped and
    // the errors usually +inf.
    bool converged = false;
};

// The ratings maximise the likelihood under
//   f(d) = 1 / (1 + 10^(-d / 400)),
//   P(white wins) = f(Rw - Rb + advantage - drawelo),
//   P(black wins) = f(Rb - Rw - advantage - drawelo),
//   P(draw) = 1 - P(white wins) - P(black wins),
// found by Newton's method with a line search (the log-likelihood is concave). Ratings are only
// defined up to a common shift, so they are centred: the ratings of each group of players
// connected by games average 0 (one group in a normal tournament; separate groups are not
// comparable with each other). Players without games get 0 and an infinite error.
// Throws std::invalid_argument for a player outside [0, player_count), a player meeting itself,
// a score outside [0, 1], or draws (real or virtual) with a fixed draw margin of 0.
RatingFit fit_rating_model(int player_count, const std::vector<RatedGame>& games,
                           const RatingFitOptions& options = {});

// Just the players' ratings of fit_rating_model.
std::vector<PlayerRating> fit_ratings(int player_count, const std::vector<RatedGame>& games,
                                      const RatingFitOptions& options = {});

}  // namespace mneme
