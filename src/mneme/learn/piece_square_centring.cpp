#include "mneme/learn/piece_square_centring.h"

#include <cmath>

namespace mneme {

void centre_piece_square_tables(EvalParams& params) {
    for (int type = PAWN; type <= KING; ++type) {
        PieceType pt = PieceType(type);
        int first = pt == PAWN ? SQ_A2 : SQ_A1, last = pt == PAWN ? SQ_H7 : SQ_H8;
        double count = last - first + 1, mg = 0, eg = 0;
        for (int sq = first; sq <= last; ++sq) {
            mg += params.piece_square[pt][sq].mg;
            eg += params.piece_square[pt][sq].eg;
        }
        TaperedScore mean = {int(std::lround(mg / count)), int(std::lround(eg / count))};
        for (int sq = first; sq <= last; ++sq) params.piece_square[pt][sq] -= mean;
        if (pt != KING) params.piece_value[pt] += mean;
    }
}

}  // namespace mneme
