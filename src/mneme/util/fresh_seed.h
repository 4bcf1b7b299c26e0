// Seeds for generators that should differ from run to run (a book's choice among its moves,
// a weakened engine's mistakes): the system's entropy read once per process, then a counter
// mixed in, so that each of many objects made in one process (a fuzzer's engines, a match's
// players) gets its own seed without opening the random device again. Not for secrets: the
// server's tokens take std::random_device each time.
#pragma once

#include <atomic>
#include <cstdint>
#include <random>

#include "mneme/util/splitmix64.h"

namespace mneme {

inline std::uint64_t fresh_seed() {
    static const std::uint64_t base =
        (std::uint64_t(std::random_device{}()) << 32) ^ std::uint64_t(std::random_device{}());
    static std::atomic<std::uint64_t> counter{0};
    // Consecutive counters give unrelated seeds.
    return splitmix64_finalise(base + SPLITMIX64_INCREMENT * (counter.fetch_add(1) + 1));
}

}  // namespace mneme
