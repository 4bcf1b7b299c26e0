// The network as the searcher's evaluation: a stack of accumulators, one per ply, updated
// lazily. push() records what the move changes; evaluate() brings the accumulator of the
// current ply up to date from the nearest computed ancestor, so nodes that are never
// evaluated (pruned before their static evaluation) cost no update.
#pragma once

#include <memory>
#include <vector>

#include "mneme/eval/evaluator.h"
#include "mneme/nnue/inference.h"

namespace mneme::nnue {

// How `net`'s scores translate into winning chances: NNUE_WIN_RATE_MODEL at its output scale.
WinRateModel win_rate_model_for(const QuantisedNetwork& net);

class NnueEvaluator final : public Evaluator {
public:
    explicit NnueEvaluator(std::shared_ptr<const QuantisedNetwork> net);

    void reset(const Position& pos) override;
    void push(const Position& before, Move m) override;
    void push_null() override;
    void pop() override;
    int evaluate(const Position& pos) override;
    std::unique_ptr<Evaluator> clone() const override {
        return std::make_unique<NnueEvaluator>(net_);
    }
    std::string name() const override { return "nnue"; }
    // NNUE_WIN_RATE_MODEL at this network's output scale.
    const WinRateModel& win_rate_model() const override { return win_rate_model_; }

    const QuantisedNetwork& network() const { return *net_; }

private:
    struct Ply {
        FeatureChange change;
        bool null_move = false;
        bool computed = false;
    };

    // Doubles the accumulator stack (and the plies) when the search goes deeper than it.
    void grow();

    // 64 KB: an engine's start stays cheap (a 1 MB block is mapped and unmapped afresh under
    // AddressSanitizer, which cost the engine-loop fuzzers 40% of their time), and a search
    // doubles it a few times at most.
    static constexpr std::size_t INITIAL_PLIES = 16;

    std::shared_ptr<const QuantisedNetwork> net_;
    WinRateModel win_rate_model_;
    // Starts at INITIAL_PLIES and grows as deep as the search goes. Left uninitialised (each is
    // written before it is read): zeroing 1 MB for every new evaluator cost engines that start
    // often (the fuzzers) a fifth of their time.
    std::unique_ptr<Accumulator[]> accumulators_;
    std::vector<Ply> plies_;
    std::size_t top_ = 0;  // the current ply's index
};

}  // namespace mneme::nnue
