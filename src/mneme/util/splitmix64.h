// SplitMix64 (Steele, Lea and Flood): the step and the finaliser that spread nearby numbers
// (seeds n, n+1, ...) over unrelated 64-bit values; the project's seed mixing and its small
// platform-independent generators are built from it.
#pragma once

#include <cstdint>

namespace mneme {

inline constexpr std::uint64_t SPLITMIX64_INCREMENT = 0x9e3779b97f4a7c15ULL;

inline constexpr std::uint64_t splitmix64_finalise(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace mneme
