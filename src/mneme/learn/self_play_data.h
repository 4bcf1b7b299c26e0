// Training data for the network evaluation from the engine's own games (`mneme learn datagen`):
// self-play at a fixed node count per move from randomised openings, keeping quiet positions
// with the search's score and, once the game is over, its result.
//
// Game g of a run is fully determined by the run's seed and g (its own random opening, a fresh
// search state (a cleared searcher), node-limited single-threaded searches), so a run can be split
// into shards of consecutive games, interrupted and resumed, and still give the same records.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "mneme/learn/scored_position.h"

namespace mneme {

class Searcher;

struct DatagenOptions {
    std::uint64_t seed = 1;
    std::uint64_t nodes = 5000;  // per move
    int random_plies = 8;        // uniformly random legal moves before the engine plays
    int skip_plies = 16;         // no position kept before this ply of the game
    int max_plies = 400;         // a longer game is scored a draw
    // Adjudication: a side whose score is at least this for `win_plies` plies in a row (both
    // sides agreeing) wins; scores within `draw_score` for `draw_plies` plies after ply
    // `draw_from_ply` make a draw.
    int win_score = 2000;
    int win_plies = 6;
    int draw_score = 10;
    int draw_plies = 12;
    int draw_from_ply = 80;
    int max_kept_score = 3000;  // positions scored beyond this are not kept
    std::size_t hash_mb = 16;
    // The evaluation that plays and scores: "classic", or "nnue" with a network file (empty:
    // the built-in one).
    std::string eval = "classic";
    std::string net_file;

    // The text that must match when a file is resumed: every option above.
    std::string settings() const;
};

struct DatagenGame {
    std::uint64_t number = 0;               // game number within the run (0-based)
    std::vector<ScoredPosition> positions;  // kept positions, labelled with the result
    int plies = 0;
    double result_for_white = 0.5;
};

// A searcher with the run's evaluation and table, for play_datagen_game.
std::unique_ptr<Searcher> make_datagen_searcher(const DatagenOptions& options);

// Plays game `number` of the run with `searcher` (from make_datagen_searcher), cleared first: the
// game depends on the options and its number only, not on the games the searcher played before.
// A worker keeps one searcher for all its games, since a table allocated per game was faulted
// into memory afresh each time (a twentieth of a datagen process's time went to the kernel).
DatagenGame play_datagen_game(const DatagenOptions& options, std::uint64_t number,
                              Searcher& searcher);
// The same with a searcher of its own.
DatagenGame play_datagen_game(const DatagenOptions& options, std::uint64_t number);

struct DatagenRun {
    std::string output;
    std::uint64_t games = 1000;  // in the whole run (all shards)
    int shard = 0, shards = 1;   // this process plays games [shard * games / shards, ...)
    int threads = 1;             // games played at once (the records stay in game order)
    // When not 0: this call stops once the file holds the shard's first `shard_games` games, as
    // if interrupted there (not a setting: a later call with a larger limit or none goes on).
    std::uint64_t shard_games = 0;
    std::string provenance;  // command line, commit: goes into the file's description
    // About once a second: games and positions done by this process (this session), in all
    // the file, seconds, and games left.
    std::function<void(std::uint64_t games_done, std::uint64_t positions, double seconds,
                       std::uint64_t games_left)>
        progress;
    std::function<bool()> stop_requested;  // checked between games; the file stays resumable
};

// The first game number of a shard, and one past its last.
std::uint64_t shard_begin(std::uint64_t games, int shard, int shards);
// How many games this call plays to in all: the shard's share, or `shard_games` when smaller.
std::uint64_t shard_games_asked(const DatagenRun& run);

struct DatagenSummary {
    std::uint64_t games = 0, positions = 0;  // in the file
    std::uint64_t games_played_now = 0;      // by this call
    bool resumed = false, complete = false;
    std::uint64_t checksum = 0;
};

// Plays the shard's games not yet in `run.output`, appending them; an existing file is resumed
// when it was made with the same settings and shard, and refused otherwise, as is a file that
// already holds more games than `run.shard_games` asks for. `complete` means the games asked for.
DatagenSummary run_datagen(const DatagenOptions& options, const DatagenRun& run);

}  // namespace mneme
