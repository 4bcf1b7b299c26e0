// Polyglot books: the start key, probing the shared gnuchess book, and hand-written tiny books
// for rejection of broken files and for decoding castling (king takes rook) and promotions.
#include "mneme/book/polyglot_book.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "mneme/core/movegen.h"
#include "mneme/notation/uci_move.h"
#include "test_data.h"

namespace mneme {
namespace {

void put_big_endian(std::string& out, std::uint64_t value, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) out += char((value >> (8 * i)) & 0xff);
}

// Writes the entries exactly as given (no sorting), in the Polyglot byte layout.
void write_book(const std::string& path, const std::vector<PolyglotRecord>& records) {
    std::string bytes;
    for (const PolyglotRecord& r : records) {
        put_big_endian(bytes, r.key, 8);
        put_big_endian(bytes, r.move, 2);
        put_big_endian(bytes, r.weight, 2);
        put_big_endian(bytes, r.learn, 4);
    }
    std::ofstream(path, std::ios::binary) << bytes;
}

// Polyglot move bits written out by hand (not through encode_move), from the format.
std::uint16_t bits(Square from, Square to, int promotion = 0) {
    return std::uint16_t((promotion << 12) | (from << 6) | to);
}

std::string open_error(const std::string& path) {
    try {
        PolyglotBook::open(path);
    } catch (const PolyglotBookError& e) {
        return e.what();
    }
    return "";
}

bool contains(const std::vector<PolyglotEntry>& entries, Move move) {
    return std::any_of(entries.begin(), entries.end(),
                       [&](const PolyglotEntry& e) { return e.move == move; });
}

// White to move can castle both ways and promote on b8 or by taking on a8.
constexpr const char* CASTLE_AND_PROMOTE = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1";

TEST(PolyglotBookKeys, StartPositionHasThePublishedKey) {
    Position pos;
    EXPECT_EQ(pos.key(), 0x463b96181691fc9cULL);
    pos.do_move(parse_uci_move(pos, "e2e4"));
    EXPECT_EQ(pos.key(), 0x823c9b50fd114196ULL);  // also from the Polyglot documentation
}

TEST(PolyglotBookFile, RejectsMissingEmptyBadSizeAndUnsortedFiles) {
    test::ScratchDirectory dir("polyglot_test");
    std::string missing = dir.file("missing.bin");
    EXPECT_NE(open_error(missing).find(missing), std::string::npos);
    EXPECT_NE(open_error(missing).find("cannot open"), std::string::npos);

    std::string empty = dir.file("empty.bin");
    std::ofstream(empty, std::ios::binary).close();
    EXPECT_NE(open_error(empty).find("empty"), std::string::npos) << open_error(empty);

    std::string odd = dir.file("odd.bin");
    std::ofstream(odd, std::ios::binary) << std::string(17, '\0');
    std::string odd_error = open_error(odd);
    EXPECT_NE(odd_error.find(odd), std::string::npos) << odd_error;
    EXPECT_NE(odd_error.find("multiple of 16"), std::string::npos) << odd_error;

    std::string unsorted = dir.file("unsorted.bin");
    write_book(unsorted, {{5, bits(SQ_E2, SQ_E4), 1, 0},
                          {9, bits(SQ_D2, SQ_D4), 1, 0},
                          {7, bits(SQ_G1, SQ_F3), 1, 0}});
    std::string unsorted_error = open_error(unsorted);
    EXPECT_NE(unsorted_error.find(unsorted), std::string::npos) << unsorted_error;
    EXPECT_NE(unsorted_error.find("not sorted"), std::string::npos) << unsorted_error;
    EXPECT_NE(unsorted_error.find("entry 2"), std::string::npos) << unsorted_error;
}

TEST(PolyglotBookFile, TinyBookDecodesCastlingPromotionsAndSkipsIllegalEntries) {
    test::ScratchDirectory dir("polyglot_test");
    Position pos = Position::from_fen(CASTLE_AND_PROMOTE);
    Key key = pos.key();
    std::string path = dir.file("tiny.bin");
    write_book(path, {{key - 1, bits(SQ_A1, SQ_A2), 50, 0},  // another position
                      {key, bits(SQ_E1, SQ_H1), 10, 7},      // O-O, king takes rook
                      {key, bits(SQ_E1, SQ_A1), 20, 0},      // O-O-O
                      {key, bits(SQ_B7, SQ_B8, 4), 30, 0},   // b8=Q
                      {key, bits(SQ_B7, SQ_A8, 1), 5, 0},    // bxa8=N
                      {key, bits(SQ_E2, SQ_E4), 99, 0},      // no pawn there: a collision
                      {key + 1, bits(SQ_H1, SQ_H2), 50, 0}});
    PolyglotBook book = PolyglotBook::open(path);
    EXPECT_EQ(book.size(), 7u);
    EXPECT_EQ(book.size_bytes(), 7u * 16);

    std::vector<PolyglotEntry> entries = book.probe(pos);
    ASSERT_EQ(entries.size(), 4u);
    EXPECT_EQ(entries[0].move, Move::make(CASTLING, SQ_E1, SQ_H1));
    EXPECT_EQ(entries[0].weight, 10);
    EXPECT_EQ(entries[0].learn, 7u);
    EXPECT_EQ(entries[1].move, Move::make(CASTLING, SQ_E1, SQ_A1));
    EXPECT_EQ(entries[2].move, Move::make(PROMOTION, SQ_B7, SQ_B8, QUEEN));
    EXPECT_EQ(entries[3].move, Move::make(PROMOTION, SQ_B7, SQ_A8, KNIGHT));
    EXPECT_EQ(move_to_uci(pos, entries[0].move), "e1g1");
    for (const PolyglotEntry& e : entries) EXPECT_TRUE(MoveList<LEGAL>(pos).contains(e.move));

    std::mt19937_64 rng(1);
    EXPECT_EQ(book.pick(pos, rng, false), entries[2].move);  // the highest weight
    for (int i = 0; i < 200; ++i) EXPECT_TRUE(contains(entries, book.pick(pos, rng)));
    EXPECT_EQ(book.pick(Position(), rng), Move::none());
}

TEST(PolyglotBookFile, BlackCastlingAndWeightZeroEntries) {
    test::ScratchDirectory dir("polyglot_test");
    Position pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    std::string path = dir.file("black.bin");
    write_book(path,
               {{pos.key(), bits(SQ_E8, SQ_H8), 0, 0}, {pos.key(), bits(SQ_E8, SQ_A8), 3, 0}});
    PolyglotBook book = PolyglotBook::open(path);
    std::vector<PolyglotEntry> entries = book.probe(pos);
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[0].move, Move::make(CASTLING, SQ_E8, SQ_H8));
    EXPECT_EQ(entries[1].move, Move::make(CASTLING, SQ_E8, SQ_A8));
    // A weight of zero is never chosen while another entry has weight.
    std::mt19937_64 rng(3);
    for (int i = 0; i < 100; ++i) EXPECT_EQ(book.pick(pos, rng), entries[1].move);
}

TEST(PolyglotBookMoves, EncodeDecodeRoundTripsEveryLegalMove) {
    for (const char* fen :
         {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CASTLE_AND_PROMOTE,
          "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
          "1r2k3/P7/8/8/8/8/6p1/4K2R b K - 0 1"}) {
        Position pos = Position::from_fen(fen);
        for (Move m : MoveList<LEGAL>(pos)) {
            std::uint16_t encoded = PolyglotBook::encode_move(m, pos);
            EXPECT_EQ(PolyglotBook::decode_move(encoded, pos), m)
                << fen << ' ' << move_to_uci(pos, m);
            if (m.kind() == CASTLING) {
                EXPECT_EQ(Square(encoded & 63), m.to());  // the rook's square
            }
            if (m.kind() == PROMOTION) {
                EXPECT_EQ((encoded >> 12) & 7, m.promotion_type() - KNIGHT + 1);
            }
        }
    }
    EXPECT_EQ(PolyglotBook::encode_move(Move::make(CASTLING, SQ_E1, SQ_H1), Position()),
              bits(SQ_E1, SQ_H1));
    EXPECT_EQ(PolyglotBook::decode_move(bits(SQ_E2, SQ_E5), Position()), Move::none());
    EXPECT_EQ(PolyglotBook::decode_move(bits(SQ_E2, SQ_E4, 7), Position()), Move::none());
}

TEST(PolyglotBookData, GnuchessBookKnowsTheMainFirstMoves) {
    MNEME_REQUIRE_DATA();
    PolyglotBook book =
        PolyglotBook::open(test::data_path("books/polyglot/gnuchess_book_1.02.bin"));
    EXPECT_EQ(book.size_bytes(), 2885728u);
    Position start;
    std::vector<PolyglotEntry> entries = book.probe(start);
    ASSERT_FALSE(entries.empty());
    EXPECT_TRUE(contains(entries, parse_uci_move(start, "e2e4")));
    EXPECT_TRUE(contains(entries, parse_uci_move(start, "d2d4")));

    std::mt19937_64 a(42), b(42);
    for (int i = 0; i < 20; ++i) EXPECT_EQ(book.pick(start, a), book.pick(start, b));
    auto best = std::max_element(entries.begin(), entries.end(),
                                 [](auto& x, auto& y) { return x.weight < y.weight; });
    EXPECT_EQ(book.pick(start, a, false), best->move);
}

TEST(PolyglotBookData, EveryEntryOfSomeBookLinesIsLegal) {
    MNEME_REQUIRE_DATA();
    for (const char* name :
         {"books/polyglot/gnuchess_book_1.02.bin", "books/polyglot/scid_Elo2400.bin"}) {
        PolyglotBook book = PolyglotBook::open(test::data_path(name));
        std::mt19937_64 rng(5);
        int probed = 0;
        for (int line = 0; line < 50; ++line) {
            Position pos;
            for (int ply = 0; ply < 12; ++ply) {
                Move m = book.pick(pos, rng);
                if (!m) break;
                ++probed;
                ASSERT_TRUE(MoveList<LEGAL>(pos).contains(m)) << name;
                pos.do_move(m);
            }
        }
        EXPECT_GT(probed, 50) << name;
    }
}

}  // namespace
}  // namespace mneme
