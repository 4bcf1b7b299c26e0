#include "mneme/cbr/case_index.h"

#include <algorithm>
#include <bit>
#include <map>
#include <numeric>

namespace mneme {

namespace {

constexpr std::size_t BLOCK = 256;  // cases bounded per vector pass

// The material of a group as far as the index keeps it: only the number of pieces per colour
// (in the first lane of each colour), which material_distance_bound reads as one piece kind.
MaterialCounts piece_counts(const CaseBoard& board) {
    MaterialCounts counts;
    for (Color c : {WHITE, BLACK}) {
        Bitboard side = c == WHITE ? board.white : board.occupied & ~board.white;
        counts.pieces[c] = counts.lanes[8 * c] = std::uint8_t(std::popcount(side));
    }
    return counts;
}

// Twice the number of squares occupied on exactly one of the boards: the part of the distance
// that the occupancy alone determines, a lower bound on the whole. Far more selective than the
// material (the nearest case is typically at distance 16, a random one at 60), and it reads one
// bitboard per case instead of five.
void occupancy_bounds(const Bitboard* occupied, std::size_t count, Bitboard query, int* out) {
    for (std::size_t i = 0; i < count; ++i) out[i] = 2 * std::popcount(occupied[i] ^ query);
}

}  // namespace

CaseIndex::CaseIndex(std::span<const CaseRecord> cases) {
    build_side(cases, WHITE, sides_[WHITE]);
    build_side(cases, BLACK, sides_[BLACK]);
}

std::size_t CaseIndex::bytes() const {
    std::size_t total = 0;
    for (const Side& side : sides_)
        total += side.groups.size() * sizeof(Group) + side.indices.size() * (5 * 8 + 2 + 4);
    return total;
}

void CaseIndex::build_side(std::span<const CaseRecord> cases, Color mover, Side& side) {
    // Group the cases by the number of pieces of each colour, groups in order of first
    // appearance, cases in file order.
    std::map<std::pair<int, int>, std::uint32_t> group_of;
    std::vector<std::vector<std::uint32_t>> members;
    std::vector<MaterialCounts> materials;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        if (cases[i].mover != mover) continue;
        MaterialCounts m = piece_counts(cases[i].board);
        auto [it, added] = group_of.try_emplace(
            std::pair(int(m.pieces[WHITE]), int(m.pieces[BLACK])), std::uint32_t(members.size()));
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
        group.begin = std::uint32_t(side.indices.size());
        group.pivot = cases[in_group.front()].board;
        std::vector<std::uint16_t> distances(in_group.size());
        for (std::size_t j = 0; j < in_group.size(); ++j)
            distances[j] = std::uint16_t(board_distance(group.pivot, cases[in_group[j]].board));
        std::vector<std::uint32_t> order(in_group.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return distances[a] < distances[b];
        });
        for (std::uint32_t j : order) {
            const CaseBoard& board = cases[in_group[j]].board;
            side.occupied.push_back(board.occupied);
            side.white.push_back(board.white);
            for (int bit = 0; bit < 3; ++bit) side.type_bits[bit].push_back(board.type_bits[bit]);
            side.pivot_distance.push_back(distances[j]);
            side.indices.push_back(in_group[j]);
        }
        group.end = std::uint32_t(side.indices.size());
        side.groups.push_back(group);
    }
}

void CaseIndex::search_side(const Side& side, const CaseBoard& board, bool mirrored,
                            NearestCases& nearest) {
    // Groups by their material bound, nearest first (a counting sort: bounds are small).
    constexpr int MAX_BOUND = 4 * SQUARE_COUNT;
    MaterialCounts material = piece_counts(board);
    std::vector<std::uint16_t> bounds(side.groups.size());
    std::vector<std::uint32_t> starts(MAX_BOUND + 2, 0);
    for (std::size_t g = 0; g < side.groups.size(); ++g) {
        bounds[g] = std::uint16_t(material_distance_bound(material, side.groups[g].material));
        ++starts[bounds[g] + 1];
    }
    std::partial_sum(starts.begin(), starts.end(), starts.begin());
    std::vector<std::uint32_t> order(side.groups.size());
    for (std::size_t g = 0; g < side.groups.size(); ++g)
        order[starts[bounds[g]]++] = std::uint32_t(g);

    for (std::uint32_t g : order) {
        if (bounds[g] > nearest.threshold()) break;  // this group and every later one
        const Group& group = side.groups[g];
        // Only cases whose pivot distance is within the threshold of the query's can be near.
        // The block around the query's own pivot distance goes first: its cases tend to be the
        // nearest, and the threshold they set narrows the rest of the window.
        const std::uint16_t* pivot = side.pivot_distance.data();
        int query_distance = board_distance(board, group.pivot);
        std::size_t middle = std::size_t(
            std::lower_bound(pivot + group.begin, pivot + group.end, query_distance) - pivot);
        std::size_t centre_first =
            std::max<std::size_t>(group.begin, middle - std::min<std::size_t>(middle, BLOCK / 2));
        std::size_t centre_last = std::min<std::size_t>(group.end, centre_first + BLOCK);
        scan(side, board, mirrored, centre_first, centre_last, nearest);
        int threshold = nearest.threshold();
        std::size_t first = std::size_t(std::lower_bound(pivot + group.begin, pivot + centre_first,
                                                         query_distance - threshold) -
                                        pivot);
        std::size_t last = std::size_t(
            std::upper_bound(pivot + centre_last, pivot + group.end, query_distance + threshold) -
            pivot);
        scan(side, board, mirrored, first, centre_first, nearest);
        scan(side, board, mirrored, centre_last, last, nearest);
    }
}

void CaseIndex::scan(const Side& side, const CaseBoard& board, bool mirrored, std::size_t first,
                     std::size_t last, NearestCases& nearest) {
    int bounds[BLOCK];
    for (std::size_t block = first; block < last; block += BLOCK) {
        std::size_t count = std::min(BLOCK, last - block);
        occupancy_bounds(side.occupied.data() + block, count, board.occupied, bounds);
        for (std::size_t i = 0; i < count; ++i) {
            if (bounds[i] > nearest.threshold()) continue;
            std::size_t at = block + i;
            CaseBoard candidate{
                side.occupied[at],
                side.white[at],
                {side.type_bits[0][at], side.type_bits[1][at], side.type_bits[2][at]}};
            nearest.add(board_distance(board, candidate), side.indices[at], mirrored);
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
