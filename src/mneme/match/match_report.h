// The statistics of a finished (or running) match or tournament, from a list of game results:
// per pair W/D/L, Elo with 95% intervals (trinomial, and pentanomial over colour-swapped game
// pairs), LOS and draw ratio; for more than two players a maximum-likelihood rating list, a
// crosstable and the 2015 thesis's showdown orderings. The same code serves the live runner and
// `mneme report FILE.pgn`.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "mneme/match/elo_statistics.h"
#include "mneme/match/orderings.h"
#include "mneme/match/rating_fit.h"
#include "mneme/match/run_games.h"
#include "mneme/match/sprt.h"

namespace mneme {

struct GameSummary {
    int white = 0;  // player indices
    int black = 0;
    double white_score = 0;   // 1, 1/2, 0 or a result-function fraction
    std::string termination;  // the Termination tag ("normal", "time forfeit", ...)
    // Games with the same key, in order, form colour-swapped pairs for the pentanomial model
    // (same round, opening and players). Empty: the game is in no pair.
    std::string pair_key;
};

struct PairStatistics {
    int first = 0, second = 0;  // player indices; counts are from `first`'s view
    WdlCounts wdl;              // fractional scores count as that fraction of a win and of a loss
    int fractional_games = 0;   // games adjudicated by the result function to a fraction
    PentanomialCounts pentanomial;
    EloEstimate trinomial_estimate;
    EloEstimate pentanomial_estimate;  // games == 0 when no complete pair was found
};

struct TournamentReport {
    std::vector<std::string> names;
    std::vector<PairStatistics> pairs;  // every pair that met, in first-meeting order
    std::vector<PlayerRating> ratings;  // maximum likelihood, mean 0
    Crosstable crosstable;
    std::vector<int> strict_ordering, non_strict_ordering;
    // More players than longest_ordering takes: the orderings are empty, and said to be left out.
    bool orderings_left_out = false;
    // Per player: how its games ended when it lost by a fault ("time forfeit" -> count).
    std::vector<std::map<std::string, int>> losses_by_termination;
    std::vector<double> points;
    std::vector<int> games;
    int total_games = 0;
};

TournamentReport compute_report(const std::vector<std::string>& names,
                                const std::vector<GameSummary>& games);
// The text tables printed at the end of a run.
std::string format_report(const TournamentReport& report);
// The same as JSON.
std::string report_json(const TournamentReport& report);
// One line for the live status: "mneme - gnuchess: 12.5-7.5 (+10 -5 =5) Elo +88 +-120".
std::string score_line(const TournamentReport& report, std::size_t pair = 0);

// The SPRT of the report's first pair (a match): over its colour-swapped game pairs when it has
// any, otherwise over its games.
SprtState report_sprt(const TournamentReport& report, const SprtParameters& parameters);
// "SPRT: llr 1.23 (bounds -2.94, 2.94): no decision yet" (or "H0 accepted", "H1 accepted").
std::string sprt_line(const SprtState& state);
// The same for the live status, after score_line: "  LLR -1.67 (-2.94, 2.94)".
std::string llr_text(const SprtState& state);

// The finished games of PGN files in round order (Round tag "R.G" or "R"; others last, each
// group in file order), so the shards of a run report as the run; player names in order of
// appearance go to `names`; unfinished games and games with no result are skipped (counted in
// `skipped`); games that cannot be read or rated are reported in `errors` and left out; the
// reader's warnings (a game read and counted, e.g. a Result tag its movetext contradicts) go to
// `warnings`.
std::vector<GameSummary> summaries_from_pgn(const std::vector<std::string>& paths,
                                            std::vector<std::string>& names, int& skipped,
                                            std::vector<std::string>& errors,
                                            std::vector<std::string>& warnings);
// The same from games already read (run_games_from_pgn), which report and its --paired-with
// both use, read once.
std::vector<GameSummary> summaries_from_run_games(std::vector<RunGame> games,
                                                  std::vector<std::string>& names);

}  // namespace mneme
