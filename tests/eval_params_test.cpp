// The evaluation's parameter table: flat access for tuners, and its text file round trip.
#include "mneme/eval/eval_params.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "mneme/eval/evaluate.h"

namespace mneme {
namespace {

const char* const SAMPLE_FENS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
};

// A file name of this test's own, removed at the end of the test.
struct TemporaryFile {
    std::string path = (std::filesystem::temp_directory_path() /
                        ("mneme_eval_params_test_" + std::to_string(::getpid()) + ".txt"))
                           .string();
    ~TemporaryFile() { std::filesystem::remove(path); }
};

TEST(EvalParams, FlatViewCoversEveryParameterOnceByName) {
    EvalParams params = EvalParams::defaults();
    ASSERT_GT(EvalParams::size(), 6u * 64u * 2u);  // the piece-square tables alone
    std::set<std::string> names;
    for (std::size_t i = 0; i < EvalParams::size(); ++i) names.insert(EvalParams::flat_name(i));
    EXPECT_EQ(names.size(), EvalParams::size());
    EXPECT_TRUE(names.count("piece_value_queen.mg"));
    EXPECT_TRUE(names.count("psqt_knight_e4.eg"));
    EXPECT_TRUE(names.count("passed_pawn_rank_6.eg"));
    EXPECT_TRUE(names.count("max_king_danger"));

    std::vector<int> values = params.to_vector();
    ASSERT_EQ(values.size(), EvalParams::size());
    for (std::size_t i = 0; i < values.size(); ++i) EXPECT_EQ(params.get(i), values[i]);
    params.set(0, values[0] + 7);
    EXPECT_EQ(params.get(0), values[0] + 7);
    EXPECT_EQ(params.piece_value[PAWN].mg, values[0] + 7);
    params.set_from_vector(values);
    EXPECT_EQ(params.to_vector(), values);
    EXPECT_THROW(params.set_from_vector({1, 2, 3}), std::invalid_argument);
}

TEST(EvalParams, EvaluateUsesTheGivenAndTheActiveTable) {
    Position pos = Position::from_fen(SAMPLE_FENS[1]);
    EvalParams richer = EvalParams::defaults();
    richer.tempo = {richer.tempo.mg + 100, richer.tempo.eg + 100};
    EXPECT_EQ(evaluate(pos, richer), evaluate(pos) + 100);

    EvalParams saved = active_eval_params();
    set_active_eval_params(richer);
    EXPECT_EQ(evaluate(pos), evaluate(pos, richer));
    set_active_eval_params(saved);
    EXPECT_EQ(evaluate(pos), evaluate(pos, EvalParams::defaults()));
}

TEST(EvalParams, SaveThenLoadGivesTheSameTableAndScores) {
    EvalParams changed = EvalParams::defaults();
    std::vector<int> values = changed.to_vector();
    for (std::size_t i = 0; i < values.size(); ++i) values[i] += int(i % 7) - 3;
    changed.set_from_vector(values);

    TemporaryFile file;
    save_eval_params(file.path, changed);
    EvalParams loaded = EvalParams::defaults();
    std::vector<ParamFileError> errors = load_eval_params(file.path, loaded);
    EXPECT_TRUE(errors.empty()) << errors.front().to_string();
    EXPECT_EQ(loaded.to_vector(), values);
    for (const char* fen : SAMPLE_FENS) {
        Position pos = Position::from_fen(fen);
        EXPECT_EQ(evaluate(pos, loaded), evaluate(pos, changed)) << fen;
    }
    // No temporary file is left beside the saved one.
    for (const auto& entry :
         std::filesystem::directory_iterator(std::filesystem::path(file.path).parent_path()))
        EXPECT_EQ(entry.path().string().find(file.path + ".tmp"), std::string::npos);
}

TEST(EvalParams, BadLinesAreReportedWithTheirLineAndSkipped) {
    std::istringstream text(
        "# a comment line\n"
        "tempo 20 6   # trailing comment\n"
        "no_such_parameter 1 2\n"
        "bishop_pair 30 x\n"
        "\n"
        "max_king_danger 1 2\n"
        "rook_on_seventh 25\n"
        "max_king_danger 600\n"
        "psqt_knight_e4 9 8\n");
    EvalParams params = EvalParams::defaults();
    std::vector<ParamFileError> errors = read_eval_params(text, "weights.txt", params);
    ASSERT_EQ(errors.size(), 4u);
    EXPECT_EQ(errors[0].line, 3);
    EXPECT_EQ(errors[1].line, 4);
    EXPECT_EQ(errors[2].line, 6);
    EXPECT_EQ(errors[3].line, 7);
    EXPECT_NE(errors[0].to_string().find("weights.txt:3"), std::string::npos);
    EXPECT_NE(errors[0].reason.find("no_such_parameter"), std::string::npos);
    EXPECT_NE(errors[1].reason.find("'x'"), std::string::npos);

    EvalParams defaults = EvalParams::defaults();
    EXPECT_EQ(params.tempo, (TaperedScore{20, 6}));
    EXPECT_EQ(params.max_king_danger, 600);
    EXPECT_EQ(params.piece_square[KNIGHT][SQ_E4], (TaperedScore{9, 8}));
    EXPECT_EQ(params.bishop_pair, defaults.bishop_pair);
    EXPECT_EQ(params.rook_on_seventh, defaults.rook_on_seventh);
}

TEST(EvalParams, MissingFileIsOneError) {
    EvalParams params = EvalParams::defaults();
    std::vector<ParamFileError> errors = load_eval_params("/nonexistent/dir/weights.txt", params);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].line, 0);
    EXPECT_EQ(params.to_vector(), EvalParams::defaults().to_vector());
    EXPECT_THROW(save_eval_params("/nonexistent/dir/weights.txt", params), std::runtime_error);
}

}  // namespace
}  // namespace mneme
