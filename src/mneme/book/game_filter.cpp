#include "mneme/book/game_filter.h"

#include <cctype>
#include <charconv>

#include "mneme/util/text.h"

namespace mneme {

namespace {

bool is_eco_code(std::string_view code) {
    return code.size() == 3 && code[0] >= 'A' && code[0] <= 'E' &&
           std::isdigit((unsigned char)code[1]) && std::isdigit((unsigned char)code[2]);
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace((unsigned char)text.front())) text.remove_prefix(1);
    while (!text.empty() && std::isspace((unsigned char)text.back())) text.remove_suffix(1);
    return text;
}

// The leading number of `text` (digits only), or -1 when it does not start with one.
long leading_number(std::string_view text) {
    long value = -1;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && value >= 0 ? value : -1;
}

// Seconds per player by the FIDE 60-move convention, or -1 when the tag has no number.
long estimated_seconds(std::string_view time_control) {
    time_control = time_control.substr(0, time_control.find(':'));  // the first period
    if (auto slash = time_control.find('/'); slash != std::string_view::npos)
        time_control.remove_prefix(slash + 1);  // "40/7200": moves, then seconds
    if (!time_control.empty() && time_control.front() == '*') time_control.remove_prefix(1);
    long base = leading_number(time_control);
    if (base < 0) return -1;
    long increment = 0;
    if (auto plus = time_control.find('+'); plus != std::string_view::npos)
        increment = std::max(0L, leading_number(time_control.substr(plus + 1)));
    return base + 60 * increment;
}

bool contains_any(const std::string& text, std::initializer_list<const char*> words) {
    for (const char* word : words)
        if (text.find(word) != std::string::npos) return true;
    return false;
}

// "1950.??.??" -> "1950.00.00"; empty when the year is unknown or the text is not a date.
std::string comparable_date(std::string_view date) {
    if (date.size() != 10 || date[4] != '.' || date[7] != '.') return "";
    std::string result(date);
    for (int i : {0, 1, 2, 3})
        if (!std::isdigit((unsigned char)result[i])) return "";
    for (int i : {5, 6, 8, 9})
        if (!std::isdigit((unsigned char)result[i])) result[i] = '0';
    return result;
}

}  // namespace

bool parse_time_class(std::string_view text, TimeClass& time_class) {
    for (TimeClass c : {TimeClass::ANY, TimeClass::BLITZ, TimeClass::RAPID, TimeClass::CLASSICAL})
        if (lower_case(text) == time_class_name(c)) {
            time_class = c;
            return true;
        }
    return false;
}

std::string_view time_class_name(TimeClass time_class) {
    switch (time_class) {
        case TimeClass::BLITZ:
            return "blitz";
        case TimeClass::RAPID:
            return "rapid";
        case TimeClass::CLASSICAL:
            return "classical";
        case TimeClass::ANY:
            break;
    }
    return "any";
}

TimeClass classify_time_class(const GameHeaders& headers) {
    if (const std::string* tag = headers.find("TimeControl")) {
        long seconds = estimated_seconds(*tag);
        if (seconds >= 0) {
            if (seconds <= 600) return TimeClass::BLITZ;
            return seconds < 3600 ? TimeClass::RAPID : TimeClass::CLASSICAL;
        }
    }
    std::string event = lower_case(headers.get("Event"));
    if (contains_any(event, {"blitz", "bullet", "lightning", "speed", "armageddon"}))
        return TimeClass::BLITZ;
    if (contains_any(event, {"rapid", "active", "quick"})) return TimeClass::RAPID;
    return TimeClass::CLASSICAL;
}

int parse_elo(std::string_view text) {
    int value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size() && value > 0 ? value : 0;
}

bool parse_eco_ranges(std::string_view text, std::vector<EcoRange>& ranges, std::string* error) {
    ranges.clear();
    while (!text.empty()) {
        std::size_t comma = text.find(',');
        std::string_view item = trim(text.substr(0, comma));
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        std::size_t dash = item.find('-');
        std::string first(trim(item.substr(0, dash)));
        std::string last =
            dash == std::string_view::npos ? first : std::string(trim(item.substr(dash + 1)));
        for (std::string* code : {&first, &last})
            for (char& c : *code) c = char(std::toupper((unsigned char)c));
        if (!is_eco_code(first) || !is_eco_code(last) || last < first) {
            if (error) *error = "bad ECO range '" + std::string(item) + "' (expected e.g. C00-C19)";
            return false;
        }
        ranges.push_back({first, last});
    }
    if (ranges.empty() && error) *error = "empty ECO list";
    return !ranges.empty();
}

bool is_filter_date(std::string_view text) {
    if (text.size() != 10 || text[4] != '.' || text[7] != '.') return false;
    for (int i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (!std::isdigit((unsigned char)text[i])) return false;
    auto number = [&](int from, int digits) {
        int value = 0;
        for (int i = from; i < from + digits; ++i) value = value * 10 + (text[i] - '0');
        return value;
    };
    int year = number(0, 4), month = number(5, 2), day = number(8, 2);
    if (month < 1 || month > 12 || day < 1) return false;
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    constexpr int DAYS[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return day <= DAYS[month - 1] + (month == 2 && leap ? 1 : 0);
}

bool GameFilter::accepts(const GameHeaders& headers) const {
    if (min_both_elo > 0 && (parse_elo(headers.get("WhiteElo")) < min_both_elo ||
                             parse_elo(headers.get("BlackElo")) < min_both_elo))
        return false;
    if (!from_date.empty() || !to_date.empty()) {
        std::string date = comparable_date(headers.get("Date"));
        if (date.empty()) return false;
        if (!from_date.empty() && date < from_date) return false;
        if (!to_date.empty() && date > to_date) return false;
    }
    if (!eco.empty()) {
        std::string_view code = headers.get("ECO");
        bool inside = false;
        for (const EcoRange& range : eco)
            inside = inside || (is_eco_code(code) && code >= range.first && code <= range.last);
        if (!inside) return false;
    }
    return time_class == TimeClass::ANY || classify_time_class(headers) == time_class;
}

std::string GameFilter::describe() const {
    std::string text;
    auto add = [&](const std::string& part) {
        if (!text.empty()) text += ' ';
        text += part;
    };
    if (min_mover_elo > 0) add("--min-elo " + std::to_string(min_mover_elo));
    if (min_both_elo > 0) add("--min-both-elo " + std::to_string(min_both_elo));
    if (!from_date.empty()) add("--from-date " + from_date);
    if (!to_date.empty()) add("--to-date " + to_date);
    if (!eco.empty()) {
        std::string list;
        for (const EcoRange& r : eco) {
            if (!list.empty()) list += ',';
            list += r.first;
            if (r.first != r.last) list += "-" + r.last;
        }
        add("--eco " + list);
    }
    if (time_class != TimeClass::ANY)
        add("--time-class " + std::string(time_class_name(time_class)));
    return text;
}

}  // namespace mneme
