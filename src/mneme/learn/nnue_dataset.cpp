#include "mneme/learn/nnue_dataset.h"

#include <algorithm>
#include <cstring>
#include <random>

#include "mneme/learn/training_data_file.h"

namespace mneme {

namespace {

// Consecutive positions kept together on one side of the split: about a game and a half.
constexpr std::size_t SPLIT_RUN = 100;

}  // namespace

PackedPosition PackedPosition::from(const ScoredPosition& p) {
    PackedPosition packed;
    p.for_each_piece([&](Piece piece, Square s) {
        packed.features[packed.count++] = std::uint16_t(nnue::feature_index(WHITE, piece, s));
    });
    packed.score = p.score;
    packed.side_to_move = std::uint8_t(p.side_to_move);
    packed.result = std::uint8_t(p.result);
    return packed;
}

void NnueDataset::add_file(const std::string& path, std::uint64_t limit) {
    TrainingDataReader reader(path, true, true);  // a file still being written: its finished games
    std::uint64_t take = reader.size();
    if (limit > 0) take = std::min<std::uint64_t>(take, limit > size() ? limit - size() : 0);
    positions_.reserve(positions_.size() + take);
    for (std::uint64_t i = 0; i < take; ++i) add(reader.at(i));
    sources_.push_back({path, take, reader.header().checksum});
}

std::uint64_t NnueDataset::fingerprint() const {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    auto mix = [&](std::uint64_t word) { hash = (hash ^ word) * 0x100000001b3ULL; };
    mix(positions_.size());
    if (!sources_.empty() && positions_.size() > 0) {
        for (const TrainingDataSource& s : sources_) {
            mix(s.checksum);
            mix(s.positions);
        }
        return hash;
    }
    for (const PackedPosition& p : positions_) {
        std::uint64_t word = 0;
        for (int i = 0; i < p.count; ++i) word = word * 769 + p.features[i];
        mix(word ^ (std::uint64_t(std::uint16_t(p.score)) << 32) ^ (std::uint64_t(p.result) << 48) ^
            (std::uint64_t(p.side_to_move) << 56));
    }
    return hash;
}

void shuffle_indices(std::vector<std::uint32_t>& indices, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    for (std::size_t i = indices.size(); i > 1; --i)
        std::swap(indices[i - 1], indices[random() % i]);
}

DataSplit split_dataset(std::size_t size, double fraction, std::uint64_t seed) {
    std::size_t runs = (size + SPLIT_RUN - 1) / SPLIT_RUN;
    std::vector<std::uint32_t> order(runs);
    for (std::size_t i = 0; i < runs; ++i) order[i] = std::uint32_t(i);
    shuffle_indices(order, seed ^ 0x9e3779b97f4a7c15ULL);
    std::vector<bool> held_out(runs, false);
    std::size_t wanted = std::size_t(double(size) * fraction + 0.5), taken = 0;
    for (std::size_t i = 0; i < runs && taken < wanted; ++i) {
        held_out[order[i]] = true;
        taken += std::min(SPLIT_RUN, size - order[i] * SPLIT_RUN);
    }
    DataSplit split;
    split.validation.reserve(taken);
    split.training.reserve(size - taken);
    for (std::size_t i = 0; i < size; ++i)
        (held_out[i / SPLIT_RUN] ? split.validation : split.training).push_back(std::uint32_t(i));
    return split;
}

}  // namespace mneme
