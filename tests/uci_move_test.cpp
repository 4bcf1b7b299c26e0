// UCI move text: output in standard and Chess960 mode, parsing of both castling spellings,
// promotions, and rejection of illegal or malformed text.
#include "mneme/notation/uci_move.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "mneme/core/movegen.h"
#include "mneme/core/position.h"

namespace mneme {
namespace {

TEST(UciMove, PlainMovesAndCaptures) {
    Position pos;
    Move m = parse_uci_move(pos, "e2e4");
    ASSERT_TRUE(m);
    EXPECT_EQ(m.from(), SQ_E2);
    EXPECT_EQ(m.to(), SQ_E4);
    EXPECT_EQ(m.kind(), NORMAL);
    EXPECT_EQ(move_to_uci(pos, m), "e2e4");
    EXPECT_EQ(move_to_uci(parse_uci_move(pos, "g1f3"), false), "g1f3");
    // Every legal move prints and parses back to itself.
    for (Move legal : MoveList<LEGAL>(pos))
        EXPECT_EQ(parse_uci_move(pos, move_to_uci(pos, legal)), legal);
}

TEST(UciMove, StandardCastlingSpellings) {
    Position pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    Move short_castle = parse_uci_move(pos, "e1g1");
    Move long_castle = parse_uci_move(pos, "e1c1");
    ASSERT_TRUE(short_castle);
    ASSERT_TRUE(long_castle);
    EXPECT_EQ(short_castle.kind(), CASTLING);
    EXPECT_EQ(long_castle.kind(), CASTLING);
    EXPECT_EQ(move_to_uci(pos, short_castle), "e1g1");
    EXPECT_EQ(move_to_uci(pos, long_castle), "e1c1");
    // King-takes-rook text is accepted in standard mode too.
    EXPECT_EQ(parse_uci_move(pos, "e1h1"), short_castle);
    EXPECT_EQ(parse_uci_move(pos, "e1a1"), long_castle);
    // Explicit mode overrides the position's.
    EXPECT_EQ(move_to_uci(short_castle, true), "e1h1");
    EXPECT_EQ(move_to_uci(long_castle, false), "e1c1");

    Position black = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    EXPECT_EQ(move_to_uci(black, parse_uci_move(black, "e8g8")), "e8g8");
    EXPECT_EQ(parse_uci_move(black, "e8a8"), parse_uci_move(black, "e8c8"));
}

TEST(UciMove, Chess960CastlingSpellings) {
    // King b1 with rooks a1 and h1 (Shredder-FEN): castling is printed king-takes-rook.
    Position pos = Position::from_fen("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1");
    ASSERT_TRUE(pos.is_chess960());
    Move long_castle = parse_uci_move(pos, "b1a1");
    Move short_castle = parse_uci_move(pos, "b1h1");
    ASSERT_TRUE(long_castle);
    ASSERT_TRUE(short_castle);
    EXPECT_EQ(long_castle.kind(), CASTLING);
    EXPECT_EQ(short_castle.kind(), CASTLING);
    EXPECT_EQ(move_to_uci(pos, long_castle), "b1a1");
    EXPECT_EQ(move_to_uci(pos, short_castle), "b1h1");
    // King-to-destination is also understood: b1g1 castles short...
    EXPECT_EQ(parse_uci_move(pos, "b1g1"), short_castle);
    // ...but b1c1 is a plain king step, which takes precedence over castling long.
    Move step = parse_uci_move(pos, "b1c1");
    ASSERT_TRUE(step);
    EXPECT_EQ(step.kind(), NORMAL);
    EXPECT_NE(step, long_castle);
}

TEST(UciMove, Chess960KingOnItsCastlingSquare) {
    // King g1 castles short with the h1 rook: "g1h1", or in king-to-destination spelling
    // "g1g1" (the king's destination is its own square).
    Position pos = Position::from_fen("6kr/8/8/8/8/8/8/6KR w Hh - 0 1");
    Move m = parse_uci_move(pos, "g1h1");
    ASSERT_TRUE(m);
    EXPECT_EQ(m.kind(), CASTLING);
    EXPECT_EQ(move_to_uci(pos, m), "g1h1");
    EXPECT_EQ(move_to_uci(m, false), "g1g1");
    EXPECT_EQ(parse_uci_move(pos, "g1g1"), m);
    EXPECT_FALSE(parse_uci_move(pos, "h1h1"));
    pos.do_move(m);
    EXPECT_EQ(pos.fen(), "6kr/8/8/8/8/8/8/5RK1 b h - 1 1");
}

TEST(UciMove, Promotions) {
    Position pos = Position::from_fen("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    for (char piece : {'q', 'r', 'b', 'n'}) {
        for (const char* squares : {"b7b8", "b7a8"}) {
            std::string text = std::string(squares) + piece;
            Move m = parse_uci_move(pos, text);
            ASSERT_TRUE(m) << text;
            EXPECT_EQ(m.kind(), PROMOTION);
            EXPECT_EQ(move_to_uci(pos, m), text);
            // Upper-case promotion letters are accepted.
            std::string upper = std::string(squares) + char(piece - 'a' + 'A');
            EXPECT_EQ(parse_uci_move(pos, upper), m) << upper;
        }
    }
    EXPECT_EQ(parse_uci_move(pos, "b7b8q").promotion_type(), QUEEN);
    EXPECT_EQ(parse_uci_move(pos, "b7b8n").promotion_type(), KNIGHT);
    // A promotion needs its letter; a non-promotion may not have one.
    EXPECT_FALSE(parse_uci_move(pos, "b7b8"));
    EXPECT_FALSE(parse_uci_move(pos, "b7b8k"));
    EXPECT_FALSE(parse_uci_move(pos, "b7b8p"));
    EXPECT_FALSE(parse_uci_move(pos, "e1e2q"));
    EXPECT_TRUE(parse_uci_move(pos, "e1e2"));
}

TEST(UciMove, EnPassant) {
    Position pos = Position::from_fen("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
    Move m = parse_uci_move(pos, "d5e6");
    ASSERT_TRUE(m);
    EXPECT_EQ(m.kind(), EN_PASSANT);
    EXPECT_EQ(move_to_uci(pos, m), "d5e6");
}

TEST(UciMove, RejectsIllegalAndGarbage) {
    Position pos;
    for (const char* text :
         {"",     "e2",    "e2e",   "e2e5",  "e7e5",   "e1g1", "e1e2", "a1a1", "i2i4", "e9e4",
          "E2E4", "e2-e4", "e2e4 ", " e2e4", "e2e4qq", "0000", "g1g3", "b1d2", "xxxx", "e2e4\n"}) {
        EXPECT_FALSE(parse_uci_move(pos, text)) << "\"" << text << "\"";
    }
    // Embedded NULs, which a C string would have cut short.
    for (const std::string& text :
         {std::string("e2\0e4", 5), std::string("e2e4\0", 5), std::string("\0e2e4", 5)})
        EXPECT_FALSE(parse_uci_move(pos, text)) << text.size() << " bytes";
    // A knight pinned by the e7 rook may not move.
    Position pinned = Position::from_fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    EXPECT_FALSE(parse_uci_move(pinned, "e2c3"));
    EXPECT_TRUE(parse_uci_move(pinned, "e1d1"));
    EXPECT_EQ(move_to_uci(Move::none(), false), "0000");
    EXPECT_EQ(move_to_uci(Move::null(), false), "0000");
}

TEST(UciMove, RandomTextNeverCrashesAndOnlyLegalMovesParse) {
    std::mt19937 rng(99);
    const std::string alphabet = "abcdefghij0123456789qrbnkpQRBNK -";
    Position pos = Position::from_fen("r3k2r/1P6/8/3Pp3/8/8/8/R3K2R w KQkq e6 0 1");
    MoveList<LEGAL> legal(pos);
    int parsed = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string text;
        int length = int(rng() % 7);
        for (int j = 0; j < length; ++j) text += alphabet[rng() % alphabet.size()];
        if (rng() % 2 && length >= 4) {
            // Bias towards square-like text.
            text[0] = char('a' + rng() % 8);
            text[1] = char('1' + rng() % 8);
            text[2] = char('a' + rng() % 8);
            text[3] = char('1' + rng() % 8);
        }
        Move m = parse_uci_move(pos, text);
        if (m) {
            EXPECT_TRUE(legal.contains(m)) << text;
            ++parsed;
        }
    }
    EXPECT_GT(parsed, 0);
}

}  // namespace
}  // namespace mneme
