#include "mneme/search/reported_score.h"

#include <algorithm>
#include <cmath>

namespace mneme {

Value reported_score(Value internal, const WinRateParameters& model) {
    if (is_mate_score(internal)) return internal;
    constexpr Value largest = VALUE_MATE_IN_MAX_PLY - 1;
    return std::clamp(model.to_centipawns(internal), -largest, largest);
}

WinDrawLoss win_draw_loss(Value internal, const WinRateParameters& model) {
    if (is_mate_score(internal))
        return internal > 0 ? WinDrawLoss{1000, 0, 0} : WinDrawLoss{0, 0, 1000};
    WinDrawLoss chances;
    chances.win = int(std::lround(1000 * model.win_probability(internal)));
    // p_win + p_loss < 1, but both may round up.
    chances.loss =
        std::min(int(std::lround(1000 * model.loss_probability(internal))), 1000 - chances.win);
    chances.draw = 1000 - chances.win - chances.loss;
    return chances;
}

}  // namespace mneme
