#include "mneme/util/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <numeric>

namespace mneme {

namespace {
bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
}  // namespace

std::string exact_decimal(double value) {
    char buffer[64];
    auto [end, failure] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return failure == std::errc() ? std::string(buffer, end) : std::to_string(value);
}

std::string lower_case(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::vector<std::string> split_commas(std::string_view line) {
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t comma; (comma = line.find(',', start)) != std::string_view::npos;
         start = comma + 1)
        fields.emplace_back(line.substr(start, comma - start));
    fields.emplace_back(line.substr(start));
    return fields;
}

std::string_view without_byte_order_mark(std::string_view text) {
    constexpr std::string_view BYTE_ORDER_MARK = "\xEF\xBB\xBF";
    if (text.substr(0, BYTE_ORDER_MARK.size()) == BYTE_ORDER_MARK)
        text.remove_prefix(BYTE_ORDER_MARK.size());
    return text;
}

std::vector<std::string_view> split_whitespace(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_space(text[i])) ++i;
        std::size_t start = i;
        while (i < text.size() && !is_space(text[i])) ++i;
        if (i > start) words.push_back(text.substr(start, i - start));
    }
    return words;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Three rows of the distance table: d[i][j] is the distance between the first i letters of
    // a and the first j letters of b; a swap looks two rows back.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
    std::iota(row.begin(), row.end(), std::size_t(0));
    for (std::size_t i = 1; i <= a.size(); ++i) {
        before.swap(previous);
        previous.swap(row);
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            row[j] = std::min(
                {previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] != b[j - 1])});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                row[j] = std::min(row[j], before[j - 2] + 1);
        }
    }
    return row[b.size()];
}

std::string printable(std::string_view text) {
    auto is_control = [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; };
    if (std::none_of(text.begin(), text.end(), is_control)) return std::string(text);
    static constexpr char HEX_DIGITS[] = "0123456789abcdef";
    std::string shown;
    shown.reserve(text.size() + 8);
    for (char c : text) {
        if (!is_control(c)) {
            shown.push_back(c);
            continue;
        }
        const auto byte = static_cast<unsigned char>(c);
        shown += "\\x";
        shown.push_back(HEX_DIGITS[byte >> 4]);
        shown.push_back(HEX_DIGITS[byte & 15]);
    }
    return shown;
}

std::string xml_escaped(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '&')
            out += "&amp;";
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '"')
            out += "&quot;";
        else
            out += c;
    }
    return out;
}

}  // namespace mneme
