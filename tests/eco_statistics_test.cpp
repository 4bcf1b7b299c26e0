// Opening names by position from lichess-style tables, and results per ECO code and family
// (the thesis's Table B.3) on hand-made games.
#include <gtest/gtest.h>

#include "mneme/notation/san.h"
#include "mneme/pgn/eco_statistics.h"
#include "mneme/pgn/eco_table.h"
#include "mneme/pgn/pgn_reader.h"
#include "test_data.h"

namespace mneme {
namespace {

constexpr const char* TINY_TABLE =
    "eco\tname\tpgn\n"
    "C00\tFrench Defense\t1. e4 e6\n"
    "C00\tFrench Defense: Knight Variation\t1. e4 e6 2. Nf3\n"
    "C20\tKing's Pawn Game\t1. e4 e5\n"
    "C99\tBroken Line\t1. e4 e5 2. Ke3\n"
    "X12\tNot A Code\t1. d4\n"
    "D00\tQueen's Pawn Game\t1. d4 d5\n";

std::vector<Move> moves_of(const std::string& uci_line) {
    std::vector<Move> moves;
    Position pos;
    std::string word;
    for (char c : uci_line + " ") {
        if (c != ' ') {
            word += c;
            continue;
        }
        if (word.empty()) continue;
        Move m = parse_san(pos, word);
        moves.push_back(m);
        pos.do_move(m);
        word.clear();
    }
    return moves;
}

TEST(EcoTable, NamesPositionsWhateverTheMoveOrderAndReportsBadRows) {
    test::ScratchDirectory dir("eco_table_test");
    std::string path = dir.write("table.tsv", TINY_TABLE);
    EcoTable table;
    std::vector<std::string> reports;
    EXPECT_EQ(table.load_lichess_tsv(path, [&](const std::string& m) { reports.push_back(m); }),
              4u);
    ASSERT_EQ(reports.size(), 2u);
    EXPECT_NE(reports[0].find(path + ":5: 'Ke3' is not a legal move"), std::string::npos)
        << reports[0];
    EXPECT_NE(reports[1].find(path + ":6: 'X12' is not an ECO code"), std::string::npos)
        << reports[1];

    const EcoOpening* french = table.classify(moves_of("e4 e6 Nf3 d5 exd5"));
    ASSERT_NE(french, nullptr);
    EXPECT_EQ(french->code, "C00");
    EXPECT_EQ(french->name, "French Defense: Knight Variation");
    // 1.Nf3 e6 2.e4 reaches the same position by another order.
    const EcoOpening* transposed = table.classify(moves_of("Nf3 e6 e4"));
    ASSERT_NE(transposed, nullptr);
    EXPECT_EQ(transposed->name, "French Defense: Knight Variation");
    EXPECT_EQ(table.classify(moves_of("c4 c5")), nullptr);
    EXPECT_EQ(table.code_name("C00"), "French Defense");
    EXPECT_EQ(table.code_name("B99"), "");
}

TEST(EcoStatistics, CountsResultsPerCodeAndFamily) {
    const char* pgn =
        "[Result \"1-0\"]\n[ECO \"C01\"]\n\n1. e4 e6 1-0\n\n"
        "[Result \"1/2-1/2\"]\n[ECO \"C18\"]\n\n1. e4 e6 1/2-1/2\n\n"
        "[Result \"0-1\"]\n[ECO \"E97\"]\n\n1. d4 Nf6 0-1\n\n"
        "[Result \"1-0\"]\n[ECO \"?\"]\n\n1. b3 1-0\n\n"
        "[Result \"*\"]\n[ECO \"C00\"]\n\n1. e4 *\n\n";
    EcoStatistics statistics;
    PgnReader reader = PgnReader::from_string(pgn);
    PgnMainline game;
    while (reader.next_mainline(game)) statistics.add(game.headers.get("ECO"), game.result);

    ResultCounts french = statistics.range("C00", "C19");
    EXPECT_EQ(french.games(), 2u);
    EXPECT_DOUBLE_EQ(french.white_percent(), 50.0);
    EXPECT_DOUBLE_EQ(french.draw_percent(), 50.0);
    EXPECT_EQ(statistics.range("E60", "E99").black_wins, 1u);
    EXPECT_EQ(statistics.unclassified().games(), 1u);
    EXPECT_EQ(statistics.total().games(), 4u);  // the unfinished game is not counted
    EXPECT_EQ(statistics.by_code().size(), 3u);
    EXPECT_EQ(eco_families().front().first, std::string("A00"));
    EXPECT_EQ(eco_families()[1].name, std::string("French"));
}

TEST(EcoTable, ReadsTheSharedLichessTables) {
    MNEME_REQUIRE_DATA();
    std::vector<std::string> reports;
    EcoTable table = EcoTable::load_directory(test::data_path("eco"),
                                              [&](const std::string& m) { reports.push_back(m); });
    EXPECT_TRUE(reports.empty()) << reports.front();
    EXPECT_GT(table.size(), 3000u);
    EXPECT_EQ(table.code_name("C00"), "French Defense");
    const EcoOpening* kid = table.classify(moves_of("d4 Nf6 c4 g6 Nc3 Bg7 e4 d6"));
    ASSERT_NE(kid, nullptr);
    EXPECT_GE(kid->code, "E60") << kid->name;  // the King's Indian
    EXPECT_NE(kid->name.find("King's Indian"), std::string::npos) << kid->name;
}

}  // namespace
}  // namespace mneme
