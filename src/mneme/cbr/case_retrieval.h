// Retrieval: the cases most similar to a position, by the thesis's shallow similarity. The
// linear scan here is the reference; CaseIndex must return exactly the same cases, faster.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mneme/cbr/case_record.h"

namespace mneme {

struct RetrievedCase {
    int similarity = 0;       // 0..256
    std::uint32_t index = 0;  // in the case base
    // The case was by the other colour and is compared (and replayed) on the mirrored board.
    bool mirrored = false;

    bool operator==(const RetrievedCase&) const = default;
};

// What to retrieve for the position a player of colour `mover` faces.
struct RetrievalQuery {
    CaseBoard board;
    Color mover = WHITE;
    // Every case at least as similar as the k-th most similar one (ties at the border are all
    // kept, so the answer does not depend on the scan order). k = 1 is the thesis's 1-NN.
    std::size_t k = 1;
    // Also use the other colour's cases on the mirrored board.
    bool mirror = false;
};

// Collects the nearest cases during a scan: keeps the distance of the k-th best so far, so
// that a scan can skip whatever is provably farther.
class NearestCases {
public:
    explicit NearestCases(std::size_t k);

    // The largest distance (256 - similarity) that can still be in the answer.
    int threshold() const { return threshold_; }
    void add(int distance, std::uint32_t index, bool mirrored);
    // The answer, most similar first; equal similarity: unmirrored first, then by index.
    std::vector<RetrievedCase> take();

private:
    static constexpr int MAX_DISTANCE = 256;
    struct Candidate {
        int distance;
        std::uint32_t index;
        bool mirrored;
    };
    void drop_beyond_threshold();

    std::size_t k_;
    int threshold_ = MAX_DISTANCE;
    std::size_t within_ = 0;  // candidates at distance <= threshold_
    std::uint32_t counts_[MAX_DISTANCE + 1] = {};
    std::vector<Candidate> candidates_;
    std::size_t compact_at_;
};

// The reference answer: every case compared with the query.
std::vector<RetrievedCase> retrieve_linear(std::span<const CaseRecord> cases,
                                           const RetrievalQuery& query);

// The board and move of a retrieved case as the current player sees them (mirrored back when
// the case was by the other colour).
CaseBoard case_board_for(const CaseRecord& record, bool mirrored);
Move case_move_for(const CaseRecord& record, bool mirrored);

}  // namespace mneme
