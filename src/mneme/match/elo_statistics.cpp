#include "mneme/match/elo_statistics.h"

#include <cmath>
#include <limits>

namespace mneme {
namespace {

constexpr double INFINITE = std::numeric_limits<double>::infinity();
// Two-sided 95% quantile of the standard normal distribution.
constexpr double NORMAL_95 = 1.959964;

// Probability that a normal variable with this mean and standard deviation is positive; with
// no spread it is certain either way, or a coin flip at exactly 0.
double probability_positive(double mean, double deviation) {
    if (deviation > 0) return 0.5 * (1 + std::erf(mean / (deviation * std::sqrt(2.0))));
    if (mean > 0) return 1;
    if (mean < 0) return 0;
    return 0.5;
}

}  // namespace

double elo_from_score(double score) {
    if (score <= 0) return -INFINITE;
    if (score >= 1) return INFINITE;
    return -400 * std::log10(1 / score - 1);
}

double score_from_elo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

double WdlCounts::games() const { return wins + draws + losses; }

double WdlCounts::score() const {
    double n = games();
    return n > 0 ? (wins + 0.5 * draws) / n : 0.5;
}

std::uint64_t PentanomialCounts::total() const {
    std::uint64_t sum = 0;
    for (std::uint64_t count : pairs) sum += count;
    return sum;
}

double EloEstimate::error_margin() const { return (elo_upper - elo_lower) / 2; }

EloEstimate estimate_from_moments(double observations, double mean, double variance) {
    EloEstimate estimate;
    estimate.games = observations;
    if (observations <= 0) {
        estimate.elo_lower = -INFINITE;
        estimate.elo_upper = INFINITE;
        return estimate;
    }
    estimate.score = mean;
    estimate.elo = elo_from_score(mean);
    // Rounding can leave a tiny negative variance for a constant sample.
    double standard_error = variance > 0 ? std::sqrt(variance / observations) : 0;
    if (standard_error > 0) {
        // elo_from_score maps scores at or past 0 and 1 to -inf and +inf, never to NaN.
        estimate.elo_lower = elo_from_score(mean - NORMAL_95 * standard_error);
        estimate.elo_upper = elo_from_score(mean + NORMAL_95 * standard_error);
    } else {
        estimate.elo_lower = -INFINITE;
        estimate.elo_upper = INFINITE;
    }
    estimate.los = probability_positive(mean - 0.5, standard_error);
    return estimate;
}

ScoreMoments trinomial_moments(const WdlCounts& wdl) {
    ScoreMoments moments;
    moments.observations = wdl.games();
    if (moments.observations <= 0) return moments;
    double mean = wdl.score();
    moments.mean = mean;
    moments.variance = (wdl.wins * (1 - mean) * (1 - mean) +
                        wdl.draws * (0.5 - mean) * (0.5 - mean) + wdl.losses * mean * mean) /
                       moments.observations;
    return moments;
}

ScoreMoments pentanomial_moments(const PentanomialCounts& pentanomial) {
    ScoreMoments moments;
    moments.observations = double(pentanomial.total());
    if (moments.observations <= 0) return moments;
    double mean = 0;
    for (int k = 0; k < 5; ++k) mean += double(pentanomial.pairs[k]) * (k / 4.0);
    mean /= moments.observations;
    double variance = 0;
    for (int k = 0; k < 5; ++k) {
        double deviation = k / 4.0 - mean;
        variance += double(pentanomial.pairs[k]) * deviation * deviation;
    }
    moments.mean = mean;
    moments.variance = variance / moments.observations;
    return moments;
}

EloEstimate trinomial_estimate(const WdlCounts& wdl) {
    ScoreMoments moments = trinomial_moments(wdl);
    EloEstimate estimate =
        estimate_from_moments(moments.observations, moments.mean, moments.variance);
    if (moments.observations <= 0) return estimate;
    double decisive = wdl.wins + wdl.losses;
    estimate.los = decisive > 0
                       ? 0.5 * (1 + std::erf((wdl.wins - wdl.losses) / std::sqrt(2 * decisive)))
                       : 0.5;
    estimate.draw_ratio = wdl.draws / moments.observations;
    return estimate;
}

EloEstimate pentanomial_estimate(const PentanomialCounts& pentanomial) {
    ScoreMoments moments = pentanomial_moments(pentanomial);
    EloEstimate estimate =
        estimate_from_moments(moments.observations, moments.mean, moments.variance);
    estimate.games = 2 * moments.observations;
    return estimate;
}

EloEstimate score_estimate(const std::vector<double>& scores) {
    double n = double(scores.size());
    if (scores.empty()) return estimate_from_moments(0, 0.5, 0);
    double mean = 0, draws = 0;
    for (double score : scores) {
        mean += score;
        if (score == 0.5) draws += 1;
    }
    mean /= n;
    // Two passes: summing squared deviations loses less precision than E[x^2] - mean^2.
    double variance = 0;
    for (double score : scores) variance += (score - mean) * (score - mean);
    variance /= n;
    EloEstimate estimate = estimate_from_moments(n, mean, variance);
    estimate.draw_ratio = draws / n;
    return estimate;
}

}  // namespace mneme
