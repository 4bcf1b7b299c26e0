// An index that answers retrieval queries exactly as the linear scan does, while comparing the
// query with a small part of the case base.
//
// Cases are grouped by mover colour and material (the count of each piece kind). Two boards
// with different material differ on a number of squares that the counts alone bound from below
// (material_distance_bound), so whole groups are skipped once k cases at least that close are
// known. Inside a group, cases are sorted by their distance to a pivot board; because the
// distance is a metric, |d(q, pivot) - d(c, pivot)| <= d(q, c), so the scan starts at the
// query's own pivot distance, walks outwards and stops where the gap exceeds the current k-th
// best distance. Two more pivots per group reject most of the remaining cases from two small
// numbers before their boards are read.
#pragma once

#include <array>
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
    static constexpr int PIVOTS = 3;
    struct Group {
        MaterialSignature material = 0;
        std::uint32_t begin = 0, end = 0;  // in the arrays below
        std::array<CaseBoard, PIVOTS> pivots;
    };
    // The cases of one mover colour.
    struct Side {
        std::vector<Group> groups;
        std::vector<CaseBoard> boards;                            // in group, pivot order
        std::vector<std::uint32_t> indices;                       // into the case base
        std::vector<std::array<std::uint16_t, 4>> pivot_distances;  // [pivot] per case
    };

    static void build_side(std::span<const CaseRecord> cases, Color mover, Side& side);
    static void search_side(const Side& side, const CaseBoard& board, bool mirrored,
                            NearestCases& nearest);

    Side sides_[2];
};

}  // namespace mneme
