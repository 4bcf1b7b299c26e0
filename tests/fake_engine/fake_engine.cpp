// A scriptable engine for the engine player tests: speaks UCI (or XBoard when the first command
// is "xboard"), plays the first legal move, and misbehaves on request:
//   --crash-after N      exit(3) when asked for its N-th move
//   --hang-after N       from the N-th move on, answer nothing at all (keeps reading stdin)
//   --endless-line-after N   on the N-th move, write "a" without end and never a newline
//   --illegal-after N    answer "e2e5" from the N-th move on
//   --slow-after N --delay-ms D   sleep D ms before each move from the N-th on
//   --no-uciok           never finish the handshake (XBoard: "feature done=0" only)
//   --garbage-bestmove   answer "xyz"
//   --sends-info         report a search (score cp 37, depth 2, seldepth 4, 1234 nodes) first
//   --resign-after N     XBoard: "resign" instead of the N-th move
//   --offers-draw        XBoard: "offer draw" before each move
//   --rejects-moves      XBoard: "Illegal move: M" for every move it is sent
//   --xboard-v1          XBoard: no features at all
//   --legacy-depth       XBoard: "Illegal move: sd N" for "sd" (as Phalanx); knows "depth N"
//   --echo-limits        XBoard: before each move, post "DEPTH MPS TIME 1 MOVE" with the depth,
//                        the moves per period of "level" and the "time" it was last sent
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

#include "mneme/core/movegen.h"
#include "mneme/core/position.h"
#include "mneme/notation/uci_move.h"

using namespace mneme;

namespace {

struct Behaviour {
    int crash_after = 0, hang_after = 0, illegal_after = 0, slow_after = 0, resign_after = 0;
    int endless_line_after = 0;
    int delay_ms = 0;
    bool no_uciok = false, garbage = false, sends_info = false, offers_draw = false;
    bool rejects_moves = false, xboard_v1 = false, legacy_depth = false, echo_limits = false;
};

// What an XBoard engine was told of its limits, for --echo-limits.
struct XboardLimits {
    std::string depth = "0", moves_per_period = "0", time = "0";
} limits;

Behaviour behaviour;
Position board;
int moves_asked = 0;
bool hung = false;

void say(const std::string& text) { std::cout << text << std::endl; }

bool from(int n) { return n > 0 && moves_asked >= n; }

// The move text to answer with (empty: none), after the scripted side effects.
std::string think(bool xboard) {
    ++moves_asked;
    if (behaviour.crash_after == moves_asked) std::exit(3);
    if (behaviour.endless_line_after == moves_asked) {
        const std::string chunk(1 << 16, 'a');
        while (std::cout.write(chunk.data(), std::streamsize(chunk.size())).flush()) {}
        std::exit(0);  // the reader has gone
    }
    if (from(behaviour.hang_after)) {
        hung = true;
        return "";
    }
    if (from(behaviour.slow_after))
        std::this_thread::sleep_for(std::chrono::milliseconds(behaviour.delay_ms));
    MoveList<LEGAL> moves(board);
    std::string best = moves.size() ? move_to_uci(board, *moves.begin()) : "(none)";
    if (behaviour.sends_info && moves.size()) {
        Position next = board;
        next.do_move(*moves.begin());
        MoveList<LEGAL> replies(next);
        std::string pv = best;
        if (replies.size()) pv.append(" ").append(move_to_uci(next, *replies.begin()));
        if (xboard) {
            say("1 10 0 20 " + best);
            say("2 37 1 1234 " + pv + " e2e5");
        } else {
            say("info depth 1 score cp 10 nodes 20 pv " + best);
            say("info string thinking hard");
            say("info depth 2 seldepth 4 multipv 1 score cp 37 upperbound nodes 1234 nps 1000 "
                "time 5 pv " +
                pv + " e2e5");
        }
    }
    if (from(behaviour.illegal_after)) return "e2e5";
    if (behaviour.garbage) return "xyz";
    return best;
}

int run_uci() {
    std::string line;
    while (std::getline(std::cin, line)) {
        if (hung) continue;
        if (line == "uci") {
            say("id name FakeEngine");
            say("option name UCI_Chess960 type check default false");
            if (!behaviour.no_uciok) say("uciok");
        } else if (line == "isready") {
            say("readyok");
        } else if (line.rfind("position ", 0) == 0) {
            std::size_t moves = line.find(" moves ");
            std::size_t fen = line.find("fen ");
            board = fen != std::string::npos
                        ? Position::from_fen(line.substr(fen + 4, moves == std::string::npos
                                                                      ? std::string::npos
                                                                      : moves - fen - 4))
                        : Position();
            if (moves != std::string::npos) {
                std::string rest = line.substr(moves + 7) + " ";
                for (std::size_t at = 0, end; (end = rest.find(' ', at)) != std::string::npos;
                     at = end + 1)
                    if (end > at) board.do_move(parse_uci_move(board, rest.substr(at, end - at)));
            }
        } else if (line.rfind("go", 0) == 0) {
            std::string move = think(false);
            if (!hung) say("bestmove " + move);
        } else if (line == "quit") {
            return 0;
        }
    }
    return 0;
}

int run_xboard() {
    std::string line;
    while (std::getline(std::cin, line)) {
        if (hung) continue;
        std::string word = line.substr(0, line.find(' '));
        std::string argument = line.size() > word.size() ? line.substr(word.size() + 1) : "";
        if (word == "protover") {
            if (behaviour.no_uciok)
                say("feature done=0");
            else if (!behaviour.xboard_v1)
                say("feature myname=\"Fake XBoard\" ping=1 setboard=1 usermove=1 san=0 "
                    "sigint=0 variants=\"normal,fischerandom\" done=1");
        } else if (word == "sd" && behaviour.legacy_depth) {
            say("Illegal move: " + line);
        } else if (word == "sd" || (word == "depth" && behaviour.legacy_depth)) {
            limits.depth = argument;
        } else if (word == "level") {
            limits.moves_per_period = argument.substr(0, argument.find(' '));
        } else if (word == "time") {
            limits.time = argument;
        } else if (word == "ping") {
            say("pong " + argument);
        } else if (word == "new") {
            board = Position();
        } else if (word == "setboard") {
            board = Position::from_fen(argument);
        } else if (word == "usermove" ||
                   (behaviour.xboard_v1 && line.size() >= 4 && parse_uci_move(board, line))) {
            std::string text = word == "usermove" ? argument : line;
            Move m = parse_uci_move(board, text);
            if (!m || behaviour.rejects_moves)
                say("Illegal move: " + text);
            else
                board.do_move(m);
        } else if (word == "go") {
            if (behaviour.resign_after == moves_asked + 1) {
                ++moves_asked;
                say("resign");
                continue;
            }
            if (behaviour.offers_draw) say("offer draw");
            std::string move = think(true);
            if (hung) continue;
            if (behaviour.echo_limits)
                say(limits.depth + " " + limits.moves_per_period + " " + limits.time + " 1 " +
                    move);
            Move m = parse_uci_move(board, move);
            if (m) board.do_move(m);
            say("move " + move);
        } else if (word == "quit") {
            return 0;
        }
        // accepted, rejected, force, st, otim, post, easy, ?, ...: ignored.
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        auto number = [&] { return i + 1 < argc ? std::atoi(argv[++i]) : 0; };
        if (arg == "--crash-after")
            behaviour.crash_after = number();
        else if (arg == "--hang-after")
            behaviour.hang_after = number();
        else if (arg == "--endless-line-after")
            behaviour.endless_line_after = number();
        else if (arg == "--illegal-after")
            behaviour.illegal_after = number();
        else if (arg == "--slow-after")
            behaviour.slow_after = number();
        else if (arg == "--delay-ms")
            behaviour.delay_ms = number();
        else if (arg == "--resign-after")
            behaviour.resign_after = number();
        else if (arg == "--no-uciok")
            behaviour.no_uciok = true;
        else if (arg == "--garbage-bestmove")
            behaviour.garbage = true;
        else if (arg == "--sends-info")
            behaviour.sends_info = true;
        else if (arg == "--offers-draw")
            behaviour.offers_draw = true;
        else if (arg == "--rejects-moves")
            behaviour.rejects_moves = true;
        else if (arg == "--xboard-v1")
            behaviour.xboard_v1 = true;
        else if (arg == "--legacy-depth")
            behaviour.legacy_depth = true;
        else if (arg == "--echo-limits")
            behaviour.echo_limits = true;
    }
    std::string first;
    if (!std::getline(std::cin, first)) return 0;
    if (first == "xboard") return run_xboard();
    // Not XBoard: the first line was a UCI command; handle it like the rest.
    if (first == "uci") {
        say("id name FakeEngine");
        say("option name UCI_Chess960 type check default false");
        if (!behaviour.no_uciok) say("uciok");
    }
    return run_uci();
}
