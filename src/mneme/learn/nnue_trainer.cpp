#include "mneme/learn/nnue_trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numbers>
#include <thread>

#include "mneme/learn/nnue_checkpoint.h"
#include "mneme/util/record_file.h"

namespace mneme {

namespace {

// Positions per gradient slice: the unit of the deterministic reduction.
constexpr std::size_t SLICE = 1024;

// Runs work(thread) for thread = 0 .. threads - 1, the last on the calling thread.
template <class F>
void run_parallel(int threads, F&& work) {
    std::vector<std::thread> helpers;
    for (int t = 0; t + 1 < threads; ++t) helpers.emplace_back([&work, t] { work(t); });
    work(threads - 1);
    for (std::thread& helper : helpers) helper.join();
}

std::uint64_t epoch_seed(std::uint64_t seed, std::uint32_t epoch) {
    return seed * 0x9e3779b97f4a7c15ULL + epoch + 1;
}

}  // namespace

NnueTrainer::NnueTrainer(const NnueDataset& data, const NnueTrainerOptions& options)
    : data_(data),
      options_(options),
      split_(split_dataset(data.size(), options.validation_fraction, options.seed)),
      parameters_(NnueParameters::initial(options.architecture, options.seed)),
      first_moment_(parameters_.size(), 0.0f),
      second_moment_(parameters_.size(), 0.0f) {
    options_.threads = std::max(1, options_.threads);
    options_.batch_size = std::max<std::size_t>(1, options_.batch_size);
    std::size_t slices =
        (std::min(options_.batch_size, std::max<std::size_t>(split_.training.size(), 1)) + SLICE -
         1) /
        SLICE;
    slice_gradients_.assign(slices, std::vector<float>(parameters_.size()));
}

std::size_t NnueTrainer::batches_per_epoch() const {
    return (split_.training.size() + options_.batch_size - 1) / options_.batch_size;
}

double NnueTrainer::learning_rate(std::uint64_t step) const {
    if (options_.cosine) {
        double total = double(
            std::max<std::uint64_t>(1, batches_per_epoch() * std::uint64_t(options_.epochs)));
        double progress = std::min(1.0, double(step) / total);
        return options_.learning_rate *
               (0.01 + 0.99 * 0.5 * (1 + std::cos(std::numbers::pi * progress)));
    }
    if (options_.lr_drop_epoch <= 0) return options_.learning_rate;
    std::uint64_t epoch = step / std::max<std::size_t>(1, batches_per_epoch());
    return options_.learning_rate *
           std::pow(options_.lr_drop_factor, double(epoch / std::uint64_t(options_.lr_drop_epoch)));
}

void NnueTrainer::step(const std::uint32_t* indices, std::size_t count, double& loss_sum) {
    const std::size_t slices = (count + SLICE - 1) / SLICE;
    const int threads = int(std::min<std::size_t>(std::size_t(options_.threads), slices));
    const float factor = 1.0f / float(count);
    std::vector<double> slice_loss(slices, 0.0);
    run_parallel(threads, [&](int t) {
        for (std::size_t s = std::size_t(t); s < slices; s += std::size_t(threads)) {
            std::vector<float>& gradient = slice_gradients_[s];
            std::fill(gradient.begin(), gradient.end(), 0.0f);
            std::size_t begin = s * SLICE, end = std::min(count, begin + SLICE);
            slice_loss[s] = accumulate_gradient(parameters_, options_.loss, data_, indices + begin,
                                                end - begin, factor, gradient.data());
        }
    });
    for (double loss : slice_loss) loss_sum += loss;

    // AdamW as PyTorch does it: decay, moments, bias-corrected step; then the output bound.
    ++steps_;
    const double rate = learning_rate(steps_ - 1);
    const float decay = float(1 - rate * options_.weight_decay);
    const double correction1 = 1 - std::pow(ADAM_BETA1, double(steps_));
    const double correction2_root = std::sqrt(1 - std::pow(ADAM_BETA2, double(steps_)));
    const float step_size = float(rate / correction1);
    const float b1 = float(ADAM_BETA1), b2 = float(ADAM_BETA2);
    const std::size_t n = parameters_.size();
    const std::size_t bias_begin = parameters_.feature_bias_offset();
    const std::size_t bias_end = parameters_.output_weights_offset();
    const std::size_t output_begin = bias_end, output_end = parameters_.output_bias_offset();
    run_parallel(options_.threads, [&](int t) {
        std::size_t begin = n * std::size_t(t) / std::size_t(options_.threads);
        std::size_t end = n * std::size_t(t + 1) / std::size_t(options_.threads);
        float* __restrict p = parameters_.values.data();
        float* __restrict m = first_moment_.data();
        float* __restrict v = second_moment_.data();
        for (std::size_t i = begin; i < end; ++i) {
            float g = slice_gradients_[0][i];
            for (std::size_t s = 1; s < slices; ++s) g += slice_gradients_[s][i];
            bool is_weight = i < bias_begin || (i >= output_begin && i < output_end);
            if (is_weight) p[i] *= decay;
            m[i] = b1 * m[i] + (1 - b1) * g;
            v[i] = b2 * v[i] + (1 - b2) * g * g;
            p[i] -= step_size * m[i] /
                    (std::sqrt(v[i]) / float(correction2_root) + float(ADAM_EPSILON));
            if (i >= output_begin && i < output_end)
                p[i] = std::clamp(p[i], -OUTPUT_WEIGHT_LIMIT, OUTPUT_WEIGHT_LIMIT);
        }
    });
}

double NnueTrainer::validation_loss() const {
    const std::vector<std::uint32_t>& indices = split_.validation;
    if (indices.empty()) return 0;
    const std::size_t slices = (indices.size() + SLICE - 1) / SLICE;
    const int threads = int(std::min<std::size_t>(std::size_t(options_.threads), slices));
    std::vector<double> slice_loss(slices, 0.0);
    run_parallel(threads, [&](int t) {
        for (std::size_t s = std::size_t(t); s < slices; s += std::size_t(threads)) {
            std::size_t begin = s * SLICE, end = std::min(indices.size(), begin + SLICE);
            slice_loss[s] =
                summed_loss(parameters_, options_.loss, data_, indices.data() + begin, end - begin);
        }
    });
    double sum = 0;
    for (double loss : slice_loss) sum += loss;
    return sum / double(indices.size());
}

void NnueTrainer::resume(const std::string& path) {
    NnueCheckpoint c = load_nnue_checkpoint(path);
    auto refuse = [&](const std::string& why) {
        throw NnueCheckpointError(path + ": " + why +
                                  "; resume with the data and options of the run "
                                  "that wrote it");
    };
    if (c.parameters.architecture != options_.architecture)
        refuse("made for " + c.parameters.architecture.describe() + ", not " +
               options_.architecture.describe());
    if (c.data_fingerprint != data_.fingerprint())
        refuse("made with other training data (fingerprint " + hex64(c.data_fingerprint) +
               ", these files " + hex64(data_.fingerprint()) + ")");
    if (c.seed != options_.seed || c.validation_fraction != options_.validation_fraction)
        refuse("made with --seed " + std::to_string(c.seed) + " and --validation " +
               std::to_string(c.validation_fraction));
    if (c.epoch_batches_done > 0 && c.batch_size != options_.batch_size)
        refuse("stopped inside an epoch with --batch " + std::to_string(c.batch_size));
    if (c.epoch_batches_done >= batches_per_epoch())
        refuse("stopped at batch " + std::to_string(c.epoch_batches_done) + " of an epoch of " +
               std::to_string(batches_per_epoch()));
    parameters_ = std::move(c.parameters);
    first_moment_ = std::move(c.first_moment);
    second_moment_ = std::move(c.second_moment);
    completed_epochs_ = c.completed_epochs;
    steps_ = c.steps;
    epoch_batches_done_ = std::size_t(c.epoch_batches_done);
    epoch_loss_sum_ = c.epoch_loss_sum;
    seconds_before_ = c.seconds;
}

void NnueTrainer::save_checkpoint(double seconds) const {
    NnueCheckpoint c;
    c.parameters = parameters_;
    c.first_moment = first_moment_;
    c.second_moment = second_moment_;
    c.completed_epochs = completed_epochs_;
    c.steps = steps_;
    c.data_fingerprint = data_.fingerprint();
    c.seed = options_.seed;
    c.validation_fraction = options_.validation_fraction;
    c.seconds = seconds;
    c.batch_size = options_.batch_size;
    c.epoch_batches_done = epoch_batches_done_;
    c.epoch_loss_sum = epoch_loss_sum_;
    save_nnue_checkpoint(options_.checkpoint_path, c);
}

void NnueTrainer::train(const std::function<void(const NnueBatchProgress&)>& on_batch,
                        const std::function<bool(const NnueEpochReport&)>& on_epoch,
                        const std::function<bool()>& stop_requested) {
    using Clock = std::chrono::steady_clock;
    const auto run_started = Clock::now();
    auto since = [](Clock::time_point t) {
        return std::chrono::duration<double>(Clock::now() - t).count();
    };
    std::vector<std::uint32_t> order = split_.training;
    const std::size_t batches = batches_per_epoch();
    while (int(completed_epochs_) < options_.epochs && !order.empty()) {
        const auto epoch_started = Clock::now();
        // From the split's order each epoch, so that the order depends on the epoch alone.
        std::copy(split_.training.begin(), split_.training.end(), order.begin());
        shuffle_indices(order, epoch_seed(options_.seed, completed_epochs_));
        const std::size_t first_batch = epoch_batches_done_;  // not 0 after a stop mid-epoch
        for (std::size_t b = first_batch; b < batches; ++b) {
            std::size_t begin = b * options_.batch_size;
            std::size_t count = std::min(options_.batch_size, order.size() - begin);
            step(order.data() + begin, count, epoch_loss_sum_);
            epoch_batches_done_ = b + 1;
            if (on_batch) {
                std::size_t done = begin + count;
                on_batch({int(completed_epochs_) + 1, b + 1, batches,
                          epoch_loss_sum_ / double(done),
                          double(done - first_batch * options_.batch_size) /
                              std::max(since(epoch_started), 1e-9)});
            }
            if (b + 1 < batches && stop_requested && stop_requested()) {
                if (!options_.checkpoint_path.empty())
                    save_checkpoint(seconds_before_ + since(run_started));
                return;
            }
        }
        ++completed_epochs_;
        NnueEpochReport report;
        report.epoch = int(completed_epochs_);
        report.training_loss = epoch_loss_sum_ / double(order.size());
        report.validation_loss = validation_loss();
        report.learning_rate = learning_rate(steps_ - 1);
        report.positions_per_second = double(order.size() - first_batch * options_.batch_size) /
                                      std::max(since(epoch_started), 1e-9);
        report.seconds = seconds_before_ + since(run_started);
        epoch_batches_done_ = 0;
        epoch_loss_sum_ = 0;
        if (!options_.checkpoint_path.empty()) save_checkpoint(report.seconds);
        if (on_epoch && !on_epoch(report)) break;
        if (stop_requested && stop_requested()) break;
    }
}

}  // namespace mneme
