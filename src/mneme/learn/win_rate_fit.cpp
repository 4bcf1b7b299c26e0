#include "mneme/learn/win_rate_fit.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

namespace mneme {

std::uint64_t WinRateCounts::positions() const {
    std::uint64_t total = 0;
    for (const auto& [score, results] : counts_) total += results[0] + results[1] + results[2];
    return total;
}

std::array<std::uint64_t, 3> WinRateCounts::results() const {
    std::array<std::uint64_t, 3> total{};
    for (const auto& [score, results] : counts_)
        for (int r = 0; r < 3; ++r) total[r] += results[r];
    return total;
}

namespace {

constexpr double IMPOSSIBLE = -std::numeric_limits<double>::infinity();

// The log-likelihood of `results` (loss, draw, win counts) at internal score `score`.
double log_likelihood_at(const WinRateParameters& model, int score, const double results[3]) {
    if (!(model.b > 0)) return IMPOSSIBLE;
    double win = model.win_probability(score);
    double loss = model.loss_probability(score);
    const double chances[3] = {loss, 1 - win - loss, win};
    double sum = 0;
    for (int r = 0; r < 3; ++r) {
        if (results[r] == 0) continue;
        if (!(chances[r] > 0)) return IMPOSSIBLE;
        sum += results[r] * std::log(chances[r]);
    }
    return sum;
}

using Point = std::vector<double>;

// Nelder and Mead's simplex search for a minimum of `cost`, from `start` with a first simplex
// `steps` wide in each coordinate; restarted from its best point until a restart gains less than
// `tolerance`, since a simplex can collapse before it reaches the minimum.
template <class Cost>
Point nelder_mead(const Cost& cost, Point start, const Point& steps, double tolerance) {
    const std::size_t n = start.size();
    double best_value = cost(start);
    for (int restart = 0; restart < 20; ++restart) {
        std::vector<Point> simplex(n + 1, start);
        std::vector<double> values(n + 1, best_value);
        for (std::size_t i = 0; i < n; ++i) {
            simplex[i + 1][i] += steps[i];
            values[i + 1] = cost(simplex[i + 1]);
        }
        for (int iteration = 0; iteration < 5000 * int(n); ++iteration) {
            std::vector<std::size_t> order(n + 1);
            std::iota(order.begin(), order.end(), 0);
            std::sort(order.begin(), order.end(),
                      [&](std::size_t x, std::size_t y) { return values[x] < values[y]; });
            std::vector<Point> sorted_points;
            std::vector<double> sorted_values;
            for (std::size_t i : order) {
                sorted_points.push_back(simplex[i]);
                sorted_values.push_back(values[i]);
            }
            simplex.swap(sorted_points);
            values.swap(sorted_values);
            if (values[n] - values[0] < tolerance * 1e-3) break;

            Point centre(n, 0.0);
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t k = 0; k < n; ++k) centre[k] += simplex[i][k] / double(n);
            auto along = [&](double t) {
                Point p(n);
                for (std::size_t k = 0; k < n; ++k)
                    p[k] = centre[k] + t * (simplex[n][k] - centre[k]);
                return p;
            };
            Point reflected = along(-1);
            double reflected_value = cost(reflected);
            if (reflected_value < values[0]) {
                Point expanded = along(-2);
                double expanded_value = cost(expanded);
                bool expand = expanded_value < reflected_value;
                simplex[n] = expand ? expanded : reflected;
                values[n] = expand ? expanded_value : reflected_value;
            } else if (reflected_value < values[n - 1]) {
                simplex[n] = reflected;
                values[n] = reflected_value;
            } else {
                Point contracted = reflected_value < values[n] ? along(-0.5) : along(0.5);
                double contracted_value = cost(contracted);
                if (contracted_value < std::min(reflected_value, values[n])) {
                    simplex[n] = contracted;
                    values[n] = contracted_value;
                } else {
                    for (std::size_t i = 1; i <= n; ++i) {
                        for (std::size_t k = 0; k < n; ++k)
                            simplex[i][k] = (simplex[i][k] + simplex[0][k]) / 2;
                        values[i] = cost(simplex[i]);
                    }
                }
            }
        }
        std::size_t best =
            std::size_t(std::min_element(values.begin(), values.end()) - values.begin());
        double gain = best_value - values[best];
        if (values[best] < best_value) {
            start = simplex[best];
            best_value = values[best];
        }
        if (!(gain >= tolerance)) break;
    }
    return start;
}

// Counts as flat arrays, for the many evaluations of the likelihood during a fit.
struct Bin {
    int score;
    double results[3];
};

std::vector<Bin> bins_of(const WinRateCounts& counts) {
    std::vector<Bin> bins;
    for (const auto& [score, results] : counts.by_score())
        bins.push_back({score, {double(results[0]), double(results[1]), double(results[2])}});
    return bins;
}

double log_likelihood_of(const std::vector<Bin>& bins, const WinRateParameters& model) {
    double sum = 0;
    for (const Bin& bin : bins) {
        sum += log_likelihood_at(model, bin.score, bin.results);
        if (sum == IMPOSSIBLE) break;
    }
    return sum;
}

}  // namespace

double WinRateCounts::log_likelihood(const WinRateParameters& model) const {
    return log_likelihood_of(bins_of(*this), model);
}

int MaterialWinRateCounts::index(int material) { return std::clamp(material, 0, MAX_MATERIAL); }

void MaterialWinRateCounts::add(int material, int score, ScoredResult result) {
    by_material_[index(material)].add(score, result);
}

WinRateCounts MaterialWinRateCounts::range(int low, int high) const {
    WinRateCounts total;
    for (int material = index(low); material <= index(high); ++material)
        for (const auto& [score, results] : by_material_[material].by_score())
            for (int r = 0; r < 3; ++r)
                if (results[r]) total.add(score, ScoredResult(r), results[r]);
    return total;
}

std::uint64_t MaterialWinRateCounts::positions() const {
    std::uint64_t total = 0;
    for (const WinRateCounts& counts : by_material_) total += counts.positions();
    return total;
}

double MaterialWinRateCounts::log_likelihood(const WinRateModel& model, int low, int high) const {
    double sum = 0;
    for (int material = index(low); material <= index(high); ++material)
        sum += by_material_[material].log_likelihood(model.at_material(material));
    return sum;
}

WinRateFit fit_win_rate_parameters(const WinRateCounts& counts) {
    WinRateFit fit;
    fit.positions = counts.positions();
    if (fit.positions == 0)
        throw std::invalid_argument("no positions to fit the win-rate model to");
    std::vector<Bin> bins = bins_of(counts);
    const double n = double(fit.positions);
    auto parameters = [](const Point& p) { return WinRateParameters{p[0], std::exp(p[1])}; };
    auto cost = [&](const Point& p) { return -log_likelihood_of(bins, parameters(p)) / n; };
    Point best = nelder_mead(cost, {100, std::log(60.0)}, {50, 0.5}, 1e-12);
    fit.parameters = parameters(best);
    fit.log_loss = cost(best);
    for (std::uint64_t count : counts.results())
        if (count) fit.baseline_log_loss -= double(count) / n * std::log(double(count) / n);
    return fit;
}

MaterialWinRateFit fit_win_rate_model(const MaterialWinRateCounts& counts,
                                      std::uint64_t min_positions) {
    MaterialWinRateFit fit;
    for (const auto& band : WIN_RATE_BANDS) {
        WinRateCounts here = counts.range(band[0], band[1]);
        if (here.positions() < std::max<std::uint64_t>(min_positions, 1)) continue;
        double material_sum = 0;
        for (int material = band[0]; material <= band[1]; ++material)
            material_sum += double(material) * double(counts.at(material).positions());
        WinRateFit band_fit = fit_win_rate_parameters(here);
        fit.model.knots.push_back({material_sum / double(here.positions()), band_fit.parameters.a,
                                   band_fit.parameters.b});
        fit.bands.push_back(band_fit);
    }
    if (fit.model.knots.empty())
        throw std::invalid_argument("no band of material has " + std::to_string(min_positions) +
                                    " positions to fit the win-rate model to");
    const int low = WIN_RATE_BANDS[0][0], high = MaterialWinRateCounts::MAX_MATERIAL;
    fit.positions = counts.range(low, high).positions();
    fit.log_loss = -counts.log_likelihood(fit.model, low, high) / double(fit.positions);
    return fit;
}

int material_count(const ScoredPosition& position) {
    static constexpr int VALUES[7] = {0, 1, 3, 3, 5, 9, 0};  // by PieceType, none to king
    int material = 0;
    position.for_each_piece([&](Piece piece, Square) { material += VALUES[type_of(piece)]; });
    return material;
}

}  // namespace mneme
