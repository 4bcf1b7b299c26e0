// PGN input: plain, gzip and zstd files are recognised by their first bytes (not their names),
// multi-member gzip and multi-frame zstd read through, and corrupt or truncated data is reported
// after the games before the damage were read.
#include <gtest/gtest.h>
#include <zlib.h>
#include <zstd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "mneme/pgn/pgn_reader.h"

namespace mneme {
namespace {

// Enough games to span several read blocks once decompressed. Each game carries a comment of
// pseudo-random digits, so the compressed data has many blocks and a cut lands between them.
std::string sample_pgn(int games) {
    std::string text;
    std::uint32_t state = 12345;
    for (int i = 1; i <= games; ++i) {
        text += "[Event \"Game " + std::to_string(i) + "\"]\n[Result \"1-0\"]\n\n";
        text += "1. e4 e5 2. Qh5 Nc6 3. Bc4 {";
        for (int j = 0; j < 60; ++j) {
            state = state * 1103515245u + 12345u;
            text += char('0' + (state >> 16) % 10);
        }
        text += "} Nf6 4. Qxf7# 1-0\n\n";
    }
    return text;
}

std::string gzip(const std::string& text) {
    z_stream stream{};
    // 15 + 16: the largest window, with a gzip header.
    EXPECT_EQ(deflateInit2(&stream, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY),
              Z_OK);
    std::string out(deflateBound(&stream, uLong(text.size())), '\0');
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    stream.avail_in = uInt(text.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = uInt(out.size());
    EXPECT_EQ(deflate(&stream, Z_FINISH), Z_STREAM_END);
    out.resize(stream.total_out);
    deflateEnd(&stream);
    return out;
}

// With `checksum`, the frame ends in a checksum, so any corruption is certain to be noticed.
std::string zstd(const std::string& text, bool checksum = false) {
    std::string out(ZSTD_compressBound(text.size()), '\0');
    ZSTD_CCtx* context = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, checksum ? 1 : 0);
    std::size_t size = ZSTD_compress2(context, out.data(), out.size(), text.data(), text.size());
    ZSTD_freeCCtx(context);
    EXPECT_FALSE(ZSTD_isError(size));
    out.resize(size);
    return out;
}

class TempFile {
public:
    TempFile(const std::string& name, const std::string& bytes)
        : path_((std::filesystem::temp_directory_path() / ("mneme_pgn_input_test_" + name))
                    .string()) {
        std::ofstream(path_, std::ios::binary) << bytes;
    }
    ~TempFile() { std::filesystem::remove(path_); }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

struct ReadResult {
    std::vector<std::string> events;
    std::uint64_t plies = 0;
    bool failed = false;
    std::vector<std::string> messages;
};

ReadResult read_file(const std::string& path, bool mainline_only) {
    PgnReaderOptions options;
    options.mainline_only = mainline_only;
    PgnReader reader(path, options);
    ReadResult result;
    PgnMainline game;
    while (reader.next_mainline(game)) result.events.emplace_back(game.headers.get("Event"));
    result.plies = reader.stats().plies;
    result.failed = reader.failed();
    for (const PgnError& e : reader.errors()) result.messages.push_back(e.message());
    return result;
}

TEST(PgnInput, PlainGzipAndZstdFilesReadAlike) {
    const std::string text = sample_pgn(5000);  // about 640 KB
    TempFile plain("plain.pgn", text);
    TempFile gz("compressed.pgn.gz", gzip(text));
    TempFile zst("compressed.pgn.zst", zstd(text));
    TempFile misnamed("zstd_named_plain.pgn", zstd(text));
    for (bool mainline_only : {false, true}) {
        for (const TempFile* file : {&plain, &gz, &zst, &misnamed}) {
            ReadResult result = read_file(file->path(), mainline_only);
            ASSERT_EQ(result.events.size(), 5000u) << file->path();
            EXPECT_EQ(result.events.front(), "Game 1");
            EXPECT_EQ(result.events.back(), "Game 5000");
            EXPECT_EQ(result.plies, 5000u * 7);
            EXPECT_FALSE(result.failed);
            EXPECT_TRUE(result.messages.empty());
        }
    }
}

TEST(PgnInput, DetectsCompressionFromTheFirstBytes) {
    const std::string text = sample_pgn(1);
    EXPECT_EQ(InputStream::from_string(text)->compression(), Compression::NONE);
    EXPECT_EQ(InputStream::from_string(gzip(text))->compression(), Compression::GZIP);
    EXPECT_EQ(InputStream::from_string(zstd(text))->compression(), Compression::ZSTD);
    EXPECT_EQ(InputStream::from_string("")->compression(), Compression::NONE);

    auto stream = InputStream::from_string(zstd(text));
    std::string decoded(text.size() + 10, '\0');
    EXPECT_EQ(stream->read(decoded.data(), decoded.size()), text.size());
    decoded.resize(text.size());
    EXPECT_EQ(decoded, text);
    EXPECT_EQ(stream->bytes_consumed(), stream->total_bytes());
}

TEST(PgnInput, ConcatenatedMembersAndFrames) {
    const std::string first = sample_pgn(3), second = sample_pgn(4);
    for (const std::string& bytes : {gzip(first) + gzip(second), zstd(first) + zstd(second)}) {
        PgnReader reader = PgnReader::from_string(bytes);
        int games = 0;
        while (reader.next()) ++games;
        EXPECT_EQ(games, 7);
        EXPECT_FALSE(reader.failed());
    }
}

TEST(PgnInput, TruncatedAndCorruptDataAreReported) {
    const std::string text = sample_pgn(3000);
    struct Case {
        std::string name, bytes, reason;
    };
    std::string zst = zstd(text), gz = gzip(text);
    std::string corrupt_zst = zstd(text, true), corrupt_gz = gz;
    for (std::size_t i = corrupt_zst.size() / 2; i < corrupt_zst.size() / 2 + 64; ++i)
        corrupt_zst[i] ^= 0x5a;
    for (std::size_t i = corrupt_gz.size() / 2; i < corrupt_gz.size() / 2 + 64; ++i)
        corrupt_gz[i] ^= 0x5a;
    const Case cases[] = {
        {"truncated.pgn.zst", zst.substr(0, zst.size() / 2), "truncated zstd data"},
        {"truncated.pgn.gz", gz.substr(0, gz.size() / 2), "truncated gzip data"},
        {"corrupt.pgn.zst", corrupt_zst, "corrupt zstd data"},
        {"corrupt.pgn.gz", corrupt_gz, "corrupt gzip data"},
    };
    for (const Case& c : cases) {
        TempFile file(c.name, c.bytes);
        ReadResult result = read_file(file.path(), true);
        EXPECT_TRUE(result.failed) << c.name;
        EXPECT_GT(result.events.size(), 100u) << c.name;  // the games before the damage
        EXPECT_LE(result.events.size(), 3000u) << c.name;
        ASSERT_FALSE(result.messages.empty()) << c.name;
        const std::string& last = result.messages.back();
        EXPECT_EQ(last.rfind(file.path() + ": line ", 0), 0u) << last;
        EXPECT_NE(last.find(c.reason), std::string::npos) << last;
    }
}

// Decoding on a second thread must give the same games and the same damage report as decoding
// in line with the parser.
TEST(PgnInput, DecodingAheadMatchesDecodingInLine) {
    const std::string text = sample_pgn(3000);
    std::string corrupt = zstd(text, true);
    for (std::size_t i = corrupt.size() / 2; i < corrupt.size() / 2 + 64; ++i) corrupt[i] ^= 0x5a;
    for (const std::string& bytes : {zstd(text), gzip(text), corrupt}) {
        TempFile file("ahead.pgn.zst", bytes);
        std::vector<std::string> events[2], messages[2];
        for (int ahead = 0; ahead < 2; ++ahead) {
            PgnReaderOptions options;
            options.decode_ahead = ahead == 1;
            PgnReader reader(file.path(), options);
            PgnMainline game;
            while (reader.next_mainline(game))
                events[ahead].emplace_back(game.headers.get("Event"));
            for (const PgnError& e : reader.errors()) messages[ahead].push_back(e.message());
        }
        EXPECT_GT(events[1].size(), 100u);
        EXPECT_EQ(events[0], events[1]);
        EXPECT_EQ(messages[0], messages[1]);
    }
}

TEST(PgnInput, DirectoryIsNotAFile) {
    PgnReader reader(std::filesystem::temp_directory_path().string());
    EXPECT_FALSE(reader.next());
    EXPECT_TRUE(reader.failed());
    ASSERT_EQ(reader.errors().size(), 1u);
    EXPECT_NE(reader.errors()[0].reason.find("is a directory"), std::string::npos);
}

}  // namespace
}  // namespace mneme
