#include "mneme/eval/win_rate_model.h"

#include <cmath>

namespace mneme {

double WinRateParameters::win_probability(double score) const {
    return 1.0 / (1.0 + std::exp((a - score) / b));
}

int WinRateParameters::to_centipawns(int score) const {
    return int(std::lround(100.0 * score / a));
}

int win_rate_material(const Position& pos) {
    return popcount(pos.pieces(PAWN)) + 3 * popcount(pos.pieces(KNIGHT, BISHOP)) +
           5 * popcount(pos.pieces(ROOK)) + 9 * popcount(pos.pieces(QUEEN));
}

WinRateModel WinRateModel::scaled(double factor) const {
    WinRateModel model = *this;
    for (Knot& knot : model.knots) {
        knot.a *= factor;
        knot.b *= factor;
    }
    return model;
}

WinRateParameters WinRateModel::at_material(int material) const {
    if (material <= knots.front().material) return {knots.front().a, knots.front().b};
    for (std::size_t i = 1; i < knots.size(); ++i) {
        const Knot& low = knots[i - 1];
        const Knot& high = knots[i];
        if (material > high.material) continue;
        double t = (material - low.material) / (high.material - low.material);
        return {low.a + t * (high.a - low.a), low.b + t * (high.b - low.b)};
    }
    return {knots.back().a, knots.back().b};
}

// Knots {material, a, b} as `mneme learn wdl-fit` prints them (see docs/engine.md#scores). The
// data are the positions of mneme's own self-play at 4,000 nodes a move (`mneme learn datagen`).

// mneme learn wdl-fit selfplay-s1.mdata: the classic evaluation's first 2,300 games of
// `mneme learn datagen --games 200000 --nodes 4000 --seed 1`, 123,593 positions with material
// 17 up.
const WinRateModel CLASSIC_WIN_RATE_MODEL{{{21.1, 233.9, 160.8},
                                           {31.3, 165.4, 160.2},
                                           {41.4, 130.6, 146.1},
                                           {51.6, 105.4, 164.5},
                                           {61.8, 70.5, 151.6},
                                           {72.8, 53.0, 146.9}}};

// mneme learn wdl-fit selfplay-v5-wdl.mdata: network v5's (the default's) 2,000 games of
// `mneme learn datagen --games 2000 --nodes 4000 --seed 3 --eval nnue --threads 2`, 113,618
// positions with material 17 up (v4's 2,000 games gave a = 332.3 / 201.5 / 99.4 at material
// 21 / 41 / 73, v3's 271.3 / 166.2 / 89.8, v1's 331.9 / 173.1 / 73.0).
const WinRateModel NNUE_WIN_RATE_MODEL{{{21.1, 275.9, 182.0},
                                        {31.5, 229.0, 177.1},
                                        {41.7, 189.3, 217.2},
                                        {51.5, 161.2, 221.0},
                                        {61.7, 132.6, 233.5},
                                        {73.1, 106.3, 242.6}}};

}  // namespace mneme
