// Network-training data: the record format, the resumable file, shards that merge into the
// single run's records, and self-play games that are the same for the same seed.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "mneme/learn/game_labelling.h"
#include "mneme/learn/self_play_data.h"
#include "mneme/learn/training_data_file.h"
#include "mneme/search/search.h"
#include "test_data.h"

namespace mneme {
namespace {

ScoredPosition sample(const char* fen, int score, ScoredResult result) {
    return ScoredPosition::from_position(Position::from_fen(fen), score, result);
}

TEST(ScoredPosition, EncodesInThirtyTwoBytesAndBack) {
    for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 3 17",
                            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                            "8/8/4k3/8/8/3K4/8/8 b - - 99 120"}) {
        ScoredPosition p = sample(fen, -1234, ScoredResult::WIN);
        std::uint8_t bytes[ScoredPosition::ENCODED_SIZE];
        p.encode(bytes);
        ScoredPosition back;
        ASSERT_TRUE(back.decode(bytes));
        EXPECT_EQ(back, p);
        EXPECT_EQ(back.fen(), fen);
        EXPECT_EQ(back.score, -1234);
        EXPECT_EQ(back.result, ScoredResult::WIN);
    }
    std::uint8_t bytes[ScoredPosition::ENCODED_SIZE];
    sample("8/8/4k3/8/8/3K4/8/8 b - - 0 1", 0, ScoredResult::DRAW).encode(bytes);
    bytes[31] = 3;  // no such result
    ScoredPosition p;
    EXPECT_FALSE(p.decode(bytes));
}

std::vector<ScoredPosition> game_of(int n) {
    std::vector<ScoredPosition> positions;
    for (int i = 0; i < n; ++i)
        positions.push_back(
            sample("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", i * 10,
                   ScoredResult(i % 3)));
    return positions;
}

TEST(TrainingDataFile, ResumeCutsOffAnUncommittedGameAndKeepsTheRest) {
    test::ScratchDirectory dir("mdata_resume");
    std::string path = dir.file("a.mdata");
    {
        auto w = TrainingDataWriter::create(path, "made by a test", 0);
        w.add_game(game_of(5));
        w.add_game(game_of(7));
        w.commit();
        w.add_game(game_of(3));
        // A crash after the records reached the file but before the header did: simulate by
        // appending bytes by hand.
    }
    {
        std::ofstream out(path, std::ios::binary | std::ios::app);
        out << std::string(3 * 32 + 5, 'x');
    }
    EXPECT_THROW(TrainingDataReader reader(path), TrainingDataError);
    // A reader of a file still being written takes its committed games only.
    TrainingDataReader so_far(path, true, true);
    EXPECT_EQ(so_far.size(), 12u);
    EXPECT_EQ(so_far.uncommitted_bytes(), 3u * 32 + 5);
    auto w = TrainingDataWriter::resume(path);
    EXPECT_EQ(w.header().games, 2u);
    EXPECT_EQ(w.header().positions, 12u);
    w.add_game(game_of(4));
    w.commit();
    TrainingDataReader reader(path);
    EXPECT_EQ(reader.size(), 16u);
    EXPECT_EQ(reader.header().games, 3u);
    EXPECT_EQ(reader.header().description, "made by a test");
    EXPECT_EQ(reader.at(15).score, 30);
}

TEST(TrainingDataFile, DamageIsReportedWithTheFileAndReason) {
    test::ScratchDirectory dir("mdata_damage");
    std::string path = dir.file("b.mdata");
    {
        auto w = TrainingDataWriter::create(path, "x", 0);
        w.add_game(game_of(20));
        w.commit();
    }
    auto message = [&] {
        try {
            TrainingDataReader reader(path);
        } catch (const TrainingDataError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(message(), "accepted");
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-40, std::ios::end);
    f.put('\x7f');
    f.close();
    EXPECT_NE(message().find(path + ": checksum mismatch"), std::string::npos) << message();
    std::filesystem::resize_file(path, std::filesystem::file_size(path) - 10);
    EXPECT_NE(
        message().find("the header counts 20 positions, the file holds 19 and a partial record"),
        std::string::npos)
        << message();
    std::ofstream(path)
        << "not a data file at all, but long enough to hold a header of 64 bytes...";
    EXPECT_NE(message().find("bad magic"), std::string::npos) << message();
    EXPECT_THROW(TrainingDataWriter::resume(path), TrainingDataError);
}

DatagenOptions fast_options() {
    DatagenOptions o;
    o.nodes = 300;
    o.max_plies = 60;
    o.skip_plies = 8;
    o.hash_mb = 1;
    o.seed = 42;
    return o;
}

TEST(Datagen, AGameDoesNotDependOnTheGamesItsSearcherPlayedBefore) {
    // A worker plays all its games with one searcher: after games 5 and 3, game 4 must be the
    // game a fresh searcher plays.
    DatagenOptions o = fast_options();
    auto searcher = make_datagen_searcher(o);
    DatagenGame five = play_datagen_game(o, 5, *searcher);
    DatagenGame three = play_datagen_game(o, 3, *searcher);
    DatagenGame four = play_datagen_game(o, 4, *searcher);
    ASSERT_FALSE(four.positions.empty());
    DatagenGame fresh_four = play_datagen_game(o, 4);
    EXPECT_EQ(four.positions, fresh_four.positions);
    EXPECT_EQ(four.plies, fresh_four.plies);
    EXPECT_EQ(three.positions, play_datagen_game(o, 3).positions);
    EXPECT_FALSE(five.positions.empty());
}

TEST(Datagen, TheSameSeedPlaysTheSameGame) {
    DatagenOptions o = fast_options();
    DatagenGame a = play_datagen_game(o, 3), b = play_datagen_game(o, 3),
                c = play_datagen_game(o, 4);
    ASSERT_FALSE(a.positions.empty());
    EXPECT_EQ(a.positions, b.positions);
    EXPECT_NE(a.positions, c.positions);
    for (const ScoredPosition& p : a.positions) {
        Position pos = p.to_position();
        EXPECT_FALSE(pos.in_check()) << p.fen();
        EXPECT_LE(std::abs(p.score), o.max_kept_score);
        EXPECT_GE(pos.game_ply(), o.skip_plies) << p.fen();
    }
    // Every position of a game carries the game's result, from its side to move's view.
    for (const ScoredPosition& p : a.positions) {
        double white = p.side_to_move == WHITE ? p.result_value() : 1 - p.result_value();
        EXPECT_EQ(white, a.result_for_white) << p.fen();
    }
}

TEST(Datagen, ShardsMergeIntoTheSingleRunAndAFinishedShardIsLeftAlone) {
    test::ScratchDirectory dir("datagen_shards");
    DatagenOptions o = fast_options();
    DatagenRun single;
    single.output = dir.file("single.mdata");
    single.games = 6;
    single.threads = 2;
    DatagenSummary whole = run_datagen(o, single);
    EXPECT_TRUE(whole.complete);
    EXPECT_EQ(whole.games, 6u);
    std::vector<std::string> shards;
    for (int s = 2; s >= 0; --s) {  // out of order on purpose
        DatagenRun run = single;
        run.threads = 1;
        run.shard = s;
        run.shards = 3;
        run.output = dir.file("shard" + std::to_string(s) + ".mdata");
        shards.insert(shards.begin(), run.output);
        DatagenSummary summary = run_datagen(o, run);
        EXPECT_EQ(summary.games, 2u);
        // Running a finished shard again plays nothing and changes nothing.
        DatagenSummary again = run_datagen(o, run);
        EXPECT_TRUE(again.resumed);
        EXPECT_EQ(again.games_played_now, 0u);
        EXPECT_EQ(again.checksum, summary.checksum);
    }
    std::reverse(shards.begin(), shards.end());
    TrainingDataHeader merged = merge_training_data(shards, dir.file("merged.mdata"), "merged");
    EXPECT_EQ(merged.games, 6u);
    EXPECT_EQ(merged.positions, whole.positions);
    EXPECT_EQ(merged.checksum, whole.checksum);
    // A file made with other settings is not resumed.
    DatagenOptions other = o;
    other.nodes = 301;
    EXPECT_THROW(run_datagen(other, single), TrainingDataError);
}

TEST(Datagen, ShardsShareTheGamesAndALimitCapsOnlyTheShardItIsGiven) {
    DatagenRun run;
    run.games = 7;
    run.shards = 3;
    std::uint64_t all = 0;
    std::vector<std::uint64_t> shares;
    for (run.shard = 0; run.shard < 3; ++run.shard) {
        shares.push_back(shard_games_asked(run));
        all += shares.back();
    }
    EXPECT_EQ(shares, (std::vector<std::uint64_t>{2, 2, 3}));
    EXPECT_EQ(all, 7u);
    run.shard = 2;
    run.shard_games = 1;
    EXPECT_EQ(shard_games_asked(run), 1u);
    run.shard_games = 50;  // a limit above the share does not add games
    EXPECT_EQ(shard_games_asked(run), 3u);
}

TEST(Datagen, AShardStoppedAfterItsFirstGamesGoesOnLaterAndMergesOnlyWhenAskedTo) {
    test::ScratchDirectory dir("datagen_shard_games");
    DatagenOptions o = fast_options();
    DatagenRun full;  // shard 0 of 2 of a 6-game run, in one go: games 0-2
    full.games = 6;
    full.shards = 2;
    full.output = dir.file("full0.mdata");
    DatagenSummary whole = run_datagen(o, full);
    ASSERT_EQ(whole.games, 3u);

    DatagenRun stopped = full;
    stopped.output = dir.file("stopped0.mdata");
    stopped.shard_games = 1;
    DatagenSummary first = run_datagen(o, stopped);
    EXPECT_TRUE(first.complete);
    EXPECT_EQ(first.games, 1u);
    EXPECT_EQ(run_datagen(o, stopped).games_played_now, 0u);

    DatagenRun second = full;  // shard 1: games 3-4 of its 3-5
    second.shard = 1;
    second.shard_games = 2;
    second.output = dir.file("stopped1.mdata");
    DatagenSummary other = run_datagen(o, second);
    EXPECT_EQ(other.games, 2u);
    // A file past the limit is refused rather than merged with more games than asked for.
    second.shard_games = 1;
    try {
        run_datagen(o, second);
        ADD_FAILURE() << "a shard holding 2 games was taken for 1";
    } catch (const TrainingDataError& e) {
        EXPECT_NE(std::string(e.what()).find(second.output +
                                             ": holds 2 games of its shard, more than the 1 "
                                             "asked for"),
                  std::string::npos)
            << e.what();
    }

    // Stopped shards merge only when asked to, in game order whatever the order given.
    std::string out = dir.file("merged.mdata");
    try {
        merge_training_data({stopped.output, second.output}, out, "merged");
        ADD_FAILURE() << "unfinished shards were merged without being asked to";
    } catch (const TrainingDataError& e) {
        EXPECT_NE(std::string(e.what()).find("holds 1 of its 3 games"), std::string::npos)
            << e.what();
    }
    TrainingDataHeader merged =
        merge_training_data({second.output, stopped.output}, out, "merged", true);
    EXPECT_EQ(merged.games, 3u);
    EXPECT_EQ(merged.positions, first.positions + other.positions);
    TrainingDataReader merged_file(out);
    TrainingDataReader first_file(stopped.output);
    ASSERT_GT(first_file.size(), 0u);
    EXPECT_EQ(merged_file.at(0).fen(), first_file.at(0).fen());

    // Without the limit the stopped shard goes on to the records of the run made in one go.
    stopped.shard_games = 0;
    DatagenSummary resumed = run_datagen(o, stopped);
    EXPECT_TRUE(resumed.resumed);
    EXPECT_EQ(resumed.games_played_now, 2u);
    EXPECT_EQ(resumed.checksum, whole.checksum);
}

// The message of the TrainingDataError that merging `inputs` throws ("" when none is thrown).
std::string data_merge_error(const std::vector<std::string>& inputs, const std::string& output) {
    try {
        merge_training_data(inputs, output, "merged");
    } catch (const TrainingDataError& e) {
        EXPECT_FALSE(std::filesystem::exists(output)) << output;
        return e.what();
    }
    return "";
}

TEST(Datagen, MergeRefusesAMissingRepeatedUnfinishedOrCorruptShardNamingTheFile) {
    test::ScratchDirectory dir("datagen_bad_shards");
    DatagenOptions o = fast_options();
    std::vector<std::string> shards;
    for (int s = 0; s < 3; ++s) {
        DatagenRun run;
        run.games = 6;
        run.shard = s;
        run.shards = 3;
        run.output = dir.file("shard" + std::to_string(s) + ".mdata");
        run_datagen(o, run);
        shards.push_back(run.output);
    }
    std::string out = dir.file("merged.mdata");
    std::string missing = data_merge_error({shards[0], shards[1]}, out);
    EXPECT_NE(missing.find("shard 2/3 of its run is missing"), std::string::npos) << missing;
    std::string twice = data_merge_error({shards[0], shards[1], shards[1], shards[2]}, out);
    EXPECT_NE(twice.find(shards[1] + ": shard 1/3 is also given as " + shards[1]),
              std::string::npos)
        << twice;

    // Shard 2 as a run stopped after its first game would have left it: one of its two games.
    std::string unfinished_path = dir.file("shard2-unfinished.mdata");
    {
        TrainingDataReader whole(shards[2]);
        TrainingDataWriter part = TrainingDataWriter::create(
            unfinished_path, whole.header().description, whole.header().first_game);
        part.add_encoded(whole.record_bytes(0), std::size_t(whole.size()), 1);
        part.commit();
    }
    std::string unfinished = data_merge_error({shards[0], shards[1], unfinished_path}, out);
    EXPECT_NE(unfinished.find(unfinished_path + ": holds 1 of its 2 games (an unfinished shard"),
              std::string::npos)
        << unfinished;

    // The finished shards merge; one flipped byte in a record is refused by its checksum.
    EXPECT_EQ(data_merge_error(shards, out), "");
    {
        std::fstream file(shards[1], std::ios::in | std::ios::out | std::ios::binary);
        file.seekg(-3, std::ios::end);
        char byte = char(file.get());
        file.seekp(-3, std::ios::end);
        file.put(char(byte ^ 0x21));
    }
    std::filesystem::remove(out);
    std::string corrupt = data_merge_error(shards, out);
    EXPECT_EQ(corrupt.rfind(shards[1] + ": ", 0), 0u) << corrupt;
    EXPECT_NE(corrupt.find("checksum"), std::string::npos) << corrupt;
}

TEST(Datagen, AnInterruptedRunResumesToTheSameRecords) {
    test::ScratchDirectory dir("datagen_resume");
    DatagenOptions o = fast_options();
    DatagenRun run;
    run.output = dir.file("whole.mdata");
    run.games = 5;
    DatagenSummary whole = run_datagen(o, run);

    DatagenRun interrupted = run;
    interrupted.output = dir.file("interrupted.mdata");
    // Asked to stop at once: the game already started finishes and is kept, no other starts.
    interrupted.stop_requested = [] { return true; };
    DatagenSummary part = run_datagen(o, interrupted);
    EXPECT_FALSE(part.complete);
    EXPECT_LT(part.games, 5u);
    interrupted.stop_requested = nullptr;
    DatagenSummary rest = run_datagen(o, interrupted);
    EXPECT_TRUE(rest.resumed);
    EXPECT_TRUE(rest.complete);
    EXPECT_EQ(rest.checksum, whole.checksum);
    EXPECT_EQ(rest.positions, whole.positions);
}

TEST(LabelGames, ScoresSampledPositionsWithTheGameResultAndResumesByShard) {
    test::ScratchDirectory dir("label_games");
    std::string pgn;
    const char* games[] = {
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 "
        "Nb8 10. d4 Nbd7 1-0",
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. cxd5 Nxd5 9. "
        "Bxe7 Qxe7 0-1",
        "1. c4 e5 2. Nc3 Nf6 3. Nf3 Nc6 4. g3 d5 5. cxd5 Nxd5 6. Bg2 Nb6 7. O-O Be7 8. d3 O-O 9. "
        "a3 Be6 1/2-1/2",
        "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 8. f3 Be7 9. Qd2 "
        "O-O *",
    };
    for (const char* g : games)
        pgn += std::string("[Event \"t\"]\n[Result \"") +
               std::string(g).substr(std::string(g).rfind(' ') + 1) + "\"]\n\n" + g + "\n\n";
    std::string input = dir.write("games.pgn", pgn);
    GameLabelOptions o;
    o.nodes = 200;
    o.sample_rate = 1;
    o.skip_plies = 6;
    GameLabelRun run;
    run.inputs = {input};
    run.output = dir.file("all.mdata");
    run.threads = 2;
    GameLabelSummary all = label_games(o, run);
    EXPECT_TRUE(all.complete);
    EXPECT_EQ(all.games, 4u);  // the unfinished game counts as read, with no positions
    ASSERT_GT(all.positions, 20u);
    TrainingDataReader reader(run.output);
    int white_wins = 0;
    for (std::uint64_t i = 0; i < reader.size(); ++i) {
        ScoredPosition p = reader.at(i);
        Position pos = p.to_position();
        EXPECT_FALSE(pos.in_check());
        EXPECT_GE(pos.game_ply(), 6) << p.fen();
        double white = p.side_to_move == WHITE ? p.result_value() : 1 - p.result_value();
        white_wins += white == 1;
    }
    EXPECT_GT(white_wins, 0);
    // Shard 1 of 2 holds games 1 and 3; a second run of a finished shard plays nothing.
    run.output = dir.file("shard1.mdata");
    run.shard = 1;
    run.shards = 2;
    GameLabelSummary shard = label_games(o, run);
    EXPECT_EQ(shard.games, 2u);
    EXPECT_EQ(shard.games_in_inputs, 4u);  // every shard reads every game
    GameLabelSummary again = label_games(o, run);
    EXPECT_TRUE(again.resumed);
    EXPECT_EQ(again.games_now, 0u);
    EXPECT_EQ(again.checksum, shard.checksum);
    // Positions of game 1 (black won) only: every white-to-move position is a loss.
    TrainingDataReader part(run.output);
    for (std::uint64_t i = 0; i < part.size(); ++i) {
        ScoredPosition p = part.at(i);
        double white = p.side_to_move == WHITE ? p.result_value() : 1 - p.result_value();
        EXPECT_EQ(white, 0.0) << p.fen();
    }
}

}  // namespace
}  // namespace mneme
