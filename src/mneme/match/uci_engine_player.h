// An external engine speaking UCI, as a Player. Every misbehaviour (crash, hang, illegal or
// unreadable move) comes back as a fault in the reply; the runner itself is never harmed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mneme/match/engine_player.h"

namespace mneme {

class UciEnginePlayer : public EnginePlayer {
public:
    // The name is spec.name if given, else the engine's "id name", else the command's file name.
    explicit UciEnginePlayer(PlayerSpec spec);

    bool start(std::string& error) override;
    void new_game(const Position& start, bool chess960) override;
    MoveReply play(const MoveRequest& request) override;

private:
    SearchLine read_search_line(const std::string& line, const std::vector<std::string_view>& words,
                                const MoveRequest& request, MoveReply& reply,
                                std::string& move_text) override;
    Move take_move(const MoveRequest& request, const std::string& move_text) override;
    void refuse_move(const MoveRequest& request, const std::string& move_text,
                     MoveReply& reply) override;
    // Reads until a line starting with `token`; false with `error` on timeout or exit.
    bool wait_for(std::string_view token, Clock::time_point deadline, std::string& error);
    bool synchronize(std::string& error);  // "isready" ... "readyok" within the start timeout

    std::vector<std::string> option_names_;  // "option name X" lines of the handshake
    bool chess960_option_on_ = false;        // UCI_Chess960 was last set to true
};

}  // namespace mneme
