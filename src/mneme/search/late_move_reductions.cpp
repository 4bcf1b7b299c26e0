#include "mneme/search/late_move_reductions.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace mneme {

namespace {

constexpr int REDUCTION_TABLE_SIZE = 64;
const auto LOG_PRODUCTS = [] {
    std::array<std::array<double, REDUCTION_TABLE_SIZE>, REDUCTION_TABLE_SIZE> table{};
    for (int depth = 1; depth < REDUCTION_TABLE_SIZE; ++depth)
        for (int count = 1; count < REDUCTION_TABLE_SIZE; ++count)
            table[depth][count] = std::log(depth) * std::log(count);
    return table;
}();

}  // namespace

int late_move_reduction(const SearchMargins& margins, int depth, int move_count) {
    // 220 / 100.0 is the double nearest 2.2 and 50 / 100.0 is 0.5, so the defaults give the
    // table they always gave (0.5 + ..., truncated).
    return int(std::floor(margins.lmr_base / 100.0 +
                          LOG_PRODUCTS[std::min(depth, REDUCTION_TABLE_SIZE - 1)]
                                      [std::min(move_count, REDUCTION_TABLE_SIZE - 1)] /
                              (margins.lmr_divisor / 100.0)));
}

}  // namespace mneme
