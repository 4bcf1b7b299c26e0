#include "mneme/learn/self_play_training.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "mneme/core/movegen.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/opponent_schedule.h"
#include "mneme/learn/table_match.h"
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

}  // namespace

EvalParams train_by_self_play(const EvalParams& start, const SelfPlayOptions& options) {
    ActiveEvalParamsGuard guard;
    std::vector<int> values = start.to_vector();
    std::vector<double> weights(values.begin(), values.end());
    EvalParams params = start;
    std::mt19937_64 random(options.seed);
    Searcher searcher(16);
    SearchLimits limits;
    limits.depth = std::max(1, options.depth);

    std::vector<TrainingOpponent> opponents = options.opponents;
    if (opponents.empty() || (opponents.size() == 1 && opponents[0].player))
        opponents.push_back(TrainingOpponent{});  // self-play
    OpponentSchedule schedule(opponents.size(), options.max_in_a_row);
    std::vector<int> games_against(opponents.size(), 0);

    for (int number = 1; number <= options.games; ++number) {
        std::size_t index = schedule.next();
        TrainingOpponent& opponent = opponents[index];
        // Against an opponent the learner alternates colours; in self-play it plays both.
        const Color learner = games_against[index]++ % 2 == 0 ? WHITE : BLACK;
        set_active_eval_params(params);
        searcher.clear();
        Position pos = random_opening(random, options.random_opening_plies);
        const Position game_start = pos.without_history();
        std::vector<Move> moves;
        if (opponent.player) {
            opponent.player->set_game_seed(options.seed ^ std::uint64_t(number));
            opponent.player->new_game(game_start, false);
        }
        // The learner's sequence: positions after each of its searches (or their PV leaves).
        LinearDataset sequence;
        GameOutcome outcome = game_outcome(pos, true);
        std::string fault;
        GameResult forfeit = GameResult::ONGOING;
        while (!outcome.is_over() && pos.history_length() < options.max_plies) {
            Move move;
            if (!opponent.player || pos.side_to_move() == learner) {
                set_active_eval_params(params);
                SearchResult result = searcher.search(pos, limits);
                Position learned = pos.without_history();
                if (options.leaves)
                    for (Move m : result.pv) learned.do_move(m);
                if (!learned.in_check()) add_linear_position(sequence, learned, params, 0.5f);
                move = result.best;
            } else {
                MoveRequest request;
                request.start = game_start;
                request.moves = moves;
                request.position = pos;
                request.time_control = opponent.limit;
                set_active_eval_params(opponent.params);
                MoveReply reply = opponent.player->play(request);
                set_active_eval_params(params);
                if (reply.fault != PlayerFault::NONE || reply.resigned ||
                    !MoveList<LEGAL>(pos).contains(reply.move)) {
                    fault = reply.fault != PlayerFault::NONE ? fault_text(reply.fault)
                            : reply.resigned                 ? "resigned"
                                                             : "illegal move";
                    if (!reply.detail.empty()) fault += " (" + reply.detail + ")";
                    forfeit = learner == WHITE ? GameResult::WHITE_WINS : GameResult::BLACK_WINS;
                    break;
                }
                move = reply.move;
            }
            pos.do_move(move);
            moves.push_back(move);
            outcome = game_outcome(pos, true);
        }
        GameResult result = forfeit != GameResult::ONGOING ? forfeit
                            : outcome.is_over()            ? outcome.result
                                                           : GameResult::DRAW;
        if (opponent.player) {
            opponent.player->game_over(result_text(result));
            std::string error;
            if (!opponent.player->healthy() && !opponent.player->restart(error))
                throw std::runtime_error("opponent " + opponent.name +
                                         " cannot be restarted: " + error);
        }

        std::vector<double> before = weights;
        if (!sequence.positions.empty())
            temporal_difference_update(sequence, white_result(result), weights, options.td);
        double largest = 0;
        for (std::size_t i = 0; i < weights.size(); ++i)
            largest = std::max(largest, std::abs(weights[i] - before[i]));
        params = rounded_table(weights, start);
        if (!options.save_path.empty()) save_eval_params(options.save_path, params);
        if (options.on_game) {
            SelfPlayGame g;
            g.number = number;
            g.result = result;
            g.plies = int(moves.size());
            g.largest_change = largest;
            g.opponent = opponent.name;
            g.learner = learner;
            g.fault = fault;
            g.params = &params;
            options.on_game(g);
        }
    }
    return params;
}

}  // namespace mneme
