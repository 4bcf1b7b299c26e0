// The XBoard protocol (CECP v2) driven line by line through a string stream, and both
// protocols fed garbage.
#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <thread>

#include "mneme/book/opening_book.h"
#include "mneme/core/movegen.h"
#include "mneme/notation/uci_move.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/protocol/xboard_protocol.h"
#include "protocol_test_util.h"

namespace mneme {
namespace {

// An engine session: every command is handled in order; wait() lets a search finish, so a
// test can look at the game after the engine's move.
class Session {
public:
    Session() { send("xboard\nprotover 2"); }
    void send(const std::string& lines) {
        std::istringstream in(lines);
        std::string line;
        while (std::getline(in, line)) protocol_.handle(line);
    }
    void wait() { protocol_.end_of_input(); }
    std::string output() const { return out_.str(); }
    bool says(const std::string& text) const { return output().find(text) != std::string::npos; }

private:
    std::ostringstream out_;
    XboardProtocol protocol_{out_};
};

// The text after `prefix` on the last line that starts with it.
std::string last_line_after(const std::string& output, const std::string& prefix) {
    std::istringstream lines(output);
    std::string line, found;
    while (std::getline(lines, line))
        if (line.rfind(prefix, 0) == 0) found = line.substr(prefix.size());
    return found;
}

TEST(Xboard, NegotiatesFeatures) {
    Session session;
    std::string out = session.output();
    for (const char* feature : {"setboard=1", "usermove=1", "ping=1", "san=0", "colors=0",
                                "analyze=1", "sigint=0", "sigterm=0", "myname=\"mneme",
                                "variants=\"normal,fischerandom\"", "memory=1", "smp=1", "done=1"})
        EXPECT_NE(out.find(feature), std::string::npos) << feature << " missing in " << out;
    // Accepting and rejecting features is silent.
    session.send("accepted setboard\naccepted usermove\nrejected colors\n");
    EXPECT_EQ(session.output(), out);
}

TEST(Xboard, PongComesAfterThePendingMove) {
    Session session;
    session.send("accepted usermove\nnew\nsd 3\nusermove e2e4\nping 9");
    session.wait();
    std::string out = session.output();
    auto move = out.find("\nmove ");
    auto pong = out.find("pong 9");
    ASSERT_NE(move, std::string::npos) << out;
    ASSERT_NE(pong, std::string::npos) << out;
    EXPECT_LT(move, pong);
}

TEST(Xboard, BareMovesOnlyWithoutUsermove) {
    Session bare;
    bare.send("new\nforce\ne2e4\ne7e5\ne2e5");
    EXPECT_FALSE(bare.says("Error")) << bare.output();
    EXPECT_TRUE(bare.says("Illegal move: e2e5"));

    Session prefixed;
    prefixed.send("accepted usermove\nnew\nforce\ne2e4");
    EXPECT_TRUE(prefixed.says("Error (unknown command): e2e4")) << prefixed.output();
}

TEST(Xboard, TimeControls) {
    Session session;
    session.send(
        "new\nlevel 40 5:30 0\nlevel 0 2 12\nlevel 0 0:30 0.5\nst 2.5\nsd 6\n"
        "time 30000\notim 29000");
    EXPECT_FALSE(session.says("Error")) << session.output();
    session.send("level 40\nlevel x 5 0\nst -1\nsd zero\ntime soon");
    for (const char* reason : {"bad level", "bad seconds", "bad depth", "bad time"})
        EXPECT_TRUE(session.says(std::string("Error (") + reason)) << reason;
}

TEST(Xboard, LevelRefusesSecondsBeyondAMinute) {
    Session session;
    session.send("new\nlevel 0 5:59 0\nlevel 0 0:00 1");
    EXPECT_FALSE(session.says("Error")) << session.output();
    session.send("level 0 5:99 0");
    EXPECT_TRUE(session.says("Error (bad level)")) << session.output();
    Session sixty;
    sixty.send("new\nlevel 40 4:60 0");
    EXPECT_TRUE(sixty.says("Error (bad level)")) << sixty.output();
}

TEST(Xboard, PlaysQuicklyWithAlmostNoTimeLeft) {
    Session session;
    session.send("new\nlevel 0 0:05 0\nforce\nusermove e2e4\ntime 5\notim 500");
    auto start = std::chrono::steady_clock::now();
    session.send("go");
    session.wait();
    auto elapsed = std::chrono::steady_clock::now() - start;
    Position pos;
    pos.do_move(parse_uci_move(pos, "e2e4"));
    EXPECT_TRUE(parse_uci_move(pos, last_line_after(session.output(), "move ")));
    EXPECT_LT(elapsed, std::chrono::milliseconds(500));
}

// "time" below zero: the engine's clock has run out, so it moves at once. It used to be
// ignored, and the engine planned with the five minutes of "level".
TEST(Xboard, NegativeClockMovesAtOnce) {
    Session session;
    session.send("new\nlevel 0 5 0\nforce\nusermove e2e4\ntime -500\notim 30000");
    EXPECT_FALSE(session.says("Error")) << session.output();
    auto start = std::chrono::steady_clock::now();
    session.send("go");
    session.wait();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(1000));
    Position pos;
    pos.do_move(parse_uci_move(pos, "e2e4"));
    EXPECT_TRUE(parse_uci_move(pos, last_line_after(session.output(), "move ")))
        << session.output();
}

// Numbers far beyond any integer are clamped before they are converted (the conversion is
// undefined; the sanitizer build checks it): huge limits mean a long think that "?" ends.
TEST(Xboard, HugeNumbersAreClampedNotConverted) {
    test::SharedOutput buffer;
    std::ostream out(&buffer);
    XboardProtocol protocol(out);
    for (const char* line : {"xboard", "protover 2", "new", "cores 1e300", "sd 1e300", "st 1e300",
                             "level 1e300 1e300 1e300", "time 1e300", "otim -1e300", "ping 1"})
        protocol.handle(line);
    ASSERT_TRUE(buffer.wait_for("pong 1", 1, 5)) << buffer.text();
    EXPECT_EQ(buffer.text().find("Error"), std::string::npos) << buffer.text();
    protocol.handle("go");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    EXPECT_EQ(buffer.text().find("\nmove "), std::string::npos) << buffer.text();
    protocol.handle("?");
    ASSERT_TRUE(buffer.wait_for("\nmove ", 1, 10)) << buffer.text();
    EXPECT_TRUE(parse_uci_move(Position(), last_line_after(buffer.text(), "move ")));
    protocol.handle("quit");
}

TEST(Xboard, MoveNowStopsALongThink) {
    Session session;
    session.send("new\nlevel 0 60 0\ngo");  // an hour: only "?" ends this move soon
    auto start = std::chrono::steady_clock::now();
    session.send("?");
    session.wait();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
    EXPECT_TRUE(parse_uci_move(Position(), last_line_after(session.output(), "move ")))
        << session.output();
}

TEST(Xboard, ReportsEveryKindOfResult) {
    struct Case {
        const char* commands;
        const char* result;
    };
    const Case cases[] = {
        {"setboard 3r2k1/8/8/8/8/8/5PPP/6K1 b - - 0 1\nplayother\nusermove d8d1",
         "0-1 {Black mates}"},
        {"setboard 7k/8/6Q1/8/8/8/8/K7 w - - 0 1\nusermove g6f7", "1/2-1/2 {Stalemate}"},
        {"setboard 8/8/4k3/8/8/4K3/8/7R w - - 99 80\nusermove h1h2",
         "1/2-1/2 {Draw by fifty move rule}"},
        {"setboard 8/8/4k3/8/8/8/4K3/4r3 w - - 0 1\nusermove e2e1",
         "1/2-1/2 {Draw by insufficient material}"},
        {"force\ng1f3\ng8f6\nf3g1\nf6g8\ng1f3\ng8f6\nf3g1\nplayother\nusermove f6g8",
         "1/2-1/2 {Draw by repetition}"},
        {"setboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\nsd 3\ngo", "1-0 {White mates}"},
    };
    for (const Case& c : cases) {
        Session session;
        session.send(std::string("new\n") + c.commands);
        session.wait();
        EXPECT_TRUE(session.says(c.result)) << c.commands << "\n" << session.output();
    }
}

TEST(Xboard, EditModeBuildsThePosition) {
    Session session;
    session.send("new\nforce\nedit\n#\nKa1\nPa2\nPb2\nxb2\nc\nKh8\nZz9\n.\n");
    EXPECT_TRUE(session.says("Error (not an edit command): Zz9")) << session.output();
    session.send("usermove b2b4\nusermove a2a4\nusermove h8g8");
    EXPECT_TRUE(session.says("Illegal move: b2b4")) << session.output();
    EXPECT_FALSE(session.says("Illegal move: a2a4"));
    EXPECT_FALSE(session.says("Illegal move: h8g8"));

    Session bad;  // two white kings: rejected, and the engine goes on
    bad.send("new\nforce\nedit\nKa1\n.\nping 3");
    EXPECT_TRUE(bad.says("tellusererror Illegal position")) << bad.output();
    EXPECT_TRUE(bad.says("pong 3"));
}

TEST(Xboard, LegacyColourCommands) {
    Session session;
    session.send("new\nforce\nblack\nusermove e7e5\nwhite\nusermove e2e4\nping 1");
    session.wait();
    EXPECT_FALSE(session.says("Illegal")) << session.output();
    EXPECT_FALSE(session.says("\nmove ")) << "force mode must not move: " << session.output();
}

// A game with pondering on and thinking posted, in which the engine has just made its first
// move (as Black, after 1. e4) and started to ponder.
void play_first_move_with_pondering(XboardProtocol& protocol, test::SharedOutput& buffer) {
    for (const char* line : {"xboard", "protover 2", "new", "hard", "post", "level 0 1 0",
                             "time 6000", "otim 6000", "usermove e2e4"})
        protocol.handle(line);
    ASSERT_TRUE(buffer.wait_for("\nmove ", 1, 10)) << buffer.text();
}

TEST(Xboard, PondersAndPlaysAtOnceOnTheExpectedReply) {
    test::SharedOutput buffer;
    std::ostream out(&buffer);
    XboardProtocol protocol(out);
    ASSERT_NO_FATAL_FAILURE(play_first_move_with_pondering(protocol, buffer));
    protocol.handle("hint");
    ASSERT_TRUE(buffer.wait_for("Hint: ", 1, 10)) << buffer.text();
    std::string expected = last_line_after(buffer.text(), "Hint: ");
    protocol.handle("ping 5");  // pondering is no move to wait for: answered at once
    EXPECT_TRUE(buffer.wait_for("pong 5", 1, 2)) << buffer.text();
    protocol.handle("time 5900");
    protocol.handle("usermove " + expected);
    ASSERT_TRUE(buffer.wait_for("\nmove ", 2, 10)) << buffer.text();
    // A reply the engine did not expect ends the pondering; the engine then thinks anew.
    protocol.handle("easy");
    protocol.handle("force");
    protocol.handle("ping 6");
    EXPECT_TRUE(buffer.wait_for("pong 6", 1, 5)) << buffer.text();
    protocol.end_of_input();
}

// The thinking output's score is the normalised one UCI reports for the same search.
TEST(Xboard, PostsNormalisedScores) {
    const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR b KQkq - 0 1";
    Session session;
    session.send("new\nforce\nsetboard " + fen + "\npost\nsd 6\ngo");
    session.wait();
    std::istringstream posted(last_line_after(session.output(), "6 "));
    int score = 0;
    ASSERT_TRUE(posted >> score) << session.output();

    std::istringstream in("uci\nposition fen " + fen + "\ngo depth 6\n");
    std::ostringstream out;
    run_engine(in, out);
    std::string info = last_line_after(out.str(), "info depth 6 ");
    std::size_t at = info.find(" score cp ");
    ASSERT_NE(at, std::string::npos) << out.str();
    EXPECT_EQ(score, std::stoi(info.substr(at + 10))) << session.output() << out.str();
}

TEST(Xboard, DrawOffers) {
    Session dead_draw;
    dead_draw.send("new\nforce\nsetboard 8/8/4k3/8/8/4K3/8/8 w - - 0 1\ndraw");
    EXPECT_TRUE(dead_draw.says("offer draw"));

    Session winning;  // the engine, White, is a queen up: it plays on
    winning.send("new\nsetboard 4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1\nsd 4\ngo");
    winning.wait();
    winning.send("draw");
    EXPECT_FALSE(winning.says("offer draw")) << winning.output();

    Session losing;  // the engine, Black, is a queen down: it takes the draw
    losing.send("new\nsetboard 4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1\nsd 4\ngo");
    losing.wait();
    losing.send("draw");
    EXPECT_TRUE(losing.says("offer draw")) << losing.output();
}

TEST(Xboard, HintBookMemoryCores) {
    Session session;
    session.send(
        "new\nhint\nbk\nmemory 8\ncores 1\nmemory lots\ncores none\nhard\neasy\nrandom\n"
        "computer\nname Someone\nrating 2000 1800\nics -\nvariant fischerandom\n"
        "variant crazyhouse");
    Position start;
    EXPECT_TRUE(parse_uci_move(start, last_line_after(session.output(), "Hint: ")))
        << session.output();
    // bk lists the built-in book's moves of the start position (builtin_defaults_test.cpp).
    if (builtin_book_path().empty())
        EXPECT_TRUE(session.says("\n no book loaded (set the BookFile option)\n\n"))
            << session.output();
    else
        EXPECT_TRUE(session.says("\n e4 ")) << session.output();
    EXPECT_TRUE(session.says("Error (bad memory size): lots"));
    EXPECT_TRUE(session.says("Error (bad number of cores)"));
    EXPECT_TRUE(session.says("Error (unsupported variant)"));
    EXPECT_FALSE(session.says("unknown command")) << session.output();
}

TEST(Xboard, AnalyzeMode) {
    Session session;
    session.send(
        "new\npost\nanalyze\nusermove e2e4\n.\nundo\nsetboard 8/8/4k3/8/8/4K3/8/7R w - - 0 1");
    session.send("go\nexit\nexit");
    session.wait();
    std::string out = session.output();
    EXPECT_TRUE(session.says("stat01: ")) << out;
    EXPECT_TRUE(session.says("Error (not in analyze mode): go")) << out;
    EXPECT_TRUE(session.says("Error (not in analyze mode): exit")) << out;
    EXPECT_FALSE(session.says("\nmove ")) << "analysis never plays: " << out;
    // Thinking output: "DEPTH SCORE TIME NODES PV".
    EXPECT_NE(out.find("\n1 "), std::string::npos) << out;

    Session mated;  // nothing to analyse after mate; a move then is out of order
    mated.send(
        "new\nanalyze\nsetboard 3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1\nusermove g8f8\n"
        "exit\nping 2");
    EXPECT_TRUE(mated.says("Error (the analysed game is over)")) << mated.output();
    EXPECT_TRUE(mated.says("pong 2"));
}

// Occurrences of `needle` in `text`.
int count_of(const std::string& text, const std::string& needle) {
    int found = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
        ++found;
    return found;
}

// CECP: an illegal move only gets its error; analysis goes on (it stopped for good before).
TEST(Xboard, AnIllegalMoveLeavesTheAnalysisRunning) {
    test::SharedOutput buffer;
    std::ostream out(&buffer);
    XboardProtocol protocol(out);
    for (const char* line : {"xboard", "protover 2", "new", "post", "analyze"})
        protocol.handle(line);
    ASSERT_TRUE(buffer.wait_for("\n2 ", 1, 10)) << buffer.text();
    int depth_one_lines = count_of(buffer.text(), "\n1 ");
    protocol.handle("usermove e2e5");
    EXPECT_TRUE(buffer.wait_for("Illegal move: e2e5", 1, 2)) << buffer.text();
    // The analysis starts again from depth 1.
    EXPECT_TRUE(buffer.wait_for("\n1 ", depth_one_lines + 1, 10)) << buffer.text();
    protocol.handle("exit");
    protocol.end_of_input();
}

// CECP: "new" in analyze mode resets the position "but stay[s] in analyze mode", so leaving it
// with "exit" is force mode still: a move then is only recorded.
TEST(Xboard, NewDuringAnalysisKeepsForceModeAfterExit) {
    Session session;
    session.send("new\nanalyze\nnew\nsd 2\nexit\nusermove e2e4\nping 3");
    session.wait();
    EXPECT_TRUE(session.says("pong 3")) << session.output();
    EXPECT_FALSE(session.says("\nmove ")) << session.output();
}

// "go" in a position that is already over answers with the result, not silence.
TEST(Xboard, GoInAFinishedPositionGivesTheResult) {
    Session mated;
    mated.send("new\nforce\nsetboard 3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1\ngo");
    mated.wait();
    EXPECT_TRUE(mated.says("1-0 {White mates}")) << mated.output();
    Session stalemate;
    stalemate.send("new\nforce\nsetboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo");
    stalemate.wait();
    EXPECT_TRUE(stalemate.says("1/2-1/2 {Stalemate}")) << stalemate.output();
}

// A thinking line while pondering leaves out the expected reply, which CECP allows only after a
// "Hint:" with that move; the hint comes unasked, before the first such line.
TEST(Xboard, PonderingNamesItsExpectedReplyFirst) {
    test::SharedOutput buffer;
    std::ostream out(&buffer);
    XboardProtocol protocol(out);
    ASSERT_NO_FATAL_FAILURE(play_first_move_with_pondering(protocol, buffer));
    ASSERT_TRUE(buffer.wait_for("\nHint: ", 1, 10)) << buffer.text();
    // The first thinking line ("DEPTH SCORE TIME NODES PV") after the move is the pondering's.
    auto first_thinking_after = [](const std::string& text, std::size_t from) {
        for (std::size_t at = text.find('\n', from); at != std::string::npos;
             at = text.find('\n', at + 1))
            if (at + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[at + 1])))
                return at;
        return std::string::npos;
    };
    std::string text;
    for (int polls = 0; polls < 500; ++polls) {
        text = buffer.text();
        if (first_thinking_after(text, text.find("\nmove ")) != std::string::npos) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::size_t move = text.find("\nmove ");
    std::size_t thinking = first_thinking_after(text, move);
    ASSERT_NE(thinking, std::string::npos) << text;
    EXPECT_LT(text.find("\nHint: ", move), thinking) << text;
    protocol.handle("force");
    protocol.end_of_input();
}

// XBoard sends "option" whenever the user changes one; a new evaluation must not cost the
// engine the move it was thinking about (it was thrown away, and the game lost on time).
TEST(Xboard, ChangingTheEvaluationWhileThinkingStillMoves) {
    test::SharedOutput buffer;
    std::ostream out(&buffer);
    XboardProtocol protocol(out);
    for (const char* line : {"xboard", "protover 2", "new", "force", "st 1", "go"})
        protocol.handle(line);
    protocol.handle("option Eval=classic");
    EXPECT_TRUE(buffer.wait_for("\nmove ", 1, 10)) << buffer.text();
    protocol.end_of_input();
}

// CECP: after a position it refused, the engine answers every move with "Illegal move" until
// the next new, setboard or edit (moves on its old position put it out of step with XBoard).
TEST(Xboard, AfterARefusedPositionMovesAreRefusedUntilANewOne) {
    Session session;
    session.send("new\nforce\nsetboard 8/8/8/8/8/8/8/8 w - - 0 1\nusermove e2e4\ngo");
    EXPECT_TRUE(session.says("tellusererror Illegal position")) << session.output();
    EXPECT_TRUE(session.says("Illegal move (no position set up): e2e4")) << session.output();
    EXPECT_TRUE(session.says("Error (no position set up): go")) << session.output();
    session.send("setboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nusermove e2e4\nping 1");
    session.wait();
    EXPECT_FALSE(session.says("Illegal move: e2e4")) << session.output();
    EXPECT_EQ(session.output().find("Illegal move"),
              session.output().find("Illegal move (no position set up)"));
    EXPECT_TRUE(session.says("pong 1"));
}

TEST(Xboard, OutOfOrderCommandsKeepItWorking) {
    Session session;
    session.send(
        "new\nforce\nundo\nremove\nresult 1-0 {White resigns}\nusermove e2e4\n.\n?\n"
        "exit\nfrobnicate\nsetboard 8/8/8/8/8/8/8/8 w - - 0 1\n");
    EXPECT_TRUE(session.says("Error (no moves to take back)"));
    EXPECT_TRUE(session.says("Error (unknown command): frobnicate"));
    EXPECT_TRUE(session.says("tellusererror Illegal position"));
    // After all that, a game still works.
    session.send("new\nsd 2\nusermove d2d4\nping 4");
    session.wait();
    Position pos;
    pos.do_move(parse_uci_move(pos, "d2d4"));
    EXPECT_TRUE(parse_uci_move(pos, last_line_after(session.output(), "move ")))
        << session.output();
    EXPECT_TRUE(session.says("pong 4"));
}

// Random printable garbage and command words with random arguments, to both protocols.
std::string garbage(unsigned seed, const std::vector<std::string>& words) {
    std::mt19937 random(seed);
    std::string text;
    for (int line = 0; line < 300; ++line) {
        int kind = int(random() % 3);
        if (kind == 0) {
            for (int i = int(random() % 40); i > 0; --i) text += char(32 + random() % 95);
        } else {
            text += words[random() % words.size()];
            for (int i = int(random() % 4); i > 0; --i)
                text += ' ' + (random() % 2 ? std::to_string(int(random() % 200) - 50)
                                            : words[random() % words.size()]);
        }
        text += '\n';
    }
    return text;
}

TEST(Protocols, SurviveGarbage) {
    const std::vector<std::string> xboard_words = {
        "new",     "force", "go",       "playother", "usermove", "e2e4",   "level",    "st",
        "sd",      "time",  "otim",     "?",         "draw",     "result", "setboard", "edit",
        "#",       "c",     ".",        "Pa4",       "undo",     "remove", "hint",     "bk",
        "analyze", "exit",  "memory",   "cores",     "white",    "black",  "post",     "nopost",
        "variant", "ping",  "accepted", "rejected",  "protover", "8/8/8"};
    const std::vector<std::string> uci_words = {
        "uci",   "isready", "ucinewgame", "position", "startpos", "fen",       "moves",     "e2e4",
        "go",    "depth",   "movetime",   "wtime",    "stop",     "ponderhit", "setoption", "name",
        "value", "Hash",    "d",          "infinite", "nodes",    "8/8/8"};
    for (unsigned seed = 1; seed <= 3; ++seed) {
        // Searches start short ("sd 2", "st 0.05"); garbage may change that, but every later
        // command that changes the game stops the search. A "." first leaves edit mode.
        std::istringstream xboard_in("xboard\nprotover 2\nsd 2\nst 0.05\n" +
                                     garbage(seed, xboard_words) +
                                     ".\nexit\nforce\nping 77\nquit\n");
        std::ostringstream xboard_out;
        run_engine(xboard_in, xboard_out);
        EXPECT_NE(xboard_out.str().find("pong 77"), std::string::npos) << "seed " << seed;

        std::istringstream uci_in("uci\n" + garbage(seed, uci_words) + "stop\nisready\nquit\n");
        std::ostringstream uci_out;
        run_engine(uci_in, uci_out);
        EXPECT_NE(uci_out.str().find("readyok"), std::string::npos) << "seed " << seed;
    }
}

// A command with control bytes is echoed in errors with the bytes written as \xNN: a raw
// carriage return or escape sequence would break the GUI's line or drive its terminal.
TEST(Protocols, EchoedControlBytesAreEscaped) {
    std::istringstream xboard_in(
        "xboard\nprotover 2\nfoo\x1b[31m\nusermove e2e5\x07\nping 5\nquit\n");
    std::ostringstream xboard_out;
    run_engine(xboard_in, xboard_out);
    EXPECT_NE(xboard_out.str().find("Error (unknown command): foo\\x1b[31m\n"), std::string::npos)
        << xboard_out.str();
    EXPECT_NE(xboard_out.str().find("Illegal move: e2e5\\x07\n"), std::string::npos)
        << xboard_out.str();

    std::istringstream uci_in("uci\nfoo\rbar\x1b\nsetoption name \x7f value 1\nisready\nquit\n");
    std::ostringstream uci_out;
    run_engine(uci_in, uci_out);
    EXPECT_NE(uci_out.str().find("info string unknown command: foo\\x0dbar\\x1b\n"),
              std::string::npos)
        << uci_out.str();
    EXPECT_NE(uci_out.str().find("info string unknown option: \\x7f\n"), std::string::npos)
        << uci_out.str();
    for (const std::string& text : {xboard_out.str(), uci_out.str()})
        for (char c : text)
            EXPECT_TRUE(c == '\n' || (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f))
                << int(c);
}

}  // namespace
}  // namespace mneme
