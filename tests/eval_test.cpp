// The static evaluation: symmetry between the colours and a few plain facts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>

#include "mneme/eval/endgame_knowledge.h"
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
    MNEME_REQUIRE_DATA();
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
    // White without one piece at the start, either side to move: the bigger the piece, the
    // worse, and nothing else in the evaluation makes up for any of them.
    const char* without[] = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR",   // queen
                             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR",   // rook
                             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK1NR",   // bishop
                             "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR"};  // pawn
    int previous_white = std::numeric_limits<int>::min(), previous_black = 0;
    for (const char* board : without) {
        int white = evaluate(Position::from_fen(std::string(board) + " w - - 0 1"));
        int black = evaluate(Position::from_fen(std::string(board) + " b - - 0 1"));
        EXPECT_GT(white, previous_white) << board;
        EXPECT_LT(white, 0) << board;
        if (previous_black != 0) {
            EXPECT_LT(black, previous_black) << board;
        }
        EXPECT_GT(black, 0) << board;
        previous_white = white;
        previous_black = black;
    }
    // A queen is worth several pawns in the middlegame.
    int no_queen = evaluate(Position::from_fen(std::string(without[0]) + " w - - 0 1"));
    EXPECT_LT(no_queen, -5 * active_eval_params().piece_value[PAWN].mg);
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
    for (const char* term : {"material", "piece safety", "mobility", "king safety", "centre",
                             "pawn structure", "attack", "piece relations", "phase", "final score"})
        EXPECT_NE(report.find(term), std::string::npos) << term;
}

// Positions with something in every category: openings, middlegames, endgames of each kind.
const char* const VARIED_POSITIONS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2kr3r/pbpq1ppp/1pn1pn2/3p4/3P1B2/2PBPN2/PP1N1PPP/R2QK2R b KQ - 4 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/5k2/3b4/1p6/1P3B2/5K2/8/8 b - - 0 1",
    "8/8/3k4/8/8/2BNK3/8/8 w - - 0 1",
    "8/P5k1/8/8/8/8/6Kp/8 b - - 0 1",
    "r2q1rk1/1b1nbppp/pp1ppn2/8/2PNP3/1PN1B3/P3BPPP/R2Q1RK1 w - - 0 11",
};

TEST(EvaluateBreakdown, TermsSumExactlyToTheScore) {
    const EvalParams& params = active_eval_params();
    for (const char* fen : VARIED_POSITIONS) {
        Position pos = Position::from_fen(fen);
        EvalTrace trace;
        int traced = evaluate(pos, params, trace);
        TaperedScore net;
        for (int c = 0; c < EVAL_CATEGORY_COUNT; ++c)
            net += trace.terms[c][WHITE] - trace.terms[c][BLACK];
        EXPECT_EQ(net, trace.net) << fen;
        EXPECT_EQ(taper(net, trace.phase), trace.tapered) << fen;
        int raw = trace.tapered + trace.mating_drive + trace.tempo_for_white;
        EXPECT_EQ(raw * trace.scale / FULL_SCALE, trace.white_score) << fen;
        int side = pos.side_to_move() == WHITE ? trace.white_score : -trace.white_score;
        EXPECT_EQ(side, trace.side_to_move_score) << fen;
        EXPECT_EQ(traced, side) << fen;
        EXPECT_EQ(evaluate(pos), side) << fen;
        EXPECT_EQ(evaluate(pos, params), side) << fen;
    }
}

TEST(EvaluateBreakdown, ReportShowsTheFinalScore) {
    Position pos = Position::from_fen(VARIED_POSITIONS[2]);
    std::string report = evaluation_report(pos);
    const int score = evaluate(pos);
    const int white = pos.side_to_move() == WHITE ? score : -score;
    char expected[128];
    std::snprintf(expected, sizeof expected,
                  "final score: %+d for White, %+d for the side to move (%s)\n", white, score,
                  pos.side_to_move() == WHITE ? "White" : "Black");
    // The last line, whole: the score must be the evaluation's, on the right side.
    ASSERT_GE(report.size(), std::strlen(expected));
    EXPECT_EQ(report.substr(report.size() - std::strlen(expected)), expected) << report;
}

TEST(EvaluateEndgame, MinorPiecesAloneAreDraws) {
    for (const char* fen : {"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "4k3/8/8/8/8/8/8/1N2KN2 b - - 0 1",
                            "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "4k3/8/8/8/8/8/8/2B1K3 b - - 0 1",
                            "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "1n2k3/8/8/8/8/8/8/4K3 w - - 0 1",
                            "4k3/8/8/8/8/8/8/4K3 w - - 0 1"})
        EXPECT_EQ(evaluate(Position::from_fen(fen)), 0) << fen;
}

TEST(EvaluateEndgame, BishopAndKnightDriveToTheBishopsCorner) {
    // The bishop on c1 is dark-squared: mate is possible on a1 or h8, not on a8 or h1.
    Position right_corner = Position::from_fen("7k/8/5K2/8/8/8/8/2B1N3 w - - 0 1");
    Position wrong_corner = Position::from_fen("k7/8/2K5/8/8/8/8/2B1N3 w - - 0 1");
    EXPECT_GT(evaluate(right_corner), evaluate(wrong_corner) + 50);
    EXPECT_GT(evaluate(wrong_corner), 300);  // still winning, just further from it
}

TEST(EvaluateEndgame, RookAndQueenDriveTheKingToTheEdge) {
    for (const char* piece : {"R", "Q"}) {
        Position centre =
            Position::from_fen(std::string("8/8/8/3k4/8/8/8/") + piece + "3K3 w - - 0 1");
        Position edge =
            Position::from_fen(std::string("3k4/8/8/8/8/8/8/") + piece + "3K3 w - - 0 1");
        EXPECT_GT(evaluate(edge), evaluate(centre) + 20) << piece;
    }
}

TEST(EvaluateEndgame, PawnOutsideTheKingsSquareIsUnstoppable) {
    Position outside = Position::from_fen("7k/8/8/8/P7/8/8/K7 w - - 0 1");
    Position inside = Position::from_fen("8/8/2k5/8/P7/8/8/K7 w - - 0 1");
    EXPECT_GT(evaluate(outside), evaluate(inside) + 200);
    // With the defender to move, the same king one step closer catches it.
    Position just_inside = Position::from_fen("8/5k2/8/8/P7/8/8/K7 b - - 0 1");
    Position just_outside = Position::from_fen("8/6k1/8/8/P7/8/8/K7 b - - 0 1");
    EXPECT_LT(evaluate(just_outside), evaluate(just_inside) - 200);
}

TEST(EvaluateEndgame, OppositeColouredBishopsAreScaledDown) {
    // White is two pawns up; c2 is a light square, d6 dark and e6 light.
    Position opposite = Position::from_fen("4k3/8/3b4/8/2PP4/8/2B5/4K3 w - - 0 1");
    Position same = Position::from_fen("4k3/8/4b3/8/2PP4/8/2B5/4K3 w - - 0 1");
    EvalTrace trace;
    evaluate(opposite, active_eval_params(), trace);
    EXPECT_EQ(trace.scale, active_eval_params().scale_opposite_bishops_only);
    EXPECT_GT(evaluate(opposite), 0);
    EXPECT_LT(evaluate(opposite) * 2, evaluate(same));
}

TEST(EvaluatePieceSafety, HangingQueenIsPenalised) {
    // The rook on d8 attacks the queen on d4; a pawn on e3 defends it, one on a3 does not.
    Position hanging = Position::from_fen("3rk3/8/8/8/3Q4/P7/8/4K3 w - - 0 1");
    Position defended = Position::from_fen("3rk3/8/8/8/3Q4/4P3/8/4K3 w - - 0 1");
    EvalTrace hanging_trace, defended_trace;
    evaluate(hanging, active_eval_params(), hanging_trace);
    evaluate(defended, active_eval_params(), defended_trace);
    EXPECT_LT(hanging_trace.terms[CATEGORY_PIECE_SAFETY][WHITE].mg,
              defended_trace.terms[CATEGORY_PIECE_SAFETY][WHITE].mg);
    // The whole score also holds the pawns' own squares (a3 against e3), so the hanging queen's
    // cost is checked by category; the size of the penalty is the table's business (the tuned
    // table charges little: the capture search sees a hanging queen anyway).
}

TEST(EvaluatePieceSafety, PieceAttackedByPawnIsPenalised) {
    Position attacked = Position::from_fen("4k3/8/8/2p5/3N4/8/8/4K3 w - - 0 1");
    EvalTrace trace;
    evaluate(attacked, active_eval_params(), trace);
    EXPECT_LE(trace.terms[CATEGORY_PIECE_SAFETY][WHITE].mg,
              active_eval_params().threatened_by_pawn[KNIGHT].mg);
}

TEST(EvaluatePawns, StructureTermsHaveTheRightSign) {
    // Isolated and doubled pawns cost; a protected passer on the sixth is worth a lot.
    Position weak = Position::from_fen("4k3/8/8/8/8/2P5/2P5/4K3 w - - 0 1");
    EvalTrace weak_trace;
    evaluate(weak, active_eval_params(), weak_trace);
    EXPECT_LT(weak_trace.terms[CATEGORY_PAWN_STRUCTURE][WHITE].eg, 0);
    Position strong = Position::from_fen("4k3/8/3P4/4P3/8/8/8/4K3 w - - 0 1");
    EvalTrace strong_trace;
    evaluate(strong, active_eval_params(), strong_trace);
    EXPECT_GT(strong_trace.terms[CATEGORY_PAWN_STRUCTURE][WHITE].eg, 0);
    EXPECT_GT(strong_trace.terms[CATEGORY_ATTACK][WHITE].eg, 50);  // kings far away
}

TEST(EvaluatePieces, KnightOutpostAndRookOnSeventh) {
    Position outpost = Position::from_fen("4k3/pp4pp/8/3N4/4P3/8/8/4K3 w - - 0 1");
    EvalTrace trace;
    evaluate(outpost, active_eval_params(), trace);
    EXPECT_EQ(trace.terms[CATEGORY_PIECE_RELATIONS][WHITE], active_eval_params().knight_outpost);
    Position seventh = Position::from_fen("4k3/pR4pp/8/8/8/8/8/4K3 w - - 0 1");
    evaluate(seventh, active_eval_params(), trace);
    EXPECT_EQ(trace.terms[CATEGORY_ATTACK][WHITE],
              active_eval_params().rook_on_seventh + active_eval_params().rook_open_file);
}

}  // namespace
}  // namespace mneme
