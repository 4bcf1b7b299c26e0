// Positions "just out of book" (Toni 1996, Tables 5.3 and 5.6): where a game that follows the
// book leaves it. From the start position, a walk plays the policy's move until the policy
// finds no move;
// that position, with the walk that led to it, is one exit. The default policy draws the moves
// in proportion to their games among those with at least 20, so a walk is a game sampled from
// the database and followed while the book lasts (OPTA 1's uniform draw would give rare
// transpositions, such as 1.Nf3 in a French book, as much weight as the main lines). Walks
// that end in a position already found are tried again, so the exits are distinct.
#pragma once

#include <cstdint>
#include <vector>

#include "mneme/book/opening_book.h"
#include "mneme/notation/position_line.h"

namespace mneme {

struct BookExitOptions {
    int count = 100;
    std::uint64_t seed = 1;
    BookPolicy policy{BookPolicyKind::WEIGHTED, 20};
    int max_ply = 70;            // a walk stops here even when the book goes on
    int attempts_per_exit = 50;  // walks allowed per exit wanted before giving up
};

// Up to options.count distinct exits, in the order found; fewer when the book has fewer
// (the walks allowed ran out). Positions without a legal move are not exits.
std::vector<PositionLine> find_book_exits(const OpeningBook& book, const BookExitOptions& options);

}  // namespace mneme
