// The XBoard / WinBoard protocol (CECP version 2), engine side: playing, force mode, analysis,
// the legacy "edit" board editor and the time controls "level", "st" and "sd".
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "mneme/book/engine_book.h"
#include "mneme/core/game_outcome.h"
#include "mneme/nnue/evaluation_choice.h"
#include "mneme/protocol/line_output.h"
#include "mneme/search/search_thread.h"

namespace mneme {

class XboardProtocol {
public:
    // `searcher`: one lent by the host and reset to a new searcher's state (see
    // Searcher::reset); null: the protocol makes its own.
    explicit XboardProtocol(std::ostream& out, Searcher* searcher = nullptr);
    // Stops any search first: the search thread uses the members destroyed before it.
    ~XboardProtocol() { abandon_thinking(); }
    XboardProtocol(const XboardProtocol&) = delete;
    XboardProtocol& operator=(const XboardProtocol&) = delete;

    // Handles one command line; false after "quit".
    bool handle(const std::string& line);
    // The input ended without "quit": a move being thought about is still played, an analysis
    // (which never ends by itself) is stopped.
    void end_of_input();

    // Time kept back on every move for the pipes and the GUI.
    static constexpr std::int64_t MOVE_OVERHEAD_MS = 30;
    // "draw" is accepted when the engine's own last score is at or below this.
    static constexpr int ACCEPT_DRAW_BELOW_CP = -150;

private:
    using Words = std::vector<std::string>;
    // Why the search thread is running: its result is played, only shown, or (pondering on
    // the expected reply) played only if that reply comes.
    enum class Purpose { NONE, PLAY, ANALYZE, PONDER };

    // The commands with more to them than setting a flag.
    void new_game();
    void user_move(const std::string& text, const std::string& line);
    void set_board(const std::string& fen);
    void set_level(const Words& words);
    void set_side_to_move(Color side);
    void take_back(int plies);
    void answer_draw_offer();
    void give_hint();
    void show_analysis_status();
    void set_hash(const std::string& megabytes);
    void apply_pending_hash_size();
    void start_edit();
    void edit_command(const std::string& command);
    void set_option(const std::string& line);
    void list_book_moves();
    // Plays the book's move when it has one for the engine; false when the engine must think.
    bool play_book_move();

    // Starts thinking if it is the engine's turn in a game that goes on, or analysing.
    void think_if_engine_to_move();
    // Starts again what a command stopped and did not change: the analysis, or our move.
    void resume_thinking();
    void start_analysis();
    // Stops thinking without playing the move (the game changed under the engine's feet).
    void abandon_thinking();
    // Prints the result when the game has ended; true if it has.
    bool report_game_end();
    SearchLimits limits_for_engine() const;
    // `scale`: the win-rate model at the searched position, for the reported score.
    void on_iteration(const SearchInfo& info, const WinRateParameters& scale);
    void on_search_done(SearchResult result);
    // After the engine's move (mutex held): starts pondering on the expected reply if asked
    // to, filling in what to search; false if there is nothing to ponder.
    bool prepare_pondering(Move expected_reply, std::int64_t time_used_ms, Position* pos,
                           SearchLimits* limits);
    void error(const std::string& reason, const std::string& command);

    LineOutput out_;
    std::unique_ptr<Searcher> own_searcher_;
    Searcher& searcher_;
    SearchThread thread_{searcher_};
    nnue::EvaluationChoice evaluation_;  // Eval and EvalFile

    // Shared with the search thread, which plays its move into the game when done.
    std::mutex mutex_;
    Position pos_;
    Purpose purpose_ = Purpose::NONE;
    bool discard_move_ = false;
    bool game_over_ = false;
    // The last setboard or edit was refused: XBoard and the engine no longer agree on the
    // position, so moves are refused and nothing is searched until new, setboard or edit.
    bool position_refused_ = false;
    std::vector<std::string> pending_pongs_;  // answered once the current move is played
    Value last_score_ = 0;                    // the engine's view at its last move
    bool has_last_score_ = false;
    std::string hint_;                // the reply the engine expects, in coordinates
    Move pondered_reply_;             // while pondering: the reply searched after
    bool ponder_after_move_ = false;  // "hard" was on when the current search began
    SearchInfo last_info_;            // for "." in analysis mode

    std::atomic<bool> post_{false};
    bool force_ = false;
    bool analyzing_ = false;
    bool editing_ = false;
    bool usermove_accepted_ = false;  // then bare moves are not moves but unknown commands
    Color engine_color_ = BLACK;
    Color edit_color_ = WHITE;
    std::array<char, 64> edit_board_{};  // FEN letters, ' ' for an empty square
    bool chess960_ = false;
    bool ponder_ = false;              // "hard": think on the opponent's time
    bool random_ = false;              // "random": recorded; the search is deterministic
    int cores_ = 1;                    // "cores": recorded; the search runs one thread
    std::size_t pending_hash_mb_ = 0;  // "memory" while thinking: applied before the next search

    // Time control: "level MOVES BASE INC", "st SECONDS", "sd DEPTH", "time"/"otim" clocks.
    int level_moves_ = 40;
    std::int64_t level_base_ms_ = 5 * 60 * 1000;
    std::int64_t level_increment_ms_ = 0;
    std::int64_t fixed_move_time_ms_ = 0;
    int depth_limit_ = 0;
    // Unset until the first "time" ("otim"); negative when the clock has run out.
    std::optional<std::int64_t> engine_clock_ms_;
    std::optional<std::int64_t> opponent_clock_ms_;
    int start_fullmove_ = 1;  // of the game's starting position, for "moves to go"
    EngineBook book_;
};

// "1-0 {White mates}", "1/2-1/2 {Stalemate}", ...: the result line XBoard expects.
std::string xboard_result_line(const GameOutcome& outcome, Color side_to_move);

}  // namespace mneme
