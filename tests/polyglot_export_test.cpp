// Exporting a native book to Polyglot and reading it back; the start position of the shared
// Polyglot books.
#include "mneme/book/polyglot_export.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "book_test_util.h"
#include "test_data.h"

namespace mneme {
namespace {

constexpr Key START_KEY = 0x463b96181691fc9cULL;

std::set<std::uint16_t> move_bits(std::span<const BookEntry> entries) {
    std::set<std::uint16_t> bits;
    for (const BookEntry& e : entries) bits.insert(e.move);
    return bits;
}

std::set<std::uint16_t> move_bits(const std::vector<PolyglotEntry>& entries, const Position& pos) {
    std::set<std::uint16_t> bits;
    for (const PolyglotEntry& e : entries) bits.insert(PolyglotBook::encode_move(e.move, pos));
    return bits;
}

TEST(PolyglotExport, NoAcceptedMoveIsRefusedInsteadOfAnEmptyFile) {
    test::ScratchDirectory dir("polyglot_export_empty_test");
    std::string pgn = dir.write("few.pgn", test::random_games(5, 6, 1));
    build_book({pgn}, dir.file("few.mbook"), {});
    BookFile native = BookFile::open(dir.file("few.mbook"));
    BookPolicy opta2;
    opta2.kind = BookPolicyKind::OPTA2;  // needs 20 games per move; 5 games have none
    std::string output = dir.file("few.bin");
    try {
        export_polyglot(native, output, opta2);
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        std::string message = e.what();
        EXPECT_NE(message.find(output), std::string::npos) << message;
        EXPECT_NE(message.find("opta2"), std::string::npos) << message;
    }
    EXPECT_FALSE(std::filesystem::exists(output));
}

TEST(PolyglotExport, RoundTripGivesTheSameMovesWithSortedKeys) {
    test::ScratchDirectory dir("polyglot_export_test");
    std::string pgn = dir.write("random.pgn", test::random_games(200, 12, 3));
    build_book({pgn}, dir.file("random.mbook"), {});
    BookFile native = BookFile::open(dir.file("random.mbook"));

    BookPolicy every_move;
    every_move.kind = BookPolicyKind::WEIGHTED;
    EXPECT_EQ(export_polyglot(native, dir.file("random.bin"), every_move), native.size());
    PolyglotBook polyglot = PolyglotBook::open(dir.file("random.bin"));
    ASSERT_EQ(polyglot.size(), native.size());
    EXPECT_TRUE(std::is_sorted(
        polyglot.records().begin(), polyglot.records().end(),
        [](const PolyglotRecord& a, const PolyglotRecord& b) { return a.key < b.key; }));

    // Every position of the games, probed in both books, gives the same moves.
    std::mt19937_64 rng(3);
    int positions = 0;
    for (int line = 0; line < 100; ++line) {
        Position pos;
        for (int ply = 0; ply < 10; ++ply) {
            auto native_entries = native.lookup(pos.key());
            if (native_entries.empty()) break;
            EXPECT_EQ(move_bits(native_entries), move_bits(polyglot.probe(pos), pos));
            ++positions;
            const BookEntry& next = native_entries[rng() % native_entries.size()];
            pos.do_move(PolyglotBook::decode_move(next.move, pos));
        }
    }
    EXPECT_GT(positions, 300);

    // Weights follow the game counts: the most played first move weighs 65535.
    Position start;
    std::vector<PolyglotEntry> first_moves = polyglot.probe(start);
    ASSERT_FALSE(first_moves.empty());
    EXPECT_EQ(first_moves.front().weight, 65535);
    EXPECT_TRUE(std::is_sorted(first_moves.begin(), first_moves.end(),
                               [](auto& a, auto& b) { return a.weight > b.weight; }));
    std::uint64_t most = 0;
    for (const BookEntry& e : native.lookup(start.key())) most = std::max(most, e.games());
    for (const PolyglotEntry& e : first_moves) {
        std::uint16_t bits = PolyglotBook::encode_move(e.move, start);
        for (const BookEntry& n : native.lookup(start.key()))
            if (n.move == bits) {
                EXPECT_NEAR(e.weight, 65535.0 * double(n.games()) / double(most), 0.5);
            }
    }
}

TEST(PolyglotExport, PolicyFiltersLeaveOutMoves) {
    test::ScratchDirectory dir("polyglot_export_filter_test");
    std::string pgn = dir.write("random.pgn", test::random_games(200, 12, 4));
    build_book({pgn}, dir.file("random.mbook"), {});
    BookFile native = BookFile::open(dir.file("random.mbook"));
    BookPolicy opta3;  // N >= 20 and N >= N(root)/10
    std::uint64_t written = export_polyglot(native, dir.file("opta3.bin"), opta3);
    EXPECT_GT(written, 0u);
    EXPECT_LT(written, native.size() / 10);
    PolyglotBook polyglot = PolyglotBook::open(dir.file("opta3.bin"));
    Position start;
    std::uint64_t root = 0;
    for (const BookEntry& e : native.lookup(start.key())) root += e.games();
    for (const PolyglotEntry& e : polyglot.probe(start)) {
        const BookEntry* n = test::find_entry(native, start, move_to_uci(start, e.move));
        ASSERT_NE(n, nullptr);
        EXPECT_GE(n->games(), 20u);
        EXPECT_GE(double(n->games()), double(root) / 10);
    }
}

TEST(PolyglotExport, SharedBooksStartPositionReadsCorrectly) {
    MNEME_REQUIRE_DATA();
    Position start;
    ASSERT_EQ(start.key(), START_KEY);
    for (const char* name :
         {"books/polyglot/gnuchess_book_1.02.bin", "books/polyglot/scid_Elo2400.bin"}) {
        PolyglotBook book = PolyglotBook::open(test::data_path(name));
        std::size_t records =
            std::count_if(book.records().begin(), book.records().end(),
                          [](const PolyglotRecord& r) { return r.key == START_KEY; });
        std::vector<PolyglotEntry> entries = book.probe(start);
        EXPECT_GE(entries.size(), 4u) << name;
        EXPECT_EQ(entries.size(), records) << name << ": every start entry decodes to a legal move";
        std::set<std::string> moves;
        for (const PolyglotEntry& e : entries) {
            moves.insert(move_to_uci(start, e.move));
            EXPECT_GT(e.weight, 0) << name;
        }
        for (const char* main_move : {"e2e4", "d2d4", "c2c4", "g1f3"})
            EXPECT_TRUE(moves.count(main_move)) << name << " lacks " << main_move;
    }
}

}  // namespace
}  // namespace mneme
