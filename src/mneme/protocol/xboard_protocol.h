// The XBoard / WinBoard protocol (CECP version 2), engine side.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include "mneme/core/game_outcome.h"
#include "mneme/protocol/line_output.h"
#include "mneme/search/search_thread.h"

namespace mneme {

class XboardProtocol {
public:
    explicit XboardProtocol(std::ostream& out);

    // Handles one command line; false after "quit".
    bool handle(const std::string& line);
    // The input ended without "quit": the move being thought about is still played.
    void end_of_input() { thread_.wait(); }

private:
    using Words = std::vector<std::string>;

    // Starts thinking if it is the engine's turn in a game that goes on.
    void think_if_engine_to_move();
    // Stops thinking without playing the move (the game changed under the engine's feet).
    void abandon_thinking();
    void user_move(const std::string& text);
    void set_board(const std::string& fen);
    void set_level(const Words& words);
    void take_back(int plies);
    // Prints the result when the game has ended; true if it has.
    bool report_game_end();
    SearchLimits limits_for_engine() const;
    void on_engine_move(const SearchResult& result);

    LineOutput out_;
    Searcher searcher_;
    SearchThread thread_{searcher_};

    // Shared with the search thread, which plays its move into the game when done.
    std::mutex mutex_;
    Position pos_;
    bool thinking_ = false;
    bool discard_move_ = false;
    bool game_over_ = false;
    std::vector<std::string> pending_pongs_;  // answered once the current move is played

    std::atomic<bool> post_{false};
    bool force_ = false;
    Color engine_color_ = BLACK;
    bool chess960_ = false;

    // Time control: "level MOVES BASE INC", "st SECONDS", "sd DEPTH", "time"/"otim" clocks.
    int level_moves_ = 40;
    std::int64_t level_base_ms_ = 5 * 60 * 1000;
    std::int64_t level_increment_ms_ = 0;
    std::int64_t fixed_move_time_ms_ = 0;
    int depth_limit_ = 0;
    std::int64_t engine_clock_ms_ = -1;  // -1 until the first "time" command
    std::int64_t opponent_clock_ms_ = -1;
    int start_fullmove_ = 1;  // of the game's starting position, for "moves to go"
};

// "1-0 {White mates}", "1/2-1/2 {Stalemate}", ...: the result line XBoard expects.
std::string xboard_result_line(const GameOutcome& outcome, Color side_to_move);

}  // namespace mneme
