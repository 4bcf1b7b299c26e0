// The flight squares of a king, which QuiescenceCheckFlights counts.
#include <gtest/gtest.h>

#include <string>

#include "mneme/search/king_flights.h"

namespace mneme {
namespace {

std::string names(Bitboard squares) {
    std::string text;
    for (Bitboard b = squares; b;) {
        if (!text.empty()) text += ' ';
        text += square_name(pop_lsb(b));
    }
    return text;
}

std::string flights(const std::string& fen, Color side) {
    return names(king_flight_squares(Position::from_fen(fen), side));
}

TEST(KingFlights, OwnPiecesBlockEverySquareAtTheStart) {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    EXPECT_EQ(flights(start, WHITE), "");
    EXPECT_EQ(flights(start, BLACK), "");
}

TEST(KingFlights, ALoneKingInTheCentreHasEight) {
    EXPECT_EQ(flights("8/8/8/4k3/8/8/8/K7 b - - 0 1", BLACK), "d4 e4 f4 d5 f5 d6 e6 f6");
}

TEST(KingFlights, SquaresTheOtherKingOrAPawnAttacksAreNoFlights) {
    // The white king on e3 covers d4, e4 and f4; the pawn on g4 covers f5.
    EXPECT_EQ(flights("8/8/8/4k3/6P1/4K3/8/8 b - - 0 1", BLACK), "d5 d6 e6 f6");
}

TEST(KingFlights, BackRankKingBehindItsPawns) {
    // Only f8 and h8 are free; the rook on d1 does not reach them.
    EXPECT_EQ(flights("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", BLACK), "f8 h8");
    // A rook on the back rank covers f8 directly and h8 through the king's own square,
    // which the king would leave.
    EXPECT_EQ(flights("3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", BLACK), "");
}

TEST(KingFlights, ACapturablePieceBesideTheKingIsAFlightUnlessDefended) {
    // The knight on e4 covers c3 and d2, and the king on d3 can take it (nothing defends it):
    // e4 is a flight square. With the bishop on c6 defending the knight, it is not.
    EXPECT_EQ(flights("7k/8/8/8/4n3/3K4/8/8 w - - 0 1", WHITE), "c2 e2 e3 c4 d4 e4");
    EXPECT_EQ(flights("7k/8/2b5/8/4n3/3K4/8/8 w - - 0 1", WHITE), "c2 e2 e3 c4 d4");
}

}  // namespace
}  // namespace mneme
