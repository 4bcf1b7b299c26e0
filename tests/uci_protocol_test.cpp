// The UCI protocol driven while its search thread runs: what must happen before "stop", what
// must not, and clocks that GUIs send out of range.
#include <gtest/gtest.h>

#include <chrono>
#include <ostream>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "mneme/notation/uci_move.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/protocol/uci_protocol.h"
#include "protocol_test_util.h"

namespace mneme {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// A UCI session whose output the test reads while the engine thinks.
class LiveSession {
public:
    LiveSession() { send("uci"); }
    void send(const std::string& line) { running_ = protocol_.handle(line); }
    bool running() const { return running_; }
    std::string output() { return buffer_.text(); }
    bool says(const std::string& text) { return output().find(text) != std::string::npos; }
    bool wait_for(const std::string& text, int seconds = 10) {
        return buffer_.wait_for(text, 1, seconds);
    }
    // The move after "bestmove ", or "" when none came.
    std::string best_move() {
        std::string text = output();
        auto at = text.rfind("bestmove ");
        if (at == std::string::npos) return "";
        at += 9;
        return text.substr(at, text.find_first_of(" \n", at) - at);
    }

private:
    test::SharedOutput buffer_;
    std::ostream out_{&buffer_};
    UciProtocol protocol_{out_};
    bool running_ = true;
};

// A clock that has run out means "move now", as Stockfish does; it is no malformed number
// that leaves the search running until "stop".
TEST(UciHardening, NegativeClockMovesAtOnce) {
    for (const char* go : {"go wtime -1 btime 60000", "go wtime -500 btime -500 winc -10 binc 0"}) {
        LiveSession session;
        session.send("position startpos");
        auto start = Clock::now();
        session.send(go);
        ASSERT_TRUE(session.wait_for("bestmove ", 5)) << go << ": " << session.output();
        EXPECT_LT(Clock::now() - start, 2s) << go;
        EXPECT_FALSE(session.says("error")) << go << ": " << session.output();
        EXPECT_TRUE(parse_uci_move(Position(), session.best_move())) << session.output();
        // A minimal search: one iteration.
        EXPECT_FALSE(session.says("info depth 2 ")) << go << ": " << session.output();
    }
}

// A limit the GUI garbled or sent below zero is the smallest search, never an endless one: the
// GUI is waiting for a move. A garbled number is reported; an unknown word does not undo the
// limits around it.
TEST(UciHardening, GarbledOrNegativeLimitsStillAnswer) {
    struct Case {
        const char* go;
        bool reported;
    };
    for (const Case& c :
         {Case{"go depth abc", true}, Case{"go depth 1x", true}, Case{"go nodes 1e999", true},
          Case{"go movetime abc", true}, Case{"go wtime abc btime 100", true},
          Case{"go depth -1", false}, Case{"go movetime -5", false}, Case{"go nodes -3", false},
          Case{"go depth 2 sideways 7", false}}) {
        LiveSession session;
        session.send("position startpos");
        auto start = Clock::now();
        session.send(c.go);
        ASSERT_TRUE(session.wait_for("bestmove ", 5)) << c.go << ": " << session.output();
        EXPECT_LT(Clock::now() - start, 2s) << c.go;
        EXPECT_EQ(session.says("needs a whole number"), c.reported)
            << c.go << ": " << session.output();
        EXPECT_TRUE(parse_uci_move(Position(), session.best_move())) << session.output();
        // Depth and nodes limits stop after an iteration or two; time limits after 1 ms or less.
        if (std::string(c.go).find("time") == std::string::npos) {
            EXPECT_FALSE(session.says("info depth 3 ")) << c.go << ": " << session.output();
        }
    }
    LiveSession session;
    session.send("position startpos");
    session.send("go depth 2 sideways 7");
    ASSERT_TRUE(session.wait_for("bestmove ", 5)) << session.output();
    EXPECT_TRUE(session.says("unknown go parameter: sideways")) << session.output();
}

// A check option takes true or false only, a spin option beyond its range the nearest end, and
// both say so; words after the position are named, not silently dropped.
TEST(UciHardening, OptionValuesAndPositionsAreCheckedAloud) {
    LiveSession session;
    for (const char* line :
         {"setoption name UCI_Chess960 value maybe", "setoption name Ponder value 7",
          "setoption name UCI_LimitStrength value yes", "setoption name Skill Level value 99",
          "setoption name UCI_Elo value 100", "setoption name MultiPV value 0",
          "setoption name Contempt value 500", "setoption name UCI_ShowWDL value true",
          "position startpos garbage", "isready"})
        session.send(line);
    for (const char* said : {"info string UCI_Chess960 needs true or false, got 'maybe'",
                             "info string Ponder needs true or false, got '7'",
                             "info string UCI_LimitStrength needs true or false, got 'yes'",
                             "info string Skill Level is 0 to 20; 99 taken as 20",
                             "info string UCI_Elo is 1320 to 3190; 100 taken as 1320",
                             "info string MultiPV is 1 to 256; 0 taken as 1",
                             "info string Contempt is -200 to 200; 500 taken as 200",
                             "info string error: 'garbage' after the position; expected 'moves'"})
        EXPECT_TRUE(session.says(said)) << said << " in " << session.output();
    EXPECT_FALSE(session.says("UCI_ShowWDL needs")) << session.output();
    // The rejected "maybe" left Chess960 off: castling is still spelled king to its square.
    session.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1");
    EXPECT_FALSE(session.says("illegal move")) << session.output();
}

// The largest clock there is must not overflow into an instant move: the engine thinks until
// told to stop. A clock beyond 64 bits is a long clock too, not a missing one.
TEST(UciHardening, HugeClocksMeanALongThink) {
    for (const char* go : {"go wtime 9223372036854775807 btime 9223372036854775807 winc "
                           "9223372036854775807 binc 9223372036854775807 movestogo 2147483648",
                           "go wtime 99999999999999999999 btime 1000"}) {
        LiveSession session;
        session.send("position startpos");
        session.send(go);
        std::this_thread::sleep_for(300ms);
        EXPECT_FALSE(session.says("bestmove")) << go << ": " << session.output();
        EXPECT_FALSE(session.says("error")) << go << ": " << session.output();
        session.send("stop");
        ASSERT_TRUE(session.wait_for("bestmove ", 5)) << go << ": " << session.output();
        EXPECT_TRUE(parse_uci_move(Position(), session.best_move())) << session.output();
    }
}

// With no legal move there is nothing to search, but "go infinite" and "go ponder" still
// answer only when the GUI says so.
TEST(UciHardening, NoLegalMoveStillWaitsForStopOrPonderhit) {
    const char* checkmate = "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
    const char* stalemate = "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    struct Case {
        const char* position;
        const char* go;
        const char* release;
    };
    for (const Case& c :
         {Case{checkmate, "go infinite", "stop"}, Case{stalemate, "go infinite", "stop"},
          Case{checkmate, "go ponder wtime 1000 btime 1000", "ponderhit"},
          Case{stalemate, "go ponder wtime 1000 btime 1000", "stop"}}) {
        LiveSession session;
        session.send(c.position);
        session.send(c.go);
        std::this_thread::sleep_for(200ms);
        EXPECT_FALSE(session.says("bestmove")) << c.position << " " << c.go;
        session.send(c.release);
        EXPECT_TRUE(session.wait_for("bestmove 0000", 5))
            << c.position << " " << c.go << ": " << session.output();
    }
}

// perft runs beside the command loop: "isready" is answered and "stop" ends it at once.
TEST(UciHardening, PerftCanBeStoppedAndLeavesTheLoopAnswering) {
    LiveSession session;
    session.send("position startpos");
    session.send("perft 7");  // billions of nodes: far longer than this test
    auto start = Clock::now();
    session.send("isready");
    EXPECT_TRUE(session.says("readyok"));
    session.send("stop");
    ASSERT_TRUE(session.wait_for("perft stopped", 5)) << session.output();
    EXPECT_LT(Clock::now() - start, 3s);
    EXPECT_FALSE(session.says("Nodes searched")) << session.output();

    // A new count runs again, and "quit" ends a running one too.
    session.send("perft 2");
    ASSERT_TRUE(session.wait_for("Nodes searched: 400", 5)) << session.output();
    session.send("perft 7");
    start = Clock::now();
    session.send("quit");
    EXPECT_FALSE(session.running());
    EXPECT_LT(Clock::now() - start, 3s);
}

// A deep count prints each root move's count as it is known, long before the total.
TEST(UciHardening, PerftShowsEachRootMoveAsItIsCounted) {
    LiveSession session;
    session.send("position startpos");
    session.send("perft 7");  // 3.2 billion nodes, of which the first root move's 120 million
    ASSERT_TRUE(session.wait_for("b1a3: 120142144", 60)) << session.output();
    EXPECT_FALSE(session.says("Nodes searched")) << session.output();
    session.send("stop");
    ASSERT_TRUE(session.wait_for("perft stopped", 5)) << session.output();
    EXPECT_FALSE(session.says("Nodes searched")) << session.output();
}

// "go perft N" (Stockfish's form) is the same count, not a search with unknown limits.
TEST(UciHardening, GoPerftCountsInsteadOfSearching) {
    LiveSession session;
    session.send("position startpos moves e2e4");
    session.send("go perft 2");
    ASSERT_TRUE(session.wait_for("Nodes searched: 600", 5)) << session.output();
    EXPECT_TRUE(session.says("e7e5: 29")) << session.output();
    session.send("go perft 12");
    session.send("isready");
    ASSERT_TRUE(session.wait_for("readyok", 5));
    EXPECT_TRUE(session.says("info string error: perft 12 is too deep")) << session.output();
    EXPECT_FALSE(session.says("bestmove")) << session.output();
    EXPECT_FALSE(session.says("unknown go parameter")) << session.output();
}

TEST(UciHardening, PerftDepthIsCapped) {
    LiveSession session;
    session.send("position startpos");
    session.send("perft 12");
    session.send("perft -1");
    session.send("isready");
    ASSERT_TRUE(session.wait_for("readyok", 5));
    EXPECT_TRUE(session.says("info string error: perft 12 is too deep: at most 8 plies"))
        << session.output();
    EXPECT_TRUE(session.says("info string error: perft needs a depth from 1 to 8"))
        << session.output();
    EXPECT_FALSE(session.says("Nodes searched")) << session.output();
}

}  // namespace
}  // namespace mneme

namespace mneme {
namespace {

// The engine's whole answer to a script, as a GUI reads it.
std::string uci_answer(const std::string& script) {
    std::istringstream in("uci\n" + script);
    std::ostringstream out;
    run_engine(in, out);
    return out.str();
}

// The first move of the last "info ... pv" line before "bestmove", and the best move.
std::pair<std::string, std::string> last_pv_and_best_move(const std::string& answer) {
    std::istringstream lines(answer);
    std::string line, last_pv, best;
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::string word;
        words >> word;
        if (word == "bestmove") {
            words >> best;
        } else if (word == "info") {
            while (words >> word)
                if (word == "pv" && words >> word) last_pv = word;
        }
    }
    return {last_pv, best};
}

// UCI: "directly before [bestmove] the engine should send a final info command". A node limit
// that cut an iteration after a new best move was found ended with the old move's line (with
// these limits, 3 of 63 searches did before the final report).
TEST(UciReports, TheLastLineShownIsTheMovePlayed) {
    for (const char* position :
         {"startpos", "fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
          "fen 2r3k1/pp3ppp/4p3/3pP3/3P1P2/P1r5/1P4PP/2R2RK1 w - - 0 1"}) {
        for (int nodes = 2000; nodes <= 60000; nodes += 2900) {
            std::string answer = uci_answer("position " + std::string(position) + "\ngo nodes " +
                                            std::to_string(nodes) + "\n");
            auto [last_pv, best] = last_pv_and_best_move(answer);
            ASSERT_FALSE(best.empty()) << answer;
            EXPECT_EQ(last_pv, best) << position << ", " << nodes << " nodes:\n" << answer;
        }
    }
}

// The time on info lines counts from "go", pondering included: the time manager's clock starts
// again at ponderhit, and the reports fell back to about 0 with it (their speed jumped).
TEST(UciReports, TimeGoesOnThroughPonderhit) {
    LiveSession session;
    session.send("position startpos moves e2e4 e7e5");
    session.send("go ponder wtime 60000 btime 60000");
    auto times = [&session] {
        std::vector<long> found;
        std::istringstream lines(session.output());
        std::string line;
        while (std::getline(lines, line)) {
            auto at = line.find(" time ");
            if (line.rfind("info ", 0) == 0 && at != std::string::npos)
                found.push_back(std::stol(line.substr(at + 6)));
        }
        return found;
    };
    // (Generous waits: the sanitizer builds search many times slower.)
    for (int polls = 0; polls < 4000 && (times().empty() || times().back() < 200); ++polls)
        std::this_thread::sleep_for(5ms);
    ASSERT_FALSE(times().empty()) << session.output();
    long before = times().back();
    std::size_t lines_before = times().size();
    session.send("ponderhit");
    for (int polls = 0; polls < 6000 && times().size() == lines_before; ++polls)
        std::this_thread::sleep_for(5ms);
    session.send("stop");
    ASSERT_TRUE(session.wait_for("bestmove ")) << session.output();
    std::vector<long> all = times();
    ASSERT_GT(all.size(), lines_before) << session.output();
    for (std::size_t i = lines_before; i < all.size(); ++i)
        EXPECT_GE(all[i], before) << session.output();
}

// UCI: "If the engine or the GUI receives an unknown command or token it should just ignore it
// and try to parse the rest of the string in this line" ("joho debug on" turns debug on).
TEST(UciReports, UnknownWordsBeforeACommandAreSkipped) {
    std::string answer = uci_answer("joho isready\nfrobnicate\n");
    EXPECT_NE(answer.find("readyok"), std::string::npos) << answer;
    EXPECT_NE(answer.find("unknown command: frobnicate"), std::string::npos) << answer;
    EXPECT_EQ(answer.find("unknown command: joho"), std::string::npos) << answer;
}

// An illegal move among "searchmoves" is named and left out; the moves after it still count.
TEST(UciReports, SearchmovesKeepsTheMovesAfterAnIllegalOne) {
    std::string answer = uci_answer(
        "setoption name MultiPV value 2\nposition startpos\ngo searchmoves a2a3 e7e5 h2h3 depth "
        "6\n");
    EXPECT_NE(answer.find("searchmoves e7e5 is not a legal move"), std::string::npos) << answer;
    EXPECT_EQ(answer.find("unknown go parameter"), std::string::npos) << answer;
    auto [last_pv, best] = last_pv_and_best_move(answer);
    EXPECT_TRUE(best == "a2a3" || best == "h2h3") << answer;
    // Both were searched, each a line of its own.
    EXPECT_NE(answer.find(" pv a2a3"), std::string::npos) << answer;
    EXPECT_NE(answer.find(" pv h2h3"), std::string::npos) << answer;
}

}  // namespace
}  // namespace mneme
