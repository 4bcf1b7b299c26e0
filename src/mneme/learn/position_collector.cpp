#include "mneme/learn/position_collector.h"

#include <cassert>

namespace mneme {

namespace {

// 1 for a win of the side to move, 0.5 for a draw, 0 for a loss.
double result_for(GameResult result, Color side) {
    if (result == GameResult::DRAW) return 0.5;
    return (result == GameResult::WHITE_WINS) == (side == WHITE) ? 1.0 : 0.0;
}

}  // namespace

PositionCollector::PositionCollector(int max_per_game, std::uint64_t max_positions)
    : max_per_game_(max_per_game), max_positions_(max_positions) {}

void PositionCollector::start_game(GameResult result) {
    result_ = result;
    kept_in_game_ = 0;
}

bool PositionCollector::wants_more() const {
    return !(max_per_game_ > 0 && kept_in_game_ >= max_per_game_) && !full();
}

void PositionCollector::offer(const CandidateOutcome& candidate) {
    ++counts_.considered;
    switch (candidate.kind) {
        case CandidateOutcome::IN_CHECK:
            ++counts_.in_check;
            return;
        case CandidateOutcome::NOT_QUIET:
            ++counts_.not_quiet;
            return;
        case CandidateOutcome::MATE_SCORE:
            ++counts_.mate_scores;
            return;
        case CandidateOutcome::PASSED:
            break;
        case CandidateOutcome::UNCLASSIFIED:
            assert(false && "classify a candidate before offering it");
            return;
    }
    double result = result_for(result_, candidate.position.side_to_move);
    auto [found, inserted] = index_.try_emplace(candidate.key, positions_.size());
    if (!inserted) {
        ++counts_.duplicates;
        result_sums_[found->second] += result;
        TrainingPosition& t = positions_[found->second];
        if (t.games < 0xffff) ++t.games;
        return;
    }
    positions_.push_back(candidate.position);
    positions_.back().games = 1;
    result_sums_.push_back(result);
    ++kept_in_game_;
}

std::vector<TrainingPosition> PositionCollector::finish() {
    for (std::size_t i = 0; i < positions_.size(); ++i) {
        TrainingPosition& t = positions_[i];
        t.result = TrainingPosition::encode_label(result_sums_[i] / t.games);
        t.label = t.result;
    }
    index_.clear();
    result_sums_.clear();
    return std::move(positions_);
}

}  // namespace mneme
