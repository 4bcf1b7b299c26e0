// The 2006 program's safeguard against one opponent dominating its learning: it never let the
// same person play it more than twice in a row (someone had lost 15 games in a row to it and
// skewed what it learned). Here the opponents take turns in blocks of at most `max_in_a_row`
// games, in the order given.
#pragma once

#include <cstddef>

namespace mneme {

class OpponentSchedule {
public:
    // `count` opponents (at least one); max_in_a_row >= 1. With a single opponent there is
    // nobody to alternate with, so it plays every game: callers add a second one (self-play).
    OpponentSchedule(std::size_t count, int max_in_a_row);
    // The index of the opponent of the next game.
    std::size_t next();

private:
    std::size_t count_;
    int max_in_a_row_;
    std::size_t current_ = 0;
    int in_a_row_ = 0;
};

}  // namespace mneme
