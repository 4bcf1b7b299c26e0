// The player's own random numbers: SplitMix64, so a seed gives the same game on every platform
// (the standard distributions may differ between library versions).
#pragma once

#include <cstdint>

#include "mneme/util/splitmix64.h"

namespace mneme {

class CbrRandom {
public:
    explicit CbrRandom(std::uint64_t seed = 0) : state_(seed) {}
    void seed(std::uint64_t seed) { state_ = seed; }

    std::uint64_t next() { return splitmix64_finalise(state_ += SPLITMIX64_INCREMENT); }
    // Uniform in [0, n), n > 0, without modulo bias.
    std::uint64_t below(std::uint64_t n) {
        std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
        std::uint64_t value;
        do value = next();
        while (value >= limit);
        return value % n;
    }

private:
    std::uint64_t state_;
};

}  // namespace mneme
