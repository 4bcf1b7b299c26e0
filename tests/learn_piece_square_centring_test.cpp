// Centring the piece-square tables moves their means into the piece values, scores unchanged.
#include <gtest/gtest.h>

#include "learn_test_positions.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/piece_square_centring.h"

namespace mneme {
namespace {

TEST(LearnPieceSquareCentring, MovesTableMeansIntoValuesWithoutChangingScores) {
    EvalParams drifted = EvalParams::defaults();
    // What a tuner may do: the knight's squares all +40, its value -40; the king's all +7.
    for (int sq = 0; sq < SQUARE_COUNT; ++sq) {
        drifted.piece_square[KNIGHT][sq] += TaperedScore{40, 40};
        drifted.piece_square[KING][sq] += TaperedScore{7, -7};
    }
    drifted.piece_value[KNIGHT] -= TaperedScore{40, 40};
    EvalParams centred = drifted;
    centre_piece_square_tables(centred);

    for (int type = PAWN; type <= KING; ++type) {
        int first = type == PAWN ? SQ_A2 : SQ_A1, last = type == PAWN ? SQ_H7 : SQ_H8;
        long mg = 0, eg = 0;
        for (int sq = first; sq <= last; ++sq) {
            mg += centred.piece_square[type][sq].mg;
            eg += centred.piece_square[type][sq].eg;
        }
        EXPECT_LE(std::abs(mg), (last - first + 1) / 2) << "piece type " << type;
        EXPECT_LE(std::abs(eg), (last - first + 1) / 2) << "piece type " << type;
    }
    // The knight's value is back near the hand-written one (the default table's own mean
    // moves into it too).
    EXPECT_NEAR(centred.piece_value[KNIGHT].mg, EvalParams::defaults().piece_value[KNIGHT].mg, 15);

    int compared = 0;
    for (const Position& pos : test::random_game_positions(500, 61)) {
        // The endgame gates read middlegame piece values; compare where none applies.
        if (!pos.pieces(WHITE, PAWN) || !pos.pieces(BLACK, PAWN)) continue;
        EXPECT_EQ(evaluate(pos, centred), evaluate(pos, drifted)) << pos.fen();
        ++compared;
    }
    EXPECT_GT(compared, 300);
}

}  // namespace
}  // namespace mneme
