#include "mneme/nnue/nnue_evaluator.h"

#include <cstring>

namespace mneme::nnue {

WinRateModel win_rate_model_for(const QuantisedNetwork& net) {
    return NNUE_WIN_RATE_MODEL.scaled(double(net.architecture.scale) / NNUE_WIN_RATE_MODEL_SCALE);
}

NnueEvaluator::NnueEvaluator(std::shared_ptr<const QuantisedNetwork> net)
    : net_(std::move(net)),
      win_rate_model_(win_rate_model_for(*net_)),
      accumulators_(new Accumulator[INITIAL_PLIES]),
      plies_(INITIAL_PLIES) {}

void NnueEvaluator::grow() {
    std::unique_ptr<Accumulator[]> larger(new Accumulator[plies_.size() * 2]);
    std::memcpy(static_cast<void*>(larger.get()), accumulators_.get(),
                plies_.size() * sizeof(Accumulator));
    accumulators_ = std::move(larger);
    plies_.resize(plies_.size() * 2);
}

void NnueEvaluator::reset(const Position& pos) {
    top_ = 0;
    refresh_accumulator(*net_, pos, accumulators_[0]);
    plies_[0] = Ply{};
    plies_[0].computed = true;
}

void NnueEvaluator::push(const Position& before, Move m) {
    if (++top_ == plies_.size()) grow();
    Ply& p = plies_[top_];
    p.change = feature_change(before, m);
    p.null_move = false;
    p.computed = false;
}

void NnueEvaluator::push_null() {
    if (++top_ == plies_.size()) grow();
    Ply& p = plies_[top_];
    p.null_move = true;
    p.computed = false;
}

void NnueEvaluator::pop() {
    if (top_ > 0) --top_;
}

int NnueEvaluator::evaluate(const Position& pos) {
    if (!plies_[top_].computed) {
        std::size_t base = top_;
        while (base > 0 && !plies_[base].computed) --base;
        if (!plies_[base].computed) {
            // Used without reset(): from scratch.
            refresh_accumulator(*net_, pos, accumulators_[top_]);
            plies_[top_].computed = true;
        } else {
            const std::size_t bytes = std::size_t(net_->architecture.hidden) * sizeof(std::int16_t);
            for (std::size_t i = base + 1; i <= top_; ++i) {
                if (plies_[i].null_move) {
                    for (int side = 0; side < 2; ++side)
                        std::memcpy(accumulators_[i].values[side],
                                    accumulators_[i - 1].values[side], bytes);
                } else {
                    update_accumulator(*net_, accumulators_[i - 1], plies_[i].change,
                                       accumulators_[i]);
                }
                plies_[i].computed = true;
            }
        }
    }
    return evaluate_output(*net_, accumulators_[top_], pos.side_to_move(),
                           output_bucket(pos, net_->architecture.output_buckets));
}

}  // namespace mneme::nnue
