// Move generation properties over many positions: the generated list is exactly the set of raw
// moves that pass pseudo_legal + legal, the generation kinds partition it, and move queries
// (gives_check, is_capture, captured_piece) agree with what do_move actually does.
#include "mneme/core/movegen.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "mneme/core/position.h"
#include "mneme/notation/epd.h"
#include "mneme/notation/uci_move.h"
#include "test_data.h"

namespace mneme {
namespace {

std::vector<Move> to_vector(const Move* begin, const Move* end) { return {begin, end}; }

template <GenType T>
std::vector<Move> generated(const Position& pos) {
    MoveList<T> list(pos);
    return to_vector(list.begin(), list.end());
}

std::set<std::uint16_t> raw_set(const std::vector<Move>& moves) {
    std::set<std::uint16_t> s;
    for (Move m : moves) s.insert(m.raw());
    return s;
}

// Positions from every perft suite (or, without the data set, from the committed sample of
// them, whose every position is used) plus a few random descendants of each, in a fixed order.
std::vector<Position> sample_positions(std::size_t stride) {
    std::vector<Position> out;
    out.push_back(Position());
    out.push_back(Position::from_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"));
    std::vector<std::string> files = {test::fixture_path("perft_sample.epd")};
    if (test::have_data())
        files = {test::data_path("epd/perft/perftsuite.epd"),
                 test::data_path("epd/perft/perft_special_cases.epd"),
                 test::data_path("epd/perft/perft_ferdy_double_checks.epd"),
                 test::data_path("epd/perft/perft_chess960_ethereal.epd")};
    else
        stride = 1;
    std::mt19937_64 rng(20240601);
    for (const std::string& file : files) {
        std::vector<std::string> errors;
        auto records = read_epd_file(file, &errors);
        EXPECT_TRUE(errors.empty()) << file << ": " << errors.front();
        EXPECT_FALSE(records.empty()) << file;
        for (std::size_t i = 0; i < records.size(); i += stride) {
            Position pos = records[i].position();
            out.push_back(pos);
            for (int ply = 0; ply < 12; ++ply) {
                MoveList<LEGAL> moves(pos);
                if (!moves.size()) break;
                pos.do_move(*(moves.begin() + rng() % moves.size()));
                if (ply % 4 == 3) out.push_back(Position::from_fen(pos.fen(), pos.is_chess960()));
            }
        }
    }
    return out;
}

TEST(MoveGen, MaximumMoveCountPosition) {
    // The well-known position with 218 legal moves.
    Position pos = Position::from_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
    EXPECT_EQ(MoveList<LEGAL>(pos).size(), 218u);
    EXPECT_EQ(count_legal_moves(pos), 218u);
}

TEST(MoveGen, DoubleCheckAllowsOnlyKingMoves) {
    // Knight on f6 and rook on e1 both give check; the queen could capture one checker but not
    // both.
    Position pos = Position::from_fen("q3k3/8/5N2/8/8/8/8/4R1K1 b - - 0 1");
    ASSERT_EQ(popcount(pos.checkers()), 2);
    std::set<std::string> moves;
    for (Move m : MoveList<LEGAL>(pos)) moves.insert(move_to_uci(pos, m));
    // d7 is covered by the knight and e7 by the rook; the queen may not capture either checker.
    EXPECT_EQ(moves, (std::set<std::string>{"e8d8", "e8f7", "e8f8"}));
}

TEST(MoveGen, SingleCheckEvasionsBlockCaptureOrStepAside) {
    // Rook on e8 checks the king on e1 along the e-file; the knight on c3 can block on e2 or e4,
    // the bishop on b5 can block on e2 or capture on e8; the king can step off the file.
    Position pos = Position::from_fen("4r2k/8/8/1B6/8/2N5/8/4K3 w - - 0 1");
    std::set<std::string> moves;
    for (Move m : MoveList<LEGAL>(pos)) moves.insert(move_to_uci(pos, m));
    std::set<std::string> expected = {"c3e2", "c3e4", "b5e2", "b5e8",
                                      "e1d1", "e1d2", "e1f1", "e1f2"};
    EXPECT_EQ(moves, expected);
}

TEST(MoveGen, PinnedPiecesMoveOnlyAlongThePin) {
    // The bishop on d2 is pinned by the bishop on a5 (diagonal to e1); the rook on e4 by the
    // rook on e8; the knight on f2 by the bishop on h4.
    Position pos = Position::from_fen("k3r3/8/8/b7/4R2b/8/3B1N2/4K3 w - - 0 1");
    std::set<std::string> moves;
    for (Move m : MoveList<LEGAL>(pos))
        if (m.from() != pos.king_square(WHITE)) moves.insert(move_to_uci(pos, m));
    std::set<std::string> expected = {"d2c3", "d2b4", "d2a5", "e4e2", "e4e3",
                                      "e4e5", "e4e6", "e4e7", "e4e8"};
    EXPECT_EQ(moves, expected);
}

TEST(MoveGen, NoMovesInMateAndStalemate) {
    EXPECT_EQ(MoveList<LEGAL>(Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).size(), 0u);
    EXPECT_EQ(MoveList<LEGAL>(Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")).size(), 0u);
    EXPECT_EQ(count_legal_moves(Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")), 0u);
}

// The central property: the legal list equals { m : pseudo_legal(m) && legal(m) } over all 2^16
// raw moves, so any move from a hash table can be checked safely.
TEST(MoveGen, LegalListEqualsExhaustivePseudoLegalAndLegalFilter) {
    auto positions = sample_positions(test::sanitized_build() ? 61 : 7);
    ASSERT_GT(positions.size(), 1u);
    std::size_t step = test::sanitized_build() ? 5 : 1;
    for (std::size_t p = 0; p < positions.size(); p += step) {
        const Position& pos = positions[p];
        auto legal = raw_set(generated<LEGAL>(pos));
        for (std::uint32_t raw = 0; raw < 65536; ++raw) {
            Move m{std::uint16_t(raw)};
            bool accepted = pos.pseudo_legal(m) && pos.legal(m);
            if (accepted != bool(legal.count(std::uint16_t(raw)))) {
                ADD_FAILURE() << pos.fen() << ": raw move " << raw << " (" << move_to_uci(pos, m)
                              << ") accepted=" << accepted;
                return;
            }
        }
    }
}

// legal() against make-and-test: a pseudo-legal move (other than castling, whose rule is about
// the squares crossed) is legal exactly when our king is not attacked after making it.
TEST(MoveGen, LegalAgreesWithMakeAndTest) {
    auto positions = sample_positions(test::sanitized_build() ? 61 : 7);
    std::size_t step = test::sanitized_build() ? 5 : 1;
    int illegal_seen = 0;
    for (std::size_t p = 0; p < positions.size(); p += step) {
        Position pos = positions[p];
        const Color us = pos.side_to_move();
        for (std::uint32_t raw = 0; raw < 65536; ++raw) {
            Move m{std::uint16_t(raw)};
            if (!pos.pseudo_legal(m) || m.kind() == CASTLING) continue;
            const bool legal = pos.legal(m);
            pos.do_move(m);
            const bool king_safe = !pos.attacked_by(~us, pos.king_square(us));
            pos.undo_move();
            illegal_seen += !king_safe;
            if (legal != king_safe) {
                ADD_FAILURE() << pos.fen() << ": " << move_to_uci(pos, m) << " legal()=" << legal
                              << " but king safe after it=" << king_safe;
                return;
            }
        }
    }
    EXPECT_GT(illegal_seen, 0);
}

TEST(MoveGen, GenerationKindsPartitionTheLegalMoves) {
    auto positions = sample_positions(test::sanitized_build() ? 17 : 3);
    for (const Position& pos : positions) {
        auto legal = generated<LEGAL>(pos);
        auto captures = generated<CAPTURES>(pos);
        auto quiets = generated<QUIETS>(pos);
        auto legal_set = raw_set(legal);
        ASSERT_EQ(legal_set.size(), legal.size()) << "duplicate move in " << pos.fen();
        ASSERT_EQ(legal.size(), count_legal_moves(pos)) << pos.fen();

        auto union_set = raw_set(captures);
        for (Move m : quiets) EXPECT_TRUE(union_set.insert(m.raw()).second) << pos.fen();
        EXPECT_EQ(union_set, legal_set) << pos.fen();
        for (Move m : captures)
            EXPECT_TRUE(pos.is_capture(m) || m.kind() == PROMOTION)
                << pos.fen() << " " << move_to_uci(pos, m);
        for (Move m : quiets)
            EXPECT_TRUE(!pos.is_capture(m) && m.kind() != PROMOTION)
                << pos.fen() << " " << move_to_uci(pos, m);

        if (pos.in_check()) {
            EXPECT_EQ(raw_set(generated<EVASIONS>(pos)), legal_set) << pos.fen();
        } else {
            EXPECT_EQ(raw_set(generated<NON_EVASIONS>(pos)), legal_set) << pos.fen();
        }
    }
}

TEST(MoveGen, QuietChecksAreTheQuietMovesThatCheckInTheirOrder) {
    auto positions = sample_positions(test::sanitized_build() ? 17 : 3);
    std::size_t checks_seen = 0;
    for (const Position& pos : positions) {
        std::vector<Move> expected;
        for (Move m : MoveList<QUIETS>(pos))
            if (pos.gives_check(m)) expected.push_back(m);
        EXPECT_EQ(generated<QUIET_CHECKS>(pos), expected) << pos.fen();
        checks_seen += expected.size();
    }
    EXPECT_GT(checks_seen, positions.size() / 4);
}

TEST(MoveGen, QuietChecksIncludeDiscoveriesAndNotShieldsThatStay) {
    auto uci_set = [](const Position& pos) {
        std::set<std::string> out;
        for (Move m : MoveList<QUIET_CHECKS>(pos)) out.insert(move_to_uci(pos, m));
        return out;
    };
    // The d-pawn leaves the bishop's diagonal; the rook checks from a8 and h7.
    EXPECT_EQ(uci_set(Position::from_fen("7k/R7/8/8/3P4/8/8/B3K3 w - - 0 1")),
              (std::set<std::string>{"d4d5", "a7a8", "a7h7"}));
    // The pawn shields along its own file, which its pushes do not leave; the knight's every
    // move uncovers the rook, and the king steps off the queen's diagonal (the queen itself
    // checks from h1 and a8).
    EXPECT_EQ(uci_set(Position::from_fen("4k3/8/8/8/8/8/4P3/4R1K1 w - - 0 1")),
              std::set<std::string>{});
    EXPECT_EQ(uci_set(Position::from_fen("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1")),
              (std::set<std::string>{"e2c1", "e2c3", "e2d4", "e2f4", "e2g3"}));
    EXPECT_EQ(
        uci_set(Position::from_fen("7k/8/8/8/8/8/1K6/Q7 w - - 0 1")),
        (std::set<std::string>{"b2a2", "b2a3", "b2b1", "b2b3", "b2c1", "b2c2", "a1h1", "a1a8"}));
}

TEST(MoveGen, MoveQueriesAgreeWithDoMove) {
    auto positions = sample_positions(test::sanitized_build() ? 17 : 3);
    for (Position pos : positions) {
        for (Move m : MoveList<LEGAL>(pos)) {
            const Piece moved = pos.moved_piece(m);
            const Piece captured = pos.captured_piece(m);
            const bool capture = pos.is_capture(m);
            const bool check = pos.gives_check(m);
            const Color us = pos.side_to_move();
            EXPECT_EQ(color_of(moved), us);
            pos.do_move(m);
            EXPECT_EQ(pos.in_check(), check)
                << "gives_check wrong for " << move_to_uci(pos, m) << " after which " << pos.fen();
            EXPECT_EQ(pos.state().captured, captured) << pos.fen();
            EXPECT_EQ(capture, captured != NO_PIECE) << pos.fen();
            if (m.kind() == CASTLING) {
                EXPECT_EQ(pos.piece_on(pos.king_square(us)), make_piece(us, KING));
            } else if (m.kind() == PROMOTION) {
                EXPECT_EQ(pos.piece_on(m.to()), make_piece(us, m.promotion_type()));
            } else {
                EXPECT_EQ(pos.piece_on(m.to()), moved);
            }
            pos.undo_move();
        }
    }
}

TEST(MoveGen, NullMovePassesTheTurnAndRestores) {
    Position pos =
        Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    const std::string fen = pos.fen();
    const Key key = pos.key();
    pos.do_null_move();
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(pos.en_passant_square(), SQ_NONE);
    EXPECT_EQ(
        pos.key(),
        Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3").key());
    std::string why;
    EXPECT_TRUE(pos.is_consistent(&why)) << why;
    pos.undo_null_move();
    EXPECT_EQ(pos.fen(), fen);
    EXPECT_EQ(pos.key(), key);
}

}  // namespace
}  // namespace mneme
