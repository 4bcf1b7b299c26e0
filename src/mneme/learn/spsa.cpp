#include "mneme/learn/spsa.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>
#include <stdexcept>

#include "mneme/util/splitmix64.h"

namespace mneme {

SpsaParameter parse_spsa_parameter(const std::string& text) {
    std::size_t equals = text.find('=');
    if (equals == std::string::npos || equals == 0)
        throw std::invalid_argument("'" + text + "' is not NAME=START,MIN,MAX,C_END,R_END");
    SpsaParameter p;
    p.name = text.substr(0, equals);
    std::vector<double> numbers;
    std::stringstream list(text.substr(equals + 1));
    for (std::string field; std::getline(list, field, ',');) {
        std::size_t used = 0;
        double value = 0;
        try {
            value = std::stod(field, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (field.empty() || used != field.size() || !std::isfinite(value))
            throw std::invalid_argument("'" + text + "': '" + field + "' is not a number");
        numbers.push_back(value);
    }
    if (numbers.size() != 5)
        throw std::invalid_argument("'" + text +
                                    "': expected 5 numbers START,MIN,MAX,C_END,R_END, found " +
                                    std::to_string(numbers.size()));
    p.start = numbers[0];
    p.min = numbers[1];
    p.max = numbers[2];
    p.c_end = numbers[3];
    p.r_end = numbers[4];
    return p;
}

Spsa::Spsa(std::vector<SpsaParameter> parameters, SpsaSettings settings)
    : parameters_(std::move(parameters)), settings_(settings) {
    if (parameters_.empty()) throw std::invalid_argument("SPSA needs at least one parameter");
    if (settings_.iterations < 1) throw std::invalid_argument("SPSA needs at least one iteration");
    for (const SpsaParameter& p : parameters_) {
        if (!(p.min <= p.max)) throw std::invalid_argument(p.name + ": MIN is above MAX");
        if (p.start < p.min || p.start > p.max)
            throw std::invalid_argument(p.name + ": START is outside [MIN, MAX]");
        if (!(p.c_end > 0) || !(p.r_end > 0))
            throw std::invalid_argument(p.name + ": C_END and R_END must be positive");
        theta_.push_back(p.start);
    }
}

void Spsa::resume(int iterations_done, const std::vector<double>& theta) {
    if (iterations_done < 0 || iterations_done > settings_.iterations)
        throw std::invalid_argument("SPSA cannot resume after iteration " +
                                    std::to_string(iterations_done) + " of " +
                                    std::to_string(settings_.iterations));
    if (theta.size() != parameters_.size())
        throw std::invalid_argument("SPSA cannot resume with " + std::to_string(theta.size()) +
                                    " values for " + std::to_string(parameters_.size()) +
                                    " parameters");
    for (std::size_t i = 0; i < theta.size(); ++i) {
        const SpsaParameter& p = parameters_[i];
        if (!(theta[i] >= p.min && theta[i] <= p.max))
            throw std::invalid_argument("SPSA cannot resume: " + p.name + " " +
                                        std::to_string(theta[i]) + " is outside [MIN, MAX]");
    }
    theta_ = theta;
    done_ = iterations_done;
}

SpsaStep Spsa::next_step(int worker) {
    SpsaStep step;
    step.k = done_ + 1;
    const double n = settings_.iterations;
    std::uint64_t stream = settings_.seed * 0x9E3779B97F4A7C15ULL + std::uint64_t(step.k);
    // Worker 0 keeps the signs runs of their own have always drawn.
    if (worker != 0) stream = splitmix64_finalise(stream ^ (std::uint64_t(worker) << 32));
    std::mt19937_64 signs(stream);
    for (std::size_t i = 0; i < parameters_.size(); ++i) {
        const SpsaParameter& p = parameters_[i];
        double c = p.c_end * std::pow(n, settings_.gamma) / std::pow(step.k, settings_.gamma);
        int delta = (signs() & 1) ? 1 : -1;
        step.delta.push_back(delta);
        step.c.push_back(c);
        step.plus.push_back(std::clamp(theta_[i] + c * delta, p.min, p.max));
        step.minus.push_back(std::clamp(theta_[i] - c * delta, p.min, p.max));
    }
    return step;
}

void Spsa::update(const SpsaStep& step, double result) {
    const double n = settings_.iterations, big_a = settings_.stability_fraction * n;
    for (std::size_t i = 0; i < parameters_.size(); ++i) {
        const SpsaParameter& p = parameters_[i];
        double a_end = p.r_end * p.c_end * p.c_end;
        double a = a_end * std::pow(big_a + n, settings_.alpha);
        double a_k = a / std::pow(big_a + step.k, settings_.alpha);
        // theta += a_k * result / (c_k * delta): delta is +-1, so dividing is multiplying.
        theta_[i] = std::clamp(theta_[i] + a_k * result * step.delta[i] / step.c[i], p.min, p.max);
    }
    done_ = std::max(done_, step.k);
}

}  // namespace mneme
