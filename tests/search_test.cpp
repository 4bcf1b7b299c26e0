// The searcher, its transposition table and the engine protocols built on it.
#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "mneme/core/movegen.h"
#include "mneme/notation/uci_move.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/search/search.h"
#include "mneme/search/static_exchange.h"
#include "mneme/search/transposition_table.h"

namespace mneme {
namespace {

SearchResult search_to_depth(const Position& pos, int depth) {
    Searcher searcher(4);
    SearchLimits limits;
    limits.depth = depth;
    return searcher.search(pos, limits);
}

Move uci(const Position& pos, const std::string& text) {
    Move m = parse_uci_move(pos, text);
    EXPECT_TRUE(m) << text << " is not legal in " << pos.fen();
    return m;
}

bool has_mate_in_one(Position& pos) {
    for (Move m : MoveList<LEGAL>(pos)) {
        pos.do_move(m);
        bool mate = pos.is_checkmate();
        pos.undo_move();
        if (mate) return true;
    }
    return false;
}

TEST(Search, FindsMateInOne) {
    // Back-rank mate: the king is walled in by its own pawns.
    Position pos = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    SearchResult result = search_to_depth(pos, 4);
    EXPECT_EQ(result.best, uci(pos, "d1d8"));
    EXPECT_EQ(result.score, mate_in(1));
}

TEST(Search, FindsMateInTwo) {
    // The only mate in two: 1. Ra6! bxa6 (or anything) 2. b7#. After 1. Ra6 Black is in
    // zugzwang, so a null move (a pass) fails high there; only the verification search of a
    // null-move cut-off finds the mate, which needs a few plies more than the mate's length
    // (depth 10 before razoring and the correction history, which was fooled by this
    // zugzwang for two plies more: depth 12 since 2026-11-26).
    Position pos = Position::from_fen("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1");
    SearchResult result = search_to_depth(pos, 12);
    EXPECT_EQ(result.score, mate_in(3));
    EXPECT_EQ(result.best, uci(pos, "a1a6"));
    // Whatever the answer, a mate in one follows.
    pos.do_move(result.best);
    for (Move reply : MoveList<LEGAL>(pos)) {
        pos.do_move(reply);
        EXPECT_TRUE(has_mate_in_one(pos)) << "after " << move_to_uci(pos, reply);
        pos.undo_move();
    }
}

TEST(Search, SeesBeingMated) {
    // Black to move is mated next move whatever it does.
    Position pos = Position::from_fen("k7/8/1K6/8/8/8/8/7R b - - 0 1");
    SearchResult result = search_to_depth(pos, 4);
    EXPECT_EQ(result.score, mated_in(2));
}

TEST(Search, DoesNotStalemateWhenWinning) {
    // Qf7 looks natural (it boxes the king in) but stalemates; Qf8 mates.
    Position pos = Position::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    SearchResult result = search_to_depth(pos, 4);
    pos.do_move(result.best);
    EXPECT_FALSE(pos.is_stalemate()) << move_to_uci(pos, result.best);
    EXPECT_TRUE(pos.is_checkmate());
    EXPECT_EQ(result.score, mate_in(1));
}

TEST(Search, AvoidsStalemateWithoutMateInOne) {
    // King and queen against a cornered king, mate not yet on the board: every stalemating
    // move must be scored a draw, never chosen.
    Position pos = Position::from_fen("7k/8/5K2/8/8/8/8/1Q6 w - - 0 1");
    SearchResult result = search_to_depth(pos, 6);
    EXPECT_TRUE(is_mate_score(result.score) && result.score > 0) << result.score;
    pos.do_move(result.best);
    EXPECT_FALSE(pos.is_stalemate());
}

TEST(Search, TakesHangingQueen) {
    // 1. e4 e5 2. d3 Qg5?? leaves the queen to the c1 bishop.
    Position pos =
        Position::from_fen("rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 1 3");
    SearchResult result = search_to_depth(pos, 4);
    EXPECT_EQ(result.best, uci(pos, "c1g5"));
    EXPECT_GT(result.score, 600);
}

TEST(Search, PlaysTheOnlyLegalMoveAtOnce) {
    Position pos = Position::from_fen("k7/8/8/8/8/8/1q6/K7 w - - 0 1");
    ASSERT_EQ(MoveList<LEGAL>(pos).size(), 1u);
    Searcher searcher(4);
    SearchLimits limits;
    limits.movetime_ms = 10000;
    auto start = std::chrono::steady_clock::now();
    SearchResult result = searcher.search(pos, limits);
    auto elapsed = std::chrono::steady_clock::now() - start;
    EXPECT_EQ(result.best, uci(pos, "a1b2"));
    EXPECT_LT(elapsed, std::chrono::seconds(2));
}

TEST(Search, NoLegalMoveGivesNoMove) {
    Position mated = Position::from_fen("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
    SearchResult result = search_to_depth(mated, 3);
    EXPECT_FALSE(result.best);
    EXPECT_EQ(result.score, mated_in(0));
}

TEST(Search, RespectsNodeLimit) {
    Position pos;
    Searcher searcher(4);
    SearchLimits limits;
    limits.nodes = 5000;
    SearchResult result = searcher.search(pos, limits);
    EXPECT_LE(result.nodes, 5000u);
    EXPECT_GT(result.nodes, 4000u);
    EXPECT_TRUE(MoveList<LEGAL>(pos).contains(result.best));
}

// A stop can fall anywhere: inside an aspiration window widened after a fail high or low, in the
// middle of a root move, between MultiPV lines. Whatever was cut off, the result carries a real
// score for the move it plays and for every line (never the -infinity of an unsearched move or
// VALUE_NONE, which a GUI would show as a mate).
TEST(Search, EveryStopLeavesRealScores) {
    const char* fens[] = {
        // Tactical positions whose best move changes between iterations (aspiration fails).
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
        "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1",
    };
    int searches = 0;
    for (const char* fen : fens) {
        Position pos = Position::from_fen(fen);
        for (int multi_pv : {1, 3}) {
            for (int step = 0; step < 25; ++step) {
                std::uint64_t nodes = 1000 + 487 * std::uint64_t(step);
                Searcher searcher(4);
                SearchOptions options;
                options.multi_pv = multi_pv;
                searcher.set_options(options);
                SearchLimits limits;
                limits.nodes = nodes;
                SearchResult result = searcher.search(pos, limits);
                ++searches;
                ASSERT_TRUE(result.best) << fen << " nodes " << nodes;
                ASSERT_LT(std::abs(result.score), VALUE_INFINITE)
                    << fen << " multipv " << multi_pv << " nodes " << nodes;
                ASSERT_EQ(result.lines.size(), std::size_t(multi_pv));
                EXPECT_EQ(result.lines[0].score, result.score);
                for (const auto& line : result.lines)
                    ASSERT_LT(std::abs(line.score), VALUE_INFINITE)
                        << fen << " multipv " << multi_pv << " nodes " << nodes << " line "
                        << move_to_uci(pos, line.move);
            }
        }
    }
    EXPECT_EQ(searches, 3 * 2 * 25);
}

// A stop ends even the first iteration once a root move has its score: with many lines wanted
// in a position with a large capture tree, the first iteration took a sanitized fuzzer's engine
// over a second (fuzz/regressions/uci/). The move played has still been searched, and only
// scored lines are given. Limits (nodes, time) still let the first iteration finish.
TEST(Search, AStopEndsTheFirstIterationOnceAMoveHasItsScore) {
    Position pos =
        Position::from_fen("r3k2r/p1ppqqb1/bn2pnp1/3PN3/1p2P3/N2Q2p1/RBPPBPPQ/R3K2R w KQkq - 0 1");
    SearchOptions options;
    options.multi_pv = 14;
    SearchLimits depth_one;
    depth_one.depth = 1;

    Searcher whole(4);
    whole.set_options(options);
    SearchResult full = whole.search(pos, depth_one);
    ASSERT_EQ(full.lines.size(), 14u);

    Searcher stopped(4);
    stopped.set_options(options);
    stopped.prepare(false);
    stopped.stop();  // before the search starts: it must still score a move
    SearchResult cut = stopped.search(pos, depth_one);
    EXPECT_LT(cut.nodes, full.nodes / 4);
    ASSERT_TRUE(cut.best);
    EXPECT_TRUE(pos.pseudo_legal(cut.best) && pos.legal(cut.best));
    ASSERT_FALSE(cut.lines.empty());
    EXPECT_LT(cut.lines.size(), 14u);
    EXPECT_EQ(cut.lines[0].move, cut.best);
    for (const auto& line : cut.lines) EXPECT_LT(std::abs(line.score), VALUE_INFINITE);
    EXPECT_LT(std::abs(cut.score), VALUE_INFINITE);
}

TEST(Search, RespectsSearchMoves) {
    Position pos;
    Searcher searcher(4);
    SearchLimits limits;
    limits.depth = 4;
    limits.search_moves = {uci(pos, "a2a3"), uci(pos, "h2h4")};
    SearchResult result = searcher.search(pos, limits);
    EXPECT_TRUE(result.best == limits.search_moves[0] || result.best == limits.search_moves[1]);
}

TEST(Search, OneSearchMoveOfManyIsAnalysedNotPlayedAtOnce) {
    // A single legal move is played at once; a single move left by "searchmoves" is a
    // question about that move and gets the iterations its time allows (it stopped after the
    // first).
    Position pos;
    Searcher searcher(4);
    SearchLimits limits;
    limits.movetime_ms = 300;
    limits.search_moves = {uci(pos, "g1f3")};
    SearchResult result = searcher.search(pos, limits);
    EXPECT_EQ(result.best, uci(pos, "g1f3"));
    EXPECT_GE(result.depth, 3);
}

TEST(Search, FiftyMoveRuleScoresDraw) {
    // A queen up, but the next move without capture or pawn move completes 100 plies.
    Position drawn = Position::from_fen("7k/8/8/8/8/8/8/1Q5K w - - 99 80");
    EXPECT_EQ(search_to_depth(drawn, 4).score, VALUE_DRAW);
    Position fresh = Position::from_fen("7k/8/8/8/8/8/8/1Q5K w - - 0 80");
    EXPECT_GT(search_to_depth(fresh, 4).score, 500);
}

TEST(Search, ThreefoldRepetitionScoresDraw) {
    // White is a queen down; the knight dance has repeated the position after Ng1 twice, so
    // Ng1 once more is a third occurrence: a draw White should take.
    Position pos = Position::from_fen("6nk/8/8/8/8/8/q7/6NK w - - 0 1");
    for (const char* text :
         {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6"})
        pos.do_move(uci(pos, text));
    SearchResult result = search_to_depth(pos, 5);
    EXPECT_EQ(result.best, uci(pos, "f3g1"));
    EXPECT_EQ(result.score, VALUE_DRAW);
}

TEST(Search, SecondOccurrenceBeforeTheRootIsNoDraw) {
    // One knight dance only: going back to f3 repeats a position once, which is no draw (the
    // first occurrence was before the root), so White is simply lost.
    Position pos = Position::from_fen("6nk/8/8/8/8/8/q7/6NK w - - 0 1");
    for (const char* text : {"g1f3", "g8f6", "f3g1", "f6g8"}) pos.do_move(uci(pos, text));
    EXPECT_LT(search_to_depth(pos, 5).score, -500);
}

TEST(Search, IsDeterministicForFixedDepth) {
    Position pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    SearchResult first = search_to_depth(pos, 5);
    SearchResult second = search_to_depth(pos, 5);
    EXPECT_EQ(first.nodes, second.nodes);
    EXPECT_EQ(first.best, second.best);
    EXPECT_EQ(first.pv.front(), first.best);
}

TEST(Search, AResetSearcherSearchesLikeANewOne) {
    Position pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    SearchLimits limits;
    limits.depth = 7;
    Searcher used;
    used.set_hash_size(2);
    SearchOptions changed;
    changed.null_move = false;
    changed.late_move_reductions = false;
    used.set_options(changed);
    used.search(Position(), limits);  // leaves a table and statistics behind
    used.reset();
    SearchResult after_reset = used.search(pos, limits);
    SearchResult fresh = Searcher().search(pos, limits);
    EXPECT_EQ(used.hash_size(), TranspositionTable::DEFAULT_SIZE_MB);
    EXPECT_EQ(after_reset.nodes, fresh.nodes);
    EXPECT_EQ(after_reset.score, fresh.score);
    EXPECT_EQ(after_reset.pv, fresh.pv);
}

TEST(Search, ReportsEveryIteration) {
    Position pos;
    Searcher searcher(4);
    SearchLimits limits;
    limits.depth = 5;
    std::vector<int> depths;
    SearchResult result = searcher.search(pos, limits, [&](const SearchInfo& info) {
        depths.push_back(info.depth);
        EXPECT_FALSE(info.pv.empty());
        // The line must be playable.
        Position line = pos;
        for (Move m : info.pv) {
            ASSERT_TRUE(MoveList<LEGAL>(line).contains(m));
            line.do_move(m);
        }
    });
    EXPECT_EQ(depths, (std::vector<int>{1, 2, 3, 4, 5}));
    EXPECT_EQ(result.depth, 5);
}

// Fifteen queens a side: a capture tree no first iteration finishes. The search never answered
// a time limit, a node limit or a stop there (the server's engine could not be stopped, and
// over UCI `go movetime 100` gave no move); past each by far it now ends with a legal move.
TEST(Search, AFirstIterationThatRunsAwayEndsPastItsLimit) {
    const Position pos =
        Position::from_fen("qqqqkqqq/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQKQQQ w - - 0 1");
    const MoveList<LEGAL> legal(pos);
    Searcher searcher(4);

    SearchLimits timed;
    timed.movetime_ms = 20;
    SearchResult result = searcher.search(pos, timed);
    EXPECT_TRUE(legal.contains(result.best));
    EXPECT_EQ(result.depth, 0);

    SearchLimits counted;
    counted.nodes = 1000;
    result = searcher.search(pos, counted);
    EXPECT_TRUE(legal.contains(result.best));
    EXPECT_EQ(result.depth, 0);
    EXPECT_GE(result.nodes, 1000000u);  // the node limit's own end is the first iteration's

    SearchLimits infinite;
    infinite.infinite = true;
    searcher.prepare(false);
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        searcher.stop();
    });
    result = searcher.search(pos, infinite);
    stopper.join();
    EXPECT_TRUE(legal.contains(result.best));
}

TEST(Search, StopFromAnotherThreadEndsInfiniteSearch) {
    Position pos;
    Searcher searcher(4);
    SearchLimits limits;
    limits.infinite = true;
    searcher.prepare(false);
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        searcher.stop();
    });
    SearchResult result = searcher.search(pos, limits);
    stopper.join();
    EXPECT_TRUE(MoveList<LEGAL>(pos).contains(result.best));
}

TEST(StaticExchange, CountsRecaptures) {
    // Rook takes a pawn defended by a pawn: loses the exchange for a pawn.
    Position pos = Position::from_fen("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1");
    EXPECT_EQ(static_exchange(pos, uci(pos, "d1d5")), SEE_VALUE[PAWN] - SEE_VALUE[ROOK]);
    // An undefended pawn is simply won.
    Position free_pawn = Position::from_fen("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1");
    EXPECT_EQ(static_exchange(free_pawn, uci(free_pawn, "d1d5")), SEE_VALUE[PAWN]);
    // Two rooks (doubled) against one defender: the x-ray rook joins in.
    Position doubled = Position::from_fen("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1");
    EXPECT_EQ(static_exchange(doubled, uci(doubled, "d2d5")), SEE_VALUE[PAWN]);
}

TEST(TranspositionTable, StoresAndProbes) {
    TranspositionTable table(1);
    Position pos;
    Move m = uci(pos, "e2e4");
    TTData data;
    EXPECT_FALSE(table.probe(pos.key(), 0, &data));
    table.store(pos.key(), 0, m, 35, 20, 7, Bound::LOWER);
    ASSERT_TRUE(table.probe(pos.key(), 0, &data));
    EXPECT_EQ(data.move, m);
    EXPECT_EQ(data.score, 35);
    EXPECT_EQ(data.eval, 20);
    EXPECT_EQ(data.depth, 7);
    EXPECT_EQ(data.bound, Bound::LOWER);
    table.clear();
    EXPECT_FALSE(table.probe(pos.key(), 0, &data));
}

// The principal-variation mark shares a byte with the bound and the generation: each must
// come back as stored, whatever the others, across the generations of many searches.
TEST(TranspositionTable, KeepsThePrincipalVariationMarkApartFromBoundAndAge) {
    TranspositionTable table(1);
    Key key = 0x0fedcba987654321ULL;
    TTData data;
    for (int search = 0; search < 70; ++search) {
        table.new_search();
        bool pv = search % 3 == 0;
        Bound bound = search % 2 ? Bound::UPPER : Bound::EXACT;
        table.store(key, 0, Move(), 10 + search, 0, 20, bound, pv);
        ASSERT_TRUE(table.probe(key, 0, &data)) << search;
        EXPECT_EQ(data.was_pv, pv) << search;
        EXPECT_EQ(data.bound, bound) << search;
        EXPECT_EQ(data.score, 10 + search) << search;
    }
    // Marked entries are this search's, not a search of another generation.
    table.clear();
    std::mt19937_64 keys(11);
    for (int i = 0; i < 200000; ++i) table.store(keys(), 0, Move(), 10, 0, 3, Bound::EXACT, true);
    EXPECT_GT(table.hashfull(), 900);
    table.new_search();
    EXPECT_EQ(table.hashfull(), 0);
}

// Clearing skips a table nothing was stored in since; every store after a clear, and a resize
// to new memory, must make the next clear real.
TEST(TranspositionTable, EveryClearAfterAStoreEmptiesTheTable) {
    TranspositionTable table(1);
    Key key = 0x0123456789abcdefULL;
    TTData data;
    for (int round = 0; round < 3; ++round) {
        table.clear();
        table.clear();  // nothing stored: skipped
        EXPECT_FALSE(table.probe(key, 0, &data)) << round;
        table.store(key + round, 0, Move(), 10, 10, 3, Bound::EXACT);
        table.store(key, 0, Move(), 20, 20, 4, Bound::EXACT);
        ASSERT_TRUE(table.probe(key, 0, &data)) << round;
        table.clear();
        EXPECT_FALSE(table.probe(key, 0, &data)) << round;
        EXPECT_FALSE(table.probe(key + round, 0, &data)) << round;
        EXPECT_EQ(table.hashfull(), 0);
    }
    table.store(key, 0, Move(), 20, 20, 4, Bound::EXACT);
    table.resize(2);
    EXPECT_FALSE(table.probe(key, 0, &data));
    EXPECT_EQ(table.hashfull(), 0);
}

TEST(TranspositionTable, MateScoresAreRelativeToTheStoringNode) {
    TranspositionTable table(1);
    Key key = 0x123456789abcdef0ULL;
    // Found at ply 5: we mate 3 plies later (mate_in(8) from the root).
    table.store(key, 5, Move(), mate_in(8), 0, 4, Bound::EXACT);
    TTData data;
    ASSERT_TRUE(table.probe(key, 2, &data));
    // Reached at ply 2 by another path: still 3 plies to the mate.
    EXPECT_EQ(data.score, mate_in(5));
    table.store(key, 6, Move(), mated_in(10), 0, 4, Bound::EXACT);
    ASSERT_TRUE(table.probe(key, 1, &data));
    EXPECT_EQ(data.score, mated_in(5));
    // Ordinary scores are untouched.
    table.store(key, 9, Move(), -250, 0, 4, Bound::UPPER);
    ASSERT_TRUE(table.probe(key, 1, &data));
    EXPECT_EQ(data.score, -250);
}

TEST(TranspositionTable, KeepsDeeperResultsOfTheSameSearch) {
    TranspositionTable table(1);
    Key key = 0x0f0f0f0f12345678ULL;
    table.store(key, 0, Move(), 100, 0, 12, Bound::LOWER);
    table.store(key, 0, Move(), 50, 0, 2, Bound::UPPER);
    TTData data;
    ASSERT_TRUE(table.probe(key, 0, &data));
    EXPECT_EQ(data.depth, 12);
    // A later search may overwrite it.
    table.new_search();
    table.store(key, 0, Move(), 50, 0, 2, Bound::UPPER);
    ASSERT_TRUE(table.probe(key, 0, &data));
    EXPECT_EQ(data.depth, 2);
}

TEST(TranspositionTable, HashfullCountsThisSearchOnly) {
    TranspositionTable table(1);
    EXPECT_EQ(table.hashfull(), 0);
    // 1 MB is 32,768 buckets of three entries: 200,000 stores fill nearly all of them.
    std::mt19937_64 keys(5);
    for (int i = 0; i < 200000; ++i) table.store(keys(), 0, Move(), 10, 0, 3, Bound::EXACT);
    EXPECT_GT(table.hashfull(), 900);
    // The next search counts only what it writes itself.
    table.new_search();
    EXPECT_EQ(table.hashfull(), 0);
    for (int i = 0; i < 20000; ++i) table.store(keys(), 0, Move(), 10, 0, 3, Bound::EXACT);
    int partly = table.hashfull();
    EXPECT_GT(partly, 100);
    EXPECT_LT(partly, 900);
    table.clear();
    EXPECT_EQ(table.hashfull(), 0);

    Searcher searcher(1);
    // Fill a table through a real search and look at it.
    SearchLimits limits;
    limits.depth = 7;
    int last_hashfull = 0;
    searcher.search(Position(), limits,
                    [&](const SearchInfo& info) { last_hashfull = info.hashfull; });
    EXPECT_GT(last_hashfull, 0);
    EXPECT_LE(last_hashfull, 1000);
}

// ---- Protocols, driven through string streams. ----

std::string run_protocol(const std::string& input, Searcher* searcher = nullptr) {
    std::istringstream in(input);
    std::ostringstream out;
    run_engine(in, out, searcher);
    return out.str();
}

// The output without what depends on the clock: UCI's "time" and "nps" values, the time column
// of XBoard's thinking lines.
std::string without_times(const std::string& output) {
    std::istringstream lines(output);
    std::string line, kept;
    while (std::getline(lines, line)) {
        std::vector<std::string> words = split_words(line);
        bool xboard_thinking =
            words.size() > 3 && !words[0].empty() && std::isdigit((unsigned char)words[0][0]);
        for (std::size_t i = 0; i < words.size(); ++i) {
            if (words[0] == "info" && (words[i] == "time" || words[i] == "nps")) {
                ++i;
                continue;
            }
            if (xboard_thinking && i == 2) continue;
            kept += words[i] + " ";
        }
        kept += "\n";
    }
    return kept;
}

// The word after `prefix` on the last line that starts with `prefix`, or "".
std::string word_after(const std::string& output, const std::string& prefix) {
    std::istringstream lines(output);
    std::string line, word;
    while (std::getline(lines, line))
        if (line.rfind(prefix, 0) == 0) {
            std::istringstream rest(line.substr(prefix.size()));
            rest >> word;
        }
    return word;
}

TEST(UciProtocol, AnswersHandshakeAndSearches) {
    std::string out = run_protocol("uci\nisready\nposition startpos moves e2e4\ngo depth 3\n");
    EXPECT_NE(out.find("id name mneme"), std::string::npos);
    EXPECT_NE(out.find("option name Hash type spin default 16"), std::string::npos);
    EXPECT_NE(out.find("uciok"), std::string::npos);
    EXPECT_NE(out.find("readyok"), std::string::npos);
    EXPECT_NE(out.find("info depth 3"), std::string::npos);
    Position pos;
    pos.do_move(uci(pos, "e2e4"));
    std::string best = word_after(out, "bestmove ");
    EXPECT_TRUE(parse_uci_move(pos, best)) << out;
}

TEST(UciProtocol, StopEndsInfiniteSearch) {
    std::string out = run_protocol("uci\nposition startpos\ngo infinite\nisready\nstop\nquit\n");
    EXPECT_NE(out.find("readyok"), std::string::npos);
    EXPECT_TRUE(parse_uci_move(Position(), word_after(out, "bestmove "))) << out;
}

TEST(UciProtocol, SurvivesBadInput) {
    std::string out = run_protocol(
        "uci\nposition fen not/a/fen w - - 0 1\nfrobnicate\nposition startpos moves e2e5\n"
        "setoption name Hash value lots\ngo depth\nisready\n");
    EXPECT_NE(out.find("info string error: bad FEN: invalid FEN \"not/a/fen w - - 0 1\""),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("info string unknown command: frobnicate"), std::string::npos);
    EXPECT_NE(out.find("illegal move 'e2e5'"), std::string::npos);
    EXPECT_NE(out.find("readyok"), std::string::npos);
    // "go depth" without a number still answers (an unlimited search ended by end of input).
    EXPECT_TRUE(parse_uci_move(Position(), word_after(out, "bestmove "))) << out;
}

// The search margins are UCI spin options: listed with their range, a value outside it or not a
// number is refused with the range named, and a value accepted changes what the search visits.
TEST(UciProtocol, SearchMarginsAreCheckedSpinOptions) {
    std::string out = run_protocol(
        "uci\nsetoption name FutilityBase value 5000\nsetoption name NullMoveReduction value x\n"
        "isready\n");
    EXPECT_NE(out.find("option name FutilityBase type spin default 100 min 0 max 1000"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("info string FutilityBase needs 0 to 1000, got '5000'"), std::string::npos)
        << out;
    EXPECT_NE(out.find("info string NullMoveReduction needs 1 to 6, got 'x'"), std::string::npos)
        << out;

    // The last "nodes" figure of a fixed-depth search from a middlegame position.
    auto nodes_with = [](const std::string& setting) {
        std::string answer = run_protocol(
            "uci\n" + setting +
            "position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9\n"
            "go depth 9\n");
        std::size_t at = answer.rfind(" nodes ");
        return at == std::string::npos ? std::string() : word_after(answer.substr(at), " nodes ");
    };
    std::string defaults = nodes_with("");
    ASSERT_FALSE(defaults.empty());
    EXPECT_EQ(nodes_with("setoption name FutilityBase value 100\n"), defaults);
    EXPECT_NE(nodes_with("setoption name ReverseFutilityPerDepth value 0\n"), defaults);
    // The refinements' constants too (for tuning on games), at their defaults the same search.
    EXPECT_EQ(nodes_with("setoption name ProbCutMargin value 200\nsetoption name AspirationDelta "
                         "value 20\n"),
              defaults);
    EXPECT_NE(nodes_with("setoption name ProbCutMargin value 0\n"), defaults);
    EXPECT_NE(nodes_with("setoption name AspirationDelta value 5\n"), defaults);
    EXPECT_NE(nodes_with("setoption name HistoryPrunePerDepth value 0\n"), defaults);
    EXPECT_EQ(nodes_with("setoption name LmrDivisor value 220\n"), defaults);
    EXPECT_NE(nodes_with("setoption name LmrDivisor value 150\n"), defaults);
    EXPECT_EQ(nodes_with("setoption name LmrBase value 50\n"), defaults);
    // The deficit works on the quiescence checks, which are off by default.
    EXPECT_EQ(nodes_with("setoption name QuiescenceCheckDeficit value 100\n"), defaults);
    const std::string checks = "setoption name QuiescenceChecks value true\n";
    EXPECT_EQ(nodes_with(checks + "setoption name QuiescenceCheckDeficit value 0\n"),
              nodes_with(checks));
    EXPECT_NE(nodes_with(checks + "setoption name QuiescenceCheckDeficit value 100\n"),
              nodes_with(checks));
    EXPECT_EQ(nodes_with("setoption name QuiescenceCheckFlights value 1\n"), defaults);
    EXPECT_EQ(nodes_with(checks + "setoption name QuiescenceCheckFlights value 8\n"),
              nodes_with(checks));
    EXPECT_NE(nodes_with(checks + "setoption name QuiescenceCheckFlights value 1\n"),
              nodes_with(checks));
    EXPECT_NE(nodes_with("setoption name LmrBase value -50\n"), defaults);
}

TEST(UciProtocol, FindsMateWithGoMate) {
    std::string out =
        run_protocol("uci\nposition fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo mate 1\n");
    EXPECT_NE(out.find("score mate 1"), std::string::npos);
    EXPECT_EQ(word_after(out, "bestmove "), "d1d8");
}

TEST(UciProtocol, PerftAndBoard) {
    std::string out = run_protocol("uci\nposition startpos\nperft 3\nd\n");
    EXPECT_NE(out.find("Nodes searched: 8902"), std::string::npos);
    EXPECT_NE(out.find("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
              std::string::npos);
}

TEST(XboardProtocol, RepliesToUserMove) {
    std::string out = run_protocol("xboard\nprotover 2\nnew\nsd 3\nusermove e2e4\n");
    EXPECT_NE(out.find("feature myname=\"mneme\""), std::string::npos);
    EXPECT_NE(out.find("done=1"), std::string::npos);
    Position pos;
    pos.do_move(uci(pos, "e2e4"));
    std::string reply = word_after(out, "move ");
    EXPECT_TRUE(parse_uci_move(pos, reply)) << out;
}

TEST(XboardProtocol, RejectsIllegalMovesAndAnswersPing) {
    std::string out = run_protocol(
        "xboard\nprotover 2\nnew\nforce\nusermove e2e5\nusermove\nping 7\nsetboard nonsense\n"
        "usermove e2e4\nundo\nremove\nquit\n");
    EXPECT_NE(out.find("Illegal move: e2e5"), std::string::npos);
    EXPECT_NE(out.find("Error (usermove needs a move): usermove\n"), std::string::npos) << out;
    EXPECT_EQ(out.find("Illegal move: \n"), std::string::npos) << out;
    EXPECT_NE(out.find("pong 7"), std::string::npos);
    EXPECT_NE(out.find("tellusererror Illegal position"), std::string::npos);
    EXPECT_NE(out.find("Error (no moves to take back)"), std::string::npos);
    EXPECT_EQ(word_after(out, "move "), "") << "force mode must not move: " << out;
}

TEST(XboardProtocol, ReportsMate) {
    std::string out = run_protocol(
        "xboard\nprotover 2\nnew\nsetboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\nsd 4\ngo\n");
    EXPECT_EQ(word_after(out, "move "), "d1d8");
    EXPECT_NE(out.find("1-0 {White mates}"), std::string::npos) << out;
}

// A host may lend the protocols its searcher (the fuzzers do, to keep its memory): whatever an
// earlier session set, the next one answers exactly as an engine of its own would.
TEST(EngineProtocols, ALentSearcherAnswersAsTheEnginesOwn) {
    const std::string kiwipete =
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const std::string uci_session = "uci\nposition fen " + kiwipete + "\ngo depth 6\n";
    const std::string xboard_session =
        "xboard\nprotover 2\npost\nsetboard " + kiwipete + "\nsd 5\ngo\n";
    Searcher lent;
    run_protocol(
        "uci\nsetoption name MultiPV value 3\nsetoption name Eval value classic\n"
        "setoption name SingularExtensions value false\nsetoption name Hash value 2\n"
        "setoption name Threads value 2\nposition startpos\ngo depth 6\n",
        &lent);
    std::string uci_own = run_protocol(uci_session);
    EXPECT_NE(uci_own.find("bestmove"), std::string::npos) << uci_own;
    EXPECT_EQ(without_times(run_protocol(uci_session, &lent)), without_times(uci_own));
    run_protocol("xboard\nprotover 2\nnew\noption ProbCut=0\nsd 4\nusermove e2e4\n", &lent);
    std::string xboard_own = run_protocol(xboard_session);
    EXPECT_NE(xboard_own.find("move "), std::string::npos) << xboard_own;
    EXPECT_EQ(without_times(run_protocol(xboard_session, &lent)), without_times(xboard_own));
}

}  // namespace
}  // namespace mneme
