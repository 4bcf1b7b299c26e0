// mneme bench: a fixed set of positions searched to a fixed depth. The total node count is a
// signature of the search: a change that alters it changes how the engine plays.
#include <chrono>
#include <iomanip>
#include <iostream>
#include <stdexcept>
#include <string>

#include "commands.h"
#include "evaluation_argument.h"
#include "mneme/notation/uci_move.h"
#include "mneme/search/search.h"
#include "search_option_argument.h"

namespace mneme::app {

namespace {

// Chosen so that the whole bench takes about 2 s on one core here (7, then 9, as the search
// gained its pruning; raise it again if the bench drops under ~1 s).
constexpr int DEFAULT_BENCH_DEPTH = 12;

// Every position has a legal move (a finished game measures nothing). Groups: openings,
// middlegames (castling both ways, attacks, tactics, en passant), endgames (pawn, rook, minor
// piece, queen), and small tactical puzzles (mates, stalemate traps, promotions).
constexpr const char* BENCH_POSITIONS[] = {
    // Openings.
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
    "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4",
    "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqkbnr/ppp2ppp/4p3/3pP3/3P4/8/PPP2PPP/RNBQKBNR b KQkq - 0 3",
    "rnbq1rk1/ppp1ppbp/3p1np1/8/2PPP3/2N2N2/PP3PPP/R1BQKB1R b KQ - 1 5",
    "rn1qkbnr/pp2pppp/2p5/3pPb2/3P4/8/PPP2PPP/RNBQKBNR w KQkq - 1 4",
    "rnbqkbnr/pppp1ppp/8/4p3/2P5/2N5/PP1PPPPP/R1BQKBNR b KQkq - 1 2",
    "r1bqk2r/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPP3PP/R2QKB1R w KQkq - 1 8",
    "r1bq1rk1/2ppbppp/p1n2n2/1p2p3/4P3/1B3N2/PPPP1PPP/RNBQR1K1 w - - 2 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    // Middlegames.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 9",
    "2kr3r/pbpq1ppp/1pn1pn2/3p4/3P1B2/2PBPN2/PP1N1PPP/R2QK2R w KQ - 4 10",
    "r1b2rk1/ppq2ppp/2n1p3/3pP3/3P4/3B1N2/P4PPP/R2Q1RK1 w - - 0 13",
    "2r3k1/pp3ppp/4pn2/8/3P4/P3BN2/1P3PPP/2R3K1 w - - 0 22",
    "3r2k1/p4ppp/1pq5/8/3Q4/1P6/P4PPP/3R2K1 w - - 0 25",
    "r2q1rk1/1b1nbppp/pp1ppn2/8/2PNP3/1PN1B3/P3BPPP/R2Q1RK1 w - - 0 11",
    // Endgames.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "8/8/8/2k5/8/8/1PK5/8 w - - 0 1",
    "8/5pk1/6p1/8/P7/5PK1/8/8 w - - 0 1",
    "8/pp3k2/2p3p1/3p1p1p/3P1P1P/2P3P1/PP3K2/8 w - - 0 30",
    "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
    "4k3/r7/8/4PK2/8/8/8/7R b - - 0 1",
    "8/5pk1/6p1/7p/7P/r5P1/5PK1/1R6 w - - 0 1",
    "8/3n1k2/5p2/p7/P2N4/5K2/8/8 w - - 0 1",
    "8/5k2/3b4/1p6/1P3B2/5K2/8/8 w - - 0 1",
    "8/8/8/3Q4/8/5K2/1pk5/8 w - - 0 1",
    "8/8/3k4/8/8/2BNK3/8/8 w - - 0 1",
    "8/5k2/8/8/8/8/2Q5/4K3 w - - 0 1",
    // Tactics: mates, a stalemate trap, promotions, a lone evasion.
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "r5k1/5ppp/8/8/8/8/5PPP/1Q1R2K1 w - - 0 1",
    "6rk/6pp/8/6N1/8/8/1Q4PP/6K1 w - - 0 1",
    "7k/8/6K1/5Q2/8/8/8/8 w - - 0 1",
    "8/P5k1/8/8/8/8/6Kp/8 w - - 0 1",
    "3r4/2P3k1/8/8/8/8/5PPP/6K1 w - - 0 1",
    "8/4P1k1/8/8/8/8/1q6/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",
};

// A whole number from `text`, within [low, high], or an error naming `what`.
int parse_int(const std::string& text, int low, int high, const std::string& what) {
    std::size_t used = 0;
    int value = 0;
    try {
        value = std::stoi(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || value < low || value > high)
        throw UsageError(what + " must be a number from " + std::to_string(low) + " to " +
                         std::to_string(high) + "; got '" + text + "'");
    return value;
}

}  // namespace

int bench_command(const Arguments& args) {
    int depth = DEFAULT_BENCH_DEPTH;
    int hash_mb = int(TranspositionTable::DEFAULT_SIZE_MB);
    int threads = 1;
    EvaluationArgument evaluation;
    SearchOptions search;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        bool has_value = i + 1 < args.size();
        if (arg == "--hash" && has_value) {
            hash_mb = parse_int(args[++i], 1, 65536, "--hash MB");
        } else if (arg == "--threads" && has_value) {
            // With more than one thread (Lazy SMP) the node count is no longer a fixed signature.
            threads = parse_int(args[++i], 1, 64, "--threads N");
        } else if (arg == "--eval" && has_value) {
            evaluation.name = args[++i];
        } else if (arg == "--net" && has_value) {
            evaluation.use_network(args[++i]);
        } else if (arg == "--option" && has_value) {
            // The signature of another setting: what a refinement or margin does to the tree.
            set_search_option(args[++i], &search);
        } else if (i == 0 && arg.rfind("--", 0) != 0) {
            depth = parse_int(arg, 1, MAX_PLY - 1, "bench DEPTH");
        } else {
            throw UsageError("unexpected or incomplete argument '" + arg + "'");
        }
    }
    Searcher searcher{std::size_t(hash_mb)};
    searcher.set_threads(threads);
    searcher.set_options(search);
    searcher.set_evaluator(evaluation.make());
    SearchLimits limits;
    limits.depth = depth;
    std::uint64_t total_nodes = 0;
    auto start = std::chrono::steady_clock::now();
    int index = 0;
    for (const char* fen : BENCH_POSITIONS) {
        Position pos = Position::from_fen(fen);
        // Every position starts from a clean slate, so the count does not depend on the order.
        searcher.clear();
        SearchResult result = searcher.search(pos, limits);
        total_nodes += result.nodes;
        std::cout << "position " << std::setw(2) << ++index << ": " << std::setw(6) << std::left
                  << move_to_uci(pos, result.best) << std::right << std::setw(10) << result.nodes
                  << " nodes  " << fen << '\n';
    }
    auto elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - start)
                          .count();
    std::cout << "\nEvaluation      : " << searcher.evaluator().name()
              << "\nDepth           : " << depth << "\nPositions       : " << index
              << "\nTotal time (ms) : " << elapsed_ms << "\nNodes searched  : " << total_nodes
              << "\nNodes/second    : "
              << total_nodes * 1000 / std::uint64_t(std::max<std::int64_t>(elapsed_ms, 1)) << '\n';
    return 0;
}

}  // namespace mneme::app
