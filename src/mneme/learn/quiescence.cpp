#include "mneme/learn/quiescence.h"

#include <algorithm>

#include "mneme/core/movegen.h"
#include "mneme/eval/evaluate.h"

namespace mneme {

namespace {

constexpr int PIECE_ORDER_VALUE[PIECE_TYPE_COUNT] = {0, 1, 3, 3, 5, 9, 20};

class CaptureSearch {
public:
    CaptureSearch(Position pos, const EvalParams& params, int max_plies)
        : pos_(std::move(pos)), params_(params), max_plies_(max_plies), lines_(max_plies + 1) {}

    int run() { return search(-INFINITE_SCORE, INFINITE_SCORE, 0); }
    const std::vector<Move>& line() const { return lines_[0]; }

private:
    static constexpr int INFINITE_SCORE = QUIESCENCE_MATE_SCORE + 1;

    int search(int alpha, int beta, int ply) {
        lines_[ply].clear();
        bool in_check = pos_.in_check();
        int best = -INFINITE_SCORE;
        if (!in_check) {
            best = evaluate(pos_, params_);
            if (best >= beta || ply == max_plies_) return best;
            alpha = std::max(alpha, best);
        } else if (ply == max_plies_) {
            return evaluate(pos_, params_);
        }
        Move moves[MAX_MOVES];
        Move* end = in_check ? generate<EVASIONS>(pos_, moves) : generate<CAPTURES>(pos_, moves);
        if (in_check && end == moves) return -QUIESCENCE_MATE_SCORE + ply;
        // Most valuable victim first, then least valuable attacker.
        auto order = [&](Move m) {
            PieceType victim = type_of(pos_.captured_piece(m));
            int promotion = m.kind() == PROMOTION ? PIECE_ORDER_VALUE[m.promotion_type()] : 0;
            return 64 * (PIECE_ORDER_VALUE[victim] + promotion) -
                   PIECE_ORDER_VALUE[type_of(pos_.moved_piece(m))];
        };
        std::stable_sort(moves, end, [&](Move a, Move b) { return order(a) > order(b); });
        for (Move* m = moves; m != end; ++m) {
            pos_.do_move(*m);
            int score = -search(-beta, -alpha, ply + 1);
            pos_.undo_move();
            if (score <= best) continue;
            best = score;
            lines_[ply].assign(1, *m);
            lines_[ply].insert(lines_[ply].end(), lines_[ply + 1].begin(), lines_[ply + 1].end());
            if (score >= beta) break;
            alpha = std::max(alpha, score);
        }
        return best;
    }

    Position pos_;
    const EvalParams& params_;
    int max_plies_;
    std::vector<std::vector<Move>> lines_;
};

}  // namespace

QuiescenceResult quiescence(const Position& pos, const EvalParams& params, int max_plies) {
    QuiescenceResult result;
    CaptureSearch search(pos.without_history(), params, std::max(max_plies, 0));
    result.score = search.run();
    result.static_score = pos.in_check() ? 0 : evaluate(pos, params);
    result.line = search.line();
    return result;
}

}  // namespace mneme
