// The rules of chess as move generation and the game outcome API see them: castling (standard
// and Chess960), castling rights, en passant, promotion, insufficient material, mate, stalemate,
// the 50/75-move rules and repetitions.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include "mneme/core/game_outcome.h"
#include "mneme/core/movegen.h"
#include "mneme/core/position.h"
#include "mneme/notation/uci_move.h"

namespace mneme {
namespace {

std::set<std::string> legal_uci(const Position& pos) {
    std::set<std::string> out;
    for (Move m : MoveList<LEGAL>(pos)) out.insert(move_to_uci(pos, m));
    return out;
}

bool has_move(const std::string& fen, const std::string& uci) {
    return legal_uci(Position::from_fen(fen)).count(uci) > 0;
}

// Plays UCI moves; every one must be legal.
void play(Position& pos, const std::string& moves) {
    std::istringstream in(moves);
    std::string text;
    while (in >> text) {
        Move m = parse_uci_move(pos, text);
        ASSERT_TRUE(m) << text << " is not legal in " << pos.fen();
        pos.do_move(m);
    }
}

Position after(const std::string& fen, const std::string& moves) {
    Position pos = Position::from_fen(fen);
    play(pos, moves);
    return pos;
}

// ---------------------------------------------------------------- castling, standard chess

TEST(Castling, BothSidesWhenFree) {
    const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    EXPECT_TRUE(has_move(fen, "e1g1"));
    EXPECT_TRUE(has_move(fen, "e1c1"));
    EXPECT_TRUE(has_move("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8"));
    EXPECT_TRUE(has_move("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"));
    Position pos = after(fen, "e1g1");
    EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    pos = after(fen, "e1c1");
    EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    pos = after("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8");
    EXPECT_EQ(pos.fen(), "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
}

TEST(Castling, NotThroughAnAttackedSquare) {
    // A rook on f8 covers f1, which the king crosses castling short.
    EXPECT_FALSE(has_move("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
    EXPECT_TRUE(has_move("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
    // d1 covered: no long castling.
    EXPECT_FALSE(has_move("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
    EXPECT_TRUE(has_move("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
    // A pawn on e2 covers d1 and f1: neither side.
    EXPECT_FALSE(has_move("4k3/8/8/8/8/8/4p3/R3K2R w KQ - 0 1", "e1g1"));
    EXPECT_FALSE(has_move("4k3/8/8/8/8/8/4p3/R3K2R w KQ - 0 1", "e1c1"));
    // A bishop on a6 covers f1.
    EXPECT_FALSE(has_move("4k3/8/b7/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
}

TEST(Castling, NotIntoCheck) {
    EXPECT_FALSE(has_move("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
    EXPECT_FALSE(has_move("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
    // A knight on e2 covers c1 and g1.
    EXPECT_FALSE(has_move("4k3/8/8/8/8/8/4n3/R3K2R w KQ - 0 1", "e1g1"));
    EXPECT_FALSE(has_move("4k3/8/8/8/8/8/4n3/R3K2R w KQ - 0 1", "e1c1"));
}

TEST(Castling, NotOutOfCheck) {
    const std::string fen = "1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    ASSERT_TRUE(Position::from_fen(fen).in_check());
    EXPECT_FALSE(has_move(fen, "e1g1"));
    EXPECT_FALSE(has_move(fen, "e1c1"));
}

TEST(Castling, QueenSideAllowedWhenOnlyB1IsAttacked) {
    // The rook crosses b1, the king does not.
    EXPECT_TRUE(has_move("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
    EXPECT_TRUE(has_move("r3k2r/8/8/8/8/8/8/1R2K3 b kq - 0 1", "e8c8"));
}

TEST(Castling, NotWhenThePathIsBlocked) {
    EXPECT_FALSE(has_move("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1c1"));  // own knight on b1
    EXPECT_TRUE(has_move("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1g1"));
    EXPECT_FALSE(has_move("4k3/8/8/8/8/8/8/R3K1nR w KQ - 0 1", "e1g1"));  // enemy knight on g1
    EXPECT_FALSE(has_move("4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1", "e1g1"));  // own bishop on f1
}

TEST(Castling, RightsLostByKingAndRookMovesAndRookCapture) {
    const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    EXPECT_EQ(after(fen, "e1d1").castling_rights(), unsigned(BLACK_CASTLING));
    EXPECT_EQ(after(fen, "e1d1 e8d8 d1e1 d8e8").castling_rights(), unsigned(NO_CASTLING));
    EXPECT_EQ(after(fen, "h1h2").castling_rights(), unsigned(WHITE_OOO | BLACK_CASTLING));
    EXPECT_EQ(after(fen, "a1a2").castling_rights(), unsigned(WHITE_OO | BLACK_CASTLING));
    // Rook takes rook: both lose that side.
    Position pos = after(fen, "a1a8");
    EXPECT_EQ(pos.castling_rights(), unsigned(WHITE_OO | BLACK_OO));
    EXPECT_EQ(pos.fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    // A bishop capturing the h8 rook removes Black's short castling only.
    pos = after("r3k2r/8/8/8/8/8/1B6/R3K2R w KQkq - 0 1", "b2h8");
    EXPECT_EQ(pos.castling_rights(), unsigned(WHITE_CASTLING | BLACK_OOO));
    EXPECT_FALSE(legal_uci(after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1h2 e8e7 h2h1 e7e8"))
                     .count("e1g1"));
}

// ---------------------------------------------------------------- castling, Chess960

TEST(Chess960Castling, KingAlreadyOnItsDestination) {
    // King g1, rook h1: only the rook moves (to f1); f1 must be empty but need not be safe.
    Position pos = Position::from_fen("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    ASSERT_TRUE(pos.is_chess960());
    EXPECT_TRUE(legal_uci(pos).count("g1h1"));
    play(pos, "g1h1");
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    EXPECT_TRUE(has_move("5rk1/8/8/8/8/8/8/6KR w H - 0 1", "g1h1"));
    EXPECT_FALSE(has_move("4k3/8/8/8/8/8/8/5NKR w H - 0 1", "g1h1"));
}

TEST(Chess960Castling, KingAndRookSwap) {
    Position pos = Position::from_fen("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    play(pos, "f1g1");
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    std::string why;
    EXPECT_TRUE(pos.is_consistent(&why)) << why;
    pos.undo_move();
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/5KR1 w G - 0 1");

    pos = Position::from_fen("4k3/8/8/8/8/8/8/2RK4 w C - 0 1");
    play(pos, "d1c1");
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
}

TEST(Chess960Castling, QueenSideFromB1) {
    Position pos = Position::from_fen("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    play(pos, "b1a1");
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    EXPECT_FALSE(has_move("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1", "b1a1"));  // d1 occupied
    EXPECT_FALSE(has_move("4k3/8/8/8/8/8/8/RKN5 w A - 0 1", "b1a1"));   // c1 occupied
    EXPECT_FALSE(has_move("2r1k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1"));  // c1 attacked
}

TEST(Chess960Castling, RookShieldingTheKingFromABackRankAttack) {
    // The b1 rook shields the d1 king from the a1 queen; castling long would put the king on
    // c1 in the queen's line once the rook has gone to d1.
    const std::string fen = "4k3/8/8/8/8/8/8/qR1K4 w B - 0 1";
    ASSERT_FALSE(Position::from_fen(fen).in_check());
    EXPECT_FALSE(has_move(fen, "d1b1"));
    EXPECT_TRUE(has_move("4k3/8/8/8/8/8/8/nR1K4 w B - 0 1", "d1b1"));
}

TEST(Chess960Castling, RookBesideAnotherRook) {
    // Two rooks on the king side: X-FEN "K" names the outer one, Shredder "G" the inner one.
    Position outer = Position::from_fen("4k3/8/8/8/8/8/8/4K1RR w K - 0 1");
    EXPECT_EQ(outer.castling_rook_square(WHITE_OO), SQ_H1);
    EXPECT_FALSE(legal_uci(outer).count("e1h1"));  // g1 is occupied by the other rook
    Position inner = Position::from_fen("4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
    EXPECT_EQ(inner.castling_rook_square(WHITE_OO), SQ_G1);
    play(inner, "e1g1");
    EXPECT_EQ(inner.fen(), "4k3/8/8/8/8/8/8/5RKR b - - 1 1");
}

TEST(Chess960Castling, RightsLostOnlyForTheMovedRook) {
    Position start = Position::chess960_start(0);  // BBQNNRKR
    EXPECT_EQ(start.castling_rook_square(WHITE_OO), SQ_H1);
    EXPECT_EQ(start.castling_rook_square(WHITE_OOO), SQ_F1);
    EXPECT_EQ(start.castling_rook_square(BLACK_OO), SQ_H8);
    EXPECT_EQ(start.castling_rook_square(BLACK_OOO), SQ_F8);

    Position pos = Position::from_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    play(pos, "b1b2");
    EXPECT_EQ(pos.fen(), "1r2k1r1/8/8/8/8/8/1R6/4K1R1 b Ggb - 1 1");
    play(pos, "g8g7");
    EXPECT_EQ(pos.fen(), "1r2k3/6r1/8/8/8/8/1R6/4K1R1 w Gb - 2 2");
    play(pos, "e1f1");
    EXPECT_EQ(pos.fen(), "1r2k3/6r1/8/8/8/8/1R6/5KR1 b b - 3 2");
    play(pos, "e8b8");  // castling long with the b8 rook: king to c8, rook to d8
    EXPECT_EQ(pos.fen(), "2kr4/6r1/8/8/8/8/1R6/5KR1 w - - 4 3");
}

// ---------------------------------------------------------------- en passant

TEST(EnPassant, LegalCaptureRemovesThePassedPawn) {
    Position pos = Position::from_fen("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
    Move m = parse_uci_move(pos, "d5e6");
    ASSERT_TRUE(m);
    EXPECT_EQ(m.kind(), EN_PASSANT);
    pos.do_move(m);
    EXPECT_EQ(pos.fen(), "4k3/8/4P3/8/8/8/8/4K3 b - - 0 1");
    pos.undo_move();
    EXPECT_EQ(pos.fen(), "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
}

TEST(EnPassant, AvailableOnlyRightAfterTheDoublePush) {
    Position pos = Position::from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(pos, "d7d5");
    EXPECT_EQ(pos.en_passant_square(), SQ_D6);
    EXPECT_TRUE(legal_uci(pos).count("e5d6"));
    play(pos, "e1d1 e8d8");
    EXPECT_FALSE(legal_uci(pos).count("e5d6"));
}

TEST(EnPassant, HorizontalPinMakesTheCaptureIllegal) {
    // King and rook on the 5th rank with both pawns between them.
    EXPECT_FALSE(has_move("8/8/8/KPp4r/8/8/8/7k w - c6 0 1", "b5c6"));
    EXPECT_TRUE(has_move("8/8/8/KPp5/8/8/8/7k w - c6 0 1", "b5c6"));
    EXPECT_FALSE(has_move("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", "e4d3"));
    EXPECT_TRUE(has_move("8/8/8/8/k2Pp3/8/8/3KQ3 b - d3 0 1", "e4d3"));
}

TEST(EnPassant, DiagonalPins) {
    // The e5 pawn is pinned by the b8 bishop to the h2 king: capturing onto f6 leaves the
    // diagonal, capturing onto d6 stays on it.
    EXPECT_FALSE(has_move("1b2k3/8/8/4Pp2/8/8/7K/8 w - f6 0 1", "e5f6"));
    EXPECT_TRUE(has_move("1b2k3/8/8/3pP3/8/8/7K/8 w - d6 0 1", "e5d6"));
    // The captured d5 pawn shields the f3 king from the a8 bishop: removing it exposes the king.
    EXPECT_FALSE(has_move("b3k3/8/8/3pP3/8/5K2/8/8 w - d6 0 1", "e5d6"));
    EXPECT_TRUE(has_move("4k3/8/8/3pP3/8/5K2/8/8 w - d6 0 1", "e5d6"));
}

TEST(EnPassant, CaptureEvadesCheckByTheDoublePushedPawn) {
    // d2-d4 gave check to the king on c5; e4xd3 removes the checker.
    const std::string fen = "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1";
    Position pos = Position::from_fen(fen);
    ASSERT_TRUE(pos.in_check());
    EXPECT_TRUE(legal_uci(pos).count("e4d3"));
    // In check from a rook instead, the same capture does not help.
    EXPECT_FALSE(has_move("8/8/8/8/3Pp3/8/8/R3k1K1 b - d3 0 1", "e4d3"));
}

TEST(EnPassant, SquareKeptInFenOnlyWhenACaptureIsPossible) {
    EXPECT_EQ(Position::from_fen("4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1").fen(),
              "4k3/8/8/8/3P4/8/8/4K3 b - - 0 1");
    EXPECT_EQ(Position::from_fen("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1").fen(),
              "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1");
    EXPECT_EQ(after(std::string(START_FEN), "e2e4").en_passant_square(), SQ_NONE);
    EXPECT_EQ(after(std::string(START_FEN), "e2e4 g8f6 e4e5 d7d5").en_passant_square(), SQ_D6);
    // A pawn on the far side of the board does not count.
    EXPECT_EQ(after(std::string(START_FEN), "a2a4 h7h5 a4a5 b7b5").en_passant_square(), SQ_B6);
    EXPECT_EQ(after(std::string(START_FEN), "a2a4 h7h5 a4a5 g7g5").en_passant_square(), SQ_NONE);
}

// ---------------------------------------------------------------- promotion

TEST(Promotion, AllFourPiecesAndCapturePromotions) {
    Position pos = Position::from_fen("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    auto moves = legal_uci(pos);
    for (const char* m : {"b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7a8q", "b7a8r", "b7a8b", "b7a8n"})
        EXPECT_TRUE(moves.count(m)) << m;
    EXPECT_FALSE(moves.count("b7b8"));
    int promotions = 0;
    for (Move m : MoveList<LEGAL>(pos)) promotions += m.kind() == PROMOTION;
    EXPECT_EQ(promotions, 8);

    Position q = after("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q");
    EXPECT_EQ(q.fen(), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    EXPECT_TRUE(q.in_check());
    q.undo_move();
    EXPECT_EQ(q.fen(), "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
}

TEST(Promotion, WhichPromotionsGiveCheck) {
    // Black king d7: of the four pieces on b8 only the knight checks it.
    const std::string fen = "8/1P1k4/8/8/8/8/8/4K3 w - - 0 1";
    for (auto [uci, check] : std::initializer_list<std::pair<const char*, bool>>{
             {"b7b8n", true}, {"b7b8b", false}, {"b7b8r", false}, {"b7b8q", false}}) {
        Position pos = Position::from_fen(fen);
        Move m = parse_uci_move(pos, uci);
        ASSERT_TRUE(m) << uci;
        EXPECT_EQ(pos.gives_check(m), check) << uci;
        pos.do_move(m);
        EXPECT_EQ(pos.in_check(), check) << uci;
    }
    // Black king on e8: queen and rook on b8 check along the rank, bishop and knight do not.
    for (auto [uci, check] : std::initializer_list<std::pair<const char*, bool>>{
             {"b7b8n", false}, {"b7b8b", false}, {"b7b8r", true}, {"b7b8q", true}}) {
        Position pos = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        Move m = parse_uci_move(pos, uci);
        ASSERT_TRUE(m) << uci;
        EXPECT_EQ(pos.gives_check(m), check) << uci;
        pos.do_move(m);
        EXPECT_EQ(pos.in_check(), check) << uci;
    }
}

TEST(Promotion, BlackPromotesOnTheFirstRank) {
    Position pos = Position::from_fen("4k3/8/8/8/8/8/6p1/4K2R b - - 0 1");
    auto moves = legal_uci(pos);
    for (const char* m : {"g2g1q", "g2g1r", "g2g1b", "g2g1n", "g2h1q", "g2h1r", "g2h1b", "g2h1n"})
        EXPECT_TRUE(moves.count(m)) << m;
    play(pos, "g2h1n");
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/4K2n w - - 0 2");
}

// ---------------------------------------------------------------- insufficient material

TEST(InsufficientMaterial, DeadPositions) {
    for (const char* fen : {"8/8/4k3/8/8/3K4/8/8 w - - 0 1",          // K v K
                            "8/8/4k3/8/8/3K4/5B2/8 w - - 0 1",        // KB v K
                            "8/8/4k3/8/8/3K4/5N2/8 b - - 0 1",        // KN v K
                            "8/8/4k3/2b5/8/3K4/5B2/8 w - - 0 1",      // KB v KB, both dark
                            "8/8/4k3/2b5/8/3KB3/5B2/8 w - - 0 1"}) {  // bishops all dark
        Position pos = Position::from_fen(fen);
        EXPECT_TRUE(pos.is_insufficient_material()) << fen;
        auto outcome = game_outcome(pos);
        EXPECT_EQ(outcome.result, GameResult::DRAW) << fen;
        EXPECT_EQ(outcome.termination, Termination::INSUFFICIENT_MATERIAL) << fen;
    }
}

TEST(InsufficientMaterial, PositionsWhereMateIsStillPossible) {
    for (const char* fen : {"8/8/4k3/8/8/3K4/4NN2/8 w - - 0 1",    // KNN v K (FIDE: not dead)
                            "8/8/4k3/3b4/8/3K4/5B2/8 w - - 0 1",   // KB v KB opposite colours
                            "8/8/4k3/8/8/3K4/4BB2/8 w - - 0 1",    // KBB opposite colours
                            "8/8/4k3/3n4/8/3K4/5B2/8 w - - 0 1",   // KB v KN
                            "8/8/4k3/8/8/3K4/5P2/8 w - - 0 1",     // KP v K
                            "8/8/4k3/8/8/3K4/5R2/8 w - - 0 1"}) {  // KR v K
        Position pos = Position::from_fen(fen);
        EXPECT_FALSE(pos.is_insufficient_material()) << fen;
        EXPECT_EQ(game_outcome(pos).termination, Termination::NONE) << fen;
    }
}

TEST(InsufficientMaterial, PerSide) {
    struct Case {
        const char* fen;
        bool white, black;
    };
    for (const Case& c : {
             Case{"8/8/4k3/8/8/3K4/5R2/8 w - - 0 1", false, true},     // KR v K
             Case{"8/8/4k3/8/8/3K4/5N2/8 w - - 0 1", true, true},      // KN v K
             Case{"8/8/4k3/8/8/3K4/4NN2/8 w - - 0 1", false, true},    // KNN v K
             Case{"8/8/4k3/3r4/8/3K4/5N2/8 w - - 0 1", false, false},  // KN v KR: rook can block
             Case{"8/8/4k3/3q4/8/3K4/5N2/8 w - - 0 1", true, false},   // KN v KQ
             Case{"8/8/4k3/2b5/8/3K4/5B2/8 w - - 0 1", true, true},    // same-colour bishops
             Case{"8/8/4k3/3b4/8/3K4/5B2/8 w - - 0 1", false, false},  // opposite colours
             Case{"8/8/4k3/3n4/8/3K4/5B2/8 w - - 0 1", false, false},  // KB v KN: each can block
             Case{"8/8/4k3/3p4/8/3K4/5B2/8 w - - 0 1", false, false},  // KB v KP
         }) {
        Position pos = Position::from_fen(c.fen);
        EXPECT_EQ(pos.has_insufficient_material(WHITE), c.white) << c.fen;
        EXPECT_EQ(pos.has_insufficient_material(BLACK), c.black) << c.fen;
    }
}

// ---------------------------------------------------------------- mate, stalemate, results

TEST(GameOutcome, FoolsMate) {
    Position pos;
    play(pos, "f2f3 e7e5 g2g4 d8h4");
    EXPECT_TRUE(pos.is_checkmate());
    auto outcome = game_outcome(pos);
    EXPECT_EQ(outcome.result, GameResult::BLACK_WINS);
    EXPECT_EQ(outcome.termination, Termination::CHECKMATE);
    EXPECT_TRUE(outcome.is_over());
    EXPECT_STREQ(result_text(outcome.result), "0-1");
    EXPECT_STREQ(termination_text(outcome.termination), "checkmate");
}

TEST(GameOutcome, WhiteMates) {
    Position pos = Position::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1");
    play(pos, "b1b8");
    auto outcome = game_outcome(pos);
    EXPECT_EQ(outcome.result, GameResult::WHITE_WINS);
    EXPECT_EQ(outcome.termination, Termination::CHECKMATE);
    EXPECT_STREQ(result_text(outcome.result), "1-0");
}

TEST(GameOutcome, Stalemate) {
    Position pos = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    EXPECT_TRUE(pos.is_stalemate());
    EXPECT_FALSE(pos.is_checkmate());
    auto outcome = game_outcome(pos);
    EXPECT_EQ(outcome.result, GameResult::DRAW);
    EXPECT_EQ(outcome.termination, Termination::STALEMATE);
    EXPECT_STREQ(result_text(outcome.result), "1/2-1/2");
    EXPECT_STREQ(termination_text(outcome.termination), "stalemate");
}

TEST(GameOutcome, OngoingGame) {
    auto outcome = game_outcome(Position());
    EXPECT_FALSE(outcome.is_over());
    EXPECT_EQ(outcome.result, GameResult::ONGOING);
    EXPECT_EQ(outcome.termination, Termination::NONE);
    EXPECT_STREQ(result_text(outcome.result), "*");
    EXPECT_EQ(game_outcome(Position(), true).termination, Termination::NONE);
}

TEST(GameOutcome, TerminationTexts) {
    EXPECT_STREQ(termination_text(Termination::INSUFFICIENT_MATERIAL), "insufficient material");
    EXPECT_STREQ(termination_text(Termination::SEVENTY_FIVE_MOVES), "75-move rule");
    EXPECT_STREQ(termination_text(Termination::FIFTY_MOVES), "50-move rule");
    EXPECT_STREQ(termination_text(Termination::FIVEFOLD_REPETITION), "fivefold repetition");
    EXPECT_STREQ(termination_text(Termination::THREEFOLD_REPETITION), "threefold repetition");
}

// ---------------------------------------------------------------- 50 and 75 moves

TEST(MoveRules, FiftyMovesOnlyWhenClaimed) {
    Position pos = Position::from_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    play(pos, "a1a2");
    EXPECT_EQ(pos.halfmove_clock(), 100);
    EXPECT_EQ(game_outcome(pos).termination, Termination::NONE);
    auto claimed = game_outcome(pos, true);
    EXPECT_EQ(claimed.result, GameResult::DRAW);
    EXPECT_EQ(claimed.termination, Termination::FIFTY_MOVES);
    // At 99 there is nothing to claim.
    pos.undo_move();
    EXPECT_EQ(game_outcome(pos, true).termination, Termination::NONE);
}

TEST(MoveRules, ClockResetByPawnMovesAndCaptures) {
    Position pos = Position::from_fen("r3k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    play(pos, "e2e3");
    EXPECT_EQ(pos.halfmove_clock(), 0);
    pos.undo_move();
    EXPECT_EQ(pos.halfmove_clock(), 99);
    play(pos, "a1a7");
    EXPECT_EQ(pos.halfmove_clock(), 100);
    pos.undo_move();
    play(pos, "a1a8");  // rook takes rook
    EXPECT_EQ(pos.halfmove_clock(), 0);
    EXPECT_EQ(game_outcome(pos, true).termination, Termination::NONE);
}

TEST(MoveRules, SeventyFiveMovesAutomatic) {
    Position pos = Position::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 149 120");
    play(pos, "b1c1");
    EXPECT_EQ(pos.halfmove_clock(), 150);
    auto outcome = game_outcome(pos);
    EXPECT_EQ(outcome.result, GameResult::DRAW);
    EXPECT_EQ(outcome.termination, Termination::SEVENTY_FIVE_MOVES);
    EXPECT_EQ(game_outcome(Position::from_fen("7k/8/6K1/8/8/8/8/1Q6 b - - 150 120")).termination,
              Termination::SEVENTY_FIVE_MOVES);
}

TEST(MoveRules, CheckmateOnThe150thPlyWins) {
    Position pos = Position::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 149 120");
    play(pos, "b1b8");
    EXPECT_EQ(pos.halfmove_clock(), 150);
    auto outcome = game_outcome(pos);
    EXPECT_EQ(outcome.result, GameResult::WHITE_WINS);
    EXPECT_EQ(outcome.termination, Termination::CHECKMATE);
}

// ---------------------------------------------------------------- repetitions

TEST(Repetition, ThreefoldNeedsAClaimFivefoldIsAutomatic) {
    Position pos;
    const std::string shuffle = "g1f3 g8f6 f3g1 f6g8";
    play(pos, shuffle);
    EXPECT_EQ(pos.repetition_count(), 1);
    EXPECT_EQ(game_outcome(pos, true).termination, Termination::NONE);
    play(pos, shuffle);
    EXPECT_EQ(pos.repetition_count(), 2);
    EXPECT_EQ(game_outcome(pos).termination, Termination::NONE);
    auto claimed = game_outcome(pos, true);
    EXPECT_EQ(claimed.result, GameResult::DRAW);
    EXPECT_EQ(claimed.termination, Termination::THREEFOLD_REPETITION);
    play(pos, shuffle);
    EXPECT_EQ(pos.repetition_count(), 3);
    EXPECT_EQ(game_outcome(pos).termination, Termination::NONE);
    play(pos, shuffle);
    EXPECT_EQ(pos.repetition_count(), 4);
    auto automatic = game_outcome(pos);
    EXPECT_EQ(automatic.result, GameResult::DRAW);
    EXPECT_EQ(automatic.termination, Termination::FIVEFOLD_REPETITION);
    // One move back: a position whose fourth occurrence this is (three earlier ones).
    pos.undo_move();
    EXPECT_EQ(pos.repetition_count(), 3);
}

TEST(Repetition, PositionsRepeatWithEitherSideToMove) {
    Position pos;
    play(pos, "g1f3");
    play(pos, "g8f6 f3g1 f6g8 g1f3");
    EXPECT_EQ(pos.repetition_count(), 1);  // the position after 1.Nf3, Black to move
}

TEST(Repetition, LostCastlingRightsMakeADifferentPosition) {
    Position pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(pos, "e1f1 e8f8 f1e1 f8e8");
    // Same placement as the start, but no castling rights: not a repetition.
    EXPECT_EQ(pos.repetition_count(), 0);
    play(pos, "e1f1 e8f8 f1e1 f8e8");
    EXPECT_EQ(pos.repetition_count(), 1);
    play(pos, "e1f1 e8f8 f1e1 f8e8");
    EXPECT_EQ(pos.repetition_count(), 2);
    EXPECT_EQ(game_outcome(pos, true).termination, Termination::THREEFOLD_REPETITION);
}

TEST(Repetition, IllegalEnPassantDoesNotMakeADifferentPosition) {
    // exd3 would expose the a4 king to the h4 queen: the d3 square does not change the
    // position's possible moves, so returning here repeats it (FIDE), though the Polyglot key
    // (which hashes the ep file whenever a pawn stands beside) differs.
    Position pos = Position::from_fen("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    const Key start_key = pos.key();
    ASSERT_EQ(pos.en_passant_square(), SQ_D3);
    play(pos, "a4a5 d1d2 a5a4 d2d1");
    EXPECT_EQ(pos.en_passant_square(), SQ_NONE);
    EXPECT_NE(pos.key(), start_key);
    EXPECT_EQ(pos.repetition_count(), 1);
}

TEST(Repetition, LegalEnPassantMakesADifferentPosition) {
    Position pos = Position::from_fen("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1");
    play(pos, "e8d8 e1d1 d8e8 d1e1");
    EXPECT_EQ(pos.repetition_count(), 0);
    play(pos, "e8d8 e1d1 d8e8 d1e1");
    EXPECT_EQ(pos.repetition_count(), 1);
}

TEST(Repetition, CountRestartsAfterAPawnMove) {
    Position pos;
    play(pos, "g1f3 g8f6 f3g1 f6g8 e2e3 e7e6 g1f3 g8f6 f3g1 f6g8");
    EXPECT_EQ(pos.repetition_count(), 1);  // only the position after 2...e6 repeats
    EXPECT_EQ(pos.halfmove_clock(), 4);
}

}  // namespace
}  // namespace mneme
