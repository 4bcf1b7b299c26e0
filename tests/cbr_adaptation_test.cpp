// Adaptation: the thesis's worked example and the deterministic order of equal scores.
#include "mneme/cbr/adaptation.h"

#include <gtest/gtest.h>

#include "mneme/core/movegen.h"
#include "mneme/notation/uci_move.h"

namespace mneme {
namespace {

TEST(CbrAdaptation, WorkedExampleOfTheThesis) {
    Position start;
    CaseBoard board = CaseBoard::from_position(start);
    Move g1f3 = parse_uci_move(start, "g1f3");
    AdaptationWeights half{0.5, 0.5, 0.5};
    auto score = [&](const char* move) {
        return adaptation_score(parse_uci_move(start, move), board, g1f3, board, half);
    };
    EXPECT_NEAR(score("g1f3"), 1.000, 0.0005);
    EXPECT_NEAR(score("g1h3"), 0.964, 0.0005);
    EXPECT_NEAR(score("b1c3"), 0.857, 0.0005);
}

TEST(CbrAdaptation, AllLegalMovesBestFirst) {
    Position start;
    MoveList<LEGAL> legal(start);
    std::vector<Move> moves(legal.begin(), legal.end());
    CaseBoard board = CaseBoard::from_position(start);
    auto ranked = adapt_all(start, moves, parse_uci_move(start, "g1f3"), board, {});
    ASSERT_EQ(ranked.size(), 20u);
    EXPECT_EQ(move_to_uci(start, ranked[0].move), "g1f3");
    EXPECT_EQ(move_to_uci(start, ranked[1].move), "g1h3");
    for (std::size_t i = 1; i < ranked.size(); ++i) EXPECT_GE(ranked[i - 1].score, ranked[i].score);
}

TEST(CbrAdaptation, CastlingCountsAsTheKingsTwoSquareStep) {
    Position pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    Move castle = parse_uci_move(pos, "e1g1");
    ASSERT_EQ(castle.kind(), CASTLING);
    EXPECT_EQ(adaptation_destination(castle), SQ_G1);
    EXPECT_EQ(adaptation_destination(parse_uci_move(pos, "e1c1")), SQ_C1);
}

TEST(CbrAdaptation, EqualPromotionsPreferTheCasePiece) {
    Position pos = Position::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    MoveList<LEGAL> legal(pos);
    std::vector<Move> moves(legal.begin(), legal.end());
    CaseBoard board = CaseBoard::from_position(pos);
    auto queen = adapt_all(pos, moves, parse_uci_move(pos, "a7a8q"), board, {});
    EXPECT_EQ(move_to_uci(pos, queen[0].move), "a7a8q");
    auto knight = adapt_all(pos, moves, parse_uci_move(pos, "a7a8n"), board, {});
    EXPECT_EQ(move_to_uci(pos, knight[0].move), "a7a8n");
    // A non-promoting case move: all four promotions score the same; the queen comes first.
    auto king_move = adapt_all(pos, moves, parse_uci_move(pos, "a1b1"), board, {1.0, 0.0, 0.5});
    for (const AdaptedMove& a : king_move)
        if (a.move.kind() == PROMOTION) {
            EXPECT_EQ(a.move.promotion_type(), QUEEN);
            break;
        }
}

}  // namespace
}  // namespace mneme
