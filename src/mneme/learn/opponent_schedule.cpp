#include "mneme/learn/opponent_schedule.h"

#include <stdexcept>

namespace mneme {

OpponentSchedule::OpponentSchedule(std::size_t count, int max_in_a_row)
    : count_(count), max_in_a_row_(max_in_a_row) {
    if (count == 0) throw std::invalid_argument("a training schedule needs an opponent");
    if (max_in_a_row < 1) throw std::invalid_argument("max games in a row must be at least 1");
}

std::size_t OpponentSchedule::next() {
    if (in_a_row_ == max_in_a_row_ && count_ > 1) {
        current_ = (current_ + 1) % count_;
        in_a_row_ = 0;
    }
    ++in_a_row_;
    return current_;
}

}  // namespace mneme
