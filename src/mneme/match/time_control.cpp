#include "mneme/match/time_control.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace mneme {

namespace {

// "60", "0.5", "1:30" (minutes:seconds) -> milliseconds.
std::int64_t parse_seconds(std::string_view text, std::string_view whole) {
    auto fail = [&](const char* why) {
        throw std::invalid_argument("time control '" + std::string(whole) + "': " + why);
    };
    if (text.empty()) fail("a time is missing");
    double minutes = 0;
    if (auto colon = text.find(':'); colon != std::string_view::npos) {
        std::string_view m = text.substr(0, colon);
        int value = 0;
        auto [end, ec] = std::from_chars(m.data(), m.data() + m.size(), value);
        if (ec != std::errc() || end != m.data() + m.size() || value < 0) fail("bad minutes");
        minutes = value;
        text = text.substr(colon + 1);
    }
    double seconds = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seconds);
    if (ec != std::errc() || end != text.data() + text.size() || seconds < 0 ||
        !std::isfinite(seconds))
        fail("bad number of seconds");
    return std::llround((minutes * 60 + seconds) * 1000);
}

// Seconds as short as they can be written: 10, 0.1, 2.5.
std::string seconds_text(std::int64_t ms) {
    std::string text = std::to_string(ms / 1000);
    if (std::int64_t fraction = ms % 1000; fraction != 0) {
        std::string digits = std::to_string(1000 + fraction).substr(1);
        while (digits.back() == '0') digits.pop_back();
        text.append(".").append(digits);
    }
    return text;
}

}  // namespace

TimeControl TimeControl::parse(std::string_view text) {
    TimeControl tc;
    if (text == "inf" || text == "infinite") {
        tc.infinite = true;
        return tc;
    }
    std::string_view rest = text;
    if (auto slash = rest.find('/'); slash != std::string_view::npos) {
        std::string_view moves = rest.substr(0, slash);
        auto [end, ec] = std::from_chars(moves.data(), moves.data() + moves.size(), tc.moves);
        if (ec != std::errc() || end != moves.data() + moves.size() || tc.moves <= 0)
            throw std::invalid_argument("time control '" + std::string(text) +
                                        "': the number of moves must be a positive integer");
        rest = rest.substr(slash + 1);
    }
    std::string_view base = rest, increment;
    if (auto plus = rest.find('+'); plus != std::string_view::npos) {
        base = rest.substr(0, plus);
        increment = rest.substr(plus + 1);
    }
    tc.base_ms = parse_seconds(base, text);
    if (!increment.empty() || rest.find('+') != std::string_view::npos)
        tc.increment_ms = parse_seconds(increment, text);
    if (tc.base_ms == 0 && tc.increment_ms == 0)
        throw std::invalid_argument("time control '" + std::string(text) +
                                    "' gives no time at all");
    return tc;
}

std::string TimeControl::pgn_tag() const {
    if (has_clock()) {
        std::string text = moves > 0 ? std::to_string(moves) + "/" : "";
        text += seconds_text(base_ms);
        if (increment_ms > 0) text.append("+").append(seconds_text(increment_ms));
        return text;
    }
    if (movetime_ms > 0) return seconds_text(movetime_ms) + "/move";
    return "-";
}

std::string TimeControl::describe() const {
    std::string text;
    auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
    if (has_clock()) add(pgn_tag());
    if (movetime_ms > 0) add(seconds_text(movetime_ms) + "s/move");
    if (depth > 0) add("depth " + std::to_string(depth));
    if (nodes > 0) add(std::to_string(nodes) + " nodes");
    return text.empty() ? "inf" : text;
}

GameClock::GameClock(const TimeControl& tc)
    : tc_(tc), remaining_ms_(tc.has_clock() ? tc.base_ms : 0) {}

int GameClock::moves_to_go() const {
    if (tc_.moves <= 0) return 0;
    return tc_.moves - moves_made_ % tc_.moves;
}

bool GameClock::charge(std::int64_t elapsed_ms, std::int64_t margin_ms) {
    ++moves_made_;
    if (!tc_.has_clock()) return true;
    remaining_ms_ -= elapsed_ms;
    bool in_time = remaining_ms_ + margin_ms >= 0;
    remaining_ms_ += tc_.increment_ms;
    if (tc_.moves > 0 && moves_made_ % tc_.moves == 0) remaining_ms_ += tc_.base_ms;
    return in_time;
}

void GameClock::count_opening_move() {
    ++moves_made_;
    if (tc_.has_clock() && tc_.moves > 0 && moves_made_ % tc_.moves == 0)
        remaining_ms_ += tc_.base_ms;
}

}  // namespace mneme
