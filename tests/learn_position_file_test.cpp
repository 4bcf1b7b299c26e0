// Training positions: packing, the position file round trip, and corrupt files rejected.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "learn_test_positions.h"
#include "mneme/learn/position_file.h"
#include "test_data.h"

namespace mneme {
namespace {

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

std::string load_error(const std::string& path) {
    try {
        load_position_file(path);
    } catch (const PositionFileError& e) {
        return e.what();
    }
    return "";
}

PositionFile sample_file() {
    PositionFile file;
    file.description = "test positions";
    for (const Position& pos : test::random_game_positions(200, 7)) {
        TrainingPosition t = TrainingPosition::from_position(pos);
        t.result = TrainingPosition::encode_label(double(file.positions.size() % 3) / 2);
        t.label = TrainingPosition::encode_label(0.25);
        t.games = std::uint16_t(1 + file.positions.size() % 4);
        file.positions.push_back(t);
    }
    return file;
}

TEST(LearnPositionFile, PackedPositionGivesBackTheSamePosition) {
    std::vector<std::string> fens = test::endgame_fens();
    fens.push_back(std::string(START_FEN));
    fens.push_back("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    fens.push_back("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1");
    for (const Position& pos : test::random_game_positions(300, 3)) fens.push_back(pos.fen());
    for (const std::string& fen : fens) {
        Position pos = Position::from_fen(fen);
        TrainingPosition packed = TrainingPosition::from_position(pos);
        std::uint8_t bytes[TrainingPosition::ENCODED_SIZE];
        packed.encode(bytes);
        TrainingPosition unpacked;
        ASSERT_TRUE(unpacked.decode(bytes)) << fen;
        EXPECT_EQ(unpacked, packed) << fen;
        Position back = unpacked.to_position();
        EXPECT_EQ(back.key(), pos.key()) << fen << " came back as " << back.fen();
    }
}

TEST(LearnPositionFile, SaveThenLoadRoundTrips) {
    test::ScratchDirectory dir("learn_position_file");
    PositionFile file = sample_file();
    save_position_file(dir.file("a.mpos"), file);
    PositionFile loaded = load_position_file(dir.file("a.mpos"));
    EXPECT_EQ(loaded.description, file.description);
    EXPECT_EQ(loaded.positions, file.positions);

    save_position_file(dir.file("empty.mpos"), PositionFile{});
    EXPECT_TRUE(load_position_file(dir.file("empty.mpos")).positions.empty());
}

TEST(LearnPositionFile, CorruptFilesAreRejectedWithTheReason) {
    test::ScratchDirectory dir("learn_position_corrupt");
    std::string path = dir.file("good.mpos");
    save_position_file(path, sample_file());
    const std::string good = read_bytes(path);
    std::string bad = dir.file("bad.mpos");

    std::string flipped = good;
    flipped[flipped.size() - 40] ^= 0x10;  // inside the last positions
    write_bytes(bad, flipped);
    EXPECT_NE(load_error(bad).find("checksum mismatch"), std::string::npos) << load_error(bad);
    EXPECT_NE(load_error(bad).find(bad), std::string::npos);

    write_bytes(bad, good.substr(0, good.size() - 7));
    EXPECT_NE(load_error(bad).find("truncated"), std::string::npos) << load_error(bad);

    write_bytes(bad, "PGN [Event \"?\"]");
    EXPECT_NE(load_error(bad).find("bad magic"), std::string::npos) << load_error(bad);

    std::string newer = good;
    newer[8] = 9;  // the version
    write_bytes(bad, newer);
    EXPECT_NE(load_error(bad).find("format version 9"), std::string::npos) << load_error(bad);

    EXPECT_NE(load_error(dir.file("missing.mpos")).find("cannot open"), std::string::npos);
    // A directory opens as a stream and fails on reading, with a library message that named
    // neither the file nor the cause.
    std::string folder = dir.file("folder.mpos");
    std::filesystem::create_directory(folder);
    EXPECT_EQ(load_error(folder), folder + ": cannot open: it is a directory");
}

TEST(LearnPositionFile, ImpossibleBoardIsNotDecoded) {
    TrainingPosition t = TrainingPosition::from_position(Position());
    std::uint8_t bytes[TrainingPosition::ENCODED_SIZE];
    t.encode(bytes);
    bytes[8] = 0x07;  // piece code 7 is no piece
    TrainingPosition decoded;
    EXPECT_FALSE(decoded.decode(bytes));
}

}  // namespace
}  // namespace mneme
