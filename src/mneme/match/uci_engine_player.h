// An external engine speaking UCI, as a Player. Every misbehaviour (crash, hang, illegal or
// unreadable move) comes back as a fault in the reply; the runner itself is never harmed.
#pragma once

#include <string>
#include <vector>

#include "mneme/match/engine_process.h"
#include "mneme/match/player.h"
#include "mneme/match/player_spec.h"

namespace mneme {

class UciEnginePlayer : public Player {
public:
    explicit UciEnginePlayer(PlayerSpec spec);
    ~UciEnginePlayer() override;  // "quit", then kill if the engine lingers

    // spec.name if given, else the engine's "id name", else the command's file name.
    const std::string& name() const override { return name_; }
    bool start(std::string& error) override;
    void new_game(const Position& start, bool chess960) override;
    MoveReply play(const MoveRequest& request) override;
    bool healthy() const override { return healthy_; }
    bool restart(std::string& error) override;

    // The engine's process id while it runs (-1 otherwise); for tests and diagnostics.
    pid_t process_id() const { return process_.pid(); }

private:
    // Reads until a line starting with `token`; false with `error` on timeout or exit.
    bool wait_for(std::string_view token, EngineProcess::Clock::time_point deadline,
                  std::string& error);
    bool synchronize(std::string& error);  // "isready" ... "readyok" within the start timeout
    void shut_down();
    MoveReply crash_reply(const std::string& what);

    PlayerSpec spec_;
    std::string name_;
    EngineProcess process_;
    bool healthy_ = false;
    std::vector<std::string> option_names_;  // "option name X" lines of the handshake
    bool chess960_ = false;           // the current game is Chess960
    bool chess960_option_on_ = false; // UCI_Chess960 was last set to true
    std::string pending_error_;       // new_game failed: the next play() reports it
    PlayerFault pending_fault_ = PlayerFault::NONE;
};

}  // namespace mneme
