// Position::key() is the Polyglot key: the published example keys, incremental == from scratch,
// and the keys found in a real Polyglot book.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "mneme/core/movegen.h"
#include "mneme/core/position.h"
#include "mneme/notation/uci_move.h"
#include "test_data.h"

namespace mneme {
namespace {

// Plays space-separated UCI moves from the start position; fails the test on an illegal one.
Position play(const std::string& moves) {
    Position pos;
    std::istringstream in(moves);
    std::string text;
    while (in >> text) {
        Move m = parse_uci_move(pos, text);
        EXPECT_TRUE(m) << "illegal move " << text << " in " << pos.fen();
        if (!m) break;
        pos.do_move(m);
    }
    return pos;
}

struct PublishedKey {
    const char* moves;
    const char* fen;
    Key key;
};

// The example keys from the Polyglot book format description.
const PublishedKey PUBLISHED[] = {
    {"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9cULL},
    {"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196ULL},
    {"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
     0x0756b94461c50fb0ULL},
    {"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
     0x662fafb965db29d4ULL},
    {"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
     0x22a48b5a8e47ff78ULL},
    {"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
     0x652a607ca3f242c1ULL},
    {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
     0x00fdd303c946bdd9ULL},
    {"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
     0x3c8123ea7b067637ULL},
    {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3",
     "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560ULL},
};

TEST(Zobrist, PublishedPolyglotKeysByMoves) {
    for (const auto& p : PUBLISHED) {
        Position pos = play(p.moves);
        EXPECT_EQ(pos.key(), p.key) << "after '" << p.moves << "'";
    }
}

TEST(Zobrist, PublishedPolyglotKeysFromFen) {
    for (const auto& p : PUBLISHED) {
        Position pos = Position::from_fen(p.fen);
        EXPECT_EQ(pos.key(), p.key) << p.fen;
    }
}

TEST(Zobrist, PlayedPositionsPrintThePublishedFen) {
    for (const auto& p : PUBLISHED) {
        // Polyglot hashes the ep file only when a capture is possible; the FEN after 1.e4 has no
        // black pawn next to e4, so our FEN drops "e3" (same for d6 after 1...d5).
        // (The published FENs have all-zero half-move clocks, so only the EPD fields compare.)
        Position pos = play(p.moves);
        EXPECT_EQ(pos.epd_fields(), Position::from_fen(p.fen).epd_fields()) << p.moves;
    }
    EXPECT_EQ(play("e2e4").fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(play("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7").fen(),
              "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 2 4");
    EXPECT_EQ(play("e2e4 d7d5 e4e5 f7f5").en_passant_square(), SQ_F6);
}

TEST(Zobrist, EnPassantFileOnlyWhenACaptureIsPossible) {
    // No black pawn can take on d3: the key equals the key without the ep square.
    EXPECT_EQ(Position::from_fen("4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1").key(),
              Position::from_fen("4k3/8/8/8/3P4/8/8/4K3 b - - 0 1").key());
    // A black pawn on e4 can: the keys differ.
    EXPECT_NE(Position::from_fen("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1").key(),
              Position::from_fen("4k3/8/8/8/3Pp3/8/8/4K3 b - - 0 1").key());
    // Pinned capturer (b5xc6 would expose the a5 king to the h5 rook): Polyglot still hashes the
    // file, so the keys differ, while the repetition key treats both as the same position.
    Position pinned = Position::from_fen("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    Position without = Position::from_fen("8/8/8/KPp4r/8/8/8/7k w - - 0 1");
    EXPECT_NE(pinned.key(), without.key());
    EXPECT_EQ(pinned.state().repetition_key, without.state().repetition_key);
    EXPECT_EQ(MoveList<LEGAL>(pinned).size(), MoveList<LEGAL>(without).size());
}

TEST(Zobrist, SideCastlingAndPiecesAllChangeTheKey) {
    Key start = Position().key();
    EXPECT_NE(start,
              Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").key());
    EXPECT_NE(start,
              Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1").key());
    EXPECT_NE(start,
              Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1").key());
    // Clocks are not part of the key.
    EXPECT_EQ(
        start,
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 37 80").key());
    // The same castling rights spelled as X-FEN, Shredder-FEN or 960 start 518 hash alike.
    EXPECT_EQ(start,
              Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").key());
    EXPECT_EQ(start, Position::chess960_start(518).key());
}

// Random games from several starts: after every move the incremental key equals the key of the
// same position set up from its FEN.
TEST(Zobrist, IncrementalKeyEqualsKeyFromFen) {
    std::mt19937_64 rng(7);
    std::vector<Position> starts = {
        Position(),
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")};
    for (int n : {0, 77, 300, 959}) starts.push_back(Position::chess960_start(n));
    int games = test::sanitized_build() ? 20 : 200;
    for (int g = 0; g < games; ++g) {
        Position pos = starts[g % starts.size()];
        for (int ply = 0; ply < 200; ++ply) {
            MoveList<LEGAL> moves(pos);
            if (!moves.size()) break;
            pos.do_move(*(moves.begin() + rng() % moves.size()));
            Position fresh = Position::from_fen(pos.fen(), pos.is_chess960());
            ASSERT_EQ(pos.key(), fresh.key()) << pos.fen();
            ASSERT_EQ(pos.state().repetition_key, fresh.state().repetition_key) << pos.fen();
        }
    }
}

// key_after predicts the key a move makes (for prefetching the table entry) exactly, except
// where it says it does not: castling, and moves that set, clear or change en passant or
// castling rights. Captures, promotions and capture-promotions are all predicted.
TEST(Zobrist, KeyAfterPredictsTheKeyOfOrdinaryMoves) {
    std::mt19937_64 rng(11);
    std::vector<Position> starts = {
        Position(),
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        Position::from_fen("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1")};
    int checked = 0, promotions = 0, captures = 0;
    for (int g = 0; g < 100; ++g) {
        Position pos = starts[g % starts.size()];
        for (int ply = 0; ply < 150; ++ply) {
            MoveList<LEGAL> moves(pos);
            if (!moves.size()) break;
            for (Move m : moves) {
                if (m.kind() == CASTLING) continue;
                Key predicted = pos.key_after(m);
                bool capture = pos.is_capture(m);
                StateInfo before = pos.state();
                pos.do_move(m);
                bool exact = before.en_passant == SQ_NONE && pos.en_passant_square() == SQ_NONE &&
                             before.castling == pos.state().castling;
                if (exact) {
                    ASSERT_EQ(predicted, pos.key()) << pos.fen();
                    ++checked;
                    promotions += m.kind() == PROMOTION;
                    captures += capture;
                }
                pos.undo_move();
            }
            pos.do_move(*(moves.begin() + rng() % moves.size()));
        }
    }
    EXPECT_GT(checked, 10000);
    EXPECT_GT(promotions, 50);
    EXPECT_GT(captures, 1000);
}

// A Polyglot book: 16-byte big-endian entries (key u64, move u16, weight u16, learn u32) sorted
// by key.
class PolyglotBook {
public:
    explicit PolyglotBook(const std::string& path) {
        std::ifstream in(path, std::ios::binary);
        std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                         std::istreambuf_iterator<char>());
        size_bytes_ = bytes.size();
        for (std::size_t i = 0; i + 16 <= bytes.size(); i += 16) {
            Key k = 0;
            for (int b = 0; b < 8; ++b) k = (k << 8) | bytes[i + b];
            keys_.push_back(k);
        }
    }
    std::size_t size_bytes() const { return size_bytes_; }
    const std::vector<Key>& keys() const { return keys_; }
    bool contains(Key k) const { return std::binary_search(keys_.begin(), keys_.end(), k); }

private:
    std::size_t size_bytes_ = 0;
    std::vector<Key> keys_;
};

TEST(Zobrist, RealPolyglotBookHasOurKeys) {
    MNEME_REQUIRE_DATA();
    for (const char* file : {"gnuchess_book_1.02.bin", "scid_Elo2400.bin"}) {
        PolyglotBook book(test::data_path(std::string("books/polyglot/") + file));
        ASSERT_GT(book.keys().size(), 1000u) << file;
        EXPECT_EQ(book.size_bytes() % 16, 0u) << file;
        EXPECT_TRUE(std::is_sorted(book.keys().begin(), book.keys().end())) << file;
        EXPECT_TRUE(book.contains(0x463b96181691fc9cULL)) << file;
        for (const char* line : {"", "e2e4", "d2d4", "e2e4 e7e5", "e2e4 c7c5", "d2d4 g8f6 c2c4",
                                 "e2e4 e7e5 g1f3 b8c6"}) {
            EXPECT_TRUE(book.contains(play(line).key())) << file << ": '" << line << "'";
        }
        // A key that is surely not an opening position.
        EXPECT_FALSE(book.contains(Position::from_fen("8/8/8/4k3/8/8/8/K7 w - - 0 1").key()));
    }
    PolyglotBook gnu(test::data_path("books/polyglot/gnuchess_book_1.02.bin"));
    EXPECT_EQ(gnu.keys().size(), 180358u);
}

}  // namespace
}  // namespace mneme
