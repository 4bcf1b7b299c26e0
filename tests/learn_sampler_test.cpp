// Sampling training positions from games: filters, labels from the side to move's view,
// de-duplication, and the capture search that decides what is quiet.
#include <gtest/gtest.h>

#include "mneme/core/movegen.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/position_file.h"
#include "mneme/learn/position_sampler.h"
#include "mneme/learn/position_shard_file.h"
#include "mneme/learn/quiescence.h"
#include "mneme/learn/search_relabel.h"
#include "mneme/notation/san.h"
#include "test_data.h"

#include <fstream>
#include <random>

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

// `count` games of random legal moves from a few shared openings (so positions repeat across
// games) with random results: checks, hanging pieces and repeats for the filters to sort.
std::string random_games(int count, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    const char* const openings[] = {"e4 e5 Nf3 Nc6", "d4 d5 c4 e6", "e4 c5 Nf3 d6"};
    const char* const results[] = {"1-0", "0-1", "1/2-1/2"};
    std::string pgn;
    for (int g = 0; g < count; ++g) {
        Position pos = Position::from_fen(START_FEN);
        std::string opening = openings[random() % 3], movetext;
        std::size_t start = 0;
        int ply = 0;
        while (start < opening.size()) {
            std::size_t end = opening.find(' ', start);
            std::string san = opening.substr(start, end == std::string::npos ? end : end - start);
            if (ply % 2 == 0) movetext += std::to_string(ply / 2 + 1) + ". ";
            movetext += san + " ";
            pos.do_move(parse_san(pos, san));
            ++ply;
            start = end == std::string::npos ? opening.size() : end + 1;
        }
        for (int length = 20 + int(random() % 40); ply < length; ++ply) {
            MoveList<LEGAL> moves(pos);
            if (moves.size() == 0) break;
            Move m = *(moves.begin() + random() % moves.size());
            if (ply % 2 == 0) movetext += std::to_string(ply / 2 + 1) + ". ";
            movetext += move_to_san(pos, m) + " ";
            pos.do_move(m);
        }
        std::string result = results[random() % 3];
        pgn += "[Event \"g" + std::to_string(g) + "\"]\n[Result \"" + result + "\"]\n\n" +
               movetext + result + "\n\n";
    }
    return pgn;
}

SamplerOptions shard_test_options() {
    SamplerOptions options;
    options.skip_plies = 4;
    options.sample_rate = 0.6;
    options.max_per_game = 3;
    options.quiet = QuietFilter::STABLE;
    options.seed = 9;
    return options;
}

TEST(LearnSamplerShards, MergedShardsKeepTheSingleRunsPositionsInItsOrder) {
    test::ScratchDirectory dir("learn_sampler_shards");
    // Two inputs: game numbers run on over both, and shards take games of each.
    std::vector<std::string> inputs = {dir.write("a.pgn", random_games(40, 1) + GAMES),
                                       dir.write("b.pgn", GAMES + random_games(30, 2))};
    for (QuietFilter quiet : {QuietFilter::STABLE, QuietFilter::RESOLVE}) {
        SamplerOptions options = shard_test_options();
        options.quiet = quiet;
        SamplerStats single_stats;
        std::vector<TrainingPosition> single = sample_positions(inputs, options, single_stats);
        ASSERT_GT(single.size(), 100u);
        // The repeats and the per-game cap both matter here: a repeat is not counted as kept, so
        // which candidates of a game are kept depends on the games of the other shards.
        ASSERT_GT(single_stats.duplicates, 10u);
        ASSERT_GT(single_stats.not_quiet + single_stats.in_check, 0u);
        for (int shards : {1, 2, 3, 7}) {
            std::vector<PositionShard> parts;
            std::vector<std::string> paths;
            int untested = 0;
            // Written and read back in reverse order: the merge orders them itself.
            for (int s = shards - 1; s >= 0; --s) {
                options.shard = s;
                options.shards = shards;
                PositionShard part = sample_position_shard(inputs, options);
                part.run = "test run";
                for (const ShardGame& game : part.shard_games)
                    for (const CandidateOutcome& c : game.candidates)
                        untested += c.kind == CandidateOutcome::UNCLASSIFIED;
                paths.push_back(dir.file("shard-" + std::to_string(s) + ".mpshard"));
                save_position_shard(paths.back(), part);
                parts.push_back(load_position_shard(paths.back()));
            }
            SamplerStats merged_stats;
            std::vector<TrainingPosition> merged =
                merge_position_shards(parts, paths, active_eval_params(), merged_stats);
            EXPECT_EQ(merged, single) << shards << " shards";
            EXPECT_EQ(position_records_checksum(merged), position_records_checksum(single));
            EXPECT_EQ(merged_stats.games_seen, single_stats.games_seen);
            EXPECT_EQ(merged_stats.games_used, single_stats.games_used);
            EXPECT_EQ(merged_stats.considered, single_stats.considered) << shards << " shards";
            EXPECT_EQ(merged_stats.not_quiet, single_stats.not_quiet);
            EXPECT_EQ(merged_stats.in_check, single_stats.in_check);
            EXPECT_EQ(merged_stats.duplicates, single_stats.duplicates);
            EXPECT_EQ(merged_stats.positions, single_stats.positions);
            // The shards left most candidates past the cap untested, for the merge.
            EXPECT_GT(untested, 100) << shards << " shards";
        }
    }
}

// The shards cannot know where a --max-positions run stops; the merge cuts there instead.
TEST(LearnSamplerShards, MergeStopsWhereTheSingleRunWithMaxPositionsStops) {
    test::ScratchDirectory dir("learn_sampler_shards_max");
    std::vector<std::string> inputs = {dir.write("a.pgn", random_games(40, 3) + GAMES)};
    SamplerOptions options = shard_test_options();
    SamplerStats all_stats;
    std::size_t all = sample_positions(inputs, options, all_stats).size();
    ASSERT_GT(all, 60u);
    options.max_positions = all / 2;
    SamplerStats single_stats;
    std::vector<TrainingPosition> single = sample_positions(inputs, options, single_stats);
    ASSERT_EQ(single.size(), all / 2);
    ASSERT_LT(single_stats.games_used, all_stats.games_used);

    options.max_positions = 0;
    std::vector<PositionShard> parts;
    for (int s = 0; s < 3; ++s) {
        options.shard = s;
        options.shards = 3;
        parts.push_back(sample_position_shard(inputs, options));
    }
    SamplerStats merged_stats;
    std::vector<TrainingPosition> merged =
        merge_position_shards(parts, {}, active_eval_params(), merged_stats, all / 2);
    EXPECT_EQ(merged, single);
    EXPECT_EQ(position_records_checksum(merged), position_records_checksum(single));
    EXPECT_EQ(merged_stats.games_used, single_stats.games_used);
    EXPECT_EQ(merged_stats.considered, single_stats.considered);
    EXPECT_EQ(merged_stats.duplicates, single_stats.duplicates);
    EXPECT_EQ(merged_stats.positions, single_stats.positions);

    // A shard itself refuses the limit, which it cannot apply.
    options.shard = 0;
    options.max_positions = 10;
    EXPECT_THROW(sample_position_shard(inputs, options), std::invalid_argument);
}

TEST(LearnSamplerShards, MergeRefusesCorruptMissingRepeatedAndForeignShards) {
    test::ScratchDirectory dir("learn_sampler_shard_errors");
    std::vector<std::string> inputs = {dir.write("a.pgn", random_games(20, 3))};
    SamplerOptions options = shard_test_options();
    options.shards = 2;
    std::vector<std::string> paths;
    for (int s = 0; s < 2; ++s) {
        options.shard = s;
        PositionShard part = sample_position_shard(inputs, options);
        part.run = "run A";
        paths.push_back(dir.file("s" + std::to_string(s) + ".mpshard"));
        save_position_shard(paths.back(), part);
    }
    auto message_of = [](auto&& action) {
        try {
            action();
        } catch (const PositionFileError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    // One changed byte in the middle, then a truncated copy.
    std::string bytes = test::file_bytes(paths[1]);
    std::string corrupt = bytes;
    corrupt[corrupt.size() / 2] = char(corrupt[corrupt.size() / 2] ^ 0x10);
    std::string corrupt_path = dir.write("corrupt.mpshard", corrupt);
    std::string message = message_of([&] { load_position_shard(corrupt_path); });
    EXPECT_NE(message.find(corrupt_path + ": checksum mismatch"), std::string::npos) << message;
    std::string short_path = dir.write("short.mpshard", bytes.substr(0, bytes.size() - 5));
    message = message_of([&] { load_position_shard(short_path); });
    EXPECT_NE(message.find(short_path + ": size does not match"), std::string::npos) << message;
    std::string foreign = dir.write("foreign.mpshard", "MNEMEPOS and the rest");
    message = message_of([&] { load_position_shard(foreign); });
    EXPECT_NE(message.find("bad magic"), std::string::npos) << message;

    PositionShard zero = load_position_shard(paths[0]), one = load_position_shard(paths[1]);
    SamplerStats stats;
    message =
        message_of([&] { merge_position_shards({zero}, {paths[0]}, active_eval_params(), stats); });
    EXPECT_NE(message.find("shard 1/2 is missing"), std::string::npos) << message;
    message = message_of([&] {
        merge_position_shards({zero, zero}, {paths[0], paths[0]}, active_eval_params(), stats);
    });
    EXPECT_NE(message.find("is given twice"), std::string::npos) << message;
    EvalParams changed = EvalParams::defaults();
    changed.set(0, changed.get(0) + 7);
    message = message_of([&] { merge_position_shards({zero, one}, paths, changed, stats); });
    EXPECT_NE(message.find("another evaluation table"), std::string::npos) << message;
    PositionShard other = one;
    other.run = "run B";
    message = message_of([&] {
        merge_position_shards({zero, other}, {paths[0], "b"}, active_eval_params(), stats);
    });
    EXPECT_NE(message.find("b: not a shard of the same run"), std::string::npos) << message;
    EXPECT_THROW(
        {
            options.max_positions = 10;
            sample_position_shard(inputs, options);
        },
        std::invalid_argument);
}

TEST(LearnRelabel, LabelsDependOnThePositionAloneNotOnThreadsOrOrder) {
    test::ScratchDirectory dir("learn_relabel_threads");
    std::vector<std::string> inputs = {dir.write("a.pgn", random_games(12, 4))};
    SamplerOptions sampling = shard_test_options();
    sampling.max_per_game = 0;
    SamplerStats stats;
    std::vector<TrainingPosition> positions = sample_positions(inputs, sampling, stats);
    ASSERT_GT(positions.size(), 40u);
    RelabelOptions options;
    options.depth = 3;
    std::vector<TrainingPosition> one_thread = positions, two_threads = positions;
    options.threads = 1;
    relabel_by_search(one_thread, options);
    options.threads = 2;
    relabel_by_search(two_threads, options);
    EXPECT_EQ(one_thread, two_threads);
    // The second half alone (a shard of a relabelling run) gets the same labels.
    std::vector<TrainingPosition> half(positions.begin() + std::ptrdiff_t(positions.size() / 2),
                                       positions.end());
    relabel_by_search(half, options);
    EXPECT_TRUE(std::equal(half.begin(), half.end(),
                           one_thread.begin() + std::ptrdiff_t(positions.size() / 2)));
    int changed = 0;
    for (std::size_t i = 0; i < positions.size(); ++i)
        changed += one_thread[i].label != positions[i].label;
    EXPECT_GT(changed, 0);
}

}  // namespace
}  // namespace mneme
