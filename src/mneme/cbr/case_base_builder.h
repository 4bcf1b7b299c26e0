// Building a case base from PGN: replay every game and keep (position, move) for each move the
// chosen expert made. The expert is a named player (every spelling of the name in the White and
// Black tags) or a rating bucket (every move by a player rated in a range). Duplicates are kept:
// a position the expert met often weighs more in the random choice among equal cases.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "mneme/cbr/case_record.h"

namespace mneme {

struct CaseBuildProgress {
    std::uint64_t games_seen = 0;
    std::uint64_t cases = 0;
    std::uint64_t bytes_read = 0;   // of the input files (compressed bytes for .zst/.gz)
    std::uint64_t bytes_total = 0;  // 0 when unknown (stdin)
    double seconds = 0;
};

struct CaseBuildOptions {
    // The expert by name ("Carlsen, Magnus", "Carlsen,M.", "Magnus Carlsen"); several names
    // make one base of all of them. Empty: select by rating (or every move).
    std::vector<std::string> players;
    // The mover's Elo must lie in [min_elo, max_elo] when either is set (0 = no bound); moves
    // by players without a rating are then left out.
    int min_elo = 0;
    int max_elo = 0;
    // At most this many cases (0 = all): a uniform sample of the selected moves (reservoir
    // sampling with `sample_seed`), kept in game order, so rating buckets can be equal-sized.
    std::uint64_t max_cases = 0;
    std::uint64_t sample_seed = 1;
    std::uint64_t max_games = 0;  // stop after reading this many games (0 = all)
    // Takes only game g mod shards == shard (g counted from 0 over all inputs), so that
    // merge_case_bases of the N shards gives the single build's file. With max_cases a shard
    // keeps every selected move, unmirrored: the merge draws the single build's sample from
    // them all, then mirrors.
    int shard = 0, shards = 1;
    // Several rating buckets in one pass (each [first, second], its own sample of at most
    // max_cases): the experts of the ranking experiment. Replaces min_elo and max_elo.
    std::vector<std::pair<int, int>> elo_buckets;
    // Each selected case is followed by its colour-flipped copy (board mirrored, colours and
    // result swapped): twice the cases, the other colour's view of every position. Applied
    // after the max_cases sample.
    bool mirror = false;
    // Called at most about once a second.
    std::function<void(const CaseBuildProgress&)> progress;
    // Each message of the PGN reader (an unreadable game, a warning), as it comes.
    std::function<void(const std::string&)> report;
    // When set (e.g. by Ctrl-C) the build stops with CaseBuildInterrupted.
    const std::atomic<bool>* stop = nullptr;

    bool selects_by_rating() const { return min_elo > 0 || max_elo > 0 || !elo_buckets.empty(); }
};

class CaseBuildInterrupted : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct CaseBuildStats {
    std::uint64_t games_seen = 0;
    std::uint64_t unreadable = 0;       // skipped by the PGN reader
    std::uint64_t games_matched = 0;    // games that gave at least one case
    std::uint64_t games_unmatched = 0;  // readable games that gave none
    std::uint64_t moves_selected = 0;   // before the max_cases sample
    // The tag spellings that matched each wanted player, with their game counts.
    std::map<std::string, std::uint64_t> spellings;
    bool input_failed = false;  // a file could not be opened or read to its end
    double seconds = 0;
};

struct CaseBuild {
    std::vector<CaseRecord> cases;                     // empty with elo_buckets
    std::vector<std::vector<CaseRecord>> buckets;      // one per elo_buckets entry
    std::vector<std::uint64_t> bucket_moves_selected;  // before each bucket's sample
    CaseBuildStats stats;
};

// Every case followed by its colour-flipped copy (same game, ply and rating).
std::vector<CaseRecord> with_mirrored_cases(const std::vector<CaseRecord>& cases);

// Reads `inputs` (plain, .gz or .zst PGN; "-" is stdin) and collects the cases.
CaseBuild build_cases(const std::vector<std::string>& inputs, const CaseBuildOptions& options);

// The text stored in the header: the inputs and the selection, then for the file of rating
// bucket `bucket` (an index into options.elo_buckets; -1 for none) a note saying which, and
// last the shard (" --shard I/N"), which a merge strips to get the single build's text.
std::string case_build_description(const std::vector<std::string>& inputs,
                                   const CaseBuildOptions& options, int bucket = -1);

// A uniform sample of at most `max_cases` of `cases` (the selected moves in game order), drawn as
// build_cases draws it with `seed` while reading, and returned in game order.
std::vector<CaseRecord> sample_cases(const std::vector<CaseRecord>& cases, std::uint64_t max_cases,
                                     std::uint64_t seed);

// What a build described by `description` (as case_build_description writes it, without the
// shard) does after selecting the moves: its sample (max_cases 0 = none) with the seed of the
// file's bucket, and the mirroring. The merge of --max-cases shards applies it.
struct CaseSampling {
    std::uint64_t max_cases = 0;
    std::uint64_t seed = 1;
    bool mirror = false;
};
CaseSampling case_sampling_of_description(const std::string& description);

}  // namespace mneme
