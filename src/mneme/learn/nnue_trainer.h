// Trains the (768 -> H) x 2 -> 1 network on positions in memory: shuffled mini-batches, AdamW,
// a step or cosine learning-rate schedule, a held-out validation set and a checkpoint at the
// end of every epoch and wherever a run is asked to stop.
//
// Each batch is cut into fixed slices of positions whose gradients are computed into buffers
// of their own (by as many threads as asked) and then summed in slice order, so the result is
// bitwise the same for any number of threads and for a run resumed from a checkpoint.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mneme/learn/nnue_dataset.h"
#include "mneme/learn/nnue_loss.h"

namespace mneme {

struct NnueTrainerOptions {
    nnue::Architecture architecture;
    LossSettings loss;
    int epochs = 10;
    std::size_t batch_size = 16384;
    double learning_rate = 0.001;
    int lr_drop_epoch =
        0;  // the rate is multiplied by lr_drop_factor every this many epochs (0: never)
    double lr_drop_factor = 0.1;
    bool cosine = false;  // instead: a half cosine from the rate down to 1% of it over all steps
    double weight_decay = 0.01;  // AdamW's, decoupled, on the weights (not the biases)
    double validation_fraction = 0.02;
    int threads = 2;
    std::uint64_t seed = 1;
    std::string checkpoint_path;  // written at the end of every epoch and on a stop; empty: none
};

struct NnueBatchProgress {
    int epoch = 0;  // counted from 1
    std::size_t batch = 0, batches = 0;
    double training_loss = 0;  // mean over the epoch's batches so far
    double positions_per_second = 0;
};

struct NnueEpochReport {
    int epoch = 0;                    // counted from 1
    double training_loss = 0;         // mean over the epoch (as the weights changed)
    double validation_loss = 0;       // mean, with the weights at the epoch's end
    double learning_rate = 0;         // at the epoch's last step
    double seconds = 0;               // training time since the first epoch (resumed runs included)
    double positions_per_second = 0;  // in this epoch
};

// Optimiser constants (PyTorch's defaults) and the output-weight bound that keeps quantised
// weights inside +-127 / QB (QB = 64).
constexpr double ADAM_BETA1 = 0.9, ADAM_BETA2 = 0.999, ADAM_EPSILON = 1e-8;
constexpr float OUTPUT_WEIGHT_LIMIT = 1.98f;

class NnueTrainer {
public:
    NnueTrainer(const NnueDataset& data, const NnueTrainerOptions& options);

    // Continues from a checkpoint written by a run with the same data, seed, validation split
    // and architecture; throws NnueCheckpointError naming what differs.
    void resume(const std::string& checkpoint_path);

    // Trains from where the run stands to options.epochs, or until on_epoch returns false, or
    // until stop_requested (asked after every batch) says so: then the checkpoint is written
    // where the run stopped, inside the epoch, and a resumed run goes on from the next batch.
    void train(const std::function<void(const NnueBatchProgress&)>& on_batch = {},
               const std::function<bool(const NnueEpochReport&)>& on_epoch = {},
               const std::function<bool()>& stop_requested = {});

    double validation_loss() const;  // mean; 0 without validation positions
    double learning_rate(std::uint64_t step) const;
    const NnueParameters& parameters() const { return parameters_; }
    int completed_epochs() const { return int(completed_epochs_); }
    // Batches done of the epoch after completed_epochs() (0 at an epoch's end).
    std::size_t epoch_batches_done() const { return epoch_batches_done_; }
    const DataSplit& split() const { return split_; }
    std::size_t batches_per_epoch() const;

private:
    void step(const std::uint32_t* indices, std::size_t count, double& loss_sum);
    void save_checkpoint(double seconds) const;

    const NnueDataset& data_;
    NnueTrainerOptions options_;
    DataSplit split_;
    NnueParameters parameters_;
    std::vector<float> first_moment_, second_moment_;
    std::vector<std::vector<float>> slice_gradients_;
    std::uint32_t completed_epochs_ = 0;
    std::uint64_t steps_ = 0;
    std::size_t epoch_batches_done_ = 0;  // of the epoch in progress
    double epoch_loss_sum_ = 0;
    double seconds_before_ = 0;
};

}  // namespace mneme
