// EPD: every record of every shared EPD file loads, opcodes and operands come out right (also
// from the files' irregular lines), records round-trip through to_string, bad lines are
// reported with file and line.
#include "mneme/notation/epd.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "mneme/core/position.h"
#include "test_data.h"

namespace mneme {
namespace {

const char* const TEST_FILES[] = {
    "epd/tests/bratko_kopec.epd",
    "epd/tests/ecm_879.epd",
    "epd/tests/ecm_gcp.epd",
    "epd/tests/eet.epd",
    "epd/tests/fortresses.epd",
    "epd/tests/hard_mates_blass_uri.epd",
    "epd/tests/kaufman.epd",
    "epd/tests/pet.epd",
    "epd/tests/silent_but_deadly.epd",
    "epd/tests/wac_arasan_revised.epd",
    "epd/tests/wac_original.epd",
    "epd/tests/zugzwang_nullmove.epd",
    "epd/perft/perftsuite.epd",
    "epd/perft/perft_standard_ethereal.epd",
    "epd/perft/perft_special_cases.epd",
    "epd/perft/perft_ferdy_double_checks.epd",
    "epd/perft/perft_chess960_ethereal.epd",
};

// Lines that hold a record: not blank, not a '#' comment (computed from the file itself).
int record_lines(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        auto first = line.find_first_not_of(" \t\r");
        if (first != std::string::npos && line[first] != '#') ++n;
    }
    return n;
}

// Lines of the shared files that are rightly rejected: fortresses.epd lines 8-10 are composed
// positions with 20+ white pieces (e.g. 15 bishops), which no game can reach.
struct KnownReject {
    const char* file;
    int line;
    const char* reason;
};
const KnownReject KNOWN_REJECTS[] = {
    {"epd/tests/fortresses.epd", 8, "White has more than 16 pieces"},
    {"epd/tests/fortresses.epd", 9, "White has more than 16 pieces"},
    {"epd/tests/fortresses.epd", 10, "White has more than 16 pieces"},
};

int known_rejects(const std::string& relative) {
    int n = 0;
    for (const auto& k : KNOWN_REJECTS) n += relative == k.file;
    return n;
}

// Loads a file; its errors must be exactly the known rejects, each naming file, line, reason.
std::vector<EpdRecord> load(const std::string& relative) {
    std::vector<std::string> errors;
    auto records = read_epd_file(test::data_path(relative), &errors);
    std::size_t next = 0;
    for (const auto& k : KNOWN_REJECTS) {
        if (relative != k.file) continue;
        if (next >= errors.size()) {
            ADD_FAILURE() << relative << ": line " << k.line << " was expected to be rejected";
            continue;
        }
        const std::string& e = errors[next++];
        EXPECT_NE(e.find(relative + ":" + std::to_string(k.line) + ": "), std::string::npos) << e;
        EXPECT_NE(e.find(k.reason), std::string::npos) << e;
    }
    for (; next < errors.size(); ++next) ADD_FAILURE() << "unexpected error: " << errors[next];
    return records;
}

EpdRecord parse(const std::string& line) {
    std::string error;
    auto record = parse_epd_line(line, &error);
    EXPECT_TRUE(record) << line << ": " << error;
    return record ? *record : EpdRecord{};
}

TEST(Epd, EveryRecordOfEveryFileLoads) {
    MNEME_REQUIRE_DATA();
    int total = 0;
    for (const char* file : TEST_FILES) {
        auto records = load(file);
        EXPECT_EQ(int(records.size()), record_lines(test::data_path(file)) - known_rejects(file))
            << file;
        for (const auto& record : records) {
            Position pos = record.position();
            std::string why;
            EXPECT_TRUE(pos.is_consistent(&why)) << file << ": " << why;
            EXPECT_EQ(pos.epd_fields().substr(0, pos.epd_fields().find(' ')),
                      record.position_fields.substr(0, record.position_fields.find(' ')))
                << file;
        }
        total += int(records.size());
    }
    // Totals from the data manifest, less the three impossible fortress positions.
    EXPECT_EQ(total, 300 + 300 + 24 + 879 + 183 + 25 + 134 + 100 + 48 + 24 + 169 + 5 + 128 + 128 +
                         174 + 184 + 960 - 3);
}

TEST(Epd, TestSuitesHaveTheirSolutionOpcodes) {
    MNEME_REQUIRE_DATA();
    for (const char* file : TEST_FILES) {
        std::string name = file;
        // fortresses.epd mixes "am", "draw" and bare positions; the others all have solutions.
        if (name.find("/tests/") == std::string::npos ||
            name.find("fortresses") != std::string::npos)
            continue;
        for (const auto& record : load(file)) {
            bool has_solution = record.find("bm") || record.find("am") || record.find("dm");
            EXPECT_TRUE(has_solution) << file << ": " << record.to_string();
        }
    }
}

TEST(Epd, PerftFilesHaveDepthCounts) {
    MNEME_REQUIRE_DATA();
    for (const char* file : TEST_FILES) {
        std::string name = file;
        if (name.find("/perft/") == std::string::npos) continue;
        for (const auto& record : load(file)) {
            int counts = 0;
            for (const auto& op : record.operations) {
                ASSERT_EQ(op.opcode[0], 'D') << file << ": " << record.to_string();
                ASSERT_EQ(op.operands.size(), 1u) << file << ": " << record.to_string();
                EXPECT_GT(std::stoull(op.operands[0]), 0u);
                ++counts;
            }
            EXPECT_GT(counts, 0) << file;
        }
    }
    // A sample line of the Chess960 file: Shredder-FEN castling, clocks, D1..D6.
    auto c960 = load("epd/perft/perft_chess960_ethereal.epd");
    ASSERT_FALSE(c960.empty());
    EXPECT_TRUE(c960[0].chess960);
    EXPECT_EQ(c960[0].halfmove_clock, 2);
    EXPECT_EQ(c960[0].fullmove_number, 9);
    EXPECT_EQ(c960[0].operand("D1"), "21");
    EXPECT_EQ(c960[0].operand("D6"), "227689589");
    EXPECT_EQ(c960[0].position().fen(),
              "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
}

TEST(Epd, KnownLinesOfTheTestFiles) {
    MNEME_REQUIRE_DATA();
    auto bk = load("epd/tests/bratko_kopec.epd");
    ASSERT_EQ(bk.size(), 24u);
    EXPECT_EQ(bk[0].position_fields, "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - -");
    EXPECT_EQ(bk[0].operand("bm"), "Qd1+");
    EXPECT_EQ(bk[0].operand("id"), "BK.01");

    // Kaufman: two lines lack the ';' before id.
    auto kaufman = load("epd/tests/kaufman.epd");
    ASSERT_EQ(kaufman.size(), 25u);
    EXPECT_EQ(kaufman[1].operand("bm"), "Nxd4");
    EXPECT_EQ(kaufman[1].find("bm")->operands.size(), 1u);
    EXPECT_EQ(kaufman[1].operand("id"), "position 02");
    EXPECT_EQ(kaufman[6].operand("bm"), "Bxe4");
    EXPECT_EQ(kaufman[6].operand("id"), "position 07");
    EXPECT_EQ(kaufman[2].operand("am"), "Rd1");

    // Blass/Uri: full FEN clocks, "bm ... dm ..." without ';', and one line without bm.
    auto mates = load("epd/tests/hard_mates_blass_uri.epd");
    ASSERT_EQ(mates.size(), 24u);
    EXPECT_EQ(mates[0].operand("bm"), "Rc8+");
    EXPECT_EQ(mates[0].operand("dm"), "26");
    EXPECT_EQ(mates[0].fullmove_number, 1);
    int without_bm = 0;
    for (const auto& r : mates) {
        EXPECT_NE(r.operand("dm"), "") << r.to_string();
        without_bm += r.find("bm") == nullptr;
    }
    EXPECT_EQ(without_bm, 1);
    EXPECT_EQ(mates[19].operand("dm"), "21");

    // Fortresses: "w - -;" then "am Nxb6 + ?" and a c1 comment without quotes.
    auto forts = load("epd/tests/fortresses.epd");
    ASSERT_EQ(forts.size(), 166u);
    int draws = 0, avoid = 0, best = 0;
    for (const auto& r : forts) {
        draws += r.find("draw") != nullptr;
        avoid += r.find("am") != nullptr;
        best += r.find("bm") != nullptr;
    }
    EXPECT_EQ(draws, 6);
    EXPECT_EQ(avoid, 3);
    EXPECT_EQ(best, 155);
    EXPECT_EQ(forts[0].position_fields, "2k5/2p5/1q1p4/pPpPp1p1/N1P1Pp1p/P4PbP/KQ4P1/8 w - -");
    ASSERT_TRUE(forts[0].find("am"));
    EXPECT_EQ(forts[0].find("am")->operands, (std::vector<std::string>{"Nxb6", "+", "?"}));
    EXPECT_EQ(forts[0].operand("c1"), "diff=10");

    // PET: ids with spaces after padding.
    auto pet = load("epd/tests/pet.epd");
    EXPECT_EQ(pet[0].operand("id"), "PET001: Pawn endgame");
    EXPECT_EQ(pet[0].operand("bm"), "e4");

    // Zugzwang file: full FEN clocks before the opcodes.
    auto zug = load("epd/tests/zugzwang_nullmove.epd");
    ASSERT_EQ(zug.size(), 5u);
    EXPECT_EQ(zug[1].operand("bm"), "Kh6");
    EXPECT_EQ(zug[1].operand("id"), "zugzwang.002");
}

TEST(Epd, OpcodesAndOperands) {
    EpdRecord r = parse(
        "r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq - bm f6 Qa5; am Qb6; "
        "id \"my id; with semicolon\"; c0 \"first comment\"; c9 plain; acd 12; D1 20; D2 400;");
    EXPECT_EQ(r.position_fields, "r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq -");
    EXPECT_EQ(r.find("bm")->operands, (std::vector<std::string>{"f6", "Qa5"}));
    EXPECT_EQ(r.operand("am"), "Qb6");
    EXPECT_EQ(r.operand("id"), "my id; with semicolon");
    EXPECT_EQ(r.operand("c0"), "first comment");
    EXPECT_EQ(r.operand("c9"), "plain");
    EXPECT_EQ(r.operand("acd"), "12");
    EXPECT_EQ(r.operand("D2"), "400");
    EXPECT_EQ(r.operand("missing"), "");
    EXPECT_EQ(r.find("missing"), nullptr);
    EXPECT_EQ(r.operations.size(), 8u);
}

TEST(Epd, MissingSemicolons) {
    EpdRecord r = parse("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2");
    EXPECT_EQ(r.operand("bm"), "Kd2");
    r = parse("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 Ke2 id \"x\" c0 \"y\"");
    EXPECT_EQ(r.find("bm")->operands, (std::vector<std::string>{"Kd2", "Ke2"}));
    EXPECT_EQ(r.operand("id"), "x");
    EXPECT_EQ(r.operand("c0"), "y");
    r = parse("4k3/8/8/8/8/8/8/4K3 w - -;;; bm Kd2;;");
    EXPECT_EQ(r.operand("bm"), "Kd2");
    r = parse("4k3/8/8/8/8/8/8/4K3 w - -");
    EXPECT_TRUE(r.operations.empty());
}

TEST(Epd, ClocksFromFenFieldsOrOpcodes) {
    EpdRecord r = parse("4k3/8/8/8/8/8/8/4K3 w - - 7 42 bm Kd2;");
    EXPECT_EQ(r.halfmove_clock, 7);
    EXPECT_EQ(r.fullmove_number, 42);
    EXPECT_EQ(r.position().fen(), "4k3/8/8/8/8/8/8/4K3 w - - 7 42");
    r = parse("4k3/8/8/8/8/8/8/4K3 b - - hmvc 12; fmvn 40;");
    EXPECT_EQ(r.position().fen(), "4k3/8/8/8/8/8/8/4K3 b - - 12 40");
    r = parse("4k3/8/8/8/8/8/8/4K3 b - -");
    EXPECT_EQ(r.position().fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(Epd, ToStringRoundTrip) {
    MNEME_REQUIRE_DATA();
    for (const char* file : TEST_FILES) {
        for (const auto& record : load(file)) {
            std::string text = record.to_string();
            EpdRecord again = parse(text);
            EXPECT_EQ(again.position_fields, record.position_fields) << text;
            ASSERT_EQ(again.operations.size(), record.operations.size()) << text;
            for (std::size_t i = 0; i < record.operations.size(); ++i) {
                EXPECT_EQ(again.operations[i].opcode, record.operations[i].opcode) << text;
                EXPECT_EQ(again.operations[i].operands, record.operations[i].operands) << text;
            }
            EXPECT_EQ(again.to_string(), text);
        }
    }
    EpdRecord r = parse("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a b\"; c0 \"\";");
    EXPECT_EQ(r.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a b\"; c0 \"\";");
}

TEST(Epd, CommentsAndBlankLinesAreNotRecords) {
    std::string error;
    EXPECT_FALSE(parse_epd_line("", &error));
    EXPECT_FALSE(parse_epd_line("   \t ", &error));
    EXPECT_FALSE(parse_epd_line("# a comment", &error));
    EXPECT_FALSE(parse_epd_line("  # indented comment", &error));
    EXPECT_EQ(error, "");
}

TEST(Epd, BadLinesSayWhy) {
    struct Bad {
        const char* line;
        const char* reason;
    };
    for (const Bad& b : {
             Bad{"4k3/8/8/8/8/8/8/4K3 w -", "expected 4 position fields"},
             Bad{"4k3/8/8/8/8/8/8/4K3 w - ; bm e4", "expected 4 position fields"},
             Bad{"4k3/8/8/8/8/8/8/4K3 w - - id \"unterminated", "unterminated string"},
             Bad{"4k3/8/8/8/8/8/8/4K3 w - - \"quoted\" bm e4", "expected an opcode"},
             Bad{"4k3/8/8/8/8/8/8/4K3 w - - 12abc;", "expected an opcode"},
             Bad{"4k3/8/8/8/8/8/8/8 w - - bm e4;", "White has 0 kings"},
             Bad{"4k3/8/8/8/8/8/8/4K3 x - - bm e4;", "side to move"},
         }) {
        std::string error;
        EXPECT_FALSE(parse_epd_line(b.line, &error)) << b.line;
        EXPECT_NE(error.find(b.reason), std::string::npos)
            << b.line << ": \"" << error << "\" lacks \"" << b.reason << "\"";
    }
}

TEST(Epd, FileErrorsNameFileAndLine) {
    auto path = std::filesystem::temp_directory_path() / "mneme_epd_test_bad.epd";
    {
        std::ofstream out(path);
        out << "# comment\n"
            << "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"good 1\";\n"
            << "\n"
            << "4k3/8/8/8/8/8/8/4K4 w - - bm Kd2;\n"
            << "4k3/8/8/8/8/8/8/4K3 w - - bm Kd1; id \"good 2\";\r\n";
    }
    std::vector<std::string> errors;
    auto records = read_epd_file(path.string(), &errors);
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[1].operand("id"), "good 2");
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find(path.string() + ":4:"), std::string::npos) << errors[0];
    EXPECT_NE(errors[0].find("more than 8 squares"), std::string::npos) << errors[0];
    std::filesystem::remove(path);

    errors.clear();
    EXPECT_TRUE(read_epd_file("/nonexistent/file.epd", &errors).empty());
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("cannot open"), std::string::npos);
}

// A file saved with a UTF-8 byte order mark reads from its first line, as a PGN file does; so
// does a line after which another such file was joined on (cat a.epd b.epd).
TEST(Epd, AByteOrderMarkIsNotPartOfTheFirstRecord) {
    auto path = std::filesystem::temp_directory_path() / "mneme_epd_test_bom.epd";
    {
        std::ofstream out(path, std::ios::binary);
        out << "\xEF\xBB\xBF"
               "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"first\";\n"
            << "\xEF\xBB\xBF"
               "4k3/8/8/8/8/8/8/4K3 w - - bm Kd1; id \"joined\";\n";
    }
    std::vector<std::string> errors;
    auto records = read_epd_file(path.string(), &errors);
    std::filesystem::remove(path);
    EXPECT_TRUE(errors.empty()) << errors.front();
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].position_fields, "4k3/8/8/8/8/8/8/4K3 w - -");
    EXPECT_EQ(records[0].operand("id"), "first");
    EXPECT_EQ(records[1].operand("id"), "joined");
}

// Input text quoted in a message (an operand, a FEN) has its control bytes written as \xNN, so
// that a file cannot drive the terminal the message is read on; UTF-8 letters stay as they are.
TEST(Epd, MessagesWriteTheControlBytesOfQuotedInputAsEscapes) {
    auto path = std::filesystem::temp_directory_path() / "mneme_epd_test_control.epd";
    {
        std::ofstream out(path, std::ios::binary);
        out << "4k3/8/8/8/8/8/8/4K3 w - - \"\u00d1\x1b[2J\" bm Kd2;\n"
            << "4k3/8/8/8\x1b[2J\x07/8/8/8/4K3 w - - bm Kd2;\n";
    }
    std::vector<std::string> errors;
    EXPECT_TRUE(read_epd_file(path.string(), &errors).empty());
    std::filesystem::remove(path);
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0], path.string() + ":1: expected an opcode, found '\u00d1\\x1b[2J'");
    EXPECT_NE(errors[1].find(":2: invalid FEN \"4k3/8/8/8\\x1b[2J\\x07/8/8/8/4K3 w - - 0 1\""),
              std::string::npos)
        << errors[1];
    for (const std::string& error : errors)
        EXPECT_EQ(error.find_first_of("\x1b\x07"), std::string::npos) << error;
}

TEST(Epd, MakeRecordFromPosition) {
    Position pos = Position::from_fen("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 12 40");
    EpdRecord r = make_epd_record(pos);
    EXPECT_EQ(r.position_fields, "4k3/8/8/8/3Pp3/8/8/4K3 b - d3");
    EXPECT_EQ(r.halfmove_clock, 12);
    EXPECT_EQ(r.fullmove_number, 40);
    EXPECT_FALSE(r.chess960);
    EXPECT_EQ(r.position().fen(), pos.fen());
    r = make_epd_record(Position::chess960_start(100));
    EXPECT_TRUE(r.chess960);
    EXPECT_EQ(r.position().fen(), Position::chess960_start(100).fen());
}

}  // namespace
}  // namespace mneme
