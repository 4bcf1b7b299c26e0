#include "mneme/notation/perft_suite.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>

#include "mneme/util/text.h"

namespace mneme {

namespace {

bool all_digits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
    });
}

// A whole number of digits only (no sign, no trailing characters) that fits 64 bits; else why
// not, in `error`.
std::optional<std::uint64_t> parse_count(const std::string& text, std::string& error) {
    if (!all_digits(text)) {
        error = "'" + text + "' is not a whole number";
        return std::nullopt;
    }
    std::uint64_t value = 0;
    auto [end, result] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result == std::errc::result_out_of_range) {
        error = "'" + text + "' is too large";
        return std::nullopt;
    }
    if (result != std::errc() || end != text.data() + text.size()) {
        error = "'" + text + "' is not a whole number";
        return std::nullopt;
    }
    return value;
}

// The count of a ";Dn COUNT" operation, or why it is unusable.
std::optional<PerftCount> parse_perft_operation(const EpdOperation& op, std::string& error) {
    std::string depth_text = op.opcode.substr(1);
    std::optional<std::uint64_t> depth = parse_count(depth_text, error);
    if (!depth || *depth < 1 || *depth > std::uint64_t(MAX_SUITE_PERFT_DEPTH)) {
        error = "the depth '" + depth_text + "' is not a number from 1 to " +
                std::to_string(MAX_SUITE_PERFT_DEPTH);
        return std::nullopt;
    }
    if (op.operands.size() != 1) {
        error = op.operands.empty()
                    ? std::string("no count")
                    : "one count expected, got " + std::to_string(op.operands.size());
        return std::nullopt;
    }
    std::optional<std::uint64_t> nodes = parse_count(op.operands.front(), error);
    if (!nodes) {
        error = "the count " + error;
        return std::nullopt;
    }
    return PerftCount{int(*depth), *nodes};
}

// "D" followed by anything is meant as a perft count ("D-1", "Dx" are mistakes, not other
// opcodes): EPD's standard opcodes are lower case.
bool is_perft_opcode(const std::string& opcode) { return opcode.size() >= 2 && opcode[0] == 'D'; }

}  // namespace

std::vector<PerftSuiteRecord> read_perft_suite(const std::string& path,
                                               std::vector<std::string>* errors) {
    std::vector<PerftSuiteRecord> suite;
    auto report = [&](int line_number, const std::string& reason) {
        // Reasons quote the file's text (opcodes, counts), which may hold any byte.
        if (errors)
            errors->push_back(path + ":" + std::to_string(line_number) + ": " + printable(reason));
    };
    std::error_code is_folder;
    if (std::filesystem::is_directory(path, is_folder)) {
        if (errors) errors->push_back(path + ": cannot open: it is a directory");
        return {};
    }
    std::ifstream in(path);
    if (!in) {
        if (errors) errors->push_back(path + ": cannot open: " + std::strerror(errno));
        return suite;
    }
    std::string line;
    int line_number = 0;
    while (std::getline(in, line)) {
        ++line_number;
        std::string error;
        std::optional<EpdRecord> record = parse_epd_line(line, &error);
        if (!record) {
            if (!error.empty()) report(line_number, error);
            continue;
        }
        PerftSuiteRecord entry;
        entry.line_number = line_number;
        for (const EpdOperation& op : record->operations) {
            if (!is_perft_opcode(op.opcode)) continue;
            if (std::optional<PerftCount> count = parse_perft_operation(op, error))
                entry.counts.push_back(*count);
            else
                report(line_number, op.opcode + ": " + error);
        }
        entry.record = std::move(*record);
        suite.push_back(std::move(entry));
    }
    return suite;
}

}  // namespace mneme
