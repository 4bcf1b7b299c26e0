// The review's accuracy per player: lichess's move accuracy from the drop of the mover's
// winning chances, the game's as the mean of a volatility-weighted and a harmonic mean, and the
// average centipawn loss. The expected figures come from an independent script of the same
// published formulas, tests/data/accuracy_reference.py (windows built as lichess builds them:
// copies of the first window, then a sliding one), not from this code.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "mneme/gui/game_accuracy.h"

namespace mneme::gui {
namespace {

Json cp(int centipawns) { return {{"cp", centipawns}}; }

// Moves alternate, White first; the played move never equals `best`, which the accuracy ignores.
std::vector<ReviewedMove> alternating_moves(std::size_t count) {
    std::vector<ReviewedMove> moves;
    for (std::size_t i = 0; i < count; ++i) moves.push_back({"a2a3", i % 2 == 0, Json()});
    return moves;
}

TEST(GameAccuracy, AMoveLosingNothingIsPerfectAndALossCostsExponentially) {
    EXPECT_EQ(move_accuracy(60, 60), 100);
    EXPECT_EQ(move_accuracy(60, 75), 100);
    EXPECT_NEAR(move_accuracy(50, 40), 64.580, 1e-3);  // ten points of winning chances lost
    EXPECT_NEAR(move_accuracy(70, 20), 9.528, 1e-3);
    EXPECT_EQ(move_accuracy(100, 0), 0);  // clamped at zero
}

TEST(GameAccuracy, AGameOfExactFiguresReadsAsTheReferenceScript) {
    // 40 plies whose scores swing both ways (300 sin(0.7 i) + 20 i): windows of 4 positions.
    std::vector<Json> evaluations;
    for (int i = 0; i <= 40; ++i)
        evaluations.push_back(cp(int(std::lround(300 * std::sin(i * 0.7) + 20 * i))));
    Json accuracy = accuracy_json(evaluations, alternating_moves(40));
    ASSERT_TRUE(accuracy.is_object()) << accuracy;
    EXPECT_EQ(accuracy["white"]["accuracy"], 87.3) << accuracy;
    EXPECT_EQ(accuracy["white"]["acpl"], 49);
    EXPECT_EQ(accuracy["black"]["accuracy"], 82.3) << accuracy;
    EXPECT_EQ(accuracy["black"]["acpl"], 70);
}

TEST(GameAccuracy, AShortGameWithABlunderOnEachSide) {
    // White +0.20, Black drops to +1.50 for White, White throws it to -5.00, Black holds.
    std::vector<Json> evaluations = {cp(20), cp(20), cp(150), cp(-500), cp(-500)};
    Json accuracy = accuracy_json(evaluations, alternating_moves(4));
    EXPECT_EQ(accuracy["white"]["accuracy"], 13.6) << accuracy;
    EXPECT_EQ(accuracy["white"]["acpl"], 325);
    EXPECT_EQ(accuracy["black"]["accuracy"], 66.8) << accuracy;
    EXPECT_EQ(accuracy["black"]["acpl"], 65);
}

TEST(GameAccuracy, MatesCountAsTenPawnsAndAnIncompleteReviewHasNone) {
    // White mates in two from +3.00; Black's only reply loses nothing it still had. The last
    // position is the review's checkmate (Black to move and mated).
    Json checkmate = {{"cp", 10000}, {"checkmate", true}};
    std::vector<Json> evaluations = {cp(300), Json{{"mate", 2}}, Json{{"mate", 1}}, checkmate};
    Json accuracy = accuracy_json(evaluations, alternating_moves(3));
    EXPECT_EQ(accuracy["white"]["accuracy"], 100);
    EXPECT_EQ(accuracy["white"]["acpl"], 0);
    EXPECT_EQ(accuracy["black"]["accuracy"], 100);
    // A position still without a score, or no moves at all: no figures yet.
    evaluations[2] = Json();
    EXPECT_TRUE(accuracy_json(evaluations, alternating_moves(3)).is_null());
    EXPECT_TRUE(accuracy_json({cp(0)}, {}).is_null());
    // A player who threw a mate away to an equal position loses ten pawns on that move.
    std::vector<Json> thrown = {Json{{"mate", 3}}, cp(0), cp(0)};
    EXPECT_EQ(accuracy_json(thrown, alternating_moves(2))["white"]["acpl"], 1000);
}

}  // namespace
}  // namespace mneme::gui
