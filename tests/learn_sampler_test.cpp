// Sampling training positions from games: filters, labels from the side to move's view,
// de-duplication, and the capture search that decides what is quiet.
#include <gtest/gtest.h>

#include "mneme/eval/evaluate.h"
#include "mneme/learn/position_sampler.h"
#include "mneme/learn/quiescence.h"
#include "mneme/learn/search_relabel.h"
#include "test_data.h"

namespace mneme {
namespace {

const char* const GAMES =
    "[Event \"a\"]\n[WhiteElo \"2500\"]\n[BlackElo \"2400\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n\n"
    "[Event \"b\"]\n[WhiteElo \"2500\"]\n[BlackElo \"2400\"]\n[Result \"0-1\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 0-1\n\n"
    "[Event \"c\"]\n[WhiteElo \"1800\"]\n[BlackElo \"2400\"]\n[Result \"1/2-1/2\"]\n\n"
    "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n\n"
    "[Event \"d\"]\n[Result \"*\"]\n\n1. e4 *\n";

SamplerOptions every_position() {
    SamplerOptions options;
    options.skip_plies = 0;
    options.quiet = QuietFilter::NONE;
    return options;
}

TEST(LearnSampler, MergesRepeatedPositionsAndAveragesTheirResults) {
    test::ScratchDirectory dir("learn_sampler");
    std::string path = dir.write("games.pgn", GAMES);
    SamplerStats stats;
    std::vector<TrainingPosition> positions = sample_positions({path}, every_position(), stats);
    EXPECT_EQ(stats.games_seen, 4u);
    EXPECT_EQ(stats.games_used, 3u);
    EXPECT_EQ(stats.no_result, 1u);
    // Games a and b are the same ten plies with opposite results; c adds six more.
    EXPECT_EQ(positions.size(), 16u);
    EXPECT_EQ(stats.duplicates, 10u);
    int repeated = 0;
    for (const TrainingPosition& t : positions) {
        EXPECT_EQ(t.label, t.result);
        // a and b: one win and one loss; c: a draw.
        EXPECT_NEAR(t.result_value(), 0.5, 1e-4) << t.fen();
        repeated += t.games == 2;
    }
    EXPECT_EQ(repeated, 10);
}

TEST(LearnSampler, LabelsAreFromTheSideToMovesView) {
    test::ScratchDirectory dir("learn_sampler_view");
    std::string path = dir.write("won.pgn", "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n");
    SamplerStats stats;
    std::vector<TrainingPosition> positions = sample_positions({path}, every_position(), stats);
    ASSERT_EQ(positions.size(), 4u);
    for (const TrainingPosition& t : positions)
        EXPECT_EQ(t.result_value(), t.side_to_move == WHITE ? 1.0 : 0.0) << t.fen();
}

TEST(LearnSampler, SkipsOpeningPliesLowRatedGamesAndCapsPerGame) {
    test::ScratchDirectory dir("learn_sampler_filters");
    std::string path = dir.write("games.pgn", GAMES);
    SamplerOptions options = every_position();
    options.skip_plies = 8;
    options.min_elo = 2000;
    SamplerStats stats;
    std::vector<TrainingPosition> positions = sample_positions({path}, options, stats);
    EXPECT_EQ(stats.below_elo, 1u);   // game c; game d already failed for having no result
    EXPECT_EQ(positions.size(), 3u);  // after plies 8, 9 and 10 of the shared game
    options.max_per_game = 1;
    positions = sample_positions({path}, options, stats);
    // One new position from each of games a and b (a duplicate does not count as kept).
    EXPECT_EQ(positions.size(), 2u);
}

TEST(LearnSampler, UnreadableGamesAreReportedAndTheRestKept) {
    test::ScratchDirectory dir("learn_sampler_bad");
    std::string path = dir.write(
        "bad.pgn", "[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n");
    SamplerOptions options = every_position();
    std::vector<std::string> reports;
    options.report = [&](const std::string& message) { reports.push_back(message); };
    SamplerStats stats;
    std::vector<TrainingPosition> positions = sample_positions({path}, options, stats);
    EXPECT_EQ(stats.unreadable, 1u);
    ASSERT_FALSE(reports.empty());
    EXPECT_NE(reports[0].find("bad.pgn"), std::string::npos) << reports[0];
    EXPECT_EQ(positions.size(), 2u);
}

TEST(LearnQuiescence, HangingPieceIsNotQuietAndResolvesByTakingIt) {
    EvalParams params = EvalParams::defaults();
    // Black's queen on d5 can be taken by the pawn on e4.
    Position pos = Position::from_fen("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1");
    QuiescenceResult q = quiescence(pos, params);
    EXPECT_GT(q.score, q.static_score + 500);
    ASSERT_FALSE(q.line.empty());
    EXPECT_EQ(q.line[0], Move(SQ_E4, SQ_D5));

    Position quiet = Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1");
    QuiescenceResult calm = quiescence(quiet, params);
    EXPECT_EQ(calm.score, calm.static_score);
    EXPECT_TRUE(calm.line.empty());
}

TEST(LearnSampler, StableFilterDropsPositionsWithWinningCaptures) {
    test::ScratchDirectory dir("learn_sampler_quiet");
    // After 2...Qh4? the queen hangs to the knight.
    std::string path = dir.write("q.pgn", "[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 Qh4 3. Nxh4 0-1\n");
    SamplerOptions options = every_position();
    options.quiet = QuietFilter::STABLE;
    SamplerStats stats;
    std::vector<TrainingPosition> positions = sample_positions({path}, options, stats);
    Key hanging =
        Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").key();
    EXPECT_GE(stats.not_quiet, 1u);
    for (const TrainingPosition& t : positions) EXPECT_NE(t.to_position().key(), hanging);
    options.quiet = QuietFilter::RESOLVE;
    positions = sample_positions({path}, options, stats);
    for (const TrainingPosition& t : positions) {
        QuiescenceResult q = quiescence(t.to_position(), EvalParams::defaults());
        EXPECT_TRUE(q.line.empty() || q.score == q.static_score) << t.fen();
    }
}

TEST(LearnRelabel, MixesTheSearchScoreWithTheResult) {
    EXPECT_NEAR(expected_result(0, 400), 0.5, 1e-12);
    EXPECT_NEAR(expected_result(400, 400), 10.0 / 11.0, 1e-12);
    EXPECT_EQ(expected_result(31990, 400), 1.0);
    // A queen up for the side to move, but the game was lost: the label lies between.
    TrainingPosition t =
        TrainingPosition::from_position(Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
    t.result = 0;
    std::vector<TrainingPosition> positions = {t};
    RelabelOptions options;
    options.depth = 3;
    options.lambda = 0.25;
    relabel_by_search(positions, options);
    EXPECT_GT(positions[0].label_value(), 0.7);
    EXPECT_LE(positions[0].label_value(), 0.75 + 1e-4);
}

}  // namespace
}  // namespace mneme
