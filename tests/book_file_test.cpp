// The native book file: round trip, lookup, and the rejection of broken files with a message
// that names the file and the reason.
#include "mneme/book/book_file.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>

#include "mneme/book/book_checksum.h"
#include "test_data.h"

namespace mneme {
namespace {

std::vector<BookEntry> sample_entries() {
    std::vector<BookEntry> entries;
    for (Key key : {Key(3), Key(3), Key(9), Key(0xfedcba9876543210ULL)}) {
        BookEntry e;
        e.key = key;
        e.move = std::uint16_t(100 + entries.size());
        e.white_wins = std::uint32_t(entries.size() * 7 + 1);
        e.draws = 2;
        e.black_wins = 3;
        e.mover = BLACK;
        e.add_game(GameResult::DRAW, 2750);
        entries.push_back(e);
    }
    return entries;
}

std::string write_sample(const test::ScratchDirectory& dir, const std::string& name,
                         const std::string& description = "sample") {
    std::vector<BookEntry> entries = sample_entries();
    SpanSource source(entries);
    write_book(dir.file(name), description, source);
    return dir.file(name);
}

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string open_error(const std::string& path) {
    try {
        BookFile::open(path);
    } catch (const BookFileError& e) {
        return e.what();
    }
    return "";
}

// The error for a copy of a good book with `change` applied to its bytes.
std::string error_after(const test::ScratchDirectory& dir, const std::string& name,
                        const std::function<void(std::string&)>& change) {
    std::string bytes = read_bytes(write_sample(dir, "good.mbook"));
    change(bytes);
    std::string path = dir.write(name, bytes);
    std::string error = open_error(path);
    EXPECT_NE(error.find(path), std::string::npos) << error;
    return error;
}

TEST(BookFile, RoundTripKeepsEntriesDescriptionAndChecksum) {
    test::ScratchDirectory dir("book_file_test");
    std::string path = write_sample(dir, "sample.mbook", "built by a test, odd length");
    BookFile book = BookFile::open(path);
    std::vector<BookEntry> expected = sample_entries();
    ASSERT_EQ(book.size(), expected.size());
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), book.entries().begin()));
    EXPECT_EQ(book.description(), "built by a test, odd length");
    EntryChecksum checksum;
    checksum.add(expected.data(), expected.size());
    EXPECT_EQ(book.checksum(), checksum.value());
    EXPECT_TRUE(BookFile::has_native_magic(path));

    EXPECT_EQ(book.lookup(3).size(), 2u);
    EXPECT_EQ(book.lookup(9).size(), 1u);
    EXPECT_EQ(book.lookup(9)[0].move, 102);
    EXPECT_EQ(book.lookup(4).size(), 0u);
    EXPECT_EQ(book.lookup(0xfedcba9876543210ULL).size(), 1u);
    EXPECT_EQ(book.lookup(3)[1].elo_count, 1u);
    EXPECT_EQ(book.lookup(3)[1].mover_color(), BLACK);
    EXPECT_EQ(book.lookup(3)[1].draws, 3u);

    BookFile moved = std::move(book);
    EXPECT_EQ(moved.size(), expected.size());
    EXPECT_EQ(book.size(), 0u);
    EXPECT_EQ(read_bytes(path).size(), BOOK_HEADER_BYTES + 32 + 4 * sizeof(BookEntry));
}

TEST(BookFile, EmptyBookIsValid) {
    test::ScratchDirectory dir("book_file_empty_test");
    SpanSource nothing({});
    write_book(dir.file("empty.mbook"), "", nothing);
    EXPECT_EQ(BookFile::open(dir.file("empty.mbook")).size(), 0u);
}

TEST(BookFile, RejectsMissingShortForeignAndWrongVersionFiles) {
    test::ScratchDirectory dir("book_file_reject_test");
    std::string missing = dir.file("missing.mbook");
    EXPECT_NE(open_error(missing).find("cannot open"), std::string::npos);
    EXPECT_NE(open_error(missing).find(missing), std::string::npos);

    std::string short_file = dir.write("short.mbook", "MNEMBOOK");
    EXPECT_NE(open_error(short_file).find("too short"), std::string::npos)
        << open_error(short_file);

    EXPECT_NE(error_after(dir, "magic.mbook", [](std::string& b) { b[0] = 'X'; }).find("bad magic"),
              std::string::npos);
    std::string version = error_after(dir, "version.mbook", [](std::string& b) { b[8] = 2; });
    EXPECT_NE(version.find("version 2"), std::string::npos) << version;
    std::string entry_size = error_after(dir, "entry.mbook", [](std::string& b) { b[12] = 16; });
    EXPECT_NE(entry_size.find("entries of 16 bytes"), std::string::npos) << entry_size;
}

TEST(BookFile, RejectsTruncatedAndOverlongFiles) {
    test::ScratchDirectory dir("book_file_truncated_test");
    std::string truncated =
        error_after(dir, "truncated.mbook", [](std::string& b) { b.resize(b.size() - 10); });
    EXPECT_NE(truncated.find("truncated"), std::string::npos) << truncated;
    EXPECT_NE(truncated.find("4 entries"), std::string::npos) << truncated;
    std::string header_only =
        error_after(dir, "header.mbook", [](std::string& b) { b.resize(BOOK_HEADER_BYTES); });
    EXPECT_NE(header_only.find("truncated"), std::string::npos) << header_only;
    std::string longer = error_after(dir, "long.mbook", [](std::string& b) { b += "extra"; });
    EXPECT_NE(longer.find("5 bytes after the last"), std::string::npos) << longer;
}

TEST(BookFile, RejectsABadChecksum) {
    test::ScratchDirectory dir("book_file_checksum_test");
    std::string flipped =
        error_after(dir, "flipped.mbook", [](std::string& b) { b[b.size() - 20] ^= 1; });
    EXPECT_NE(flipped.find("checksum mismatch"), std::string::npos) << flipped;
    std::string header = error_after(dir, "header.mbook", [](std::string& b) { b[24] ^= 0x40; });
    EXPECT_NE(header.find("checksum mismatch"), std::string::npos) << header;
}

TEST(BookFile, RejectsUnsortedEntriesEvenWithAValidChecksum) {
    test::ScratchDirectory dir("book_file_unsorted_test");
    std::string error = error_after(dir, "unsorted.mbook", [](std::string& b) {
        std::vector<BookEntry> entries = sample_entries();
        std::swap(entries[0], entries[2]);
        std::size_t first = b.size() - entries.size() * sizeof(BookEntry);
        std::memcpy(b.data() + first, entries.data(), entries.size() * sizeof(BookEntry));
        EntryChecksum checksum;
        checksum.add(entries.data(), entries.size());
        std::uint64_t value = checksum.value();
        std::memcpy(b.data() + 24, &value, 8);
    });
    EXPECT_NE(error.find("not sorted"), std::string::npos) << error;
}

TEST(BookFile, WriterRefusesUnsortedInputAndLeavesNoFile) {
    test::ScratchDirectory dir("book_file_writer_test");
    std::vector<BookEntry> entries = sample_entries();
    std::swap(entries[1], entries[3]);
    SpanSource source(entries);
    EXPECT_THROW(write_book(dir.file("bad.mbook"), "", source), BookFileError);
    EXPECT_FALSE(std::filesystem::exists(dir.file("bad.mbook")));

    std::vector<BookEntry> sorted = sample_entries();
    SpanSource again(sorted);
    EXPECT_EQ(write_book(dir.file("common.mbook"), "", again, 15), 2u);  // 21 and 28 games
}

TEST(BookFile, PolyglotBooksAreNotNativeBooks) {
    MNEME_REQUIRE_DATA();
    std::string path = test::data_path("books/polyglot/gnuchess_book_1.02.bin");
    EXPECT_FALSE(BookFile::has_native_magic(path));
    EXPECT_NE(open_error(path).find("bad magic"), std::string::npos);
}

}  // namespace
}  // namespace mneme
