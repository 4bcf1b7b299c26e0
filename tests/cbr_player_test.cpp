// The CBR agent as a match player (proto=cbr cases=FILE) and as a UCI engine.
#include <gtest/gtest.h>

#include <sstream>

#include "cbr_test_util.h"
#include "mneme/cbr/case_base.h"
#include "mneme/cbr/case_base_file.h"
#include "mneme/core/movegen.h"
#include "mneme/match/player_spec.h"
#include "mneme/notation/uci_move.h"
#include "mneme/protocol/uci_player_protocol.h"
#include "test_data.h"

namespace mneme {
namespace {

std::string write_random_base(const test::ScratchDirectory& dir) {
    std::string path = dir.file("random.mcases");
    write_case_base(path, "random games", test::random_cases(8, 40, 60), 40);
    return path;
}

TEST(CbrPlayer, MatchPlayerFromSpec) {
    test::ScratchDirectory dir("cbr_player");
    std::string path = write_random_base(dir);
    PlayerSpec spec = parse_player_spec({"proto=cbr", "cases=" + path, "seed=3",
                                         "option.weights=0.8,0.2,0.5", "option.mirror=true"});
    EXPECT_EQ(spec.kind, PlayerKind::CBR);
    EXPECT_EQ(spec.name, "cbr");
    auto player = make_player(spec);
    std::string error;
    ASSERT_TRUE(player->start(error)) << error;
    MoveRequest request;
    MoveReply reply = player->play(request);
    EXPECT_TRUE(MoveList<LEGAL>(request.position).contains(reply.move));

    // Without cases= the player takes the first built-in case base (builtin_defaults_test.cpp).
    if (builtin_case_base_paths().empty())
        EXPECT_THROW(parse_player_spec({"proto=cbr"}), std::invalid_argument);
    else
        EXPECT_EQ(parse_player_spec({"proto=cbr"}).cases_path, builtin_case_base_paths().front());
    EXPECT_THROW(parse_player_spec({"proto=random", "cases=x"}), std::invalid_argument);
    auto missing = make_player(parse_player_spec({"proto=cbr", "cases=" + dir.file("none")}));
    EXPECT_FALSE(missing->start(error));
    EXPECT_NE(error.find("none"), std::string::npos) << error;
    auto bad_option =
        make_player(parse_player_spec({"proto=cbr", "cases=" + path, "option.k=zero"}));
    EXPECT_FALSE(bad_option->start(error));
    EXPECT_NE(error.find("k=zero"), std::string::npos) << error;
}

TEST(CbrPlayer, SpeaksUci) {
    test::ScratchDirectory dir("cbr_uci");
    std::string path = write_random_base(dir);
    std::ostringstream out;
    UciPlayerProtocol uci(out, parse_player_spec({"proto=cbr", "cases=" + path}));
    for (const char* line : {"uci", "setoption name trace value true", "isready", "ucinewgame",
                             "position startpos moves e2e4", "go wtime 1000 btime 1000"})
        ASSERT_TRUE(uci.handle(line));
    EXPECT_FALSE(uci.handle("quit"));
    std::string text = out.str();
    EXPECT_NE(text.find("uciok"), std::string::npos);
    EXPECT_NE(text.find("readyok"), std::string::npos);
    EXPECT_NE(text.find("info string"), std::string::npos) << text;  // the trace
    auto at = text.find("bestmove ");
    ASSERT_NE(at, std::string::npos) << text;
    Position pos;
    pos.do_move(parse_uci_move(pos, "e2e4"));
    std::string move = text.substr(at + 9, text.find('\n', at) - at - 9);
    EXPECT_TRUE(parse_uci_move(pos, move)) << move;
}

// "mneme uci --player cbr --cases FILE" with a case base it cannot use refuses to start and
// says why, instead of answering every "go" with "bestmove 0000".
TEST(CbrPlayer, UciRefusesToStartWithoutUsableCases) {
    test::ScratchDirectory dir("cbr_uci_refuses");
    std::string empty = dir.file("empty.mcases");
    write_case_base(empty, "no games", {}, 0);
    std::string garbage = dir.write("garbage.mcases", "not a case base at all");
    struct Case {
        std::string path, reason;
    };
    for (const Case& c :
         {Case{dir.file("missing.mcases"), "missing.mcases"},
          Case{garbage, "not a usable mneme case base"}, Case{empty, "holds no cases"}}) {
        std::istringstream in("uci\nisready\nposition startpos\ngo\n");
        std::ostringstream out;
        std::string error;
        EXPECT_FALSE(
            run_player_uci(parse_player_spec({"proto=cbr", "cases=" + c.path}), in, out, error))
            << c.path;
        EXPECT_NE(error.find(c.path), std::string::npos) << error;
        EXPECT_NE(error.find(c.reason), std::string::npos) << error;
        EXPECT_EQ(out.str(), "") << "nothing is served";
    }
}

// A player that cannot move (here: options that keep it from starting) still never answers
// "bestmove 0000" while a legal move exists; without one it does.
TEST(CbrPlayer, UciPlaysALegalMoveWhenThePlayerGivesNone) {
    test::ScratchDirectory dir("cbr_uci_fallback");
    std::string path = write_random_base(dir);
    std::ostringstream out;
    UciPlayerProtocol uci(out, parse_player_spec({"proto=cbr", "cases=" + path}));
    for (const char* line : {"uci", "setoption name k value zero", "position startpos", "go"})
        ASSERT_TRUE(uci.handle(line));
    std::string text = out.str();
    EXPECT_NE(text.find("info string error:"), std::string::npos) << text;
    EXPECT_NE(text.find("info string the cbr player gave no move"), std::string::npos) << text;
    auto at = text.rfind("bestmove ");
    ASSERT_NE(at, std::string::npos) << text;
    std::string move = text.substr(at + 9, text.find('\n', at) - at - 9);
    EXPECT_TRUE(parse_uci_move(Position(), move)) << move;

    std::ostringstream mated_out;
    UciPlayerProtocol mated(mated_out, parse_player_spec({"proto=cbr", "cases=" + path}));
    for (const char* line : {"uci", "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "go"})
        ASSERT_TRUE(mated.handle(line));
    EXPECT_NE(mated_out.str().find("bestmove 0000"), std::string::npos) << mated_out.str();
}

}  // namespace
}  // namespace mneme
