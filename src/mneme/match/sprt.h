// Sequential probability ratio test for "is the first player stronger?": the generalised SPRT
// (GSPRT) that fishtest and modern cutechess use, with bounds in logistic Elo.
#pragma once

#include "mneme/match/elo_statistics.h"

namespace mneme {

enum class SprtDecision { CONTINUE, ACCEPT_H0, ACCEPT_H1 };

// H0: the Elo difference is elo0; H1: it is elo1. alpha = false H1 rate, beta = false H0 rate.
struct SprtParameters {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};

struct SprtState {
    double llr = 0;                           // log-likelihood ratio of H1 against H0
    double lower_bound = 0, upper_bound = 0;  // ln(beta / (1 - alpha)), ln((1 - beta) / alpha)
    SprtDecision decision = SprtDecision::CONTINUE;
};

// LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v), the normal approximation of the likelihood ratio,
// where m and v are the mean and population variance of the per-observation score, N the
// number of observations and s0, s1 = score_from_elo(elo0), score_from_elo(elo1). Without
// observations or without variance (e.g. only draws) the data cannot tell the hypotheses
// apart and the LLR is 0. The decision is ACCEPT_H1 once llr >= upper_bound, ACCEPT_H0 once
// llr <= lower_bound.
SprtState sprt_from_moments(double observations, double mean, double variance,
                            const SprtParameters& parameters);
// One observation per game.
SprtState sprt_trinomial(const WdlCounts& wdl, const SprtParameters& parameters);
// One observation per game pair: its score / 2. Use this when games come in colour-reversed
// pairs; it accounts for the correlation between the two games of a pair.
SprtState sprt_pentanomial(const PentanomialCounts& pentanomial, const SprtParameters& parameters);

}  // namespace mneme
