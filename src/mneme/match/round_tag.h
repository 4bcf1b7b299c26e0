// The order of a PGN Round tag as the match runner writes it: "R.G" (round R, its G-th game) or
// "R"; anything else sorts after every numbered round.
#pragma once

#include <charconv>
#include <limits>
#include <string_view>
#include <utility>

namespace mneme {

inline std::pair<long long, long long> round_order(std::string_view round) {
    constexpr long long LAST = std::numeric_limits<long long>::max();
    auto number = [](std::string_view text, long long& value) {
        auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        return error == std::errc() && end == text.data() + text.size();
    };
    std::size_t dot = round.find('.');
    long long major = 0, minor = 0;
    if (!number(round.substr(0, dot), major)) return {LAST, LAST};
    if (dot != std::string_view::npos && !number(round.substr(dot + 1), minor))
        return {major, LAST};
    return {major, minor};
}

}  // namespace mneme
