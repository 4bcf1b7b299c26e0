// A fixed-depth search with given options, from a fresh searcher: what the search tests compare.
#pragma once

#include "mneme/search/search.h"

namespace mneme {

inline SearchResult search_with(const Position& pos, const SearchOptions& options, int depth) {
    Searcher searcher(4);
    searcher.set_options(options);
    SearchLimits limits;
    limits.depth = depth;
    return searcher.search(pos, limits);
}

}  // namespace mneme
