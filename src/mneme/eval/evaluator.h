// The evaluation as an object the searcher owns, one per search thread, so that different
// evaluations (the classic table, the Bayesian model, the network) can play in one process and
// an incremental evaluation can keep its state (the network's accumulators) beside the board.
//
// The searcher tells it every move it makes and takes back: push() before Position::do_move,
// pop() after undo_move, so that evaluate() can update from the parent instead of starting over.
#pragma once

#include <memory>
#include <string>

#include "mneme/core/position.h"
#include "mneme/eval/win_rate_model.h"

namespace mneme {

class Evaluator {
public:
    virtual ~Evaluator() = default;

    // A new root: forget the move stack.
    virtual void reset(const Position&) {}
    // `m` is about to be made in `before` (push_null: a null move).
    virtual void push(const Position& /*before*/, Move /*m*/) {}
    virtual void push_null() {}
    virtual void pop() {}
    // The score for the side to move of `pos`, the position after every push so far.
    virtual int evaluate(const Position& pos) = 0;
    // A fresh evaluator of the same kind and knowledge, for another search thread.
    virtual std::unique_ptr<Evaluator> clone() const = 0;
    virtual std::string name() const = 0;
    // How its scores translate into winning chances, for the scores the engine reports.
    virtual const WinRateModel& win_rate_model() const { return CLASSIC_WIN_RATE_MODEL; }
};

struct EvalParams;

// The hand-written (tuned) evaluation. Without a table of its own it reads the process's active
// table and override through evaluate(pos), exactly as before evaluators existed; with one, it
// is independent of them (players with different tables in parallel threads).
class ClassicEvaluator final : public Evaluator {
public:
    ClassicEvaluator() = default;
    explicit ClassicEvaluator(std::shared_ptr<const EvalParams> params)
        : params_(std::move(params)) {}
    int evaluate(const Position& pos) override;
    std::unique_ptr<Evaluator> clone() const override {
        return std::make_unique<ClassicEvaluator>(params_);
    }
    std::string name() const override { return "classic"; }

private:
    std::shared_ptr<const EvalParams> params_;
};

}  // namespace mneme
