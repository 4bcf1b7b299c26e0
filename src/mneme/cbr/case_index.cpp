#include "mneme/cbr/case_index.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <unordered_map>

namespace mneme {

CaseIndex::CaseIndex(std::span<const CaseRecord> cases) {
    build_side(cases, WHITE, sides_[WHITE]);
    build_side(cases, BLACK, sides_[BLACK]);
}

std::size_t CaseIndex::bytes() const {
    std::size_t total = 0;
    for (const Side& side : sides_)
        total += side.groups.size() * sizeof(Group) + side.boards.size() * sizeof(CaseBoard) +
                 side.indices.size() * 4 + side.pivot_distances.size() * 8;
    return total;
}

void CaseIndex::build_side(std::span<const CaseRecord> cases, Color mover, Side& side) {
    // Group the cases by material, groups in order of first appearance, cases in file order.
    std::unordered_map<MaterialSignature, std::uint32_t> group_of;
    std::vector<std::vector<std::uint32_t>> members;
    std::vector<MaterialSignature> materials;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        if (cases[i].mover != mover) continue;
        MaterialSignature m = material_signature(cases[i].board);
        auto [it, added] = group_of.try_emplace(m, std::uint32_t(members.size()));
        if (added) {
            members.emplace_back();
            materials.push_back(m);
        }
        members[it->second].push_back(std::uint32_t(i));
    }

    for (std::size_t g = 0; g < members.size(); ++g) {
        const std::vector<std::uint32_t>& in_group = members[g];
        Group group;
        group.material = materials[g];
        group.begin = std::uint32_t(side.boards.size());
        // Pivots spread over the group: the first case, the case farthest from it, and the
        // case farthest from both.
        std::vector<int> nearest_pivot(in_group.size(), 1 << 20);
        std::uint32_t pivot_member = 0;
        for (int p = 0; p < PIVOTS; ++p) {
            group.pivots[p] = cases[in_group[pivot_member]].board;
            std::uint32_t farthest = 0;
            for (std::size_t j = 0; j < in_group.size(); ++j) {
                int d = board_distance(group.pivots[p], cases[in_group[j]].board);
                nearest_pivot[j] = std::min(nearest_pivot[j], d);
                if (nearest_pivot[j] > nearest_pivot[farthest]) farthest = std::uint32_t(j);
            }
            pivot_member = farthest;
        }
        std::vector<std::array<std::uint16_t, 4>> distances(in_group.size());
        for (std::size_t j = 0; j < in_group.size(); ++j)
            for (int p = 0; p < PIVOTS; ++p)
                distances[j][p] =
                    std::uint16_t(board_distance(group.pivots[p], cases[in_group[j]].board));
        std::vector<std::uint32_t> order(in_group.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return distances[a][0] < distances[b][0];
        });
        for (std::uint32_t j : order) {
            side.boards.push_back(cases[in_group[j]].board);
            side.indices.push_back(in_group[j]);
            side.pivot_distances.push_back(distances[j]);
        }
        group.end = std::uint32_t(side.boards.size());
        side.groups.push_back(group);
    }
}

void CaseIndex::search_side(const Side& side, const CaseBoard& board, bool mirrored,
                            NearestCases& nearest) {
    MaterialSignature material = material_signature(board);
    std::vector<std::pair<int, std::uint32_t>> order;  // (distance bound, group)
    order.reserve(side.groups.size());
    for (std::uint32_t g = 0; g < side.groups.size(); ++g)
        order.emplace_back(material_distance_bound(material, side.groups[g].material), g);
    std::sort(order.begin(), order.end());

    constexpr int FAR = 1 << 20;
    for (auto [bound, g] : order) {
        if (bound > nearest.threshold()) break;  // this group and every later one
        const Group& group = side.groups[g];
        int query_distance[PIVOTS];
        for (int p = 0; p < PIVOTS; ++p)
            query_distance[p] = board_distance(board, group.pivots[p]);
        const auto* distances = side.pivot_distances.data();
        // Start where the pivot distance equals the query's and walk both ways, nearest first.
        std::uint32_t up = std::uint32_t(
            std::lower_bound(distances + group.begin, distances + group.end, query_distance[0],
                             [](const std::array<std::uint16_t, 4>& d, int value) {
                                 return d[0] < value;
                             }) -
            distances);
        std::uint32_t down = up;
        for (;;) {
            int gap_up = up < group.end ? distances[up][0] - query_distance[0] : FAR;
            int gap_down = down > group.begin ? query_distance[0] - distances[down - 1][0] : FAR;
            int threshold = nearest.threshold();
            if (std::min(gap_up, gap_down) > threshold) break;
            std::uint32_t i = gap_up <= gap_down ? up++ : --down;
            if (std::abs(distances[i][1] - query_distance[1]) > threshold ||
                std::abs(distances[i][2] - query_distance[2]) > threshold)
                continue;
            nearest.add(board_distance(board, side.boards[i]), side.indices[i], mirrored);
        }
    }
}

std::vector<RetrievedCase> CaseIndex::retrieve(const RetrievalQuery& query) const {
    NearestCases nearest(query.k);
    search_side(sides_[query.mover], query.board, false, nearest);
    if (query.mirror) search_side(sides_[~query.mover], query.board.mirrored(), true, nearest);
    return nearest.take();
}

}  // namespace mneme
