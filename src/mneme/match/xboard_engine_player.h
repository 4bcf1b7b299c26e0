// An external engine speaking XBoard / CECP (version 2; version 1 tolerated), as a Player.
// The engine is kept in force mode between moves: before each move it is sent the moves it has
// not seen, then "go"; right after its move it is put back into force mode, so it never
// thinks (or claims results) on its own. The runner stays the referee: result claims other
// than the engine conceding its own loss are ignored.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mneme/match/engine_player.h"

namespace mneme {

class XboardEnginePlayer : public EnginePlayer {
public:
    // The name is spec.name if given, else the engine's "myname" feature, else the command's
    // file name.
    explicit XboardEnginePlayer(PlayerSpec spec);

    bool start(std::string& error) override;
    void new_game(const Position& start, bool chess960) override;
    MoveReply play(const MoveRequest& request) override;

private:
    // The "feature" features the player honours, as the engine announced them.
    struct Features {
        bool ping = false, setboard = false, san = false, usermove = false;
        // sigterm lands in accepts_sigterm_; sigint is moot: we never send SIGINT (v2
        // engines poll input).
        bool memory = false, smp = false;
        std::string egt, variants, myname;
        bool done = false, done_zero = false;
    };

    void answer_features(const std::string& line);
    // "new", "force", variant, "setboard"; then drains stale output. False sets the pending fault.
    bool set_up_board(const Position& start);
    // Protocol 1's set-up for engines without setboard: "edit", "#", the pieces ("Pa2"), "c"
    // for Black's, "." (castling rights follow from king and rook squares; no en passant).
    void send_edit_commands(const Position& start);
    // Sends "ping N" and waits for "pong N" (when the engine supports ping), else reads what is
    // already there; discards everything else. False when the engine died, timed out or
    // rejected a move.
    bool drain(std::string& error, PlayerFault& fault);
    // The limits, when they changed: "level", "st" (or, below a whole second, one move per
    // level period with "time" sent before each move) and "sd". False when the engine died or
    // stopped answering while we learned whether it knows "sd".
    bool send_time_control(const TimeControl& tc, std::string& error, PlayerFault& fault);
    // An engine refused a command (not a move) as an illegal move: take the fallback if any.
    void command_not_understood(const std::string& command);
    SearchLine read_search_line(const std::string& line, const std::vector<std::string_view>& words,
                                const MoveRequest& request, MoveReply& reply,
                                std::string& move_text) override;
    // Puts the engine back into force mode and keeps track of its board.
    Move take_move(const MoveRequest& request, const std::string& move_text) override;
    void engine_killed() override { board_in_sync_ = false; }

    Features features_;
    int ping_number_ = 0;

    Position start_;
    bool board_in_sync_ = false;  // the engine's board is `start_` with `sent_moves_`
    std::vector<Move> sent_moves_;
    bool time_control_sent_ = false;
    TimeControl sent_time_control_;
    std::string depth_command_ = "sd";  // "depth" once the engine refused "sd"
    bool depth_command_known_ = false;  // asked with a ping whether "sd" is understood
};

}  // namespace mneme
