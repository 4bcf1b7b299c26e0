// A participant in a game run by the match runner: an external engine speaking UCI or XBoard,
// or a player inside this process (mneme's searcher, baselines, later the CBR agent). The
// runner owns the clocks and the referee; a player only answers "your move" requests.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mneme/core/position.h"
#include "mneme/match/time_control.h"
#include "mneme/search/score.h"

namespace mneme {

// Why a player failed to produce a move; every fault loses the game for that player.
enum class PlayerFault {
    NONE,
    ILLEGAL_MOVE,    // the move is not legal in the position (or could not be parsed)
    CRASHED,         // the process exited or closed its output
    STALLED,         // no answer at all within the hang timeout (no clock to run out)
    TIME_FORFEIT,    // the clock ran out (beyond the margin) before the move arrived
    PROTOCOL_ERROR,  // start-up handshake failed or the engine said something impossible
};

const char* fault_text(PlayerFault fault);  // "illegal move", "crash", ...

// The state a player is asked to move in.
struct MoveRequest {
    Position start;           // the game's first position (for "position fen ... moves")
    std::vector<Move> moves;  // every move since `start`
    Position position;        // `start` with `moves` played, with history
    // The limits of the side to move; clock values for both sides (ms left, increment).
    TimeControl time_control;
    std::int64_t time_left_ms[2] = {-1, -1};
    std::int64_t increment_ms[2] = {0, 0};
    int moves_to_go = 0;
    // After this much wall time with no move, give up on the player: stop it, and if it still
    // does not answer within its grace period, treat it as hung. Absent: wait indefinitely.
    std::optional<std::chrono::milliseconds> deadline;
    // The runner is being interrupted (Ctrl-C): when this becomes true a player gives up on
    // the move within a fraction of a second, and the reply means nothing. Not owned.
    const std::atomic<bool>* abort = nullptr;
};

// What came back: a move, or a fault; plus what the player said about its search.
struct MoveReply {
    Move move;  // Move::none() when `fault` is set or on resignation
    PlayerFault fault = PlayerFault::NONE;
    std::string detail;        // the fault's specifics: "e2e5 in <FEN>", "exit code 3", ...
    bool resigned = false;     // the player gave up (XBoard "resign")
    bool offers_draw = false;  // XBoard "offer draw" with this move
    // The last search report before the move; has_score false when none came.
    bool has_score = false;
    Value score = 0;  // centipawns (or mate score) from the mover's view
    int depth = 0;
    int seldepth = 0;
    std::uint64_t nodes = 0;
    std::int64_t reported_time_ms = 0;
    std::vector<Move> pv;         // as far as it parsed legally
    std::int64_t elapsed_ms = 0;  // wall time measured by the player from request to move
};

class Player {
public:
    virtual ~Player() = default;

    // The name for PGN tags and tables.
    virtual const std::string& name() const = 0;
    // Launches and handshakes (external engines) or prepares; false with `error` on failure.
    // Called once before the first game and again after restart().
    virtual bool start(std::string& error) = 0;
    // A new game from `start`; `chess960` tells the engine to use Chess960 castling.
    virtual void new_game(const Position& start, bool chess960) = 0;
    // The seed for a player's random choices in the coming game (called before new_game), so
    // that a game's moves do not depend on which games the instance played before.
    virtual void set_game_seed(std::uint64_t seed) { (void)seed; }
    // Thinks and answers. Blocks until a move, a fault or the request's deadline (plus grace).
    virtual MoveReply play(const MoveRequest& request) = 0;
    // The game ended (result as "1-0" etc.); the player may ponder nothing further.
    virtual void game_over(const std::string& result_text) { (void)result_text; }
    // False after a crash, stall or protocol error: the runner restarts it before the next game.
    virtual bool healthy() const = 0;
    // Stops whatever is running and starts afresh (kills and relaunches an external engine).
    virtual bool restart(std::string& error) = 0;
};

}  // namespace mneme
