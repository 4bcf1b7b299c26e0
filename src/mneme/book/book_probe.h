// A native book seen from a position: its legal book moves with their counts, and the move a
// policy picks. This is what a player needs from a book.
#pragma once

#include <random>
#include <vector>

#include "mneme/book/book_file.h"
#include "mneme/book/book_policy.h"
#include "mneme/core/position.h"

namespace mneme {

struct BookMove {
    Move move;
    BookCandidate counts;  // from the mover's point of view
};

// The book moves of `pos`, most played first (equal counts in move order). Entries whose move
// is not legal here (a key collision) are left out.
std::vector<BookMove> book_moves(const BookFile& book, const Position& pos);

// The policy's move for `pos`, or Move::none() when no book move passes its filters.
Move pick_book_move(const BookFile& book, const Position& pos, const BookPolicy& policy,
                    std::mt19937_64& rng);

// The candidates of `moves` in the same order, for rate_candidates and choose_candidate.
std::vector<BookCandidate> candidates_of(const std::vector<BookMove>& moves);

}  // namespace mneme
