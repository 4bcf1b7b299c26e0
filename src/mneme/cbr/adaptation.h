// Adaptation (thesis §4.2.5): the retrieved case's move is never played as it stands. Every
// legal move d1 on the current board b1 is scored against the case move d2 on the case board b2
//
//     L = v1 (1 - A) + (1 - v1) I
//     A = v2 M(from1, from2) + (1 - v2) M(to1, to2)          M = Manhattan distance / 14
//     I = v3 R(b1[from1], b2[from2]) / 4 + (1 - v3) R(b1[to1], b2[to2]) / 4
//
// and the best-scoring legal move is played: moves close to the expert's, moving a similar
// piece onto a similar target.
#pragma once

#include <vector>

#include "mneme/cbr/case_board.h"
#include "mneme/core/position.h"

namespace mneme {

struct AdaptationWeights {
    double v1 = 0.5;  // displacement (A) against piece identity (I)
    double v2 = 0.5;  // origin against destination within A
    double v3 = 0.5;  // origin against destination within I
};

// Where a move's piece goes, for distances: castling (king takes own rook in mneme) counts as
// the king's two-square step, as the thesis encodes it.
Square adaptation_destination(Move m);

// L for legal move `candidate` on `board` against the case move `case_move` on `case_board`.
double adaptation_score(Move candidate, const CaseBoard& board, Move case_move,
                        const CaseBoard& case_board, const AdaptationWeights& weights);

struct AdaptedMove {
    Move move;
    double score = 0;
};

// Every legal move of `pos` with its score, best first. Equal scores are ordered by a fixed
// rule: the case move itself first, then a promotion to the case's piece (a queen when the case
// move promotes nothing), then the smaller 16-bit move code.
std::vector<AdaptedMove> adapt_all(const Position& pos, const std::vector<Move>& legal,
                                   Move case_move, const CaseBoard& case_board,
                                   const AdaptationWeights& weights);

}  // namespace mneme
