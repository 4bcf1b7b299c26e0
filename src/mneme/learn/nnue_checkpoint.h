// The trainer's checkpoint (.mckpt): the float parameters, Adam's moments and how far training
// got, so that `mneme learn nnue --resume` continues exactly where an interrupted run stopped,
// at an epoch's end or inside an epoch. A 120-byte header (magic, version, architecture,
// completed epochs, steps, a fingerprint of the data and the split, a checksum of the whole
// file, and where inside the next epoch the run stopped), then three float arrays in the layout
// of NnueParameters::values: parameters, first moments, second moments. Version 1 files (a
// 96-byte header, written only at epochs' ends) are still read.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "mneme/learn/nnue_loss.h"

namespace mneme {

// The message names the file and what is wrong with it.
class NnueCheckpointError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct NnueCheckpoint {
    NnueParameters parameters;
    std::vector<float> first_moment, second_moment;  // Adam's m and v
    std::uint32_t completed_epochs = 0;
    std::uint64_t steps = 0;             // optimiser steps taken
    std::uint64_t data_fingerprint = 0;  // NnueDataset::fingerprint()
    std::uint64_t seed = 0;
    double validation_fraction = 0;
    double seconds = 0;  // training time so far
    // Inside the epoch after completed_epochs (all 0 at an epoch's end): the batches done, with
    // the batch size that counts them, and the sum of their training losses.
    std::uint64_t batch_size = 0;
    std::uint64_t epoch_batches_done = 0;
    double epoch_loss_sum = 0;
};

// Written atomically (a temporary, then rename).
void save_nnue_checkpoint(const std::string& path, const NnueCheckpoint& checkpoint);
// Throws NnueCheckpointError for a file that is missing, truncated, corrupt or of another kind.
NnueCheckpoint load_nnue_checkpoint(const std::string& path);

}  // namespace mneme
