#include "mneme/core/perft.h"

#include "mneme/core/movegen.h"

namespace mneme {

namespace {

// perft() that gives up (returning a partial count) once `stop` is set; the flag is read only
// where a subtree has more than a ply left, so the leaves cost nothing extra.
std::uint64_t stoppable_perft(Position& pos, int depth, const std::atomic<bool>& stop) {
    if (depth <= 2) return perft(pos, depth);
    std::uint64_t nodes = 0;
    for (Move m : MoveList<LEGAL>(pos)) {
        if (stop.load(std::memory_order_relaxed)) break;
        pos.do_move(m);
        nodes += stoppable_perft(pos, depth - 1, stop);
        pos.undo_move();
    }
    return nodes;
}

}  // namespace

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    // Bulk counting: the last ply is counted without making the moves.
    if (depth == 1) return count_legal_moves(pos);
    std::uint64_t nodes = 0;
    for (Move m : MoveList<LEGAL>(pos)) {
        pos.do_move(m);
        nodes += perft(pos, depth - 1);
        pos.undo_move();
    }
    return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth,
                                                         const std::atomic<bool>* stop,
                                                         bool* stopped,
                                                         const PerftCounted& counted) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    if (stopped) *stopped = false;
    for (Move m : MoveList<LEGAL>(pos)) {
        pos.do_move(m);
        std::uint64_t count = stop ? stoppable_perft(pos, depth - 1, *stop) : perft(pos, depth - 1);
        pos.undo_move();
        // A count cut short is not a count: only whole subtrees are reported.
        if (stop && stop->load()) {
            if (stopped) *stopped = true;
            break;
        }
        result.emplace_back(m, count);
        if (counted) counted(m, count);
    }
    return result;
}

}  // namespace mneme
