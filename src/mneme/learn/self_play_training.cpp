#include "mneme/learn/self_play_training.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "mneme/core/movegen.h"
#include "mneme/eval/evaluate.h"
#include "mneme/search/search.h"

namespace mneme {

namespace {

double white_result(GameResult result) {
    return result == GameResult::WHITE_WINS ? 1.0 : result == GameResult::BLACK_WINS ? 0.0 : 0.5;
}

EvalParams rounded_table(const std::vector<double>& weights, const EvalParams& start) {
    EvalParams params = start;
    for (std::size_t i = 0; i < weights.size(); ++i) params.set(i, int(std::lround(weights[i])));
    return params;
}

// Restores the active table however training ends.
class ActiveTableGuard {
public:
    ActiveTableGuard() : saved_(active_eval_params()) {}
    ~ActiveTableGuard() { set_active_eval_params(saved_); }

private:
    EvalParams saved_;
};

}  // namespace

EvalParams train_by_self_play(const EvalParams& start, const SelfPlayOptions& options) {
    ActiveTableGuard guard;
    std::vector<int> values = start.to_vector();
    std::vector<double> weights(values.begin(), values.end());
    EvalParams params = start;
    std::mt19937_64 random(options.seed);
    Searcher searcher(16);
    SearchLimits limits;
    limits.depth = std::max(1, options.depth);

    for (int number = 1; number <= options.games; ++number) {
        set_active_eval_params(params);
        searcher.clear();
        Position pos;
        for (int ply = 0; ply < options.random_opening_plies; ++ply) {
            MoveList<LEGAL> moves(pos);
            if (moves.size() == 0) break;
            pos.do_move(*(moves.begin() + random() % moves.size()));
        }
        // The learner's sequence: positions after each search (or their PV leaves).
        LinearDataset sequence;
        GameOutcome outcome = game_outcome(pos, true);
        while (!outcome.is_over() && pos.history_length() < options.max_plies) {
            SearchResult result = searcher.search(pos, limits);
            Position learned = pos.without_history();
            if (options.leaves)
                for (Move m : result.pv) learned.do_move(m);
            if (!learned.in_check()) add_linear_position(sequence, learned, params, 0.5f);
            pos.do_move(result.best);
            outcome = game_outcome(pos, true);
        }
        GameResult result = outcome.is_over() ? outcome.result : GameResult::DRAW;

        std::vector<double> before = weights;
        if (!sequence.positions.empty())
            temporal_difference_update(sequence, white_result(result), weights, options.td);
        double largest = 0;
        for (std::size_t i = 0; i < weights.size(); ++i)
            largest = std::max(largest, std::abs(weights[i] - before[i]));
        params = rounded_table(weights, start);
        if (!options.save_path.empty()) save_eval_params(options.save_path, params);
        if (options.on_game) options.on_game({number, result, pos.history_length(), largest});
    }
    return params;
}

}  // namespace mneme
