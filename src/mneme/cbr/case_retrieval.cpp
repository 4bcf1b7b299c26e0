#include "mneme/cbr/case_retrieval.h"

#include <algorithm>

namespace mneme {

NearestCases::NearestCases(std::size_t k)
    : k_(std::max<std::size_t>(k, 1)), compact_at_(4 * k_ + 4096) {}

void NearestCases::add(int distance, std::uint32_t index, bool mirrored) {
    if (distance > threshold_) return;
    candidates_.push_back({distance, index, mirrored});
    ++counts_[distance];
    ++within_;
    // Lower the threshold while the k best stay within it without the farthest level.
    while (threshold_ > 0 && within_ - counts_[threshold_] >= k_) {
        within_ -= counts_[threshold_];
        --threshold_;
    }
    if (candidates_.size() >= compact_at_) drop_beyond_threshold();
}

void NearestCases::drop_beyond_threshold() {
    std::erase_if(candidates_, [this](const Candidate& c) { return c.distance > threshold_; });
    compact_at_ = std::max(compact_at_, 2 * candidates_.size());
}

std::vector<RetrievedCase> NearestCases::take() {
    drop_beyond_threshold();
    std::sort(candidates_.begin(), candidates_.end(), [](const Candidate& a, const Candidate& b) {
        if (a.distance != b.distance) return a.distance < b.distance;
        if (a.mirrored != b.mirrored) return !a.mirrored;
        return a.index < b.index;
    });
    std::vector<RetrievedCase> result;
    result.reserve(candidates_.size());
    for (const Candidate& c : candidates_)
        result.push_back({4 * SQUARE_COUNT - c.distance, c.index, c.mirrored});
    return result;
}

std::vector<RetrievedCase> retrieve_linear(std::span<const CaseRecord> cases,
                                           const RetrievalQuery& query) {
    NearestCases nearest(query.k);
    CaseBoard mirrored_board = query.board.mirrored();
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const CaseRecord& c = cases[i];
        if (c.mover == query.mover)
            nearest.add(board_distance(query.board, c.board), std::uint32_t(i), false);
        else if (query.mirror)
            nearest.add(board_distance(mirrored_board, c.board), std::uint32_t(i), true);
    }
    return nearest.take();
}

CaseBoard case_board_for(const CaseRecord& record, bool mirrored) {
    return mirrored ? record.board.mirrored() : record.board;
}

Move case_move_for(const CaseRecord& record, bool mirrored) {
    Move m = record.expert_move();
    if (!mirrored) return m;
    return Move::make(m.kind(), flip_rank(m.from()), flip_rank(m.to()),
                      m.kind() == PROMOTION ? m.promotion_type() : KNIGHT);
}

}  // namespace mneme
