// Case bases: building from PGN (expert names, rating buckets, the sample cap), the file round
// trip, and the rejection of broken files with a message naming the file and the reason.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>

#include "book_test_util.h"
#include "mneme/cbr/case_base_builder.h"
#include "mneme/cbr/case_base_file.h"
#include "mneme/cbr/case_base_merge.h"
#include "mneme/cbr/player_name.h"
#include "test_data.h"

namespace mneme {
namespace {

const char* const GAMES =
    "[White \"Carlsen, Magnus\"]\n[Black \"Anand,V.\"]\n[Result \"1-0\"]\n"
    "[WhiteElo \"2850\"]\n[BlackElo \"2780\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"
    "[White \"Anand, Viswanathan\"]\n[Black \"carlsen m\"]\n[Result \"1/2-1/2\"]\n"
    "[WhiteElo \"2790\"]\n[BlackElo \"2100\"]\n\n1. d4 d5 1/2-1/2\n\n"
    "[White \"Bacrot, \xC3\x89tienne\"]\n[Black \"Kasparov, Garry\"]\n[Result \"0-1\"]\n\n"
    "1. c4 e5 2. Nc3 0-1\n\n"
    "[White \"Broken, Game\"]\n[Black \"Carlsen, Magnus\"]\n[Result \"*\"]\n\n1. e4 e4 *\n";

TEST(CbrPlayerName, FoldsCaseAndAccents) {
    EXPECT_EQ(fold_name("Bacrot, \xC3\x89tienne"), "bacrot  etienne");
    EXPECT_EQ(fold_name("Pol\xC3\xA1k,T."), "polak t ");
    EXPECT_EQ(fold_name("Ko\xC5\xBE"
                        "ul"),
              "kozul");                                             // Latin Extended-A
    EXPECT_EQ(fold_name("Andersson, \xD6lle"), "andersson  olle");  // a stray Latin-1 byte
}

TEST(CbrPlayerName, MatchesTheUsualSpellings) {
    ExpertNames carlsen({"Carlsen, Magnus"});
    for (const char* tag : {"Carlsen, Magnus", "Carlsen,M.", "Carlsen,M", "carlsen m",
                            "Magnus Carlsen", "CARLSEN, MAGNUS", "Carlsen"})
        EXPECT_EQ(carlsen.match(tag), 0) << tag;
    for (const char* tag : {"Carlsen, Henrik", "Carlsson, Magnus", "Anand, V", ""})
        EXPECT_EQ(carlsen.match(tag), -1) << tag;
    ExpertNames initial({"Polgar,J."});
    EXPECT_EQ(initial.match("Polgar, Judit"), 0);
    EXPECT_EQ(initial.match("Polgar, Susan"), -1);
    ExpertNames first_last({"Judit Polgar"});
    EXPECT_EQ(first_last.match("Polgar,J"), 0);
    ExpertNames accented({"Bacrot, Etienne"});
    EXPECT_EQ(accented.match("Bacrot, \xC3\x89tienne"), 0);
}

TEST(CbrCaseBuild, ExpertByNameKeepsOnlyTheExpertsMoves) {
    test::ScratchDirectory dir("cbr_build");
    std::string pgn = dir.write("games.pgn", GAMES);
    CaseBuildOptions options;
    options.players = {"Magnus Carlsen"};
    std::vector<std::string> messages;
    options.report = [&](const std::string& m) { messages.push_back(m); };
    CaseBuild build = build_cases({pgn}, options);
    // Game 1: White's 1.e4, 2.Nf3; game 2: Black's 1...d5; game 4 is unreadable.
    ASSERT_EQ(build.cases.size(), 3u);
    EXPECT_EQ(build.cases[0].mover, WHITE);
    EXPECT_EQ(build.cases[0].ply, 0);
    EXPECT_EQ(build.cases[0].mover_elo, 2850);
    EXPECT_EQ(build.cases[0].game_result(), GameResult::WHITE_WINS);
    EXPECT_EQ(build.cases[1].ply, 2);
    EXPECT_EQ(build.cases[2].mover, BLACK);
    EXPECT_EQ(build.cases[2].game, 2u);
    EXPECT_EQ(build.stats.games_matched, 2u);
    EXPECT_EQ(build.stats.games_unmatched, 1u);
    EXPECT_EQ(build.stats.unreadable, 1u);
    EXPECT_EQ(build.stats.spellings.size(), 2u);
    ASSERT_FALSE(messages.empty());
    EXPECT_NE(messages.front().find("game 4"), std::string::npos) << messages.front();
}

TEST(CbrCaseBuild, RatingBucketAndSampleCap) {
    test::ScratchDirectory dir("cbr_bucket");
    std::string pgn = dir.write("games.pgn", GAMES);
    CaseBuildOptions options;
    options.min_elo = 2700;
    options.max_elo = 2799;
    CaseBuild build = build_cases({pgn}, options);
    // Anand's 1...e5, 2...Nc6 (2780) and 1.d4 (2790); unrated Kasparov is left out.
    ASSERT_EQ(build.cases.size(), 3u);
    for (const CaseRecord& c : build.cases) EXPECT_GE(c.mover_elo, 2700);
    options.max_cases = 2;
    CaseBuild capped = build_cases({pgn}, options);
    EXPECT_EQ(capped.cases.size(), 2u);
    EXPECT_EQ(capped.stats.moves_selected, 3u);
    EXPECT_LE(capped.cases[0].game, capped.cases[1].game);  // kept in game order
}

TEST(CbrCaseBuild, SeveralRatingBucketsInOnePass) {
    test::ScratchDirectory dir("cbr_buckets");
    std::string pgn = dir.write("games.pgn", GAMES);
    CaseBuildOptions options;
    options.elo_buckets = {{2700, 2799}, {2800, 2899}, {1000, 1999}};
    CaseBuild build = build_cases({pgn}, options);
    ASSERT_EQ(build.buckets.size(), 3u);
    EXPECT_EQ(build.buckets[0].size(), 3u);  // Anand (2780, 2790)
    EXPECT_EQ(build.buckets[1].size(), 2u);  // Carlsen (2850)
    EXPECT_TRUE(build.buckets[2].empty());
    for (const CaseRecord& c : build.buckets[1]) EXPECT_EQ(c.mover_elo, 2850);
    EXPECT_TRUE(build.cases.empty());
}

TEST(CbrCaseBuild, MirrorAddsTheColourFlippedCopyOfEachCase) {
    test::ScratchDirectory dir("cbr_mirror");
    std::string pgn = dir.write("games.pgn", GAMES);
    CaseBuildOptions options;
    options.players = {"Carlsen, Magnus"};
    options.mirror = true;
    CaseBuild build = build_cases({pgn}, options);
    // 1.e4, 2.Nf3 (game 1, a White win) and 1...d5 (game 2, a draw), each with its copy.
    ASSERT_EQ(build.cases.size(), 6u);
    const CaseRecord& e4 = build.cases[0];
    const CaseRecord& e4_flipped = build.cases[1];
    EXPECT_EQ(e4.expert_move(), Move::make(NORMAL, SQ_E2, SQ_E4));
    EXPECT_EQ(e4_flipped.expert_move(), Move::make(NORMAL, SQ_E7, SQ_E5));
    EXPECT_EQ(e4_flipped.mover, BLACK);
    EXPECT_EQ(e4_flipped.board, e4.board);  // the start position is symmetric
    EXPECT_EQ(e4_flipped.game_result(), GameResult::BLACK_WINS);
    EXPECT_EQ(e4_flipped.game, e4.game);
    EXPECT_EQ(build.cases[3].board, build.cases[2].board.mirrored());
    EXPECT_EQ(build.cases[3].expert_move(), Move::make(NORMAL, SQ_G8, SQ_F6));  // 2.Nf3
    // 1...d5 after 1.d4 becomes White's 1.d4 with a black pawn already on d5.
    EXPECT_EQ(build.cases[5].board, build.cases[4].board.mirrored());
    EXPECT_NE(build.cases[5].board, build.cases[4].board);
    EXPECT_EQ(build.cases[5].mover, WHITE);  // 1...d5 becomes a White case
    EXPECT_EQ(build.cases[5].expert_move(), Move::make(NORMAL, SQ_D2, SQ_D4));
    EXPECT_EQ(build.cases[5].game_result(), GameResult::DRAW);
    EXPECT_NE(case_build_description({pgn}, options).find("--mirror"), std::string::npos);
}

TEST(CbrCaseFile, RoundTripAndRejections) {
    test::ScratchDirectory dir("cbr_file");
    std::string pgn = dir.write("games.pgn", GAMES);
    CaseBuild build = build_cases({pgn}, {});
    ASSERT_EQ(build.cases.size(), 9u);  // every move of the three readable games
    std::string path = dir.file("all.mcases");
    write_case_base(path, "test base", build.cases, 3);
    CaseBaseFile file = CaseBaseFile::open(path);
    ASSERT_EQ(file.size(), 9u);
    EXPECT_EQ(file.white_cases(), 5u);
    EXPECT_EQ(file.games(), 3u);
    EXPECT_EQ(file.description(), "test base");
    EXPECT_EQ(std::memcmp(file.cases().data(), build.cases.data(), 9 * sizeof(CaseRecord)), 0);

    auto expect_rejected = [&](const std::string& broken, const std::string& reason) {
        try {
            CaseBaseFile::open(broken);
            FAIL() << "accepted " << broken;
        } catch (const CaseFileError& e) {
            std::string message = e.what();
            EXPECT_NE(message.find(broken), std::string::npos) << message;
            EXPECT_NE(message.find(reason), std::string::npos) << message;
        }
    };
    auto copy_with = [&](const std::string& name, const std::function<void(std::string&)>& edit) {
        std::ifstream in(path, std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        edit(bytes);
        std::string target = dir.file(name);
        std::ofstream(target, std::ios::binary) << bytes;
        return target;
    };
    expect_rejected(copy_with("truncated", [](std::string& b) { b.resize(b.size() - 10); }),
                    "truncated");
    expect_rejected(copy_with("corrupt", [](std::string& b) { b[b.size() - 30] ^= 1; }),
                    "checksum");
    expect_rejected(copy_with("magic", [](std::string& b) { b[0] = 'X'; }), "magic");
    expect_rejected(copy_with("short", [](std::string& b) { b.resize(20); }), "too short");
    expect_rejected(copy_with("version", [](std::string& b) { b[8] = 9; }), "version");
    expect_rejected(dir.file("missing"), "cannot open");
    // No temporary file is left beside the output.
    for (const auto& entry : std::filesystem::directory_iterator(dir.file("")))
        EXPECT_EQ(entry.path().string().find(".tmp."), std::string::npos);
}

// Builds a case base as `mneme cases build` writes it (its description, its distinct games).
void build_case_file(const std::vector<std::string>& inputs, const CaseBuildOptions& options,
                     const std::string& path) {
    CaseBuild build = build_cases(inputs, options);
    std::set<std::uint32_t> games;
    for (const CaseRecord& c : build.cases) games.insert(c.game);
    write_case_base(path, case_build_description(inputs, options), build.cases, games.size());
}

TEST(CbrCaseBuild, ShardsMergeIntoTheSingleBuildByteForByte) {
    test::ScratchDirectory dir("cbr_shards");
    std::string pgn = dir.write("games.pgn", test::random_games(90, 24, 31));
    std::string more = dir.write("more.pgn", GAMES);
    CaseBuildOptions options;
    options.min_elo = 2300;
    options.mirror = true;
    build_case_file({pgn, more}, options, dir.file("single.mcases"));

    std::vector<std::string> shards;
    for (int s = 3; s >= 0; --s) {  // listed last shard first: the merge orders them
        CaseBuildOptions shard = options;
        shard.shard = s;
        shard.shards = 4;
        shards.push_back(dir.file("shard" + std::to_string(s) + ".mcases"));
        build_case_file({pgn, more}, shard, shards.back());
    }
    CaseMergeStats merged = merge_case_bases(shards, dir.file("merged.mcases"));
    EXPECT_EQ(merged.shards, 4);
    EXPECT_GT(merged.cases, 100u);
    EXPECT_EQ(test::file_bytes(dir.file("merged.mcases")),
              test::file_bytes(dir.file("single.mcases")));

    // A missing or repeated shard, or a corrupt one, is refused with its name.
    auto refusal = [&](const std::vector<std::string>& inputs) -> std::string {
        try {
            merge_case_bases(inputs, dir.file("refused.mcases"));
        } catch (const CaseFileError& e) {
            EXPECT_FALSE(std::filesystem::exists(dir.file("refused.mcases")));
            return e.what();
        }
        return "";
    };
    std::string missing = refusal({shards[0], shards[1], shards[2]});
    EXPECT_NE(missing.find("shard 0/4 of its build is missing"), std::string::npos) << missing;
    std::string twice = refusal({shards[0], shards[1], shards[1], shards[2], shards[3]});
    EXPECT_NE(twice.find(shards[1] + ": shard 2/4 is also given as"), std::string::npos) << twice;
    {
        std::fstream file(shards[2], std::ios::in | std::ios::out | std::ios::binary);
        file.seekg(-9, std::ios::end);
        char byte = char(file.get());
        file.seekp(-9, std::ios::end);
        file.put(char(byte ^ 0x44));
    }
    std::string corrupt = refusal(shards);
    EXPECT_EQ(corrupt.rfind(shards[2] + ": ", 0), 0u) << corrupt;
    EXPECT_NE(corrupt.find("checksum"), std::string::npos) << corrupt;
}

// A --max-cases sample is over every selected move of the build, which no shard sees: the shards
// keep them all and the merge draws the single build's sample (then mirrors), for one base and
// for each rating bucket (bucket b samples with seed + b).
TEST(CbrCaseBuild, ShardsOfASampledBuildMergeIntoItsFileByteForByte) {
    test::ScratchDirectory dir("cbr_sampled_shards");
    std::string pgn = dir.write("games.pgn", test::random_games(120, 30, 41));
    auto write_build = [&](const CaseBuildOptions& options, const std::string& stem) {
        CaseBuild build = build_cases({pgn}, options);
        std::vector<std::string> paths;
        auto write = [&](const std::vector<CaseRecord>& cases, int bucket) {
            std::set<std::uint32_t> games;
            for (const CaseRecord& c : cases) games.insert(c.game);
            paths.push_back(dir.file(stem + "-" + std::to_string(bucket + 1) + ".mcases"));
            write_case_base(paths.back(), case_build_description({pgn}, options, bucket), cases,
                            games.size());
        };
        if (options.elo_buckets.empty()) write(build.cases, -1);
        for (std::size_t b = 0; b < build.buckets.size(); ++b) write(build.buckets[b], int(b));
        return paths;
    };
    CaseBuildOptions one;
    one.min_elo = 2200;
    one.max_cases = 150;
    one.sample_seed = 7;
    one.mirror = true;
    CaseBuildOptions buckets;
    buckets.elo_buckets = {{2000, 2299}, {2300, 2599}};
    buckets.max_cases = 90;
    buckets.sample_seed = 3;
    for (const CaseBuildOptions& options : {one, buckets}) {
        std::vector<std::string> single = write_build(options, "single");
        CaseBuild all = build_cases({pgn}, options);
        // The samples are real: fewer cases than moves selected.
        for (std::uint64_t selected : all.bucket_moves_selected)
            ASSERT_GT(selected, options.max_cases);
        std::vector<std::vector<std::string>> shards(single.size());
        for (int s = 0; s < 3; ++s) {
            CaseBuildOptions shard = options;
            shard.shard = s;
            shard.shards = 3;
            std::vector<std::string> paths = write_build(shard, "shard" + std::to_string(s));
            for (std::size_t f = 0; f < paths.size(); ++f) shards[f].push_back(paths[f]);
        }
        for (std::size_t f = 0; f < single.size(); ++f) {
            std::string merged = dir.file("merged-" + std::to_string(f) + ".mcases");
            CaseMergeStats stats = merge_case_bases(shards[f], merged);
            EXPECT_EQ(stats.shards, 3);
            EXPECT_EQ(stats.sampled_from, all.bucket_moves_selected[f]);
            EXPECT_EQ(stats.cases, (options.mirror ? 2 : 1) * options.max_cases);
            EXPECT_EQ(test::file_bytes(merged), test::file_bytes(single[f])) << single[f];
            // As a tree: shards 0 and 2, then that with shard 1; the sample is drawn last.
            std::string part = dir.file("part-" + std::to_string(f) + ".mcases");
            CaseMergeStats first = merge_case_bases({shards[f][0], shards[f][2]}, part, true);
            EXPECT_EQ(first.partial, "0,2");
            EXPECT_EQ(first.sampled_from, 0u);
            std::string tree = dir.file("tree-" + std::to_string(f) + ".mcases");
            merge_case_bases({shards[f][1], part}, tree);
            EXPECT_EQ(test::file_bytes(tree), test::file_bytes(single[f])) << single[f];
        }
    }
}

}  // namespace
}  // namespace mneme
