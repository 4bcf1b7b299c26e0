// Database move ordering (Toni 1996, ch. 5): OPHISTA values, building and reading the tables,
// and how technique 1 (book moves first) and technique 2 (OPHISTA bonus) change the order in
// which the move picker hands out the moves of hand-made positions.
#include "mneme/book/database_ordering.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "book_test_util.h"
#include "mneme/book/engine_book.h"
#include "mneme/book/ophista_builder.h"
#include "mneme/core/movegen.h"
#include "mneme/search/move_picker.h"
#include "mneme/search/search.h"
#include "test_data.h"

namespace mneme {
namespace {

// 30 Ruy Lopez games won by White and 10 Italian draws, as a book and as OPHISTA tables.
struct Database {
    test::ScratchDirectory dir{"database_ordering_test"};
    std::string book_path = dir.file("db.mbook"), ophista_path = dir.file("db.mhist");
    std::shared_ptr<const BookFile> book;
    std::shared_ptr<const OphistaFile> ophista;
    OphistaBuildStats stats;

    Database() {
        std::string pgn = dir.write(
            "db.pgn",
            test::repeated_games(30, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7", "1-0") +
                test::repeated_games(10, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6", "1/2-1/2"));
        build_book({pgn}, book_path, {});
        book = std::make_shared<const BookFile>(BookFile::open(book_path));
        stats = build_ophista({pgn}, *book, ophista_path, {});
        ophista = std::make_shared<const OphistaFile>(OphistaFile::open(ophista_path));
    }
};

int value_of(const OphistaFile& file, const Position& pos, const std::string& uci, Color mover) {
    // `uci` is a move of the position it is played in; only its squares matter here.
    Square from = Square((uci[0] - 'a') + 8 * (uci[1] - '1'));
    Square to = Square((uci[2] - 'a') + 8 * (uci[3] - '1'));
    std::uint16_t code = std::uint16_t((int(mover) << 12) | (from << 6) | to);
    for (const OphistaMove& m : file.lookup(pos.key()))
        if (m.code == code) return m.value;
    return -1;
}

std::vector<Move> picked(const Position& pos, const MoveOrderingHint* hint, int ply = 0) {
    ButterflyHistory history;
    history.clear();
    KillerMoves killers;
    MovePicker picker(pos, Move::none(), killers, Move::none(), history, true, true, nullptr, hint,
                      ply);
    std::vector<Move> moves;
    while (Move m = picker.next()) moves.push_back(m);
    return moves;
}

std::size_t index_of(const std::vector<Move>& moves, const Position& pos, const std::string& uci) {
    Move m = parse_uci_move(pos, uci);
    return std::size_t(std::find(moves.begin(), moves.end(), m) - moves.begin());
}

TEST(Ophista, ValuesBandByDistanceThenFrequency) {
    EXPECT_EQ(ophista_value(1, 10, 10), 255);
    EXPECT_EQ(ophista_value(2, 5, 10), 192 + 31);
    EXPECT_EQ(ophista_value(3, 7, 7), 191);
    EXPECT_EQ(ophista_value(8, 1, 4), 15);
    EXPECT_EQ(ophista_value(7, 0, 4), 0);
}

TEST(Ophista, TablesHoldTheNextEightPliesOfBookPositions) {
    Database db;
    EXPECT_EQ(db.stats.games_seen, 40u);
    Position spanish = test::after("e2e4 e7e5 g1f3 b8c6");
    // White's 3.Bb5 (30 games) and 3.Bc4 (10) at distance 1; Black's replies at distance 2
    // share the band; 4.Ba4 (30) at distance 3 falls into the next band, whose most frequent
    // move is 4...Nf6 (40 games): 128 + 63 * 30 / 40.
    EXPECT_EQ(value_of(*db.ophista, spanish, "f1b5", WHITE), 255);
    EXPECT_EQ(value_of(*db.ophista, spanish, "f1c4", WHITE), 192 + 21);
    EXPECT_EQ(value_of(*db.ophista, spanish, "a7a6", BLACK), 255);
    EXPECT_EQ(value_of(*db.ophista, spanish, "b5a4", WHITE), 128 + 47);
    EXPECT_EQ(value_of(*db.ophista, spanish, "g8f6", BLACK), 191);
    EXPECT_EQ(value_of(*db.ophista, spanish, "d2d3", WHITE), -1);
    // The Italian positions have 10 games, fewer than the 20 a book position needs.
    EXPECT_TRUE(db.ophista->lookup(test::after("e2e4 e7e5 g1f3 b8c6 f1c4").key()).empty());
    EXPECT_FALSE(db.ophista->lookup(test::after("e2e4 e7e5 g1f3 b8c6 f1b5").key()).empty());
}

TEST(Ophista, CorruptAndTruncatedFilesAreRefused) {
    Database db;
    std::string bytes;
    {
        std::ifstream in(db.ophista_path, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    std::string corrupt = bytes;
    corrupt[corrupt.size() - 2] ^= 0x40;
    std::string corrupt_path = db.dir.write("corrupt.mhist", corrupt);
    std::string truncated_path = db.dir.write("truncated.mhist", bytes.substr(0, bytes.size() - 4));
    auto error_of = [](const std::string& path) {
        try {
            OphistaFile::open(path);
        } catch (const std::runtime_error& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_NE(error_of(corrupt_path).find("checksum"), std::string::npos);
    EXPECT_NE(error_of(corrupt_path).find(corrupt_path), std::string::npos);
    EXPECT_NE(error_of(truncated_path).find("truncated"), std::string::npos);
    EXPECT_NE(error_of(db.dir.file("none.mhist")).find("cannot open"), std::string::npos);
}

TEST(DatabaseOrdering, BookMovesComeFirstBestScoreFirst) {
    Database db;
    DatabaseOrdering hint(db.book, nullptr);
    Position spanish = test::after("e2e4 e7e5 g1f3 b8c6");
    ASSERT_TRUE(hint.prepare(spanish));
    EXPECT_EQ(hint.book_distance(), 0);

    std::vector<Move> with_hint = picked(spanish, &hint);
    std::vector<Move> without = picked(spanish, nullptr);
    EXPECT_EQ(with_hint.size(), without.size());  // the same moves, each once
    for (Move m : without) EXPECT_EQ(std::count(with_hint.begin(), with_hint.end(), m), 1);
    // 3.Bb5 scored 100% and 3.Bc4 50% in the database.
    EXPECT_EQ(index_of(with_hint, spanish, "f1b5"), 0u);
    EXPECT_EQ(index_of(with_hint, spanish, "f1c4"), 1u);
    EXPECT_GT(index_of(without, spanish, "f1b5"), 1u);

    // Eight plies below a book position the technique stops.
    Move out[MoveOrderingHint::MAX_PREFERRED_MOVES];
    EXPECT_EQ(hint.preferred_moves(spanish, 8, out), 2);
    EXPECT_EQ(hint.preferred_moves(spanish, 9, out), 0);
    // A position with no book position in its last 8 plies gives no hint at all.
    EXPECT_FALSE(hint.prepare(Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")));
}

TEST(DatabaseOrdering, OphistaRaisesTheQuietMovesPlayedAfterTheLastBookPosition) {
    Database db;
    DatabaseOrdering hint(nullptr, db.ophista);
    // Two plies past the last position with a table: its table still orders the moves.
    Position root = test::after("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 d2d3");
    ASSERT_TRUE(hint.prepare(root));
    EXPECT_GT(hint.ophista_distance(), 0);
    Position spanish = test::after("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
    ASSERT_TRUE(hint.prepare(spanish));
    EXPECT_EQ(hint.ophista_distance(), 0);
    Move ba4 = parse_uci_move(spanish, "b5a4");
    EXPECT_EQ(hint.quiet_bonus(spanish, ba4, 0), 255 * DatabaseOrdering::OPHISTA_SCALE);
    EXPECT_EQ(hint.quiet_bonus(spanish, parse_uci_move(spanish, "h2h3"), 0), 0);
    EXPECT_EQ(hint.quiet_bonus(spanish, ba4, 9), 0);  // past the window

    // Bxc6 gives a bishop for a knight, a losing capture for the picker, so the quiet moves
    // come first: 4.Ba4 leads them only with the tables.
    std::vector<Move> with_hint = picked(spanish, &hint);
    std::vector<Move> without = picked(spanish, nullptr);
    EXPECT_EQ(index_of(with_hint, spanish, "b5a4"), 0u);
    EXPECT_GT(index_of(without, spanish, "b5a4"), 0u);
    EXPECT_EQ(with_hint.size(), without.size());
}

TEST(DatabaseOrdering, TheSearchUsesTheHintAndStillFindsALegalMove) {
    Database db;
    Position root = test::after("e2e4 e7e5 g1f3 b8c6");
    SearchLimits limits;
    limits.depth = 5;
    Searcher plain(1);
    SearchResult without = plain.search(root, limits);
    Searcher guided(1);
    guided.set_ordering_hint(std::make_shared<DatabaseOrdering>(db.book, db.ophista));
    SearchResult with_hint = guided.search(root, limits);
    EXPECT_TRUE(MoveList<LEGAL>(root).contains(with_hint.best));
    EXPECT_TRUE(MoveList<LEGAL>(root).contains(without.best));
    EXPECT_NE(with_hint.nodes, without.nodes);  // the order changed, so did the tree
}

TEST(DatabaseOrdering, EngineOptionsSwitchEachTechnique) {
    Database db;
    EngineBook book;
    std::string message;
    EXPECT_EQ(book.ordering_hint(), nullptr);
    ASSERT_EQ(book.set_option("bookfile", db.book_path, message), BookOptionResult::SET);
    EXPECT_EQ(book.ordering_hint(), nullptr);  // the book alone does not change the search
    ASSERT_EQ(book.set_option("bookordering", "true", message), BookOptionResult::SET);
    EXPECT_NE(book.ordering_hint(), nullptr);
    ASSERT_EQ(book.set_option("bookordering", "false", message), BookOptionResult::SET);
    EXPECT_EQ(book.ordering_hint(), nullptr);
    ASSERT_EQ(book.set_option("ophistafile", db.ophista_path, message), BookOptionResult::SET)
        << message;
    EXPECT_NE(book.ordering_hint(), nullptr);
    EXPECT_EQ(book.set_option("ophistafile", db.dir.file("none.mhist"), message),
              BookOptionResult::FAILED);
    EXPECT_NE(message.find("none.mhist"), std::string::npos) << message;
    EXPECT_EQ(book.ordering_hint(), nullptr);
    if (test::have_data()) {
        book.set_option("bookfile", test::data_path("books/polyglot/gnuchess_book_1.02.bin"),
                        message);
        EXPECT_EQ(book.set_option("bookordering", "true", message), BookOptionResult::FAILED);
        EXPECT_NE(message.find("native"), std::string::npos) << message;
    }
}

}  // namespace
}  // namespace mneme
