// Fitting an evaluation's win-rate model (eval/win_rate_model.h) to the positions of games it
// played: each position's search score (side to move), its material and the game's result. The
// fit maximises the likelihood of the results under p_win(s) = 1/(1+exp((a-s)/b)),
// p_loss(s) = p_win(-s) and p_draw = 1 - p_win - p_loss. Positions are counted per (material,
// score, result), so the fit costs the same for a thousand positions as for a billion.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "mneme/eval/win_rate_model.h"
#include "mneme/learn/scored_position.h"

namespace mneme {

// Positions counted by score and result.
class WinRateCounts {
public:
    void add(int score, ScoredResult result, std::uint64_t count = 1) {
        counts_[score][int(result)] += count;
    }

    std::uint64_t positions() const;
    // Loss, draw and win counts (side to move).
    std::array<std::uint64_t, 3> results() const;
    const std::map<int, std::array<std::uint64_t, 3>>& by_score() const { return counts_; }

    // The sum of the log-likelihoods of the results under `model` (nats), or -infinity where
    // the model gives an observed result no chance (a draw when a < 0).
    double log_likelihood(const WinRateParameters& model) const;

private:
    std::map<int, std::array<std::uint64_t, 3>> counts_;
};

// Positions counted by material (0..78; more counts as 78), score and result.
class MaterialWinRateCounts {
public:
    static constexpr int MAX_MATERIAL = 78;

    void add(int material, int score, ScoredResult result);
    const WinRateCounts& at(int material) const { return by_material_[index(material)]; }
    // The counts of materials low..high together.
    WinRateCounts range(int low, int high) const;
    std::uint64_t positions() const;
    // The sum of the log-likelihoods of the results of materials low..high under `model`.
    double log_likelihood(const WinRateModel& model, int low = 0, int high = MAX_MATERIAL) const;

private:
    static int index(int material);
    std::array<WinRateCounts, MAX_MATERIAL + 1> by_material_;
};

struct WinRateFit {
    WinRateParameters parameters;
    std::uint64_t positions = 0;
    double log_loss = 0;           // -log-likelihood per position at the fit (nats)
    double baseline_log_loss = 0;  // the same for the overall result rates, ignoring the score
};

// One a and b for all the counts: maximum likelihood by Nelder-Mead over (a, log b), from
// a = 100, b = 60. Throws std::invalid_argument without positions.
WinRateFit fit_win_rate_parameters(const WinRateCounts& counts);

// The bands of material the model is fitted in, as (lowest, highest) material: ten-point steps
// from 17, and the opening from 67 up.
constexpr int WIN_RATE_BANDS[][2] = {{17, 26}, {27, 36}, {37, 46}, {47, 56}, {57, 66}, {67, 78}};
// Below 17 (a rook and a few pawns each, or less) the model keeps the first band's a and b, as
// Stockfish clamps its material at 17: there mneme's self-play at a few thousand nodes draws
// long endgames it scores as won, and the fitted a (about 700 at 9-16, 1300 at 0-8 for the
// classic evaluation) would report a queen up as less than +2. `wdl-fit` prints these bands'
// fits without using them.
constexpr int WIN_RATE_ENDGAME_BANDS[][2] = {{0, 8}, {9, 16}};

struct MaterialWinRateFit {
    WinRateModel model;
    std::vector<WinRateFit> bands;  // the fit of each band that has a knot, in order
    // The positions of WIN_RATE_BANDS (material 17 up) and the model's -log-likelihood per
    // position over them (nats).
    std::uint64_t positions = 0;
    double log_loss = 0;
};

// a and b fitted by maximum likelihood in each band of WIN_RATE_BANDS with at least
// `min_positions` positions, placed at the band's mean material. Throws std::invalid_argument
// when no band has enough.
MaterialWinRateFit fit_win_rate_model(const MaterialWinRateCounts& counts,
                                      std::uint64_t min_positions = 1000);

// Stockfish's material count (eval/win_rate_model.h) of a packed position.
int material_count(const ScoredPosition& position);

}  // namespace mneme
