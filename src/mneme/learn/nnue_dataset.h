// Network-training positions held in memory by the trainer: every .mdata record is decoded once
// into its active features from White's side (Black's follow by a fixed mapping), the side to
// move, the search score and the result; 70 bytes a position, so 50M positions take 3.5 GB.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "mneme/learn/scored_position.h"
#include "mneme/nnue/features.h"

namespace mneme {

// The feature that `white_feature` (feature_index(WHITE, piece, s)) is from Black's side: the
// colours swap (own <-> other, a shift by 384) and the board flips vertically (square ^ 56).
constexpr int black_feature_of(int white_feature) {
    return (white_feature < 384 ? white_feature + 384 : white_feature - 384) ^ 56;
}

struct PackedPosition {
    std::array<std::uint16_t, 32> features{};  // from White's side; `count` of them are used
    std::int16_t score = 0;                    // centipawns for the side to move
    std::uint8_t count = 0;
    std::uint8_t side_to_move = WHITE;
    std::uint8_t result = 1;  // ScoredResult: 0 loss, 1 draw, 2 win (side to move)

    static PackedPosition from(const ScoredPosition& p);
    double result_value() const { return result * 0.5; }
};

// Where positions came from, for the network's description.
struct TrainingDataSource {
    std::string path;
    std::uint64_t positions = 0;
    std::uint64_t checksum = 0;  // the .mdata header's record checksum
};

class NnueDataset {
public:
    // Appends every record of a .mdata file (checked first); throws TrainingDataError.
    // `limit` > 0 stops once the set holds that many positions.
    void add_file(const std::string& path, std::uint64_t limit = 0);
    void add(const ScoredPosition& position) {
        positions_.push_back(PackedPosition::from(position));
    }

    std::size_t size() const { return positions_.size(); }
    const PackedPosition& operator[](std::size_t index) const { return positions_[index]; }
    const std::vector<TrainingDataSource>& sources() const { return sources_; }
    // Identifies the data (files' checksums and counts, or the positions' bytes), so that a
    // checkpoint is resumed only on the data it was trained on.
    std::uint64_t fingerprint() const;

private:
    std::vector<PackedPosition> positions_;
    std::vector<TrainingDataSource> sources_;
};

// The training and validation positions' indices. The validation set is made of whole runs of
// consecutive positions (files are in game order, so single positions would share games with
// the training set), chosen by `seed`; about `fraction` of all.
struct DataSplit {
    std::vector<std::uint32_t> training;
    std::vector<std::uint32_t> validation;
};
DataSplit split_dataset(std::size_t size, double fraction, std::uint64_t seed);

// Fisher-Yates with std::mt19937_64, whose sequence the standard fixes: the same order on
// every platform for the same seed.
void shuffle_indices(std::vector<std::uint32_t>& indices, std::uint64_t seed);

}  // namespace mneme
