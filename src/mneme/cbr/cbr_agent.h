// The case-based reasoning player: retrieve the most similar case(s), adapt the expert's move
// to the current board, play it (thesis §4.2; no retain step). The thesis's agent is the
// default; each improvement is a switch so that its effect can be measured on its own.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mneme/cbr/adaptation.h"
#include "mneme/cbr/case_base.h"
#include "mneme/cbr/cbr_random.h"
#include "mneme/search/search.h"

namespace mneme {

// How the retrieved cases become one move.
enum class CaseChoice {
    RANDOM_CASE,  // the thesis: one of the most similar cases uniformly at random, adapted
    VOTE,         // every retrieved case votes for its adapted move, weighted by similarity
    PENALISE,     // the case whose adapted move fits best, less similar cases penalised
};

struct CbrSettings {
    AdaptationWeights weights;
    std::size_t neighbours = 1;  // k: retrieve every case as similar as the k-th best
    CaseChoice choice = CaseChoice::RANDOM_CASE;
    // PENALISE: adaptation score lost per four similarity points (one square's difference).
    double penalty = 0.05;
    bool mirror = false;            // use the other colour's cases on the mirrored board
    bool avoid_repetition = false;  // no move into a position seen twice, if there is another
    bool exact_shortcut = false;    // look the board up by hash before any scan
    bool linear_scan = false;       // the reference scan instead of the index
    // Hybrid: a search of this depth (0 = off) checks the CBR candidates; the best-ranked one
    // within `verify_margin` centipawns of the best move found is played, else the search's.
    int verify_depth = 0;
    int verify_margin = 50;
    int verify_candidates = 4;
};

// Reads a setting by name ("k", "mirror", "weights", ...; see parse_cbr_setting in the .cpp
// and the README). Returns false with `error` set for an unknown name or a bad value.
bool parse_cbr_setting(const std::string& name, const std::string& value, CbrSettings& settings,
                       std::string& error);

struct CbrDecision {
    Move move;                  // none only when there is no legal move
    bool fallback = false;      // no case of the right colour: a random legal move
    int similarity = 0;         // of the most similar case
    std::size_t retrieved = 0;  // cases retrieved
    bool verified = false;      // the hybrid's search judged the move
    Value score = 0;            // the hybrid's search score of the move (when verify_depth),
                                // in the search's units
    // The case whose move was adapted (RANDOM_CASE) or the nearest one (VOTE, PENALISE), and
    // the first few retrieved cases, most similar first (empty on a fallback).
    std::optional<RetrievedCase> used_case;
    std::vector<RetrievedCase> nearest;
    std::vector<std::string> trace;
};

class CbrAgent {
public:
    static constexpr std::size_t NEAREST_KEPT = 8;  // CbrDecision::nearest's length at most

    CbrAgent(std::shared_ptr<const CaseBase> base, CbrSettings settings);

    // The behaviour's seed (the thesis uses round - 1 for both players of a game).
    void seed(std::uint64_t seed) { random_.seed(seed); }
    const CbrSettings& settings() const { return settings_; }
    const CaseBase& base() const { return *base_; }
    // How the verifying search's scores translate into winning chances (for reporting them).
    const WinRateModel& win_rate_model() const { return searcher_->evaluator().win_rate_model(); }

    // The move for `pos` (with its history, for repetition avoidance). With `trace`, the
    // decision's trace lines say which cases were used and how the move was adapted.
    CbrDecision choose(const Position& pos, bool trace = false);

private:
    struct Ranked {
        Move move;
        double value;
    };
    std::vector<RetrievedCase> retrieve(const Position& pos) const;
    std::vector<Ranked> rank_moves(const Position& pos, const std::vector<Move>& allowed,
                                   const std::vector<RetrievedCase>& cases, CbrDecision& decision);
    Move verify(const Position& pos, const std::vector<Ranked>& ranked, CbrDecision& decision);

    std::shared_ptr<const CaseBase> base_;
    CbrSettings settings_;
    CbrRandom random_;
    std::unique_ptr<Searcher> searcher_;
};

}  // namespace mneme
