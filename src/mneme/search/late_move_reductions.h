// Late move reductions: how many plies shallower a late quiet move is searched first. The
// reduction grows with both the remaining depth and the move's place in the ordering, slowly
// (their logarithms' product), since the later a move comes in a deep node, the less likely it
// is to be best. Shared by the tree (search.cpp) and the root (search_root.cpp).
#pragma once

#include "mneme/search/search_options.h"

namespace mneme {

// SearchMargins::lmr_base / 100 + log(depth) x log(move count) / (lmr_divisor / 100), rounded
// down: the base shifts the whole table, the divisor scales it.
int late_move_reduction(const SearchMargins& margins, int depth, int move_count);

}  // namespace mneme
