// FEN, Shredder-FEN and X-FEN in and out, Chess960 start positions, and rejection of bad input
// with a message that names the problem.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "mneme/core/movegen.h"
#include "mneme/core/position.h"
#include "mneme/notation/epd.h"
#include "test_data.h"

namespace mneme {
namespace {

// The error message for a FEN that must be rejected ("" if it was accepted).
std::string rejection(const std::string& fen, bool chess960 = false) {
    Position pos;
    std::string error;
    if (pos.set_fen(fen, chess960, &error)) return "";
    return error.empty() ? "(empty message)" : error;
}

TEST(Fen, StartPosition) {
    Position pos;
    EXPECT_EQ(pos.fen(), START_FEN);
    EXPECT_EQ(Position::from_fen(START_FEN).fen(), START_FEN);
    EXPECT_EQ(pos.epd_fields(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    EXPECT_FALSE(pos.is_chess960());
    EXPECT_EQ(pos.side_to_move(), WHITE);
    EXPECT_EQ(pos.castling_rights(), unsigned(ALL_CASTLING));
    EXPECT_EQ(pos.fullmove_number(), 1);
    EXPECT_EQ(pos.game_ply(), 0);
    EXPECT_EQ(pos.piece_on(SQ_E1), W_KING);
    EXPECT_EQ(pos.piece_on(SQ_D8), B_QUEEN);
    EXPECT_EQ(pos.count(WHITE, PAWN), 8);
}

TEST(Fen, ClocksAndMoveNumbers) {
    Position pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 37 81");
    EXPECT_EQ(pos.halfmove_clock(), 37);
    EXPECT_EQ(pos.fullmove_number(), 81);
    EXPECT_EQ(pos.game_ply(), 161);
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 37 81");
    // Four fields only: clocks default to 0 and 1.
    EXPECT_EQ(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - -").fen(),
              "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    // Five fields.
    EXPECT_EQ(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 5").fen(),
              "4k3/8/8/8/8/8/8/4K3 w - - 5 1");
    // Move number 0 is read as 1; extra blanks and tabs are tolerated.
    EXPECT_EQ(Position::from_fen("  4k3/8/8/8/8/8/8/4K3\tw  -  -  0 0 ").fen(),
              "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST(Fen, NonCanonicalDigitsAreNormalised) {
    EXPECT_EQ(Position::from_fen("4k3/8/44/8/8/8/8/4K3 w - - 0 1").fen(),
              "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(Position::from_fen("4k111/8/8/8/8/8/8/4K3 w - - 0 1").fen(),
              "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

// Every FEN of a perft suite round-trips (the en passant square is dropped when no pawn can
// capture; castling in Chess960 positions is written as Shredder-FEN). Returns the FENs checked.
int expect_fens_round_trip(const std::string& path) {
    int checked = 0, ep_dropped = 0;
    std::ifstream in(path);
    EXPECT_TRUE(in) << path;
    std::string line;
    while (std::getline(in, line)) {
        auto record = parse_epd_line(line, nullptr);
        if (!record) continue;
        Position pos = record->position();
        std::string fen = pos.fen();
        // Re-parse: identical output, same key.
        Position again = Position::from_fen(fen, pos.is_chess960());
        EXPECT_EQ(again.fen(), fen) << path;
        EXPECT_EQ(again.key(), pos.key()) << fen;
        std::string expected = record->position_fields;
        if (pos.en_passant_square() == SQ_NONE && expected.back() != '-') {
            expected = expected.substr(0, expected.rfind(' ')) + " -";
            ++ep_dropped;
        }
        // The suites write castling as KQkq or (960 file) as Shredder-FEN letters.
        EXPECT_EQ(pos.epd_fields(), expected) << path << ": " << line;
        ++checked;
    }
    ::testing::Test::RecordProperty("ep_squares_dropped", ep_dropped);
    return checked;
}

TEST(Fen, RoundTripOfTheCommittedPerftSample) {
    EXPECT_EQ(expect_fens_round_trip(test::fixture_path("perft_sample.epd")), 67);
}

TEST(Fen, RoundTripOfAllPerftSuiteFens) {
    MNEME_REQUIRE_DATA();
    int checked = 0;
    for (const char* file :
         {"perftsuite.epd", "perft_standard_ethereal.epd", "perft_special_cases.epd",
          "perft_ferdy_double_checks.epd", "perft_chess960_ethereal.epd"})
        checked += expect_fens_round_trip(test::data_path(std::string("epd/perft/") + file));
    EXPECT_EQ(checked, 128 + 128 + 174 + 184 + 960);
}

TEST(Fen, ShredderAndXFenAreBothAccepted) {
    // Standard position: KQkq, HAha and mixed spellings describe the same rights.
    Position xfen = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    Position shredder = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    Position mixed = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KAhq - 0 1");
    EXPECT_EQ(xfen.key(), shredder.key());
    EXPECT_EQ(xfen.key(), mixed.key());
    for (CastlingRights r : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
        EXPECT_EQ(xfen.castling_rook_square(r), shredder.castling_rook_square(r));
    EXPECT_EQ(xfen.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(MoveList<LEGAL>(xfen).size(), MoveList<LEGAL>(shredder).size());

    // Chess960 position given with X-FEN letters: KQkq mean the outermost rooks.
    Position x960 = Position::from_fen("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1");
    Position s960 = Position::from_fen("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1");
    EXPECT_TRUE(x960.is_chess960());
    EXPECT_EQ(x960.fen(), s960.fen());
    EXPECT_EQ(x960.fen(), "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1");
    EXPECT_EQ(x960.key(), s960.key());
}

TEST(Fen, Chess960OutputUsesRookFiles) {
    Position pos =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true);
    EXPECT_TRUE(pos.is_chess960());
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    // Partial rights.
    EXPECT_EQ(Position::from_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w Gb - 0 1").fen(),
              "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w Gb - 0 1");
    // Shredder letters always switch to Chess960 mode, even for the standard setup.
    EXPECT_TRUE(Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
                    .is_chess960());
}

TEST(Fen, Chess960StartNumbers) {
    EXPECT_EQ(Position::chess960_start(518).epd_fields(),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -");
    EXPECT_EQ(Position::chess960_start(0).epd_fields(),
              "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf -");
    EXPECT_EQ(Position::chess960_start(959).epd_fields(),
              "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca -");
    EXPECT_THROW(Position::chess960_start(960), FenError);
    EXPECT_THROW(Position::chess960_start(-1), FenError);
}

TEST(Fen, Chess960StartsMatchTheFrcOpeningsFile) {
    MNEME_REQUIRE_DATA();
    // FRC_openings.epd lists the 960 starts one per line in Scharnagl order (line 1 is
    // BBQNNRKR = number 0, line 519 the standard setup), with X-FEN castling "KQkq".
    std::ifstream in(test::data_path("openings/FRC_openings.epd"));
    std::string line;
    int number = 0;
    std::vector<std::string> seen;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        ASSERT_LT(number, 960);
        Position expected = Position::from_fen(line, true);
        Position ours = Position::chess960_start(number);
        EXPECT_EQ(ours.fen(), expected.fen()) << "number " << number;
        EXPECT_EQ(ours.key(), expected.key()) << "number " << number;
        seen.push_back(ours.epd_fields());
        ++number;
    }
    EXPECT_EQ(number, 960);
    std::sort(seen.begin(), seen.end());
    EXPECT_EQ(std::unique(seen.begin(), seen.end()), seen.end()) << "duplicate start positions";
}

TEST(Fen, Chess960StartRulesHold) {
    for (int n = 0; n < 960; ++n) {
        Position pos = Position::chess960_start(n);
        std::string rank = pos.epd_fields().substr(pos.epd_fields().rfind('/') + 1, 8);
        auto b1 = rank.find('B'), b2 = rank.rfind('B');
        ASSERT_NE(b1, b2) << n;
        EXPECT_NE(b1 % 2, b2 % 2) << "bishops on one colour in " << n;
        auto r1 = rank.find('R'), k = rank.find('K'), r2 = rank.rfind('R');
        EXPECT_TRUE(r1 < k && k < r2) << "king not between the rooks in " << n;
        // Every back-rank square is occupied, so castling on move 1 is possible only when
        // king and rook simply swap (e.g. ...RKR... with the king on f1 and a rook on g1).
        for (Move m : MoveList<LEGAL>(pos)) {
            if (m.kind() != CASTLING) continue;
            EXPECT_EQ(pos.castling_king_destination(m), m.to()) << n;
            EXPECT_EQ(pos.castling_rook_destination(m), m.from()) << n;
        }
        EXPECT_EQ(pos.castling_rights(), unsigned(ALL_CASTLING)) << n;
    }
}

// ---------------------------------------------------------------- rejection

struct BadFen {
    const char* fen;
    const char* reason;  // a substring of the message
};

TEST(FenRejection, EachReasonIsNamed) {
    const BadFen cases[] = {
        // Kings.
        {"8/8/8/8/8/8/8/8 w - - 0 1", "White has 0 kings"},
        {"4k3/8/8/8/8/8/8/8 w - - 0 1", "White has 0 kings"},
        {"8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has 0 kings"},
        {"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "White has 2 kings"},
        {"3kk3/8/8/8/8/8/8/4K3 w - - 0 1", "Black has 2 kings"},
        // Pawns on back ranks.
        {"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "first or last rank"},
        {"p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "first or last rank"},
        // Too many pieces.
        {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "more than 8 pawns"},
        // Side not to move in check.
        {"4k3/8/8/8/8/8/8/4K2r b - - 0 1", "not to move (White) is in check"},
        {"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "not to move (Black) is in check"},
        // Castling rights without the rook or king in place.
        {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "no White rook"},
        {"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "no White rook"},
        {"r3k3/8/8/8/8/8/8/4K3 w k - 0 1", "no Black rook"},
        {"4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", "king is not on its first rank"},
        {"r6r/4k3/8/8/8/8/8/4K3 w kq - 0 1", "king is not on its first rank"},
        {"4k3/8/8/8/8/8/8/R3K2R w KK - 0 1", "given twice"},
        {"4k3/8/8/8/8/8/8/R3K2R w KX - 0 1", "unexpected character 'X' in the castling"},
        {"4k3/8/8/8/8/8/8/R3K2R w B - 0 1", "no White rook"},
        // En passant square inconsistent.
        {"4k3/8/8/8/3Pp3/8/8/4K3 b - d4 0 1", "not on the 3rd rank"},
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1", "not on the 6th rank"},
        {"4k3/8/8/8/4p3/8/8/4K3 b - d3 0 1", "no pawn that just advanced"},
        {"4k3/8/8/8/3Pp3/3N4/8/4K3 b - d3 0 1", "squares the pawn passed are not empty"},
        {"4k3/8/8/8/3Pp3/8/3N4/4K3 b - d3 0 1", "squares the pawn passed are not empty"},
        {"4k3/8/8/8/3Pp3/8/8/4K3 b - z9 0 1", "is not a square"},
        {"4k3/8/8/8/3Pp3/8/8/4K3 b - d 0 1", "is not a square"},
        // Field counts.
        {"", "at least 4 fields"},
        {"4k3/8/8/8/8/8/8/4K3", "at least 4 fields"},
        {"4k3/8/8/8/8/8/8/4K3 w -", "at least 4 fields"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "at most 6 fields"},
        // Bad characters and bad fields.
        {"4k3/8/8/8/8/8/8/4K2X w - - 0 1", "unexpected character 'X'"},
        {"4k3/8/8/8/8/8/8/4K2. w - - 0 1", "unexpected character '.'"},
        {"4k3/8/8/8/8/8/8/4K309 w - - 0 1", "unexpected character '0'"},
        {"4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move must be 'w' or 'b'"},
        {"4k3/8/8/8/8/8/8/4K3 W - - 0 1", "side to move must be 'w' or 'b'"},
        {"4k3/8/8/8/8/8/8/4K3 w - - x 1", "half-move clock 'x'"},
        {"4k3/8/8/8/8/8/8/4K3 w - - -1 1", "half-move clock '-1'"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 one", "full-move number 'one'"},
        // Ranks too long or too short, too many or too few ranks.
        {"4k4/8/8/8/8/8/8/4K3 w - - 0 1", "rank 8 has more than 8 squares"},
        {"4k3/8/8/8/8/8/8/4K3p w - - 0 1", "rank 1 has more than 8 squares"},
        {"4k3/8/8/8/8/8/9/4K3 w - - 0 1", "unexpected character '9'"},
        {"4k3/7/8/8/8/8/8/4K3 w - - 0 1", "rank 7 does not have 8 squares"},
        {"4k3/8/8/8/8/8/8/4K2 w - - 0 1", "does not describe 8 full ranks"},
        {"4k3/8/8/8/8/8/8 w - - 0 1", "does not describe 8 full ranks"},
        {"4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", "more than 8 ranks"},
        {"4k3//8/8/8/8/8/4K3 w - - 0 1", "rank 7 does not have 8 squares"},
    };
    for (const BadFen& c : cases) {
        std::string message = rejection(c.fen);
        EXPECT_NE(message, "") << "accepted: \"" << c.fen << "\"";
        EXPECT_NE(message.find(c.reason), std::string::npos)
            << "FEN \"" << c.fen << "\": message \"" << message << "\" lacks \"" << c.reason
            << "\"";
        // The message quotes the FEN so a log line is self-contained.
        EXPECT_NE(message.find(std::string("\"") + c.fen + "\""), std::string::npos) << message;
    }
}

TEST(FenRejection, FromFenThrowsFenError) {
    EXPECT_THROW(Position::from_fen("not a fen"), FenError);
    try {
        Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra");
        FAIL() << "no exception";
    } catch (const FenError& e) {
        EXPECT_NE(std::string(e.what()).find("at most 6 fields"), std::string::npos) << e.what();
    }
}

TEST(FenRejection, NearMissesThatAreValid) {
    // These look odd but are legal positions and must be accepted.
    for (const char* fen : {
             "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "k7/8/8/8/8/8/8/7K b - - 99 300",
             "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",     // one right
             "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",  // ep with a capturer
             "4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1",   // ep without (dropped)
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
             "4k3/8/8/8/8/8/8/4K2r w - - 0 1",    // side to move in check
             "4k3/8/8/8/8/5n2/8/4K2r w - - 0 1",  // double check
         }) {
        EXPECT_EQ(rejection(fen), "") << fen;
    }
}

TEST(FenRejection, ImpossibleTripleCheck) {
    std::string message = rejection("4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1");
    EXPECT_NE(message.find("more than two"), std::string::npos) << message;
}

TEST(FenRejection, ParserRecoversForTheNextFen) {
    Position pos;
    std::string error;
    EXPECT_FALSE(pos.set_fen("4k3/8/8/8/8/8/8/4K3 x - - 0 1", false, &error));
    EXPECT_TRUE(pos.set_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", false, &error)) << error;
    std::string why;
    EXPECT_TRUE(pos.is_consistent(&why)) << why;
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    // A null error pointer is allowed.
    EXPECT_FALSE(pos.set_fen("garbage", false, nullptr));
}

}  // namespace
}  // namespace mneme
