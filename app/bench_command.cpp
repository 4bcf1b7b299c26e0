// mneme bench: a fixed set of positions searched to a fixed depth. The total node count is a
// signature of the search: a change that alters it changes how the engine plays.
#include <chrono>
#include <iostream>
#include <stdexcept>
#include <string>

#include "commands.h"
#include "mneme/notation/uci_move.h"
#include "mneme/search/search.h"

namespace mneme::app {

namespace {

constexpr int DEFAULT_BENCH_DEPTH = 7;

// Openings, middlegames with tactics and castling rights, and endgames with few pieces.
constexpr const char* BENCH_POSITIONS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 0 5",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/5k2/8/8/8/8/2Q5/4K3 w - - 0 1",
};

}  // namespace

int bench_command(const Arguments& args) {
    int depth = DEFAULT_BENCH_DEPTH;
    if (args.size() > 1) throw std::runtime_error("bench takes at most one argument, DEPTH");
    if (!args.empty()) {
        std::size_t used = 0;
        depth = std::stoi(args[0], &used);
        if (used != args[0].size() || depth < 1 || depth >= MAX_PLY)
            throw std::runtime_error("bench DEPTH must be a number from 1 to " +
                                     std::to_string(MAX_PLY - 1));
    }
    Searcher searcher;
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
        std::cerr << "position " << ++index << ": " << move_to_uci(pos, result.best) << ", "
                  << result.nodes << " nodes\n";
    }
    auto elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - start).count();
    std::cout << "Total time (ms) : " << elapsed_ms << "\nNodes searched  : " << total_nodes
              << "\nNodes/second    : "
              << total_nodes * 1000 / std::uint64_t(std::max<std::int64_t>(elapsed_ms, 1)) << '\n';
    return 0;
}

}  // namespace mneme::app
