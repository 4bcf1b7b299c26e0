#include "mneme/book/book_probe.h"

#include <algorithm>

#include "mneme/book/polyglot_book.h"

namespace mneme {

std::vector<BookMove> book_moves(const BookFile& book, const Position& pos) {
    std::vector<BookMove> moves;
    for (const BookEntry& entry : book.lookup(pos.key()))
        if (Move move = PolyglotBook::decode_move(entry.move, pos))
            moves.push_back({move, BookCandidate::from_entry(entry)});
    std::stable_sort(moves.begin(), moves.end(), [](const BookMove& a, const BookMove& b) {
        return a.counts.games() > b.counts.games();
    });
    return moves;
}

std::vector<BookCandidate> candidates_of(const std::vector<BookMove>& moves) {
    std::vector<BookCandidate> candidates;
    for (const BookMove& m : moves) candidates.push_back(m.counts);
    return candidates;
}

Move pick_book_move(const BookFile& book, const Position& pos, const BookPolicy& policy,
                    std::mt19937_64& rng) {
    std::vector<BookMove> moves = book_moves(book, pos);
    int chosen = choose_candidate(candidates_of(moves), policy, rng);
    return chosen < 0 ? Move::none() : moves[std::size_t(chosen)].move;
}

}  // namespace mneme
