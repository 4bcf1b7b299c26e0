// The thesis's shallow similarity: the square table, the popcount form against a square-by-
// square sum, the 252 of the summary, mirroring and the material bound.
#include "mneme/cbr/case_board.h"

#include <gtest/gtest.h>

#include "cbr_test_util.h"

namespace mneme {
namespace {

int square_by_square(const Position& a, const Position& b) {
    int sum = 0;
    for (int s = 0; s < SQUARE_COUNT; ++s)
        sum += square_similarity(a.piece_on(Square(s)), b.piece_on(Square(s)));
    return sum;
}

TEST(CbrSimilarity, SquareTableOfTheThesis) {
    EXPECT_EQ(square_similarity(NO_PIECE, NO_PIECE), 4);
    EXPECT_EQ(square_similarity(W_KNIGHT, W_KNIGHT), 4);
    EXPECT_EQ(square_similarity(W_KNIGHT, W_BISHOP), 3);
    EXPECT_EQ(square_similarity(W_KNIGHT, NO_PIECE), 2);
    EXPECT_EQ(square_similarity(NO_PIECE, B_PAWN), 2);
    EXPECT_EQ(square_similarity(W_ROOK, B_ROOK), 1);
    EXPECT_EQ(square_similarity(W_ROOK, B_QUEEN), 0);
}

TEST(CbrSimilarity, StartAgainstAfterE4Is252) {
    Position start,
        after_e4 = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CaseBoard a = CaseBoard::from_position(start), b = CaseBoard::from_position(after_e4);
    EXPECT_EQ(board_similarity(a, b), 252);
    EXPECT_EQ(board_similarity(a, a), 256);
}

TEST(CbrSimilarity, PopcountFormEqualsTheSquareSum) {
    std::vector<Position> positions = test::random_positions(7, 20, 120);
    ASSERT_GT(positions.size(), 500u);
    for (std::size_t i = 0; i + 1 < positions.size(); i += 3) {
        const Position& a = positions[i];
        const Position& b = positions[(i * 7919) % positions.size()];
        CaseBoard x = CaseBoard::from_position(a), y = CaseBoard::from_position(b);
        ASSERT_EQ(board_similarity(x, y), square_by_square(a, b)) << a.fen() << " / " << b.fen();
        for (int s = 0; s < SQUARE_COUNT; ++s)
            ASSERT_EQ(x.piece_on(Square(s)), a.piece_on(Square(s)));
    }
}

TEST(CbrSimilarity, MirroringFlipsRanksAndColours) {
    Position pos = Position::from_fen("4k3/8/8/8/8/8/4P3/4K2R w K - 0 1");
    CaseBoard m = CaseBoard::from_position(pos).mirrored();
    EXPECT_EQ(m.piece_on(SQ_E8), B_KING);
    EXPECT_EQ(m.piece_on(SQ_H8), B_ROOK);
    EXPECT_EQ(m.piece_on(SQ_E7), B_PAWN);
    EXPECT_EQ(m.piece_on(SQ_E1), W_KING);
    EXPECT_EQ(m.mirrored(), CaseBoard::from_position(pos));
}

TEST(CbrSimilarity, MaterialBoundNeverExceedsTheDistance) {
    std::vector<Position> positions = test::random_positions(11, 30, 160);
    int tight = 0;
    for (std::size_t i = 0; i < positions.size(); i += 2) {
        CaseBoard x = CaseBoard::from_position(positions[i]);
        CaseBoard y = CaseBoard::from_position(positions[(i * 104729 + 17) % positions.size()]);
        int bound = material_distance_bound(material_counts(x), material_counts(y));
        int distance = board_distance(x, y);
        ASSERT_LE(bound, distance);
        tight += bound > 0;
    }
    EXPECT_GT(tight, 0);  // the bound does prune something
}

}  // namespace
}  // namespace mneme
