// SPSA (simultaneous perturbation stochastic approximation) for parameters no gradient
// reaches, such as the search's margins: each iteration plays theta + c_k*delta against
// theta - c_k*delta (delta a random +-1 per parameter) and moves theta along delta by the
// result. The schedule follows fishtest's: c_k = c / k^gamma, a_k = a / (A + k)^alpha, with c and
// a chosen so that c_N = C_END and a_N / c_N^2 = R_END at the last iteration N, A = N / 10.
// This is the update alone; where the results come from (games) is the caller's business.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mneme {

struct SpsaParameter {
    std::string name;
    double start = 0, min = 0, max = 0;
    double c_end = 1;      // the perturbation size at the last iteration
    double r_end = 0.002;  // the learning rate a_end / c_end^2 at the last iteration
};

// "NAME=START,MIN,MAX,C_END,R_END"; throws std::invalid_argument saying what is wrong.
SpsaParameter parse_spsa_parameter(const std::string& text);

struct SpsaSettings {
    int iterations = 100;
    double alpha = 0.602;
    double gamma = 0.101;
    double stability_fraction = 0.1;  // A = fraction * iterations
    std::uint64_t seed = 1;
};

// One iteration's two players.
struct SpsaStep {
    int k = 0;                        // 1-based
    std::vector<int> delta;           // +1 or -1 per parameter
    std::vector<double> c;            // the perturbation size per parameter
    std::vector<double> plus, minus;  // theta +- c * delta, clamped to [min, max]
};

class Spsa {
public:
    // Throws std::invalid_argument for an empty list, min > max, a start outside the range, or
    // a non-positive c_end, r_end or iteration count.
    Spsa(std::vector<SpsaParameter> parameters, SpsaSettings settings);

    // The next iteration's players. The signs of delta depend only on the seed, the
    // iteration's number and `worker`, so a resumed run plays what an uninterrupted one would;
    // the workers of a shared run (1, 2, ...; 0 is a run of its own) draw signs of their own,
    // so that two of them playing the same iteration do not measure the same direction.
    SpsaStep next_step(int worker = 0);
    // `result` is the plus side's advantage: e.g. wins - losses over the iteration's games.
    // The gain a_k is step.k's: a worker whose games ended after others' moves theta as the
    // iteration after the last one written (its step's k set to it), from theta as it is then.
    void update(const SpsaStep& step, double result);

    // Continues a run after `iterations_done` iterations that ended at `theta` (read back from
    // its trajectory). Throws std::invalid_argument when they do not fit this run.
    void resume(int iterations_done, const std::vector<double>& theta);

    const std::vector<SpsaParameter>& parameters() const { return parameters_; }
    const std::vector<double>& theta() const { return theta_; }
    int iterations_done() const { return done_; }
    int iterations() const { return settings_.iterations; }  // the run's length

private:
    std::vector<SpsaParameter> parameters_;
    SpsaSettings settings_;
    std::vector<double> theta_;
    int done_ = 0;
};

}  // namespace mneme
