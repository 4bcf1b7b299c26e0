#include "mneme/cbr/adaptation.h"

#include <algorithm>
#include <cstdlib>

namespace mneme {

namespace {

double manhattan(Square a, Square b) {
    return double(std::abs(file_of(a) - file_of(b)) + std::abs(rank_of(a) - rank_of(b))) / 14.0;
}

// The tie-break rank of a legal move against the case move: lower is preferred.
int tie_rank(Move m, Move case_move) {
    if (m == case_move) return 0;
    if (m.kind() == PROMOTION) {
        PieceType wanted = case_move.kind() == PROMOTION ? case_move.promotion_type() : QUEEN;
        return m.promotion_type() == wanted ? 1 : 2;
    }
    return 1;
}

}  // namespace

Square adaptation_destination(Move m) {
    if (m.kind() != CASTLING) return m.to();
    bool king_side = file_of(m.to()) > file_of(m.from());
    return make_square(king_side ? 6 : 2, rank_of(m.from()));
}

double adaptation_score(Move candidate, const CaseBoard& board, Move case_move,
                        const CaseBoard& case_board, const AdaptationWeights& w) {
    Square from1 = candidate.from(), to1 = adaptation_destination(candidate);
    Square from2 = case_move.from(), to2 = adaptation_destination(case_move);
    double displacement = w.v2 * manhattan(from1, from2) + (1 - w.v2) * manhattan(to1, to2);
    double identity =
        (w.v3 * square_similarity(board.piece_on(from1), case_board.piece_on(from2)) +
         (1 - w.v3) * square_similarity(board.piece_on(to1), case_board.piece_on(to2))) /
        4.0;
    return w.v1 * (1 - displacement) + (1 - w.v1) * identity;
}

std::vector<AdaptedMove> adapt_all(const Position& pos, const std::vector<Move>& legal,
                                   Move case_move, const CaseBoard& case_board,
                                   const AdaptationWeights& weights) {
    CaseBoard board = CaseBoard::from_position(pos);
    std::vector<AdaptedMove> scored;
    scored.reserve(legal.size());
    for (Move m : legal)
        scored.push_back({m, adaptation_score(m, board, case_move, case_board, weights)});
    std::sort(scored.begin(), scored.end(), [&](const AdaptedMove& a, const AdaptedMove& b) {
        if (a.score != b.score) return a.score > b.score;
        int rank_a = tie_rank(a.move, case_move), rank_b = tie_rank(b.move, case_move);
        if (rank_a != rank_b) return rank_a < rank_b;
        return a.move.raw() < b.move.raw();
    });
    return scored;
}

}  // namespace mneme
