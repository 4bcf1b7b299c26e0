#include "mneme/gui/game_clock.h"

namespace mneme::gui {

namespace {

std::int64_t elapsed_ms(GameClock::TimePoint from, GameClock::TimePoint to) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(to - from).count();
}

}  // namespace

void GameClock::reset(const ClockSettings& settings) {
    settings_ = settings;
    remaining_ms_[WHITE] = remaining_ms_[BLACK] = settings.base_ms;
    running_.reset();
}

void GameClock::start(Color side, TimePoint now) {
    if (!settings_.enabled) return;
    stop(now, false);
    running_ = side;
    turn_started_ = now;
}

void GameClock::stop(TimePoint now, bool add_increment) {
    if (!running_) return;
    Color side = *running_;
    remaining_ms_[side] -= elapsed_ms(turn_started_, now);
    if (add_increment) remaining_ms_[side] += settings_.increment_ms;
    running_.reset();
}

void GameClock::press(TimePoint now) {
    if (!running_) return;
    Color next = ~*running_;
    stop(now, true);
    start(next, now);
}

std::int64_t GameClock::remaining_ms(Color side, TimePoint now) const {
    if (running_ && *running_ == side) return remaining_ms_[side] - elapsed_ms(turn_started_, now);
    return remaining_ms_[side];
}

GameClock::TimePoint GameClock::deadline() const {
    Color side = running_.value_or(WHITE);
    return turn_started_ + std::chrono::milliseconds(remaining_ms_[side]);
}

}  // namespace mneme::gui
