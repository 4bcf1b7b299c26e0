// Perft: counting leaf nodes of the legal move tree, the standard move generator proof.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "mneme/core/position.h"

namespace mneme {

// Number of leaf nodes `depth` plies below `pos` (1 at depth 0).
std::uint64_t perft(Position& pos, int depth);

// Called with each root move's count as soon as it is known (a long count's progress).
using PerftCounted = std::function<void(Move, std::uint64_t)>;

// The same count split by root move, in generation order. When `stop` becomes true the count
// ends early: the moves counted so far are returned and `stopped` (if given) is set.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth,
                                                         const std::atomic<bool>* stop = nullptr,
                                                         bool* stopped = nullptr,
                                                         const PerftCounted& counted = {});

}  // namespace mneme
