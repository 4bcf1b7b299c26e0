#include "mneme/learn/bayes_evaluation.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include "mneme/util/atomic_file.h"

namespace mneme {

namespace {

constexpr const char* CLASS_NAMES[BAYES_CLASS_COUNT] = {"win", "draw", "loss"};
constexpr const char* MODEL_HEADER = "mneme-bayes-model 1";

BayesClass class_of(double result) {
    return result >= 0.75 ? BAYES_WIN : result <= 0.25 ? BAYES_LOSS : BAYES_DRAW;
}

}  // namespace

int bayes_stage(int phase) {
    int clamped = std::clamp(phase, 0, MAX_PHASE);
    return ((MAX_PHASE - clamped) * (BAYES_STAGES - 1) + MAX_PHASE / 2) / MAX_PHASE;
}

BayesFeatures bayes_features(const Position& pos, const EvalParams& params, int& stage) {
    EvalTrace trace;
    evaluate(pos, params, trace);
    stage = bayes_stage(trace.phase);
    int side = pos.side_to_move() == WHITE ? 1 : -1;
    BayesFeatures x;
    for (int c = 0; c < BAYES_FEATURES; ++c)
        x[c] = side * taper(trace.terms[c][WHITE] - trace.terms[c][BLACK], trace.phase);
    return x;
}

double BayesClassModel::log_density(const BayesFeatures& x) const {
    BayesFeatures d;
    for (int i = 0; i < BAYES_FEATURES; ++i) d[i] = x[i] - mean[i];
    double quadratic = 0;
    for (int i = 0; i < BAYES_FEATURES; ++i)
        for (int j = 0; j < BAYES_FEATURES; ++j) quadratic += d[i] * inverse[i][j] * d[j];
    return -0.5 * (quadratic + log_determinant);
}

void BayesModel::add(const BayesFeatures& features, int stage, double result) {
    BayesClass c = class_of(result);
    if (c == BAYES_DRAW && options_.exclude_draws) return;
    for (int s : {std::clamp(stage, 0, BAYES_STAGES - 1), BAYES_STAGES}) {
        Sums& sums = sums_[s][c];
        ++sums.count;
        for (int i = 0; i < BAYES_FEATURES; ++i) {
            sums.sum[i] += features[i];
            for (int j = 0; j < BAYES_FEATURES; ++j)
                sums.products[i][j] += features[i] * features[j];
        }
    }
}

void BayesModel::finish() {
    for (int s = 0; s <= BAYES_STAGES; ++s) {
        for (int c = 0; c < BAYES_CLASS_COUNT; ++c) {
            const Sums& sums = sums_[s][c];
            BayesClassModel& m = models_[s][c];
            m = BayesClassModel{};
            m.count = sums.count;
            if (sums.count == 0) continue;
            double n = double(sums.count);
            for (int i = 0; i < BAYES_FEATURES; ++i) m.mean[i] = sums.sum[i] / n;
            for (int i = 0; i < BAYES_FEATURES; ++i)
                for (int j = 0; j < BAYES_FEATURES; ++j)
                    m.covariance[i][j] = sums.products[i][j] / n - m.mean[i] * m.mean[j];
            derive(m);
        }
    }
}

// Cholesky factorisation of the regularised covariance gives its determinant and inverse.
void BayesModel::derive(BayesClassModel& m) const {
    constexpr int N = BAYES_FEATURES;
    double a[N][N], lower[N][N] = {};
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j)
            a[i][j] = (options_.independent_terms && i != j) ? 0.0 : m.covariance[i][j];
    for (int i = 0; i < N; ++i) a[i][i] += options_.ridge;
    for (int j = 0; j < N; ++j) {
        double diagonal = a[j][j];
        for (int k = 0; k < j; ++k) diagonal -= lower[j][k] * lower[j][k];
        if (!(diagonal > 0)) throw std::runtime_error("covariance not positive definite");
        lower[j][j] = std::sqrt(diagonal);
        for (int i = j + 1; i < N; ++i) {
            double value = a[i][j];
            for (int k = 0; k < j; ++k) value -= lower[i][k] * lower[j][k];
            lower[i][j] = value / lower[j][j];
        }
    }
    m.log_determinant = 0;
    for (int i = 0; i < N; ++i) m.log_determinant += 2 * std::log(lower[i][i]);
    // Column by column: solve L y = e, then L^T x = y.
    for (int column = 0; column < N; ++column) {
        double y[N], x[N];
        for (int i = 0; i < N; ++i) {
            double value = i == column ? 1.0 : 0.0;
            for (int k = 0; k < i; ++k) value -= lower[i][k] * y[k];
            y[i] = value / lower[i][i];
        }
        for (int i = N - 1; i >= 0; --i) {
            double value = y[i];
            for (int k = i + 1; k < N; ++k) value -= lower[k][i] * x[k];
            x[i] = value / lower[i][i];
        }
        for (int i = 0; i < N; ++i) m.inverse[i][column] = x[i];
    }
}

bool BayesModel::usable(int stage) const {
    for (int c = 0; c < BAYES_CLASS_COUNT; ++c) {
        if (c == BAYES_DRAW && options_.exclude_draws) continue;
        if (models_[stage][c].count < std::uint64_t(BAYES_FEATURES + 1)) return false;
    }
    return true;
}

double BayesModel::expected_score(const BayesFeatures& features, int stage) const {
    int s = std::clamp(stage, 0, BAYES_STAGES - 1);
    if (!usable(s)) s = BAYES_STAGES;
    if (!usable(s)) return 0.5;
    double win = models_[s][BAYES_WIN].log_density(features);
    double loss = models_[s][BAYES_LOSS].log_density(features);
    if (options_.exclude_draws) return 1.0 / (1.0 + std::exp(loss - win));
    double draw = models_[s][BAYES_DRAW].log_density(features);
    // Equal priors cancel; subtracting the largest log density keeps the exponentials finite.
    double top = std::max({win, draw, loss});
    double f_win = std::exp(win - top), f_draw = std::exp(draw - top),
           f_loss = std::exp(loss - top);
    return (f_win + f_draw / 2) / (f_win + f_draw + f_loss);
}

int BayesModel::evaluate(const Position& pos, const EvalParams& params) const {
    int stage = 0;
    BayesFeatures x = bayes_features(pos, params, stage);
    return int(std::lround(512 * (expected_score(x, stage) - 0.5)));
}

int mixed_bayes_evaluate(const Position& pos, const EvalParams& params, const BayesModel& model) {
    int classic = mneme::evaluate(pos, params);
    return std::abs(classic) > 100 ? classic : model.evaluate(pos, params);
}

void BayesModel::save(const std::string& path) const {
    write_file_atomically(path, [&](std::ostream& out) {
        out << MODEL_HEADER << '\n'
            << "exclude_draws " << options_.exclude_draws << '\n'
            << "independent_terms " << options_.independent_terms << '\n'
            << "ridge " << std::setprecision(17) << options_.ridge << '\n';
        for (int s = 0; s <= BAYES_STAGES; ++s) {
            for (int c = 0; c < BAYES_CLASS_COUNT; ++c) {
                const BayesClassModel& m = models_[s][c];
                out << "stage " << s << " class " << CLASS_NAMES[c] << " count " << m.count
                    << "\nmean";
                for (double v : m.mean) out << ' ' << v;
                for (const auto& row : m.covariance) {
                    out << "\ncovariance";
                    for (double v : row) out << ' ' << v;
                }
                out << '\n';
            }
        }
    });
}

BayesModel BayesModel::load(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(path + ": cannot open for reading");
    int line_number = 0;
    std::string line;
    auto fail = [&](const std::string& reason) {
        return std::runtime_error(path + ":" + std::to_string(line_number) + ": " + reason);
    };
    auto next_line = [&](const std::string& keyword) {
        ++line_number;
        if (!std::getline(in, line)) throw fail("file ends early, expected '" + keyword + "'");
        std::istringstream fields(line);
        std::string word;
        if (!(fields >> word) || word != keyword) throw fail("expected '" + keyword + "'");
        return fields;
    };
    ++line_number;
    if (!std::getline(in, line) || line != MODEL_HEADER)
        throw fail("not a mneme Bayes model (expected '" + std::string(MODEL_HEADER) + "')");
    BayesOptions options;
    if (!(next_line("exclude_draws") >> options.exclude_draws) ||
        !(next_line("independent_terms") >> options.independent_terms) ||
        !(next_line("ridge") >> options.ridge) || !(options.ridge > 0))
        throw fail("bad option value");
    BayesModel model(options);
    for (int s = 0; s <= BAYES_STAGES; ++s) {
        for (int c = 0; c < BAYES_CLASS_COUNT; ++c) {
            BayesClassModel& m = model.models_[s][c];
            std::istringstream header = next_line("stage");
            int stage = -1;
            std::string class_word, class_name, count_word;
            if (!(header >> stage >> class_word >> class_name >> count_word >> m.count) ||
                stage != s || class_name != CLASS_NAMES[c])
                throw fail("expected stage " + std::to_string(s) + " class " + CLASS_NAMES[c]);
            std::istringstream means = next_line("mean");
            for (double& v : m.mean)
                if (!(means >> v))
                    throw fail("expected " + std::to_string(BAYES_FEATURES) + " means");
            for (auto& row : m.covariance) {
                std::istringstream values = next_line("covariance");
                for (double& v : row)
                    if (!(values >> v))
                        throw fail("expected " + std::to_string(BAYES_FEATURES) + " covariances");
            }
            try {
                model.derive(m);
            } catch (const std::runtime_error& e) {
                throw fail(e.what());
            }
        }
    }
    return model;
}

}  // namespace mneme
