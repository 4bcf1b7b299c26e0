// The static evaluation: symmetry between the colours and a few plain facts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "mneme/eval/evaluate.h"
#include "mneme/notation/epd.h"
#include "test_data.h"

namespace mneme {
namespace {

// The same position with the board mirrored top to bottom and the colours swapped: what was
// White's is now Black's, and the other side is to move.
std::string flipped_fen(const std::string& fen) {
    std::istringstream in(fen);
    std::string board, side, castling, en_passant, halfmove = "0", fullmove = "1";
    in >> board >> side >> castling >> en_passant >> halfmove >> fullmove;

    std::vector<std::string> ranks;
    std::istringstream rank_stream(board);
    for (std::string rank; std::getline(rank_stream, rank, '/');) ranks.push_back(rank);
    std::reverse(ranks.begin(), ranks.end());
    std::string flipped_board;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        if (i) flipped_board += '/';
        for (char c : ranks[i])
            flipped_board += std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c))
                                                                         : char(std::toupper(c));
    }
    std::string flipped_castling;
    if (castling == "-") {
        flipped_castling = "-";
    } else {
        for (char c : castling)
            flipped_castling += std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c))
                                                                            : char(std::toupper(c));
        // Upper case (White) first, as FEN writes it.
        std::stable_sort(flipped_castling.begin(), flipped_castling.end(), [](char a, char b) {
            return std::isupper(static_cast<unsigned char>(a)) &&
                   !std::isupper(static_cast<unsigned char>(b));
        });
    }
    std::string flipped_en_passant = en_passant;
    if (en_passant != "-") flipped_en_passant[1] = char('1' + ('8' - en_passant[1]));
    return flipped_board + ' ' + (side == "w" ? "b" : "w") + ' ' + flipped_castling + ' ' +
           flipped_en_passant + ' ' + halfmove + ' ' + fullmove;
}

TEST(Evaluate, FlipHelperIsAnInvolution) {
    std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    EXPECT_EQ(flipped_fen(flipped_fen(fen)), fen);
    EXPECT_EQ(flipped_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
              "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 2");
}

TEST(Evaluate, IsColourSymmetricOnPerftSuites) {
    if (!test::have_data()) GTEST_SKIP() << "no shared data at " << test::data_path("");
    int compared = 0;
    for (const char* file :
         {"epd/perft/perftsuite.epd", "epd/perft/perft_standard_ethereal.epd",
          "epd/perft/perft_special_cases.epd", "epd/perft/perft_ferdy_double_checks.epd"}) {
        std::vector<std::string> errors;
        for (const EpdRecord& record : read_epd_file(test::data_path(file), &errors)) {
            Position pos;
            try {
                pos = record.position();
            } catch (const FenError&) {
                continue;  // the parser's tests own malformed records
            }
            std::string mirror_fen = flipped_fen(pos.fen());
            Position mirror = Position::from_fen(mirror_fen);
            ASSERT_EQ(evaluate(pos), evaluate(mirror)) << pos.fen() << "\nvs " << mirror_fen;
            ++compared;
        }
    }
    EXPECT_GT(compared, 100);
}

TEST(Evaluate, StartingPositionIsNearlyLevel) {
    int score = evaluate(Position());
    EXPECT_GE(score, 0);  // the side to move has the tempo
    EXPECT_LT(score, 40);
}

TEST(Evaluate, MaterialDominates) {
    // White without its queen, either side to move.
    Position white_to_move =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    Position black_to_move =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1");
    EXPECT_LT(evaluate(white_to_move), -700);
    EXPECT_GT(evaluate(black_to_move), 700);
}

TEST(Evaluate, PrefersAdvancedPassedPawns) {
    Position far = Position::from_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
    Position near = Position::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_GT(evaluate(near), evaluate(far) + 50);
}

TEST(Evaluate, DrivesTheLoneKingToTheEdge) {
    Position centre = Position::from_fen("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
    Position edge = Position::from_fen("3k4/8/8/8/8/8/8/R3K3 w - - 0 1");
    EXPECT_GT(evaluate(edge), evaluate(centre));
}

TEST(Evaluate, ScalesDownPawnlessSmallEdges) {
    // Rook against bishop without pawns is usually a draw: far less than the material gap.
    Position pos = Position::from_fen("4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1");
    EXPECT_LT(evaluate(pos), 60);
}

TEST(Evaluate, ReportNamesTheTerms) {
    std::string report = evaluation_report(Position());
    for (const char* term : {"material", "mobility", "pawns", "king safety", "phase"})
        EXPECT_NE(report.find(term), std::string::npos) << term;
}

}  // namespace
}  // namespace mneme
