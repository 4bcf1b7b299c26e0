// Runs a match or a tournament: the schedule (round robin or gauntlet, each opening played
// with both colours), N games at once in worker threads, each with its own player instances,
// restarts after faults, the PGN written game by game, resume from that PGN, live status,
// SPRT stopping, and the final report.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "mneme/match/game_runner.h"
#include "mneme/match/match_report.h"
#include "mneme/match/opening_suite.h"
#include "mneme/match/player_spec.h"
#include "mneme/match/sprt.h"

namespace mneme {

enum class TournamentFormat { ROUND_ROBIN, GAUNTLET };

struct TournamentSettings {
    std::vector<PlayerSpec> players;  // each with its time control filled in
    TournamentFormat format = TournamentFormat::ROUND_ROBIN;
    int rounds = 1;
    int games_per_encounter = 2;  // per pair and round; colours alternate
    // This run plays rounds [shard * rounds / shards, (shard + 1) * rounds / shards) of the
    // schedule, with the game numbers, seeds and openings the whole run gives them, so the
    // shards' PGNs together report as one run.
    int shard = 0, shards = 1;
    std::optional<OpeningOptions> openings;  // absent: the standard start
    int concurrency = 1;
    std::uint64_t seed = 0;
    GameSettings game;                   // adjudication, margins; time controls come from players
    std::optional<PlayerSpec> referee;   // for the result function (game.result_function)
    std::string pgn_out;                 // empty: no PGN file
    bool resume = false;                 // continue from the games already in pgn_out
    bool overwrite = false;              // replace a pgn_out that holds games
    std::optional<SprtParameters> sprt;  // two players only
    std::string json_out;
    bool live_status = false;  // a refreshed status line on stderr
};

// A run's schedule is made before its first game, so its size is bounded: a million games is
// more than any match or tournament here plays (split larger ones into several runs).
constexpr int MOST_SCHEDULED_GAMES = 1'000'000;

struct ScheduledGame {
    int number = 0;         // 1-based over the whole tournament
    int round = 0;          // 1-based
    int game_in_round = 0;  // 1-based
    int white = 0, black = 0;
    std::size_t opening = 0;  // index into the opening suite's sequence
    std::string pair_key;     // shared by the two colour-swapped games of an opening
    std::string round_tag() const {
        return std::to_string(round) + "." + std::to_string(game_in_round);
    }
};

// Throws std::invalid_argument, naming the count, when the settings ask for no game or for more
// than MOST_SCHEDULED_GAMES.
void check_schedule_size(const TournamentSettings& settings);

// The games of the settings' shard in order (all of them for one shard); deterministic for the
// settings. Throws std::invalid_argument for a shard that does not exist or would be empty, and
// as check_schedule_size does.
std::vector<ScheduledGame> make_schedule(const TournamentSettings& settings);

// The first round (0-based) of shard `shard` of `shards`, and one past its last for shard + 1.
int shard_first_round(int rounds, int shard, int shards);

struct TournamentOutcome {
    TournamentReport report;
    std::vector<GameSummary> games;
    int games_played = 0;      // this run
    int games_resumed = 0;     // found in the PGN file
    bool interrupted = false;  // stopped by `stop` before the schedule ended
    std::optional<SprtState> sprt;
};

// Runs the schedule. Progress lines go to `log`; `stop` (optional) ends the run early (a decided
// SPRT sets it too): running games are abandoned (not recorded), the PGN holds every finished
// game. Throws
// std::runtime_error when a player cannot be started at all, or the PGN to resume from does
// not belong to this tournament.
TournamentOutcome run_tournament(const TournamentSettings& settings, std::ostream& log,
                                 std::atomic<bool>* stop = nullptr);

}  // namespace mneme
