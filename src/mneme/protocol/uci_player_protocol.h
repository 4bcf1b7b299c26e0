// UCI for a player that needs no search thread: any in-process match player (the CBR agent,
// the random and greedy baselines) answers "go" at once with its move. Options set by the GUI
// become the player's options and take effect at the next "isready" or "go".
#pragma once

#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "mneme/match/player.h"
#include "mneme/match/player_spec.h"

namespace mneme {

class UciPlayerProtocol {
public:
    UciPlayerProtocol(std::ostream& out, PlayerSpec spec);

    // Starts the player now; false with `error` when it cannot be started (a case base that
    // cannot be read or holds no cases). Otherwise the first "isready" or "go" starts it.
    bool start(std::string& error);
    // Handles one command line; false after "quit".
    bool handle(const std::string& line);

private:
    using Words = std::vector<std::string>;

    bool ensure_started();
    void set_option(const Words& words);
    void set_position(const Words& words);
    void go();
    void line(const std::string& text) { out_ << text << std::endl; }

    std::ostream& out_;
    PlayerSpec spec_;
    std::unique_ptr<Player> player_;
    bool started_ = false;
    std::uint64_t games_ = 0;
    Position start_;
    std::vector<Move> moves_;
    Position position_;
    bool chess960_ = false;
};

// Serves `spec`'s player over UCI on `in` and `out` until "quit" or the end of input. False
// with `error`, before reading anything, when the player cannot start: a GUI is better served
// by an engine that refuses to run than by one that cannot move.
bool run_player_uci(const PlayerSpec& spec, std::istream& in, std::ostream& out,
                    std::string& error);

}  // namespace mneme
