// The modern refinements of the search (issue 21), each behind its own switch: their tables
// behave as described, each changes what the search visits, none loses the engine's tactics,
// and the UCI check options that switch them are checked.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "mneme/core/movegen.h"
#include "mneme/notation/uci_move.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/search/history.h"
#include "mneme/search/move_picker.h"
#include "mneme/search/search.h"
#include "search_test_util.h"

namespace mneme {
namespace {

// The default options with every refinement off but `field` (null: all off).
SearchOptions with_refinement(bool SearchOptions::*field) {
    SearchOptions options;
    for (const SearchRefinementOption& r : SEARCH_REFINEMENT_OPTIONS) options.*(r.field) = false;
    if (field) options.*field = true;
    return options;
}

// 1. Qxh7+ Kxh7 2. Rh3#: a queen sacrifice that checks, then a quiet mate. A refinement that
// reduces, prunes or extends must still find it at `depth`.
const char* const QUEEN_SACRIFICE_MATE = "6rk/6pp/8/5P1Q/8/4R3/6PP/6K1 w - - 0 1";

void expect_queen_sacrifice_mate(const SearchOptions& options, int depth) {
    SearchResult mate = search_with(Position::from_fen(QUEEN_SACRIFICE_MATE), options, depth);
    EXPECT_EQ(move_to_uci(mate.best, false), "h5h7");
    EXPECT_EQ(mate.score, mate_in(3));
}

TEST(CorrectionHistory, MovesTowardsTheErrorFasterForDeeperSearches) {
    CorrectionHistory table;
    table.clear();
    const std::uint64_t hash = 12345;
    EXPECT_EQ(table.get(WHITE, hash), 0);
    table.update(WHITE, hash, 400, 6);
    int after_shallow = table.get(WHITE, hash);
    CorrectionHistory deep;
    deep.clear();
    deep.update(WHITE, hash, 400, 15);
    EXPECT_GT(after_shallow, 0);
    EXPECT_GT(deep.get(WHITE, hash), after_shallow);
    // The other side to move keeps its own entry.
    EXPECT_EQ(table.get(BLACK, hash), 0);
    // However often and far the searches disagree, the correction approaches its bound and
    // never passes it.
    const int bound = CorrectionHistory::MAX_CORRECTION / CorrectionHistory::GRAIN;
    for (int i = 0; i < 1000; ++i) table.update(WHITE, hash, 5000, 20);
    EXPECT_GE(table.get(WHITE, hash), bound - 1);
    EXPECT_LE(table.get(WHITE, hash), bound);
    for (int i = 0; i < 1000; ++i) table.update(WHITE, hash, -5000, 20);
    EXPECT_LE(table.get(WHITE, hash), -(bound - 1));
    EXPECT_GE(table.get(WHITE, hash), -bound);
}

TEST(CorrectionHistory, PawnHashTellsStructuresApart) {
    Position a = Position::from_fen("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1");
    Position b = Position::from_fen("4k3/pp3ppp/8/8/8/5P2/PP4PP/4K3 w - - 0 1");
    // The same pawns with pieces elsewhere: the same structure.
    Position c = Position::from_fen("3rk3/pp3ppp/8/8/8/8/PP3PPP/2R1K3 w - - 0 1");
    auto hash = [](const Position& p) {
        return pawn_structure_hash(p.pieces(WHITE, PAWN), p.pieces(BLACK, PAWN));
    };
    EXPECT_NE(hash(a), hash(b));
    EXPECT_EQ(hash(a), hash(c));
    // Colours matter: the same squares with the colours swapped is another structure.
    EXPECT_NE(pawn_structure_hash(a.pieces(WHITE, PAWN), a.pieces(BLACK, PAWN)),
              pawn_structure_hash(a.pieces(BLACK, PAWN), a.pieces(WHITE, PAWN)));
}

TEST(CorrectionHistory, MaterialHashCountsPiecesWhereverTheyStand) {
    auto hash = [](const Position& p) {
        int counts[2][5];
        for (Color c : {WHITE, BLACK})
            for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN})
                counts[c][pt - PAWN] = p.count(c, pt);
        return material_hash(counts);
    };
    Position a = Position::from_fen("4k3/pp3ppp/8/8/8/8/PP3PPP/2N1K3 w - - 0 1");
    Position moved = Position::from_fen("4k3/1p3ppp/p7/8/3N4/8/PP3PPP/4K3 b - - 0 1");
    Position bishop = Position::from_fen("4k3/pp3ppp/8/8/8/8/PP3PPP/2B1K3 w - - 0 1");
    Position swapped = Position::from_fen("2n1k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1");
    EXPECT_EQ(hash(a), hash(moved));
    EXPECT_NE(hash(a), hash(bishop));   // a knight is not a bishop
    EXPECT_NE(hash(a), hash(swapped));  // nor is it the other side's knight
}

TEST(CorrectionHistory, PiecePlacementHashFollowsOneSidesPiecesOnly) {
    auto hash = [](const Position& p, Color side) {
        const Bitboard boards[5] = {p.pieces(side, KNIGHT), p.pieces(side, BISHOP),
                                    p.pieces(side, ROOK), p.pieces(side, QUEEN),
                                    p.pieces(side, KING)};
        return piece_placement_hash(boards);
    };
    Position a = Position::from_fen("r3k3/pp3ppp/8/8/8/8/PP3PPP/2N1K3 w - - 0 1");
    // Other pawns, the same pieces: the same keys for both sides.
    Position pawns = Position::from_fen("r3k3/1p3ppp/p7/8/8/5P2/PP4PP/2N1K3 w - - 0 1");
    // White's knight elsewhere: White's key changes, Black's does not.
    Position knight = Position::from_fen("r3k3/pp3ppp/8/8/3N4/8/PP3PPP/4K3 w - - 0 1");
    // A bishop on the knight's square is another placement.
    Position bishop = Position::from_fen("r3k3/pp3ppp/8/8/8/8/PP3PPP/2B1K3 w - - 0 1");
    EXPECT_EQ(hash(a, WHITE), hash(pawns, WHITE));
    EXPECT_EQ(hash(a, BLACK), hash(pawns, BLACK));
    EXPECT_NE(hash(a, WHITE), hash(knight, WHITE));
    EXPECT_EQ(hash(a, BLACK), hash(knight, BLACK));
    EXPECT_NE(hash(a, WHITE), hash(bishop, WHITE));
}

TEST(CaptureHistory, RewardsAndPunishesEachCaptureApart) {
    CaptureHistory table;
    table.clear();
    table.update(W_KNIGHT, SQ_E5, PAWN, 800);
    table.update(W_KNIGHT, SQ_E5, BISHOP, -800);
    EXPECT_GT(table.get(W_KNIGHT, SQ_E5, PAWN), 0);
    EXPECT_LT(table.get(W_KNIGHT, SQ_E5, BISHOP), 0);
    EXPECT_EQ(table.get(B_KNIGHT, SQ_E5, PAWN), 0);
}

// The refinement another one refines, without which it does nothing (null: none).
bool SearchOptions::*refined_by(bool SearchOptions::*field) {
    return field == &SearchOptions::double_extensions ? &SearchOptions::singular_extensions
                                                      : nullptr;
}

// Each refinement alone (with the one it refines) changes the tree of a fixed-depth middlegame
// search (so its switch is connected), and the searches with it still find the tactics below.
TEST(SearchRefinements, EachChangesTheTreeAndKeepsTactics) {
    Position middlegame =
        Position::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9");
    struct Tactic {
        const char* fen;
        const char* best;
        int depth;
    };
    const Tactic tactics[] = {
        {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 6},  // back rank
        {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", 6},
        {"4k3/8/8/3q4/8/8/3R4/3K4 w - - 0 1", "d2d5", 6},  // hanging queen
    };
    for (const SearchRefinementOption& r : SEARCH_REFINEMENT_OPTIONS) {
        if (r.field == &SearchOptions::time_stability) continue;  // only timed searches
        bool SearchOptions::*refined = refined_by(r.field);
        const std::uint64_t baseline = search_with(middlegame, with_refinement(refined), 10).nodes;
        SearchOptions options = with_refinement(r.field);
        if (refined) options.*refined = true;
        // Double extensions need a deeper tree than depth 10's singular searches: their own
        // test below counts them at depth 13.
        if (r.field != &SearchOptions::double_extensions) {
            EXPECT_NE(search_with(middlegame, options, 10).nodes, baseline) << r.name;
        }
        for (const Tactic& t : tactics) {
            Position pos = Position::from_fen(t.fen);
            SearchResult result = search_with(pos, options, t.depth);
            EXPECT_EQ(move_to_uci(result.best, false), t.best) << r.name << " in " << t.fen;
        }
    }
    // All of them together as well. The default has every refinement on that passed its test
    // in games (docs/search-tests.md); the ones not tested yet are off.
    const std::array<bool SearchOptions::*, 12> untested = {
        &SearchOptions::quiescence_checks,    &SearchOptions::former_pv_no_reverse_futility,
        &SearchOptions::advanced_pawn_pushes, &SearchOptions::quiescence_check_pruning,
        &SearchOptions::root_reductions,      &SearchOptions::quiet_table_move_no_reverse_futility,
        &SearchOptions::double_extensions,    &SearchOptions::re_search_depth,
        &SearchOptions::threat_ordering,      &SearchOptions::four_ply_continuation,
        &SearchOptions::non_pawn_correction,  &SearchOptions::table_score_eval};
    SearchOptions defaults;
    for (const SearchRefinementOption& r : SEARCH_REFINEMENT_OPTIONS)
        EXPECT_EQ(defaults.*(r.field),
                  std::find(untested.begin(), untested.end(), r.field) == untested.end())
            << r.name;
    SearchOptions all;
    for (const SearchRefinementOption& r : SEARCH_REFINEMENT_OPTIONS) all.*(r.field) = true;
    for (const Tactic& t : tactics) {
        Position pos = Position::from_fen(t.fen);
        EXPECT_EQ(move_to_uci(search_with(pos, all, t.depth).best, false), t.best) << t.fen;
    }
}

// Double extensions: in a middlegame some singular moves' rivals fall far below the bound and
// get two plies; never without the switch, never in a PV node, and fewer with a wider margin.
// With them a queen sacrifice that mates is still the move.
TEST(SearchRefinements, DoubleExtensionsExtendMovesFarMoreSingularThanTheBound) {
    Position middlegame =
        Position::from_fen("r2q1rk1/pp1bbppp/2n1pn2/3p4/2PP4/P1N1PN2/1P1QBPPP/R3K2R w KQ - 0 10");
    SearchOptions singular = with_refinement(&SearchOptions::singular_extensions);
    SearchOptions doubled = singular;
    doubled.double_extensions = true;
    SearchOptions wide = doubled;
    wide.margins.double_extension_margin = 300;
    EXPECT_EQ(search_with(middlegame, singular, 13).statistics.double_extensions, 0u);
    std::uint64_t narrow_count = search_with(middlegame, doubled, 13).statistics.double_extensions;
    std::uint64_t wide_count = search_with(middlegame, wide, 13).statistics.double_extensions;
    EXPECT_GT(narrow_count, 0u);
    EXPECT_LT(wide_count, narrow_count);
    expect_queen_sacrifice_mate(doubled, 10);
}

// Re-search depth: reduced moves that beat alpha are searched again a ply deeper or shallower
// than planned, by how far they beat the best score; without the switch always as planned.
TEST(SearchRefinements, ReSearchDepthFollowsTheReducedSearchsMargin) {
    Position middlegame =
        Position::from_fen("r2q1rk1/pp1bbppp/2n1pn2/3p4/2PP4/P1N1PN2/1P1QBPPP/R3K2R w KQ - 0 10");
    SearchResult planned = search_with(middlegame, SearchOptions(), 12);
    EXPECT_EQ(planned.statistics.deeper_re_searches, 0u);
    EXPECT_EQ(planned.statistics.shallower_re_searches, 0u);
    SearchOptions adjusted;
    adjusted.re_search_depth = true;
    SearchResult result = search_with(middlegame, adjusted, 12);
    EXPECT_GT(result.statistics.deeper_re_searches, 0u);
    EXPECT_GT(result.statistics.shallower_re_searches, 0u);
    EXPECT_LE(result.statistics.deeper_re_searches + result.statistics.shallower_re_searches,
              result.statistics.re_searches);
}

// Table score as evaluation: nodes whose table entry bounds the value beyond the static score
// are judged by it, never without the switch; the tree changes and a mate is still proved.
TEST(SearchRefinements, TableScoreEvalJudgesNodesByTheTablesBound) {
    Position middlegame =
        Position::from_fen("r2q1rk1/pp1bbppp/2n1pn2/3p4/2PP4/P1N1PN2/1P1QBPPP/R3K2R w KQ - 0 10");
    SearchResult plain = search_with(middlegame, SearchOptions(), 11);
    EXPECT_EQ(plain.statistics.table_score_evals, 0u);
    SearchOptions refined;
    refined.table_score_eval = true;
    SearchResult result = search_with(middlegame, refined, 11);
    EXPECT_GT(result.statistics.table_score_evals, 0u);
    EXPECT_NE(result.nodes, plain.nodes);
    expect_queen_sacrifice_mate(refined, 8);
}

// Threat ordering: with no history to go by, a knight that an enemy pawn attacks is moved
// first, to squares no pawn attacks, and a rook move onto a square an enemy knight attacks
// comes last; without the switch the quiet moves keep the generator's order.
TEST(ThreatOrdering, EscapesThreatsFirstAndWalksIntoThemLast) {
    // White: Ke1, Ra3, Nd4 (attacked by the e5 pawn). Black: Ke8, Ng4 (guards e3), pawn e5.
    // White has no capture, so every move is quiet.
    Position pos = Position::from_fen("4k3/8/8/4p3/3N2n1/R7/8/4K3 w - - 0 1");
    ButterflyHistory history;
    history.clear();
    const KillerMoves no_killers{};
    auto order = [&](bool threats) {
        MovePicker picker(pos, Move::none(), no_killers, Move::none(), history);
        if (threats) picker.use_threats();
        std::vector<std::string> moves;
        while (Move m = picker.next()) moves.push_back(move_to_uci(m, false));
        return moves;
    };
    std::vector<std::string> with = order(true), without = order(false);
    ASSERT_EQ(with.size(), without.size());
    ASSERT_EQ(with.size(), MoveList<LEGAL>(pos).size());
    // The eight knight moves (none to a pawn-attacked square) lead.
    for (int i = 0; i < 8; ++i) EXPECT_EQ(with[i].substr(0, 2), "d4") << i << ": " << with[i];
    EXPECT_EQ(with.back(), "a3e3");
    EXPECT_NE(without.back(), "a3e3");
    EXPECT_NE(without.front().substr(0, 2), "d4");
}

// Capture reductions: the losing captures of a middlegame (pieces can take defended pawns) get
// the shallower first look too, so more moves are reduced at the same depth.
TEST(SearchRefinements, CaptureReductionsReduceLosingCaptures) {
    Position middlegame =
        Position::from_fen("r2q1rk1/pp1bbppp/2n1pn2/3p4/2PP4/P1N1PN2/1P1QBPPP/R3K2R w KQ - 0 10");
    SearchResult without = search_with(middlegame, with_refinement(nullptr), 11);
    SearchResult with =
        search_with(middlegame, with_refinement(&SearchOptions::capture_reductions), 11);
    EXPECT_GT(with.statistics.reductions, without.statistics.reductions);
    // A queen sacrifice that mates is a check, never reduced: 1. Qxh7+ Kxh7 2. Rh3#.
    expect_queen_sacrifice_mate(with_refinement(&SearchOptions::capture_reductions), 6);
}

// Root reductions: late quiet root moves are searched shallower first, so a fixed-depth search
// of a middlegame is smaller. A quiet key move at the root is found later, not lost: the
// zugzwang mate 1. Ra6! (mate in 3 plies), which the default finds at depth 11, is found at
// depth 17 (13 before the five reductions of 2026-12-06 were on by default: they shorten the
// reduced first look further; the mating pawn move 2. b7# is a quiet move that razoring leaves
// to quiescence until the reduced search is deep enough); a queen sacrifice that checks is
// never reduced.
TEST(SearchRefinements, RootReductionsReduceLateRootMovesAndKeepKeyMoves) {
    Position middlegame =
        Position::from_fen("r2q1rk1/pp1bbppp/2n1pn2/3p4/2PP4/P1N1PN2/1P1QBPPP/R3K2R w KQ - 0 10");
    SearchOptions off;
    SearchOptions on;
    on.root_reductions = true;
    SearchResult without = search_with(middlegame, off, 12);
    SearchResult with = search_with(middlegame, on, 12);
    EXPECT_LT(with.nodes, without.nodes);
    Position zugzwang = Position::from_fen("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1");
    SearchResult mate = search_with(zugzwang, on, 17);
    EXPECT_EQ(move_to_uci(mate.best, false), "a1a6");
    EXPECT_EQ(mate.score, mate_in(3));
    expect_queen_sacrifice_mate(on, 8);
}

// The zugzwang mate in two of search_test (1. Ra6! and 2. b7#), with every refinement on:
// ProbCut and razoring must not cut the quiet key move, singular searches must not lose it.
TEST(SearchRefinements, AllTogetherStillProveAMate) {
    Position pos = Position::from_fen("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1");
    SearchOptions all;
    for (const SearchRefinementOption& r : SEARCH_REFINEMENT_OPTIONS) all.*(r.field) = true;
    SearchResult result = search_with(pos, all, 12);
    EXPECT_EQ(result.score, mate_in(3));
    EXPECT_EQ(move_to_uci(result.best, false), "a1a6");
}

// Quiescence checks: the queen that takes a7 leaves the back rank to ...Rd1 mate. A search of
// one ply sees only captures after the queen's move, and takes the pawn; with quiet checks at
// the first ply of quiescence it sees the mate and keeps the queen home.
TEST(SearchRefinements, QuiescenceChecksSeeAQuietMateAtTheLeaves) {
    Position pos = Position::from_fen("3r2k1/p4ppp/8/8/8/8/5PPP/Q5K1 w - - 0 1");
    SearchOptions without = with_refinement(nullptr);
    EXPECT_EQ(move_to_uci(search_with(pos, without, 1).best, false), "a1a7");
    SearchOptions with = with_refinement(&SearchOptions::quiescence_checks);
    SearchResult result = search_with(pos, with, 1);
    EXPECT_NE(move_to_uci(result.best, false), "a1a7");
    EXPECT_FALSE(is_mate_score(result.score)) << result.score;
}

// QuiescenceCheckDeficit keeps quiet checks to quiescence nodes whose static score is that far
// below beta: most nodes are near the window, so far fewer checks are searched, and the mate
// after a sacrifice (the side to move a queen down) is still seen.
TEST(SearchRefinements, QuiescenceCheckDeficitKeepsChecksToNodesFarBelowBeta) {
    Position middlegame =
        Position::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8");
    SearchOptions checks = with_refinement(&SearchOptions::quiescence_checks);
    SearchOptions far_below = checks;
    far_below.margins.quiescence_check_deficit = 300;
    SearchOptions none = with_refinement(nullptr);
    std::uint64_t all = search_with(middlegame, checks, 8).statistics.quiescence_checks;
    std::uint64_t kept = search_with(middlegame, far_below, 8).statistics.quiescence_checks;
    EXPECT_EQ(search_with(middlegame, none, 8).statistics.quiescence_checks, 0u);
    EXPECT_LT(kept * 2, all) << kept << " against " << all;
    // 1. Qxh7+ Kxh7 2. Rh3#: at depth 1 the quiet mate is a check at the first ply of
    // quiescence, where White, a queen down, is far below beta.
    EXPECT_FALSE(
        is_mate_score(search_with(Position::from_fen(QUEEN_SACRIFICE_MATE), none, 1).score));
    expect_queen_sacrifice_mate(far_below, 1);
}

// QuiescenceCheckFlights keeps quiet checks to a king with at most that many flight squares.
// After 1. Qxh7+ Kxh7 the king has two (h6 and h8; g6 is the f-pawn's, g8 its own rook's), and
// the quiet 2. Rh3# is found at depth 1 with a limit of two, not with one.
TEST(SearchRefinements, QuiescenceCheckFlightsKeepsChecksToConfinedKings) {
    SearchOptions checks = with_refinement(&SearchOptions::quiescence_checks);
    SearchOptions two = checks, one = checks;
    two.margins.quiescence_check_flights = 2;
    one.margins.quiescence_check_flights = 1;
    expect_queen_sacrifice_mate(two, 1);
    EXPECT_FALSE(
        is_mate_score(search_with(Position::from_fen(QUEEN_SACRIFICE_MATE), one, 1).score));
    // In a quiet middlegame, where the kings have room, far fewer checks are searched.
    Position middlegame =
        Position::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8");
    std::uint64_t all = search_with(middlegame, checks, 8).statistics.quiescence_checks;
    std::uint64_t kept = search_with(middlegame, one, 8).statistics.quiescence_checks;
    EXPECT_LT(kept * 2, all) << kept << " against " << all;
}

// Quiescence check pruning: in a position full of captures that check (a fuzzer's input found
// it: the engine's search of one ply took 6,908 nodes with the network, 843 with the switch),
// the lines of checks and evasions below the leaves are pruned like the others (with the
// classic evaluation here: 3,442 nodes, 2,714 with it), and a mate through them is still a mate.
TEST(SearchRefinements, QuiescenceCheckPruningShrinksCheckTreesAndKeepsMates) {
    Position checks =
        Position::from_fen("r3k2r/p1pqppb1/bn2pnp1/3PN3/3pN3/2N2Q1p/PPBPBPPP/R3K2R w KQkq - 0 1");
    SearchOptions without;
    SearchOptions with;
    with.quiescence_check_pruning = true;
    SearchResult plain = search_with(checks, without, 1);
    SearchResult pruned = search_with(checks, with, 1);
    EXPECT_LT(pruned.nodes * 10, plain.nodes * 9) << pruned.nodes << " against " << plain.nodes;
    // 1. Qxh7+ Kxh7 2. Rh3#: the mate is seen through the king's only evasion.
    expect_queen_sacrifice_mate(with, 6);
}

std::string run_uci(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    run_engine(in, out);
    return out.str();
}

TEST(SearchRefinements, UciCheckOptionsAreListedAndChecked) {
    std::string out = run_uci(
        "uci\nsetoption name SingularExtensions value maybe\n"
        "setoption name correctionhistory value true\nisready\n");
    for (const SearchRefinementOption& r : SEARCH_REFINEMENT_OPTIONS)
        EXPECT_NE(out.find(std::string("option name ") + r.name + " type check default "),
                  std::string::npos)
            << r.name;
    EXPECT_NE(out.find("info string SingularExtensions needs true or false, got 'maybe'"),
              std::string::npos)
        << out;
    EXPECT_EQ(out.find("unknown option"), std::string::npos) << out;
}

}  // namespace
}  // namespace mneme
