// How to make a player: the command-line description of one participant
// ("cmd=stockfish proto=uci name=SF option.Hash=64 tc=10+0.1"), parsed once and used to create
// a fresh Player for every concurrent game.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mneme/match/player.h"
#include "mneme/match/time_control.h"

namespace mneme {

enum class PlayerKind {
    UCI,     // an external engine over UCI
    XBOARD,  // an external engine over XBoard/CECP version 2 (version 1 tolerated)
    MNEME,   // mneme's own searcher in this process
    RANDOM,  // a uniformly random legal move (a baseline)
    GREEDY,  // the capture winning the most material, else random (a baseline)
    BOOK,    // a book move (option.BookFile=...), else mneme's search to depth 2
    CBR,     // the case-based reasoning agent over a case base (cases=FILE)
};

struct PlayerSpec {
    std::string name;  // defaults to the command's file name or the kind
    PlayerKind kind = PlayerKind::MNEME;
    std::string command;            // the program and its arguments, split on spaces
                                    // (quotes group words)
    std::string working_directory;  // empty = the runner's
    std::vector<std::pair<std::string, std::string>> options;  // "option.Name=value", in order
    std::vector<std::string> init_strings;  // raw lines sent after the handshake ("initstr=")
    TimeControl time_control;               // per player; the runner's default if not given
    bool time_control_given = false;
    std::chrono::milliseconds start_timeout{10000};  // handshake: "uciok" / "done=1" wait
    std::chrono::milliseconds stop_grace{2000};      // after "stop"/"?", before killing
    std::uint64_t seed = 0;                          // for players that draw random numbers
    std::string cases_path;                          // the case base of a cbr player
};

// Parses "key=value" words: cmd, name, proto (uci|xboard|mneme|random|greedy|book|cbr), dir,
// option.NAME, initstr, tc, st (seconds per move), depth, nodes, timeout (handshake seconds),
// seed, cases (the case base of a cbr player). Throws std::invalid_argument naming the bad word.
PlayerSpec parse_player_spec(const std::vector<std::string>& words);

// Splits a command line into words: spaces separate, double or single quotes group.
std::vector<std::string> split_command_line(const std::string& command);

// A new, not yet started player for `spec`.
std::unique_ptr<Player> make_player(const PlayerSpec& spec);

}  // namespace mneme
