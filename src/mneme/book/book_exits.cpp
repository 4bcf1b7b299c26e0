#include "mneme/book/book_exits.h"

#include <unordered_set>

namespace mneme {

std::vector<PositionLine> find_book_exits(const OpeningBook& book, const BookExitOptions& options) {
    std::mt19937_64 rng(options.seed);
    std::vector<PositionLine> exits;
    std::unordered_set<std::uint64_t> seen;
    long long attempts = static_cast<long long>(options.count) * options.attempts_per_exit;
    while (int(exits.size()) < options.count && attempts-- > 0) {
        PositionLine line;
        Position pos = line.start;
        while (pos.game_ply() < options.max_ply) {
            std::vector<OpeningBookMove> moves = book.moves(pos);
            int chosen = book.choose(moves, options.policy, rng);
            if (chosen < 0) break;
            Move m = moves[std::size_t(chosen)].move;
            line.moves.push_back(m);
            pos.do_move(m);
        }
        if (line.moves.empty() || !pos.has_legal_moves() || !seen.insert(pos.key()).second)
            continue;
        exits.push_back(std::move(line));
    }
    return exits;
}

}  // namespace mneme
