#include "mneme/learn/logistic_tuner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <thread>

#include "mneme/eval/evaluate.h"

namespace mneme {

namespace {

// Splits [begin, end) into `threads` slices and runs `work(slice_begin, slice_end, part)` on
// each, the first on the calling thread.
template <class Work>
void in_parallel(std::size_t begin, std::size_t end, int threads, const Work& work) {
    threads = std::max(1, std::min<int>(threads, int((end - begin) / 256) + 1));
    std::vector<std::thread> helpers;
    auto slice = [&](int part) { return begin + (end - begin) * part / threads; };
    for (int part = 1; part < threads; ++part)
        helpers.emplace_back([&, part] { work(slice(part), slice(part + 1), part); });
    work(slice(0), slice(1), 0);
    for (std::thread& t : helpers) t.join();
}

// The error over positions [begin, end); with a gradient, also adds d(error sum)/d(weights).
double error_and_gradient(const LinearDataset& data, std::size_t begin, std::size_t end,
                          const double* weights, double k, double* gradient) {
    double sum = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const LinearPosition& p = data.positions[i];
        LinearScore s = linear_score(data, p, weights);
        double predicted = sigmoid(k * s.score);
        double difference = predicted - p.label;
        sum += difference * difference;
        if (gradient)
            add_linear_gradient(data, p, s, 2 * difference * predicted * (1 - predicted) * k,
                                gradient);
    }
    return sum;
}

}  // namespace

double mean_squared_error(const LinearDataset& data, const std::vector<double>& weights, double k,
                          int threads) {
    if (data.positions.empty()) return 0;
    std::vector<double> sums(std::max(threads, 1), 0.0);
    in_parallel(0, data.positions.size(), threads, [&](std::size_t b, std::size_t e, int part) {
        sums[part] = error_and_gradient(data, b, e, weights.data(), k, nullptr);
    });
    double total = 0;
    for (double s : sums) total += s;
    return total / double(data.positions.size());
}

double fit_scaling_constant(const LinearDataset& data, const std::vector<double>& weights,
                            int threads) {
    if (data.positions.empty()) throw std::invalid_argument("no positions to fit K on");
    std::vector<double> scores(data.positions.size());
    in_parallel(0, scores.size(), threads, [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i)
            scores[i] = linear_score(data, data.positions[i], weights.data()).score;
    });
    auto error = [&](double log_k) {
        double k = std::exp(log_k), sum = 0;
        for (std::size_t i = 0; i < scores.size(); ++i) {
            double d = sigmoid(k * scores[i]) - data.positions[i].label;
            sum += d * d;
        }
        return sum;
    };
    // The error is unimodal in K on any sensible data; golden sections narrow the bracket.
    const double ratio = (std::sqrt(5.0) - 1) / 2;
    double low = std::log(1e-4), high = std::log(0.1);
    double a = high - ratio * (high - low), b = low + ratio * (high - low);
    double error_a = error(a), error_b = error(b);
    for (int step = 0; step < 60; ++step) {
        if (error_a < error_b) {
            high = b;
            b = a;
            error_b = error_a;
            a = high - ratio * (high - low);
            error_a = error(a);
        } else {
            low = a;
            a = b;
            error_a = error_b;
            b = low + ratio * (high - low);
            error_b = error(b);
        }
    }
    return std::exp((low + high) / 2);
}

double evaluation_error(const std::vector<TrainingPosition>& positions, const EvalParams& params,
                        double k, int threads) {
    if (positions.empty()) return 0;
    std::vector<double> sums(std::max(threads, 1), 0.0);
    in_parallel(0, positions.size(), threads, [&](std::size_t b, std::size_t e, int part) {
        for (std::size_t i = b; i < e; ++i) {
            double d = sigmoid(k * evaluate(positions[i].to_position(), params)) -
                       positions[i].label_value();
            sums[part] += d * d;
        }
    });
    double total = 0;
    for (double s : sums) total += s;
    return total / double(positions.size());
}

bool is_endgame_knowledge(const std::string& name) {
    return name.rfind("mating_drive_", 0) == 0 || name == "unstoppable_passer";
}

std::vector<bool> default_tunable_parameters() {
    std::vector<bool> tunable(EvalParams::size());
    for (std::size_t i = 0; i < tunable.size(); ++i)
        tunable[i] =
            param_role(i) != ParamRole::FIXED && !is_endgame_knowledge(EvalParams::flat_name(i));
    return tunable;
}

std::vector<double> tune_weights(const LinearDataset& training, const LinearDataset& held_out,
                                 const std::vector<double>& start, double k,
                                 const TunerOptions& options) {
    const std::size_t n = EvalParams::size();
    if (start.size() != n) throw std::invalid_argument("starting weights of the wrong size");
    if (training.positions.empty()) throw std::invalid_argument("no training positions");
    std::vector<bool> tunable =
        options.tunable.empty() ? default_tunable_parameters() : options.tunable;
    const int threads = std::max(options.threads, 1);
    const std::size_t count = training.positions.size();
    const std::size_t batch = options.batch_size == 0 ? count : std::min(options.batch_size, count);

    std::vector<double> weights = start, moment(n, 0.0), second_moment(n, 0.0);
    std::vector<std::vector<double>> gradients(threads, std::vector<double>(n));
    constexpr double BETA1 = 0.9, BETA2 = 0.999, EPSILON = 1e-12;
    long long step = 0;
    auto started = std::chrono::steady_clock::now();

    for (int epoch = 1; epoch <= options.epochs; ++epoch) {
        double error_sum = 0;
        for (std::size_t begin = 0; begin < count; begin += batch) {
            std::size_t end = std::min(begin + batch, count);
            std::vector<double> sums(threads, 0.0);
            in_parallel(begin, end, threads, [&](std::size_t b, std::size_t e, int part) {
                std::fill(gradients[part].begin(), gradients[part].end(), 0.0);
                sums[part] =
                    error_and_gradient(training, b, e, weights.data(), k, gradients[part].data());
            });
            ++step;
            double size = double(end - begin);
            for (double s : sums) error_sum += s;
            for (std::size_t i = 0; i < n; ++i) {
                if (!tunable[i]) continue;
                double g = options.l2 * 2 * (weights[i] - start[i]);
                for (int part = 0; part < threads; ++part) g += gradients[part][i] / size;
                moment[i] = BETA1 * moment[i] + (1 - BETA1) * g;
                second_moment[i] = BETA2 * second_moment[i] + (1 - BETA2) * g * g;
                double corrected = moment[i] / (1 - std::pow(BETA1, double(step)));
                double corrected_second = second_moment[i] / (1 - std::pow(BETA2, double(step)));
                weights[i] -=
                    options.learning_rate * corrected / (std::sqrt(corrected_second) + EPSILON);
            }
        }
        if (options.on_epoch) {
            TuningEpoch report;
            report.epoch = epoch;
            report.training_error = error_sum / double(count);
            report.held_out_error = mean_squared_error(held_out, weights, k, threads);
            report.seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            options.on_epoch(report);
        }
    }
    return weights;
}

}  // namespace mneme
