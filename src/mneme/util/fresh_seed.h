// Seeds for generators that should differ from run to run (a book's choice among its moves,
// a weakened engine's mistakes): the system's entropy read once per process, then a counter
// mixed in, so that each of many objects made in one process (a fuzzer's engines, a match's
// players) gets its own seed without opening the random device again. Not for secrets: the
// server's tokens take std::random_device each time.
#pragma once

#include <atomic>
#include <cstdint>
#include <random>

namespace mneme {

inline std::uint64_t fresh_seed() {
    static const std::uint64_t base =
        (std::uint64_t(std::random_device{}()) << 32) ^ std::uint64_t(std::random_device{}());
    static std::atomic<std::uint64_t> counter{0};
    // SplitMix64's finaliser: consecutive counters give unrelated seeds.
    std::uint64_t z = base + 0x9e3779b97f4a7c15ULL * (counter.fetch_add(1) + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace mneme
