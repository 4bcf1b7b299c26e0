#include "mneme/learn/table_match.h"

#include <algorithm>

#include "mneme/core/game_outcome.h"
#include "mneme/core/movegen.h"
#include "mneme/eval/evaluate.h"
#include "mneme/search/search.h"

namespace mneme {

Position random_opening(std::mt19937_64& random, int plies) {
    for (;;) {
        Position pos;
        for (int ply = 0; ply < plies; ++ply) {
            MoveList<LEGAL> moves(pos);
            if (moves.size() == 0) break;
            pos.do_move(*(moves.begin() + random() % moves.size()));
        }
        if (pos.has_legal_moves()) return pos;
    }
}

WdlCounts play_table_match(const EvalParams& a, const EvalParams& b,
                           const TableMatchOptions& options) {
    ActiveEvalParamsGuard guard;
    std::mt19937_64 random(options.seed);
    Searcher searchers[2] = {Searcher(8), Searcher(8)};  // [0] thinks with a, [1] with b
    const EvalParams* tables[2] = {&a, &b};
    SearchLimits limits;
    limits.depth = std::max(1, options.depth);
    WdlCounts wdl;
    const int pairs = (std::max(options.games, 2) + 1) / 2;
    for (int pair = 0; pair < pairs; ++pair) {
        const Position opening = random_opening(random, options.random_opening_plies);
        for (int a_plays_white = 1; a_plays_white >= 0; --a_plays_white) {
            Position pos = opening;
            for (Searcher& s : searchers) s.clear();
            GameOutcome outcome = game_outcome(pos, true);
            int plies = 0;
            while (!outcome.is_over() && plies < options.max_plies) {
                int who = (pos.side_to_move() == WHITE) == bool(a_plays_white) ? 0 : 1;
                set_active_eval_params(*tables[who]);
                pos.do_move(searchers[who].search(pos, limits).best);
                ++plies;
                outcome = game_outcome(pos, true);
            }
            GameResult result = outcome.is_over() ? outcome.result : GameResult::DRAW;
            if (result == GameResult::DRAW)
                wdl.draws += 1;
            else if ((result == GameResult::WHITE_WINS) == bool(a_plays_white))
                wdl.wins += 1;
            else
                wdl.losses += 1;
        }
    }
    return wdl;
}

}  // namespace mneme
