// One game between two players, refereed by the core library: clocks, faults, adjudication,
// and the PGN record with per-move score/depth/time comments.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "mneme/match/adjudication.h"
#include "mneme/match/opening_suite.h"
#include "mneme/match/player.h"
#include "mneme/pgn/pgn_game.h"

namespace mneme {

// The 1996 thesis's adjudication: after `after_moves` full moves a referee evaluates the
// position and thesis_result_function() gives the points.
struct ResultFunctionSettings {
    int after_moves = 0;        // 0 = off
    Player* referee = nullptr;  // searches with its own time control; not owned
    TimeControl referee_limit;  // e.g. a fixed time per move
};

struct GameSettings {
    TimeControl time_control[2];      // White's and Black's
    std::int64_t time_margin_ms = 0;  // a move may overrun the clock by this much
    // Without a clock or move time (depth or node limits), a player silent this long hangs.
    std::chrono::milliseconds hang_timeout{60000};
    int max_plies = 0;  // 0 = no cap; else a draw after this many plies
    DrawAdjudication draw;
    ResignAdjudication resign;
    ResultFunctionSettings result_function;
    bool recover = true;  // unused here: the tournament restarts players
    std::string event = "mneme match";
    std::string site = "?";
    std::string round = "?";
};

struct GameRecord {
    PgnGame pgn;
    // White's points: 1, 1/2, 0, or a fraction from the result function. Unset when aborted.
    std::optional<double> white_score;
    std::string termination;  // the Termination tag: "normal", "time forfeit", ...
    std::string reason;       // "White mates", "Black's connection stalls", ...
    PlayerFault fault[2] = {PlayerFault::NONE, PlayerFault::NONE};  // by colour
    bool aborted = false;  // stopped by the caller: not a result
    int plies = 0;         // moves made by the players (not the opening)
};

// Plays one game from `opening`. `abort` (optional) is polled between moves; when it becomes
// true the game ends unfinished (aborted = true). The players must be started.
GameRecord play_game(Player& white, Player& black, const Opening& opening,
                     const GameSettings& settings, const std::atomic<bool>* abort = nullptr);

// "+0.25/12 0.813s" style comment: score in pawns from the mover's view (or "+M3"), depth
// and the time the move took.
std::string move_comment(const MoveReply& reply);

// The points a finished game gives White, from its tags: the Result tag, or the WhitePoints
// tag of a result-function adjudication; when the Result tag is missing or "*", from
// `movetext_result` (the result the movetext ends with). Unset for unfinished games.
std::optional<double> white_points(const GameHeaders& headers,
                                   GameResult movetext_result = GameResult::ONGOING);

}  // namespace mneme
