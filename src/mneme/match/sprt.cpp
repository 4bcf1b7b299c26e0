#include "mneme/match/sprt.h"

#include <cmath>

namespace mneme {

SprtState sprt_from_moments(double observations, double mean, double variance,
                            const SprtParameters& parameters) {
    SprtState state;
    state.lower_bound = std::log(parameters.beta / (1 - parameters.alpha));
    state.upper_bound = std::log((1 - parameters.beta) / parameters.alpha);
    if (observations > 0 && variance > 0) {
        double s0 = score_from_elo(parameters.elo0);
        double s1 = score_from_elo(parameters.elo1);
        state.llr = observations * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
    }
    if (state.llr >= state.upper_bound)
        state.decision = SprtDecision::ACCEPT_H1;
    else if (state.llr <= state.lower_bound)
        state.decision = SprtDecision::ACCEPT_H0;
    return state;
}

SprtState sprt_trinomial(const WdlCounts& wdl, const SprtParameters& parameters) {
    ScoreMoments moments = trinomial_moments(wdl);
    return sprt_from_moments(moments.observations, moments.mean, moments.variance, parameters);
}

SprtState sprt_pentanomial(const PentanomialCounts& pentanomial, const SprtParameters& parameters) {
    ScoreMoments moments = pentanomial_moments(pentanomial);
    return sprt_from_moments(moments.observations, moments.mean, moments.variance, parameters);
}

}  // namespace mneme
