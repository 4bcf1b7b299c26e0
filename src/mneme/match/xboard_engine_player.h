// An external engine speaking XBoard / CECP (version 2; version 1 tolerated), as a Player.
// The engine is kept in force mode between moves: before each move it is sent the moves it has
// not seen, then "go"; right after its move it is put back into force mode, so it never
// thinks (or claims results) on its own. The runner stays the referee: result claims other
// than the engine conceding its own loss are ignored.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "mneme/match/engine_process.h"
#include "mneme/match/player.h"
#include "mneme/match/player_spec.h"

namespace mneme {

class XboardEnginePlayer : public Player {
public:
    explicit XboardEnginePlayer(PlayerSpec spec);
    ~XboardEnginePlayer() override;  // "quit", then kill if the engine lingers

    // spec.name if given, else the engine's "myname" feature, else the command's file name.
    const std::string& name() const override { return name_; }
    bool start(std::string& error) override;
    void new_game(const Position& start, bool chess960) override;
    MoveReply play(const MoveRequest& request) override;
    bool healthy() const override { return healthy_; }
    bool restart(std::string& error) override;

    // The engine's process id while it runs (-1 otherwise); for tests and diagnostics.
    pid_t process_id() const { return process_.pid(); }

private:
    // The "feature" features the player honours, as the engine announced them.
    struct Features {
        bool ping = false, setboard = false, san = false, usermove = false;
        bool sigterm = true;  // sigint is moot: we never send SIGINT (v2 engines poll input)
        bool memory = false, smp = false;
        std::string egt, variants, myname;
        bool done = false, done_zero = false;
    };

    void answer_features(const std::string& line);
    // "new", "force", variant, "setboard"; then drains stale output. False sets the pending fault.
    bool set_up_board(const Position& start);
    // Sends "ping N" and waits for "pong N" (when the engine supports ping), else reads what is
    // already there; discards everything else. False when the engine died, timed out or
    // rejected a move.
    bool drain(std::string& error, PlayerFault& fault);
    void send_time_control(const TimeControl& tc);
    void shut_down();
    MoveReply crash_reply(const std::string& what);

    PlayerSpec spec_;
    std::string name_;
    EngineProcess process_;
    bool healthy_ = false;
    Features features_;
    int ping_number_ = 0;

    Position start_;
    bool chess960_ = false;
    bool board_in_sync_ = false;     // the engine's board is `start_` with `sent_moves_`
    std::vector<Move> sent_moves_;
    bool time_control_sent_ = false;
    TimeControl sent_time_control_;
    PlayerFault pending_fault_ = PlayerFault::NONE;  // new_game failed: the next play() says so
    std::string pending_error_;
};

}  // namespace mneme
