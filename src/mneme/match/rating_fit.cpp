#include "mneme/match/rating_fit.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>

namespace mneme {
namespace {

constexpr double INFINITE = std::numeric_limits<double>::infinity();
// f(d) = 1 / (1 + 10^(-d/400)) is the logistic sigmoid of ELO_SCALE * d.
const double ELO_SCALE = std::log(10.0) / 400;
constexpr double NORMAL_95 = 1.96;
constexpr double STARTING_DRAW_ELO = 100;  // near what engine and human games show
constexpr int MAX_ITERATIONS = 200;
constexpr int MAX_STEP_HALVINGS = 50;
constexpr double STEP_TOLERANCE = 1e-9;  // Elo

using Matrix = std::vector<std::vector<double>>;

double logistic(double d) { return 1 / (1 + std::exp(-ELO_SCALE * d)); }

// All games between one white and one black player, as outcome weights from White's view.
struct PairRecord {
    int white = 0, black = 0;
    double wins = 0, draws = 0, losses = 0;
};

// A parameter's coefficient in one of a game's two linear arguments.
struct Term {
    int index = 0;
    double coefficient = 0;
};

// Which parameters are fitted and where they sit in the parameter vector: the ratings of the
// players with games first, then the draw margin and White's advantage if fitted.
class RatingModel {
public:
    RatingModel(int player_count, const std::vector<RatedGame>& games,
                const RatingFitOptions& options);

    int parameter_count() const { return parameter_count_; }
    int rating_index(int player) const { return rating_index_[player]; }
    const std::vector<std::vector<int>>& groups() const { return groups_; }
    std::vector<double> starting_point() const;
    double draw_elo(const std::vector<double>& theta) const {
        return draw_index_ >= 0 ? theta[draw_index_] : options_.draw_elo;
    }
    double white_advantage(const std::vector<double>& theta) const {
        return advantage_index_ >= 0 ? theta[advantage_index_] : options_.white_advantage;
    }

    // Log-likelihood at theta, -inf outside the model's domain (negative draw margin, or an
    // outcome that happened given probability 0). With `gradient` and `hessian` non-null they
    // receive the derivatives.
    double evaluate(const std::vector<double>& theta, std::vector<double>* gradient,
                    Matrix* hessian) const;

private:
    RatingFitOptions options_;
    std::vector<PairRecord> records_;
    std::vector<int> rating_index_;         // per player; -1 without games
    std::vector<std::vector<int>> groups_;  // rating indices of players connected by games
    int parameter_count_ = 0;
    int draw_index_ = -1, advantage_index_ = -1;
};

void add_outcome(PairRecord& record, double white_score, double weight) {
    if (white_score >= 0.5) {
        record.wins += weight * (2 * white_score - 1);
        record.draws += weight * (2 - 2 * white_score);
    } else {
        record.draws += weight * 2 * white_score;
        record.losses += weight * (1 - 2 * white_score);
    }
}

int find_root(std::vector<int>& parent, int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

RatingModel::RatingModel(int player_count, const std::vector<RatedGame>& games,
                         const RatingFitOptions& options)
    : options_(options), rating_index_(player_count, -1) {
    if (player_count < 0) throw std::invalid_argument("negative player count");
    std::map<std::pair<int, int>, PairRecord> by_pair;
    std::vector<std::vector<bool>> met(player_count, std::vector<bool>(player_count, false));
    for (const RatedGame& game : games) {
        for (int player : {game.white, game.black})
            if (player < 0 || player >= player_count)
                throw std::invalid_argument("rated game names player " + std::to_string(player) +
                                            " of " + std::to_string(player_count));
        if (game.white == game.black) throw std::invalid_argument("a player cannot play itself");
        if (!(game.white_score >= 0 && game.white_score <= 1))
            throw std::invalid_argument("game score outside [0, 1]");
        PairRecord& record = by_pair[{game.white, game.black}];
        add_outcome(record, game.white_score, 1);
        met[game.white][game.black] = met[game.black][game.white] = true;
    }

    std::vector<int> opponents(player_count, 0);
    for (int i = 0; i < player_count; ++i)
        opponents[i] = int(std::count(met[i].begin(), met[i].end(), true));
    if (options.prior_draws > 0) {
        for (int i = 0; i < player_count; ++i)
            for (int j = i + 1; j < player_count; ++j) {
                if (!met[i][j]) continue;
                double virtual_draws =
                    options.prior_draws / 2 * (1.0 / opponents[i] + 1.0 / opponents[j]);
                by_pair[{i, j}].draws += virtual_draws / 2;
                by_pair[{j, i}].draws += virtual_draws / 2;
            }
    }
    for (auto& [players, record] : by_pair) {
        record.white = players.first;
        record.black = players.second;
        records_.push_back(record);
    }

    std::vector<int> parent(player_count);
    std::iota(parent.begin(), parent.end(), 0);
    for (const PairRecord& record : records_)
        parent[find_root(parent, record.white)] = find_root(parent, record.black);
    std::map<int, std::vector<int>> group_of_root;
    for (int i = 0; i < player_count; ++i) {
        if (opponents[i] == 0) continue;
        rating_index_[i] = parameter_count_++;
        group_of_root[find_root(parent, i)].push_back(rating_index_[i]);
    }
    for (auto& [root, members] : group_of_root) groups_.push_back(members);
    if (options.draw_elo < 0) draw_index_ = parameter_count_++;
    if (options.fit_white_advantage) advantage_index_ = parameter_count_++;
    for (PairRecord& record : records_) {
        record.white = rating_index_[record.white];
        record.black = rating_index_[record.black];
    }
}

std::vector<double> RatingModel::starting_point() const {
    std::vector<double> theta(parameter_count_, 0.0);
    if (draw_index_ >= 0) theta[draw_index_] = STARTING_DRAW_ELO;
    if (advantage_index_ >= 0) theta[advantage_index_] = options_.white_advantage;
    return theta;
}

double RatingModel::evaluate(const std::vector<double>& theta, std::vector<double>* gradient,
                             Matrix* hessian) const {
    int n = parameter_count_;
    if (gradient) gradient->assign(n, 0.0);
    if (hessian) hessian->assign(n, std::vector<double>(n, 0.0));
    double draw = draw_elo(theta);
    double advantage = white_advantage(theta);
    if (draw < 0) return -INFINITE;
    const double c = ELO_SCALE;
    double log_likelihood = 0;
    for (const PairRecord& record : records_) {
        // The two linear arguments: u for White winning, v for Black winning.
        double x = theta[record.white] - theta[record.black] + advantage;
        double u = x - draw, v = -x - draw;
        double p = logistic(u), q = logistic(v);
        // 1 - p - q computed as a difference of two sigmoids keeps precision for small margins.
        double d = logistic(draw - x) - q;
        if ((record.wins > 0 && p <= 0) || (record.losses > 0 && q <= 0) ||
            (record.draws > 0 && d <= 0))
            return -INFINITE;
        if (record.wins > 0) log_likelihood += record.wins * std::log(p);
        if (record.losses > 0) log_likelihood += record.losses * std::log(q);
        if (record.draws > 0) log_likelihood += record.draws * std::log(d);
        if (!gradient && !hessian) continue;

        // Derivatives of the record's log-likelihood in u and v.
        double p_slope = c * p * (1 - p), q_slope = c * q * (1 - q);
        double p_curve = c * p_slope * (1 - 2 * p), q_curve = c * q_slope * (1 - 2 * q);
        double l_u = record.wins * c * (1 - p), l_v = record.losses * c * (1 - q);
        double l_uu = -record.wins * c * p_slope, l_vv = -record.losses * c * q_slope;
        double l_uv = 0;
        if (record.draws > 0) {
            l_u -= record.draws * p_slope / d;
            l_v -= record.draws * q_slope / d;
            l_uu -= record.draws * (p_curve / d + p_slope * p_slope / (d * d));
            l_vv -= record.draws * (q_curve / d + q_slope * q_slope / (d * d));
            l_uv -= record.draws * p_slope * q_slope / (d * d);
        }

        // Chain rule to the parameters, which enter u and v linearly.
        std::vector<Term> u_terms = {{record.white, 1}, {record.black, -1}};
        std::vector<Term> v_terms = {{record.white, -1}, {record.black, 1}};
        if (draw_index_ >= 0) {
            u_terms.push_back({draw_index_, -1});
            v_terms.push_back({draw_index_, -1});
        }
        if (advantage_index_ >= 0) {
            u_terms.push_back({advantage_index_, 1});
            v_terms.push_back({advantage_index_, -1});
        }
        if (gradient) {
            for (const Term& t : u_terms) (*gradient)[t.index] += l_u * t.coefficient;
            for (const Term& t : v_terms) (*gradient)[t.index] += l_v * t.coefficient;
        }
        if (hessian) {
            Matrix& h = *hessian;
            for (const Term& a : u_terms)
                for (const Term& b : u_terms)
                    h[a.index][b.index] += l_uu * a.coefficient * b.coefficient;
            for (const Term& a : v_terms)
                for (const Term& b : v_terms)
                    h[a.index][b.index] += l_vv * a.coefficient * b.coefficient;
            for (const Term& a : u_terms)
                for (const Term& b : v_terms) {
                    double term = l_uv * a.coefficient * b.coefficient;
                    h[a.index][b.index] += term;
                    h[b.index][a.index] += term;
                }
        }
    }
    return log_likelihood;
}

// Solves a * x = rhs for every column of rhs in place, by Gaussian elimination with partial
// pivoting. False when a is (numerically) singular.
bool solve_linear_system(Matrix a, Matrix& rhs) {
    int n = int(a.size());
    double scale = 0;
    for (const auto& row : a)
        for (double value : row) scale = std::max(scale, std::abs(value));
    if (scale == 0) return n == 0;
    for (int column = 0; column < n; ++column) {
        int pivot = column;
        for (int row = column + 1; row < n; ++row)
            if (std::abs(a[row][column]) > std::abs(a[pivot][column])) pivot = row;
        if (std::abs(a[pivot][column]) <= 1e-13 * scale) return false;
        std::swap(a[pivot], a[column]);
        std::swap(rhs[pivot], rhs[column]);
        for (int row = column + 1; row < n; ++row) {
            double factor = a[row][column] / a[column][column];
            if (factor == 0) continue;
            for (int k = column; k < n; ++k) a[row][k] -= factor * a[column][k];
            for (std::size_t k = 0; k < rhs[row].size(); ++k)
                rhs[row][k] -= factor * rhs[column][k];
        }
    }
    for (int row = n - 1; row >= 0; --row)
        for (std::size_t k = 0; k < rhs[row].size(); ++k) {
            double sum = rhs[row][k];
            for (int j = row + 1; j < n; ++j) sum -= a[row][j] * rhs[j][k];
            rhs[row][k] = sum / a[row][row];
        }
    return true;
}

// The information matrix bordered by the centring constraints (each group's ratings sum to a
// constant): [[-H, A^T], [A, 0]]. Solving it gives constrained Newton steps, and its inverse's
// top-left block is the covariance of the centred parameters.
Matrix bordered_information(const RatingModel& model, const Matrix& hessian) {
    int n = model.parameter_count();
    int size = n + int(model.groups().size());
    Matrix bordered(size, std::vector<double>(size, 0.0));
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) bordered[i][j] = -hessian[i][j];
    for (std::size_t g = 0; g < model.groups().size(); ++g)
        for (int index : model.groups()[g]) {
            bordered[n + g][index] = 1;
            bordered[index][n + g] = 1;
        }
    return bordered;
}

}  // namespace

RatingFit fit_rating_model(int player_count, const std::vector<RatedGame>& games,
                           const RatingFitOptions& options) {
    RatingModel model(player_count, games, options);
    int n = model.parameter_count();
    std::vector<double> theta = model.starting_point();
    std::vector<double> gradient;
    Matrix hessian;
    double log_likelihood = model.evaluate(theta, &gradient, &hessian);
    if (log_likelihood == -INFINITE)
        throw std::invalid_argument("draws cannot happen with a fixed draw margin of 0");

    RatingFit fit;
    for (; fit.iterations < MAX_ITERATIONS && !fit.converged; ++fit.iterations) {
        Matrix bordered = bordered_information(model, hessian);
        Matrix step(bordered.size(), std::vector<double>(1, 0.0));
        for (int i = 0; i < n; ++i) step[i][0] = gradient[i];
        if (!solve_linear_system(bordered, step)) break;

        // Halve the Newton step until the likelihood does not drop (rounding aside).
        double scale = 1;
        std::vector<double> candidate(n);
        double candidate_likelihood = -INFINITE;
        int halvings = 0;
        for (; halvings < MAX_STEP_HALVINGS; ++halvings, scale /= 2) {
            for (int i = 0; i < n; ++i) candidate[i] = theta[i] + scale * step[i][0];
            candidate_likelihood = model.evaluate(candidate, nullptr, nullptr);
            if (candidate_likelihood >= log_likelihood - 1e-12 * (1 + std::abs(log_likelihood)))
                break;
        }
        if (halvings == MAX_STEP_HALVINGS) {
            fit.converged = true;  // no direction improves: we are at the optimum up to rounding
            break;
        }
        double largest_change = 0;
        for (int i = 0; i < n; ++i)
            largest_change = std::max(largest_change, std::abs(candidate[i] - theta[i]));
        theta = candidate;
        log_likelihood = model.evaluate(theta, &gradient, &hessian);
        fit.converged = largest_change < STEP_TOLERANCE;
    }

    // Undo the drift rounding adds to the centring.
    for (const std::vector<int>& group : model.groups()) {
        double mean = 0;
        for (int index : group) mean += theta[index];
        mean /= double(group.size());
        for (int index : group) theta[index] -= mean;
    }
    log_likelihood = model.evaluate(theta, &gradient, &hessian);

    Matrix bordered = bordered_information(model, hessian);
    Matrix covariance(bordered.size(), std::vector<double>(bordered.size(), 0.0));
    for (std::size_t i = 0; i < bordered.size(); ++i) covariance[i][i] = 1;
    bool invertible = solve_linear_system(bordered, covariance);

    fit.players.assign(player_count, PlayerRating{0, INFINITE});
    for (int player = 0; player < player_count; ++player) {
        int index = model.rating_index(player);
        if (index < 0) continue;
        fit.players[player].elo = theta[index];
        // Rounding can leave a tiny negative variance where it should be 0.
        if (invertible)
            fit.players[player].error95 =
                NORMAL_95 * std::sqrt(std::max(0.0, covariance[index][index]));
    }
    fit.draw_elo = model.draw_elo(theta);
    fit.white_advantage = model.white_advantage(theta);
    fit.log_likelihood = log_likelihood;
    return fit;
}

std::vector<PlayerRating> fit_ratings(int player_count, const std::vector<RatedGame>& games,
                                      const RatingFitOptions& options) {
    return fit_rating_model(player_count, games, options).players;
}

}  // namespace mneme
