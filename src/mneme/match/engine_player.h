// What every external engine player shares, whatever its protocol: the process, the
// bookkeeping of name and health, and the wait for a move under a deadline (stop command, grace
// period, kill), so that crashes, hangs and overruns come back as the same faults with the same
// details for UCI and XBoard alike. The protocols supply the conversation itself.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mneme/match/engine_process.h"
#include "mneme/match/player.h"
#include "mneme/match/player_spec.h"

namespace mneme {

class EnginePlayer : public Player {
public:
    ~EnginePlayer() override;  // "quit", then kill if the engine lingers

    // spec.name if given, else the name the engine announced, else the command's file name.
    const std::string& name() const override { return name_; }
    bool healthy() const override { return healthy_; }
    bool restart(std::string& error) override;

    // The engine's process id while it runs (-1 otherwise); for tests and diagnostics.
    pid_t process_id() const { return process_.pid(); }

protected:
    using Clock = EngineProcess::Clock;

    // `stop_command` asks the engine to move at once ("stop", "?"); `move_word` names its move
    // in fault details ("bestmove", "move").
    EnginePlayer(PlayerSpec spec, std::string stop_command, std::string move_word);

    // What a line of the engine's output means while it searches.
    enum class SearchLine {
        THINKING,  // search information or noise: keep waiting
        MOVE,      // the engine moved: the move's text is given back
        ANSWERED,  // the protocol settled the reply itself (a resignation, a rejected move)
    };
    // Reads one non-empty line of output during the search into `reply` (search information,
    // draw offers, faults); sets `move_text` for MOVE.
    virtual SearchLine read_search_line(const std::string& line,
                                        const std::vector<std::string_view>& words,
                                        const MoveRequest& request, MoveReply& reply,
                                        std::string& move_text) = 0;
    // The engine's move text as a move of request.position (none when it is not legal), after
    // whatever the protocol does once the engine has moved.
    virtual Move take_move(const MoveRequest& request, const std::string& move_text) = 0;
    // Fills `reply` for a move text that is no legal move: by default an ILLEGAL_MOVE fault.
    virtual void refuse_move(const MoveRequest& request, const std::string& move_text,
                             MoveReply& reply);
    // The engine was killed for not moving: whatever it knew of the game is gone.
    virtual void engine_killed() {}

    // Shuts down a running engine, forgets any pending fault and launches the spec's command.
    bool launch(std::string& error);
    // Starts a new game: forgets any pending fault; false when the engine is not running (the
    // next play() reports the crash then).
    bool begin_new_game(bool chess960);
    // Sends `go_command` and waits for the move until request.deadline; then sends the stop
    // command and waits stop_grace more before killing the engine.
    MoveReply search(const MoveRequest& request, const std::string& go_command);
    // The fault new_game could not report, once: true with `reply` filled when there was one.
    bool take_pending_fault(MoveReply& reply);
    // A CRASHED reply: the exit status if the engine exits, else it is killed.
    MoveReply crash_reply(const std::string& what);
    // Ends the engine: SIGTERM first unless it asked not to get one, then SIGKILL.
    void kill_engine();
    void shut_down();

    // Start-up errors: "timed out after 1000 ms waiting for uciok"; "engine exited before
    // uciok (exit code 3)", after giving the engine a moment to finish exiting.
    std::string timed_out_waiting_for(std::string_view what) const;
    std::string exit_error(std::string_view when);

    static MoveReply fault_reply(PlayerFault fault, std::string detail);

    PlayerSpec spec_;
    std::string name_;
    EngineProcess process_;
    bool healthy_ = false;
    bool accepts_sigterm_ = true;  // XBoard engines may refuse it ("feature sigterm=0")
    bool chess960_ = false;        // the current game is Chess960
    PlayerFault pending_fault_ = PlayerFault::NONE;  // new_game failed: the next play() says so
    std::string pending_error_;

private:
    const std::string stop_command_;
    const std::string move_word_;
};

}  // namespace mneme
