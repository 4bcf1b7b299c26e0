// Switches for the search algorithm and each of its refinements, so that their effect can be
// measured one at a time (mneme search-compare) and so that strength can be limited.
#pragma once

#include <cctype>
#include <charconv>
#include <string>
#include <string_view>

#include "mneme/search/limits.h"
#include "mneme/search/score.h"

namespace mneme {

enum class SearchAlgorithm {
    MINIMAX,              // every move searched with an open window: the reference result
    ALPHABETA_FAIL_HARD,  // scores clamped to the window
    ALPHABETA_FAIL_SOFT,  // scores may fall outside the window, giving tighter table bounds
    PVS,                  // first move with the full window, the rest with null windows
};

// Option names compare as UCI says: without regard to case.
inline bool same_option_name(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower((unsigned char)a[i]) != std::tolower((unsigned char)b[i])) return false;
    return true;
}

// The search's hand-set margins, exposed (as UCI and player options of the same names) so that
// SPSA can tune them from match results, where no gradient reaches.
struct SearchMargins {
    int futility_base = 100;  // frontier futility: base + per_depth * depth
    int futility_per_depth = 120;
    int reverse_futility_per_depth = 90;  // static null move: per_depth * depth above beta
    int null_move_reduction = 3;          // plies, before the depth and eval bonuses
    int quiescence_delta = 200;           // delta pruning: a capture this far short is skipped
    // The refinements' constants, exposed for tuning on games (learn spsa).
    int razor_base = 300;  // razoring: base + per_depth_squared * depth^2 below alpha
    int razor_per_depth_squared = 250;
    int probcut_margin = 200;            // a capture beating beta by this at depth - 4 cuts
    int singular_margin_per_depth = 2;   // singular beta: the table score - this * depth
    int history_prune_per_depth = 3000;  // a quiet move with history below -this * depth is pruned
    int aspiration_delta = 20;           // the first aspiration window's half width
    // QuiescenceChecks only where the static score is at least this far below beta (a side
    // that gave material away, whose point may be a mate); 0: wherever it is below beta.
    int quiescence_check_deficit = 0;
    // QuiescenceChecks only against a king with at most this many flight squares (free
    // squares beside it that the checking side does not attack): a check that mates needs a
    // confined king. 8, the most a king can have: every check.
    int quiescence_check_flights = 8;
    // DoubleExtensions: a singular move whose rivals fall this far below the singular bound
    // gets two plies more instead of one.
    int double_extension_margin = 20;
    // ReSearchDepth: a reduced move that beats the best score so far by this much (plus 10 per
    // ply of depth) is searched again a ply deeper than planned.
    int re_search_deeper_margin = 60;
    // Late move reductions: this / 100 + log(depth) log(count) / (lmr_divisor / 100), rounded
    // down; the two shape the whole table (its offset and its slope).
    int lmr_base = 50;
    int lmr_divisor = 220;
    // Time: a game on a clock without moves-to-go is planned as if this many moves remained
    // (the target per move is the clock / this + 3/4 of the increment).
    int planned_moves_left = DEFAULT_PLANNED_MOVES_LEFT;
};

struct SearchMarginOption {
    const char* name;  // the UCI option name
    int SearchMargins::*field;
    int min, max;
};

inline constexpr SearchMarginOption SEARCH_MARGIN_OPTIONS[] = {
    {"FutilityBase", &SearchMargins::futility_base, 0, 1000},
    {"FutilityPerDepth", &SearchMargins::futility_per_depth, 0, 1000},
    {"ReverseFutilityPerDepth", &SearchMargins::reverse_futility_per_depth, 0, 1000},
    {"NullMoveReduction", &SearchMargins::null_move_reduction, 1, 6},
    {"QuiescenceDelta", &SearchMargins::quiescence_delta, 0, 2000},
    {"RazorBase", &SearchMargins::razor_base, 0, 2000},
    {"RazorPerDepthSquared", &SearchMargins::razor_per_depth_squared, 0, 1000},
    {"ProbCutMargin", &SearchMargins::probcut_margin, 0, 1000},
    {"SingularMarginPerDepth", &SearchMargins::singular_margin_per_depth, 0, 20},
    {"HistoryPrunePerDepth", &SearchMargins::history_prune_per_depth, 0, 100000},
    {"AspirationDelta", &SearchMargins::aspiration_delta, 5, 500},
    {"QuiescenceCheckDeficit", &SearchMargins::quiescence_check_deficit, 0, 3000},
    {"QuiescenceCheckFlights", &SearchMargins::quiescence_check_flights, 0, 8},
    {"DoubleExtensionMargin", &SearchMargins::double_extension_margin, 0, 1000},
    {"ReSearchDeeperMargin", &SearchMargins::re_search_deeper_margin, 0, 1000},
    {"LmrBase", &SearchMargins::lmr_base, -200, 300},
    {"LmrDivisor", &SearchMargins::lmr_divisor, 100, 1000},
    {"PlannedMovesLeft", &SearchMargins::planned_moves_left, 5, 100},
};

// The margin option called `name` (any case), or null.
inline const SearchMarginOption* find_search_margin(std::string_view name) {
    for (const SearchMarginOption& option : SEARCH_MARGIN_OPTIONS) {
        if (same_option_name(option.name, name)) return &option;
    }
    return nullptr;
}

// Sets `margin` from the text `value`, a whole number within the margin's range; otherwise
// leaves `margins` alone and says why in `error` ("NAME needs MIN to MAX, got 'VALUE'").
inline bool set_search_margin(const SearchMarginOption& margin, std::string_view value,
                              SearchMargins* margins, std::string* error) {
    int number = 0;
    const char* end = value.data() + value.size();
    auto [stop, failure] = std::from_chars(value.data(), end, number);
    if (failure != std::errc() || stop != end || number < margin.min || number > margin.max) {
        *error = std::string(margin.name) + " needs " + std::to_string(margin.min) + " to " +
                 std::to_string(margin.max) + ", got '" + std::string(value) + "'";
        return false;
    }
    margins->*(margin.field) = number;
    return true;
}

struct SearchOptions {
    SearchAlgorithm algorithm = SearchAlgorithm::PVS;
    bool aspiration = true;           // iterations start with a narrow window around the last score
    bool transposition_table = true;  // probe and store; off also removes the table move
    // Move ordering.
    bool tt_move = true;
    bool capture_ordering = true;  // most valuable victim / least valuable attacker, SEE split
    bool killers = true;
    bool counter_moves = true;
    bool history = true;
    bool continuation_history = true;  // quiet moves also scored as answers to the last two
    // Selectivity.
    bool null_move = true;
    bool late_move_reductions = true;
    bool futility = true;            // frontier futility and reverse futility pruning
    bool move_count_pruning = true;  // late quiet moves of shallow nodes skipped
    bool see_pruning = true;         // shallow moves that lose material by exchange skipped
    // The refinements of the modern search, kept because a sequential test in games said so
    // (docs/search-tests.md), and switchable as UCI options of the names in
    // SEARCH_REFINEMENT_OPTIONS so that a match can measure each.
    bool correction_history = true;   // static score corrected by what searches found for
                                      // the same pawn structure
    bool singular_extensions = true;  // the table move alone holds: one ply more (and
                                      // multi-cut, negative extensions)
    bool capture_history = true;      // captures ordered by their record as well as victim
    bool razoring = true;             // far below alpha near the leaves: quiescence decides
    bool probcut = true;              // a good capture beats beta by a margin at reduced
                                      // depth: the node is cut
    bool time_stability = true;       // time scaled by the best move's stability, its node
                                      // share and the score's trend
    // Kept together on 2026-12-06, when the five passed their SPRT as a bundle:
    bool material_correction = true;      // a second correction table keyed by material; the
                                          // two corrections averaged
    bool table_capture_reduction = true;  // quiet moves reduced one ply more when the table's
                                          // move is a capture (the capture is then likely best)
    bool killer_reductions = true;        // killers and the counter move reduced as well, one
                                          // ply less than the other quiet moves
    bool capture_reductions = true;       // late captures that lose material by exchange
                                          // reduced like late quiet moves, one ply less
    bool cut_node_reductions = true;      // late moves of a node expected to fail high (a
                                          // cut node) reduced one ply more
    // Not yet tested in games, so off by default:
    bool quiescence_checks = false;              // quiet checks searched at quiescence's first ply
                                                 // (and in razoring's quiescence)
    bool former_pv_no_reverse_futility = false;  // no reverse futility in nodes the table
                                                 // marks as once on a principal variation
    bool advanced_pawn_pushes = false;           // quiet pawn moves to the 6th or 7th rank neither
                                                 // reduced nor pruned as late quiet moves
    bool quiescence_check_pruning = false;       // quiescence prunes checks too: captures that
                                                 // check delta-pruned; in check, once an evasion
                                                 // is not mated, no losing captures and at most
                                                 // two quiet evasions
    bool root_reductions = false;                // late quiet root moves reduced as the tree's
                                                 // are, one ply less (the root is a PV node)
    bool quiet_table_move_no_reverse_futility = false;  // no reverse futility where the table's
                                                        // move is quiet (a defence, maybe)
    bool double_extensions = false;      // a move far more singular than the bound asks: two
                                         // plies more (at most six times on a line)
    bool re_search_depth = false;        // a reduced move's re-search a ply deeper when it beat
                                         // the best score by far, a ply shallower when barely
    bool threat_ordering = false;        // quiet moves ordered by the threats of lesser enemy
                                         // pieces: escaping them first, walking into them last
    bool four_ply_continuation = false;  // quiet moves also scored as answers to our own move
                                         // two turns back (a third continuation slice)
    bool non_pawn_correction = false;    // two more correction tables, keyed by where each
                                         // side's pieces other than pawns stand
    bool table_score_eval = false;       // the pruning decisions judge by the table's score
                                         // where its bound says the node is worth more (or
                                         // less) than the static score

    SearchMargins margins;

    Value contempt = 0;  // centipawns a draw is worse than equality for the root side
    int multi_pv = 1;    // how many best root moves to score exactly
    // Extra callbacks besides finished iterations: "currmove" after a second and scores that
    // failed an aspiration window. Off by default: only the UCI loop knows what to do with them.
    bool progress_reports = false;

    // Everything off but the algorithm: the textbook search, for comparisons.
    static SearchOptions plain(SearchAlgorithm algorithm);
};

struct SearchRefinementOption {
    const char* name;  // the UCI check option and mneme player option (any case)
    bool SearchOptions::*field;
};

inline constexpr SearchRefinementOption SEARCH_REFINEMENT_OPTIONS[] = {
    {"CorrectionHistory", &SearchOptions::correction_history},
    {"SingularExtensions", &SearchOptions::singular_extensions},
    {"CaptureHistory", &SearchOptions::capture_history},
    {"Razoring", &SearchOptions::razoring},
    {"ProbCut", &SearchOptions::probcut},
    {"TimeStability", &SearchOptions::time_stability},
    {"MaterialCorrection", &SearchOptions::material_correction},
    {"TableCaptureReduction", &SearchOptions::table_capture_reduction},
    {"KillerReductions", &SearchOptions::killer_reductions},
    {"QuiescenceChecks", &SearchOptions::quiescence_checks},
    {"CaptureReductions", &SearchOptions::capture_reductions},
    {"CutNodeReductions", &SearchOptions::cut_node_reductions},
    {"FormerPvNoReverseFutility", &SearchOptions::former_pv_no_reverse_futility},
    {"AdvancedPawnPushes", &SearchOptions::advanced_pawn_pushes},
    {"QuiescenceCheckPruning", &SearchOptions::quiescence_check_pruning},
    {"RootReductions", &SearchOptions::root_reductions},
    {"QuietTableMoveNoReverseFutility", &SearchOptions::quiet_table_move_no_reverse_futility},
    {"DoubleExtensions", &SearchOptions::double_extensions},
    {"ReSearchDepth", &SearchOptions::re_search_depth},
    {"ThreatOrdering", &SearchOptions::threat_ordering},
    {"FourPlyContinuation", &SearchOptions::four_ply_continuation},
    {"NonPawnCorrection", &SearchOptions::non_pawn_correction},
    {"TableScoreEval", &SearchOptions::table_score_eval},
};

inline SearchOptions SearchOptions::plain(SearchAlgorithm algorithm) {
    SearchOptions o;
    o.algorithm = algorithm;
    o.aspiration = o.transposition_table = o.tt_move = o.capture_ordering = false;
    o.killers = o.counter_moves = o.history = o.continuation_history = false;
    o.null_move = o.late_move_reductions = o.futility = false;
    o.move_count_pruning = o.see_pruning = false;
    // Every refinement, so that a new switch cannot be left on here.
    for (const SearchRefinementOption& r : SEARCH_REFINEMENT_OPTIONS) o.*(r.field) = false;
    return o;
}

// The refinement option called `name` (any case), or null.
inline const SearchRefinementOption* find_search_refinement(std::string_view name) {
    for (const SearchRefinementOption& option : SEARCH_REFINEMENT_OPTIONS) {
        if (same_option_name(option.name, name)) return &option;
    }
    return nullptr;
}

inline const char* algorithm_name(SearchAlgorithm a) {
    switch (a) {
        case SearchAlgorithm::MINIMAX:
            return "minimax";
        case SearchAlgorithm::ALPHABETA_FAIL_HARD:
            return "alphabeta-failhard";
        case SearchAlgorithm::ALPHABETA_FAIL_SOFT:
            return "alphabeta-failsoft";
        case SearchAlgorithm::PVS:
            return "pvs";
    }
    return "?";
}

}  // namespace mneme
