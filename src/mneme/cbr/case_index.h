// An index that answers retrieval queries exactly as the linear scan does, while comparing the
// query with a small part of the case base.
//
// Cases are grouped by mover colour and the number of pieces of each colour. Two boards with
// different counts differ on a number of squares that the counts alone bound from below
// (material_distance_bound), so whole groups are skipped once k cases at least that close are
// known; groups are visited nearest bound first. (Groups by full material were tried: thousands
// of small groups cost more to order than they saved.) Inside a group, cases are sorted by their
// distance to a pivot board: the distance is a metric, so |d(q, pivot) - d(c, pivot)| <= d(q, c)
// and only the cases whose pivot distance lies within the current k-th best distance of the
// query's are looked at. Of those, a vectorised pass over the occupancy bitboards alone (stored
// apart from the other four planes) bounds the distance from below; the few cases it lets
// through are compared in full.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mneme/cbr/case_retrieval.h"

namespace mneme {

class CaseIndex {
public:
    CaseIndex() = default;
    explicit CaseIndex(std::span<const CaseRecord> cases);

    std::vector<RetrievedCase> retrieve(const RetrievalQuery& query) const;

    // The memory the index holds beside the mapped file.
    std::size_t bytes() const;

private:
    struct Group {
        MaterialCounts material;
        std::uint32_t begin = 0, end = 0;  // in the arrays below
        CaseBoard pivot;
    };
    // The cases of one mover colour, each bitboard in its own array.
    struct Side {
        std::vector<Group> groups;
        std::vector<Bitboard> occupied, white, type_bits[3];
        std::vector<std::uint16_t> pivot_distance;  // sorted within each group
        std::vector<std::uint32_t> indices;         // into the case base
    };

    static void build_side(std::span<const CaseRecord> cases, Color mover, Side& side);
    static void search_side(const Side& side, const CaseBoard& board, bool mirrored,
                            NearestCases& nearest);
    // Offers cases [first, last) of `side` to `nearest`.
    static void scan(const Side& side, const CaseBoard& board, bool mirrored, std::size_t first,
                     std::size_t last, NearestCases& nearest);

    Side sides_[2];
};

}  // namespace mneme
