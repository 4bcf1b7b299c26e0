#include <gtest/gtest.h>

#include <random>
#include <set>

#include "mneme/core/movegen.h"
#include "mneme/notation/epd.h"
#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"
#include "test_data.h"

namespace mneme {
namespace {

Move uci(const Position& pos, const std::string& text) {
    Move m = parse_uci_move(pos, text);
    EXPECT_TRUE(m) << "not legal: " << text << " in " << pos.fen();
    return m;
}

std::string san_of(const std::string& fen, const std::string& uci_text) {
    Position pos = Position::from_fen(fen);
    return move_to_san(pos, uci(pos, uci_text));
}

TEST(SanOutput, PawnMovesCapturesAndPromotions) {
    EXPECT_EQ(san_of(std::string(START_FEN), "e2e4"), "e4");
    EXPECT_EQ(san_of("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
    EXPECT_EQ(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
    EXPECT_EQ(san_of("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7d8q"), "cxd8=Q+");
    EXPECT_EQ(san_of("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8n"), "c8=N");
    EXPECT_EQ(san_of("4k3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8r"), "c8=R+");
}

TEST(SanOutput, Disambiguation) {
    // Knights on b1 and f3 can both reach d2: file disambiguates.
    EXPECT_EQ(san_of("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2"), "Nbd2");
    // Rooks on a1 and a5 on the same file: rank disambiguates.
    EXPECT_EQ(san_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
    // Three queens where neither file nor rank alone is enough.
    EXPECT_EQ(san_of("7k/8/8/8/Q1Q5/8/Q7/K7 w - - 0 1", "a4b3"), "Qa4b3");
    // A pinned rival does not count: the e2 knight is pinned, so plain "Nc3".
    EXPECT_EQ(san_of("4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3"), "Nc3");
}

TEST(SanOutput, CastlingCheckAndMate) {
    EXPECT_EQ(san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
    EXPECT_EQ(san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
    EXPECT_EQ(san_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
    EXPECT_EQ(san_of("6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8+");
    // Castling that gives check with the rook.
    EXPECT_EQ(san_of("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
}

TEST(SanInput, ToleratesCommonSpellings) {
    Position pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(parse_san(pos, "0-0"), uci(pos, "e1g1"));
    EXPECT_EQ(parse_san(pos, "O-O-O"), uci(pos, "e1c1"));
    EXPECT_EQ(parse_san(pos, "0-0-0+"), uci(pos, "e1c1"));
    EXPECT_EQ(parse_san(pos, "o-o"), uci(pos, "e1g1"));

    Position ep = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    EXPECT_EQ(parse_san(ep, "exd6e.p."), uci(ep, "e5d6"));
    EXPECT_EQ(parse_san(ep, "exd6 e.p."), uci(ep, "e5d6"));
    EXPECT_EQ(parse_san(ep, "exd6"), uci(ep, "e5d6"));
    EXPECT_EQ(parse_san(ep, "ed6"), uci(ep, "e5d6"));
    EXPECT_EQ(parse_san(ep, "exd6").kind(), EN_PASSANT);

    Position start;
    EXPECT_EQ(parse_san(start, "Nf3+"), uci(start, "g1f3"));  // wrong check mark ignored
    EXPECT_EQ(parse_san(start, "Nf3!?"), uci(start, "g1f3"));
    EXPECT_EQ(parse_san(start, "Ng1f3"), uci(start, "g1f3"));
    EXPECT_EQ(parse_san(start, "Ng1-f3"), uci(start, "g1f3"));
    EXPECT_EQ(parse_san(start, "nf3"), uci(start, "g1f3"));
    EXPECT_EQ(parse_san(start, "e2e4"), uci(start, "e2e4"));
    EXPECT_EQ(parse_san(start, "e2-e4"), uci(start, "e2e4"));
    EXPECT_EQ(parse_san(start, "Pe4"), uci(start, "e2e4"));

    Position promo = Position::from_fen("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(parse_san(promo, "cxd8Q"), uci(promo, "c7d8q"));
    EXPECT_EQ(parse_san(promo, "cxd8=Q+"), uci(promo, "c7d8q"));
    EXPECT_EQ(parse_san(promo, "c8=N"), uci(promo, "c7c8n"));
    EXPECT_EQ(parse_san(promo, "c8(N)"), uci(promo, "c7c8n"));
    EXPECT_EQ(parse_san(promo, "c8=n"), uci(promo, "c7c8n"));
}

TEST(SanInput, KnightDisambiguationByFileAndRank) {
    // Knights on c3 and g1 both reach e2; Nge2 and N1e2 both name the g1 knight.
    Position pos = Position::from_fen("4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1");
    SanError error;
    EXPECT_FALSE(parse_san(pos, "Ne2", &error));
    EXPECT_EQ(error, SanError::AMBIGUOUS);
    EXPECT_EQ(parse_san(pos, "Nge2"), uci(pos, "g1e2"));
    EXPECT_EQ(parse_san(pos, "N1e2"), uci(pos, "g1e2"));
    EXPECT_EQ(parse_san(pos, "Nce2"), uci(pos, "c3e2"));
    EXPECT_EQ(parse_san(pos, "N3e2"), uci(pos, "c3e2"));
}

TEST(SanInput, LowerCaseBishopOnlyWhereUnambiguous) {
    // b-pawn can capture c3: "bxc3" is the pawn.
    Position both = Position::from_fen("4k3/8/8/8/8/2n5/1P6/4KB2 w - - 0 1");
    EXPECT_EQ(parse_san(both, "bxc3"), uci(both, "b2c3"));
    // No b-pawn: "bxc3"... here the f1 bishop cannot reach c3 either, so it stays illegal.
    Position bishop = Position::from_fen("4k3/8/8/8/8/2n5/8/4K3 w - - 0 1");
    EXPECT_FALSE(parse_san(bishop, "bxc3"));
    Position real_bishop = Position::from_fen("4k3/8/8/8/8/2n5/8/B3K3 w - - 0 1");
    EXPECT_EQ(parse_san(real_bishop, "bxc3"), uci(real_bishop, "a1c3"));
    EXPECT_EQ(parse_san(real_bishop, "bb2"), uci(real_bishop, "a1b2"));
}

TEST(SanInput, ReportsWhyItFailed) {
    Position start;
    SanError error;
    EXPECT_FALSE(parse_san(start, "Nf6", &error));
    EXPECT_EQ(error, SanError::ILLEGAL);
    EXPECT_FALSE(parse_san(start, "e5", &error));
    EXPECT_EQ(error, SanError::ILLEGAL);
    EXPECT_FALSE(parse_san(start, "O-O", &error));
    EXPECT_EQ(error, SanError::ILLEGAL);
    EXPECT_FALSE(parse_san(start, "Zz9", &error));
    EXPECT_EQ(error, SanError::SYNTAX);
    EXPECT_FALSE(parse_san(start, "", &error));
    EXPECT_EQ(error, SanError::SYNTAX);
    // Pinned piece moves are illegal.
    Position pinned = Position::from_fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
    EXPECT_FALSE(parse_san(pinned, "Nc3", &error));
    EXPECT_EQ(error, SanError::ILLEGAL);
    // A promotion must name its piece.
    Position promo = Position::from_fen("4k3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_FALSE(parse_san(promo, "c8", &error));
}

TEST(SanInput, Chess960Castling) {
    // King b1, rooks a1 and h1 (Shredder-FEN "HA").
    Position pos = Position::from_fen("1k6/8/8/8/8/8/8/RK5R w HA - 0 1");
    ASSERT_TRUE(pos.is_chess960());
    Move long_castle = parse_san(pos, "O-O-O");
    ASSERT_TRUE(long_castle);
    EXPECT_EQ(long_castle.kind(), CASTLING);
    EXPECT_EQ(move_to_san(pos, long_castle), "O-O-O");
    EXPECT_EQ(move_to_uci(pos, long_castle), "b1a1");
    pos.do_move(long_castle);
    EXPECT_EQ(pos.piece_on(SQ_C1), W_KING);
    EXPECT_EQ(pos.piece_on(SQ_D1), W_ROOK);
}

// Every legal move of many positions: SAN out, SAN in gives the same move, and the SAN is
// unique among the position's moves.
TEST(SanRoundTrip, EveryMoveOfPerftPositionsAndRandomGames) {
    // Without the data set, the committed sample of the perft suites (67 positions).
    const bool data = test::have_data();
    std::vector<std::string> errors;
    auto records = read_epd_file(data ? test::data_path("epd/perft/perft_special_cases.epd")
                                      : test::fixture_path("perft_sample.epd"),
                                 &errors);
    if (data) {
        auto more =
            read_epd_file(test::data_path("epd/perft/perft_chess960_ethereal.epd"), &errors);
        records.insert(records.end(), more.begin(), more.begin() + 100);
    }
    ASSERT_TRUE(errors.empty());
    std::mt19937 random(12345);
    int checked = 0;
    for (const auto& record : records) {
        Position pos = record.position();
        for (int ply = 0; ply < 40; ++ply) {
            MoveList<LEGAL> moves(pos);
            if (!moves.size()) break;
            std::set<std::string> seen;
            for (Move m : moves) {
                std::string san = move_to_san(pos, m);
                ASSERT_TRUE(seen.insert(san).second)
                    << "duplicate SAN " << san << " in " << pos.fen();
                SanError error;
                ASSERT_EQ(parse_san(pos, san, &error), m)
                    << san << " in " << pos.fen() << ": " << san_error_text(error);
                ++checked;
            }
            pos.do_move(*(moves.begin() + random() % moves.size()));
        }
    }
    EXPECT_GT(checked, data ? 50000 : 20000);
}

}  // namespace
}  // namespace mneme

namespace mneme {
namespace {

// Random and mutated SAN text never crashes, and whatever parses is a legal move whose own SAN
// parses back to it.
TEST(SanFuzz, RandomAndMutatedTextNeverCrashes) {
    std::mt19937 random(2024);
    const std::string alphabet = "abcdefghKQRBNPOo0x:=+#!?-12345678()/ e.p";
    std::vector<Position> positions = {
        Position(),
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        Position::from_fen("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1"),
        Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), Position::chess960_start(77)};
    int parsed = 0;
    int iterations = test::sanitized_build() ? 20000 : 200000;
    for (int i = 0; i < iterations; ++i) {
        Position& pos = positions[i % positions.size()];
        std::string text;
        if (i % 2 == 0) {
            int length = 1 + random() % 9;
            for (int j = 0; j < length; ++j) text += alphabet[random() % alphabet.size()];
        } else {
            MoveList<LEGAL> moves(pos);
            text = move_to_san(pos, *(moves.begin() + random() % moves.size()));
            int edits = 1 + random() % 3;
            for (int j = 0; j < edits && !text.empty(); ++j) {
                std::size_t at = random() % text.size();
                switch (random() % 3) {
                    case 0:
                        text.erase(at, 1);
                        break;
                    case 1:
                        text.insert(at, 1, alphabet[random() % alphabet.size()]);
                        break;
                    default:
                        text[at] = alphabet[random() % alphabet.size()];
                        break;
                }
            }
        }
        Move m = parse_san(pos, text);
        if (!m) continue;
        ++parsed;
        ASSERT_TRUE(MoveList<LEGAL>(pos).contains(m)) << text << " in " << pos.fen();
        ASSERT_EQ(parse_san(pos, move_to_san(pos, m)), m) << text;
    }
    EXPECT_GT(parsed, iterations / 50);
}

}  // namespace
}  // namespace mneme
