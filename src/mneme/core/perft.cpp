#include "mneme/core/perft.h"

#include "mneme/core/movegen.h"

namespace mneme {

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

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    for (Move m : MoveList<LEGAL>(pos)) {
        pos.do_move(m);
        result.emplace_back(m, perft(pos, depth - 1));
        pos.undo_move();
    }
    return result;
}

}  // namespace mneme
