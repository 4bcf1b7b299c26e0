// The one game the GUI shows: its moves, players, engine strength, clocks and result, the
// engine's searches (its moves, hints, analysis, a game's evaluation graph) and the events that
// tell browsers about every change. All chess rules are decided here; the browser only asks.
// Every public function is safe to call from any HTTP thread.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "mneme/gui/computer_player.h"
#include "mneme/gui/engine_worker.h"
#include "mneme/gui/event_stream.h"
#include "mneme/gui/game_clock.h"
#include "mneme/gui/game_review.h"
#include "mneme/gui/game_store.h"
#include "mneme/gui/json_views.h"
#include "mneme/gui/player_library.h"
#include "mneme/pgn/pgn_game.h"

namespace mneme::gui {

// How strongly mneme plays; the limits combine (with the clock, when there is one).
struct EngineStrength {
    int depth = 6;                 // plies, the thesis's slider; 0 = no depth limit
    std::int64_t movetime_ms = 0;  // a fixed time per move; 0 = none
    int elo = 0;                   // 0 = full strength, else an Elo from Skill's range
};

struct GameSetup {
    PlayerSetup players[2] = {PlayerSetup::of(PlayerKind::HUMAN),
                              PlayerSetup::of(PlayerKind::ENGINE)};
    EngineStrength strength;
    ClockSettings clock;
    std::string fen;  // empty: the standard starting position
};

class GameSession {
public:
    // `store` (may be null) receives the game after every change; a game it holds is resumed.
    // `library` holds the books and case bases that players may use (none when null).
    GameSession(EventStream& events, GameStore* store,
                std::shared_ptr<const PlayerLibrary> library = nullptr);
    ~GameSession();
    GameSession(const GameSession&) = delete;
    GameSession& operator=(const GameSession&) = delete;

    // Everything a browser needs to draw the game.
    Json state() const;
    // The board after `ply` moves of the mainline, with its legal destinations.
    Json position_at(int ply) const;
    // The game as PGN export text.
    std::string pgn() const;
    const PlayerLibrary& library() const { return *library_; }
    // The opening book table of the position after `ply` moves: book `book` (empty: the first)
    // under `policy` (empty: opta3). Throws ApiError when there is no such book or policy.
    Json book_table(int ply, const std::string& book, const std::string& policy) const;

    // Throws ApiError (422) for an invalid starting position.
    void new_game(const GameSetup& setup);
    // A move in UCI notation by the player to move. `from_ply` (a position earlier in the game)
    // is allowed only when both players are human: the later moves are then replaced.
    void play_move(std::string_view uci, std::optional<int> from_ply);
    // Back to the last position where a human was to move, at least one human move back.
    void take_back();
    // The human to move (or the only human) resigns.
    void resign();
    // The engine accepts when it judges its position worse, or nobody can mate; returns whether.
    bool offer_draw();
    // A threefold repetition or 50-move draw, claimed by the human to move.
    void claim_draw();
    // Searches the position for the human to move; the answer arrives as a "hint" event.
    void request_hint();
    // Makes mneme play the best move it has found so far ("Move now"), whatever its strength
    // setting asked for (a depth of 30 could think for hours).
    void move_now();
    void set_strength(const EngineStrength& strength);
    // Infinite analysis of the position after `ply` moves, with `lines` principal variations.
    void set_analysis(bool on, int ply, int lines);
    // Scores every position of the mainline, one search of `nodes` nodes each ("evaluation"
    // events); 0: the session's review budget (set_review_nodes). A budget rather than a time,
    // so that a game gets the same verdicts on any machine and however busy it is.
    void evaluate_game(std::uint64_t nodes = 0);
    // The default budget is about 0.2 s a position on an idle 2-core development machine with
    // the network: quick, but a combination deeper than its horizon (depth 12-15 in a
    // middlegame) is judged wrongly, so the page also offers deeper reviews. The tests use
    // fewer, to stay fast under the sanitizers.
    // The longest game the program loads. Every change sends the whole game to every tab: a
    // loaded game of 40,000 plies made each change cost seconds and 10 MB. The longest games
    // played run to about 540 plies.
    static constexpr std::size_t MAX_LOADED_PLIES = 2000;
    static constexpr std::uint64_t DEFAULT_REVIEW_NODES = 250000;
    static constexpr std::uint64_t MIN_REVIEW_NODES = 1000;
    static constexpr std::uint64_t MAX_REVIEW_NODES = 100000000;
    void set_review_nodes(std::uint64_t nodes);
    // Shows a game read from PGN, for both players to be human; comments and variations kept.
    void load_game(const PgnGame& game);

    // Stops searches and the clock watcher; called before the event stream goes away.
    void shutdown();

    // For tests: waits until no engine move is being searched or due (or `timeout_ms` passes).
    bool wait_until_engine_idle(int timeout_ms) const;
    // For tests: waits until evaluate_game has scored every position (or `timeout_ms` passes).
    bool wait_until_game_evaluated(int timeout_ms) const;

private:
    enum class JobKind { NONE, ENGINE_MOVE, HINT, ANALYSIS, GRAPH };
    using Clock = GameClock::TimePoint;

    Json state_locked() const;
    // The moves as the browser shows them; fills `reviewed` with what the review needs of each.
    Json moves_json(std::vector<ReviewedMove>& reviewed) const;
    // The search's best move in `root` as {"san", "uci"}, or null.
    static Json best_move_json(const Position& root, Move best);
    void reset_game(const Position& start, const PgnGame& record);
    Position position_after(int ply) const;
    int ply_count() const { return int(record_.mainline.moves.size()); }
    bool over() const { return record_.result != GameResult::ONGOING; }
    Color side_to_move() const { return current_.side_to_move(); }
    bool human_to_move() const { return setup_.players[side_to_move()].human(); }
    bool has_computer_player() const;
    // The computer players of `setup` (null for humans); throws ApiError for unusable files.
    void make_computer_players(const GameSetup& setup,
                               std::shared_ptr<ComputerPlayer> (&out)[2]) const;
    std::string player_name(Color side) const;

    void apply_move(Move move, const std::string& comment, Json decision = Json());
    void truncate(int ply);
    bool end_if_flag_fallen(Clock now);
    void end_by_rules();
    void finish(GameResult result, const std::string& reason, const std::string& termination);
    std::string pgn_locked() const;
    PgnGame fresh_record() const;
    void changed();  // publishes the state, saves it and wakes the clock watcher
    void save();
    void restore(const std::string& saved);
    void archive_if_worth_it();

    // Starts the search the game now calls for (cancelling any other).
    void replan();
    SearchLimits engine_limits() const;
    void start_job(JobKind kind, int ply, const Position& position, SearchLimits limits, int lines,
                   int elo, std::shared_ptr<ComputerPlayer> player = nullptr);
    void finish_job(std::uint64_t generation, JobKind kind, const Position& root,
                    const SearchResult& result, Move chosen, const PlayerDecision* decided);
    void report_search(std::uint64_t generation, JobKind kind, int ply, const Position& root,
                       const SearchInfo& info);
    void watch_clock();

    EventStream& events_;
    GameStore* store_;
    std::shared_ptr<const PlayerLibrary> library_;
    mutable std::mutex mutex_;
    mutable std::condition_variable changed_signal_;

    // Counts the changes, so that a browser can drop a state older than one it already has (an
    // answer overtaken by the event of a later change). It starts from the clock (ms), so that
    // a restarted server's states are newer than those a browser kept from the last one.
    std::uint64_t version_;
    GameSetup setup_;
    std::shared_ptr<ComputerPlayer> computers_[2];  // null for a human side; used by the worker
    PgnGame record_;
    Position start_;
    Position current_;
    bool played_here_ = true;  // false for a game loaded from PGN: not archived
    bool archived_ = false;    // already appended to the games file
    std::string result_reason_;
    std::string notice_;  // what the page should say about the resumed game ("" for nothing)
    std::vector<Json> evaluations_;  // White's view per position (null when unknown)
    std::vector<Json> best_moves_;   // per position: {"san", "uci"} a search found best, or null
    std::vector<Json> decisions_;    // per move: why a book or the CBR player chose it (or null)
    GameClock clock_;
    Json engine_report_;                 // the status bar: the engine's last search report
    std::optional<Value> engine_score_;  // the engine's last score from its own view
    Json hint_;
    bool hint_requested_ = false;
    bool analysis_on_ = false;
    int analysis_ply_ = 0;
    int analysis_lines_ = 3;
    int graph_next_ply_ = -1;  // next position to score for the evaluation graph; -1: none
    std::uint64_t review_nodes_ = DEFAULT_REVIEW_NODES;
    std::uint64_t graph_nodes_ = 0;  // the node budget of the last review started; 0: none

    JobKind running_job_ = JobKind::NONE;
    std::atomic<std::uint64_t> generation_{0};
    bool stopping_ = false;
    std::thread clock_watcher_;
    std::unique_ptr<EngineWorker> worker_;
};

}  // namespace mneme::gui
