#include "mneme/notation/epd.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "mneme/util/text.h"

namespace mneme {

namespace {

bool is_number(std::string_view s) {
    if (s.empty() || s.size() > 6) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

// Opcodes that may start an operation even when the ';' before them is missing.
bool is_known_opcode(std::string_view s) {
    static constexpr std::string_view KNOWN[] = {
        "acd",         "acn",        "acs",        "am",          "bm",  "ce",   "dm",
        "draw_accept", "draw_claim", "draw_offer", "draw_reject", "eco", "fmvn", "hmvc",
        "id",          "nic",        "noop",       "pm",          "pv",  "rc",   "resign",
        "sm",          "tcgs",       "tcri",       "tcsi",        "v0",  "v1",   "v2",
        "v3",          "v4",         "v5",         "v6",          "v7",  "v8",   "v9"};
    for (auto k : KNOWN)
        if (s == k) return true;
    // c0..c9 and D1..Dnn
    if (s.size() == 2 && s[0] == 'c' && std::isdigit(static_cast<unsigned char>(s[1]))) return true;
    if (s.size() >= 2 && s.size() <= 3 && s[0] == 'D' && is_number(s.substr(1))) return true;
    return false;
}

struct Token {
    std::string text;
    bool quoted = false;
    bool semicolon = false;
};

bool tokenize(std::string_view line, std::vector<Token>& tokens, std::string* error) {
    std::size_t i = 0;
    while (i < line.size()) {
        char c = line[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (c == ';') {
            tokens.push_back({";", false, true});
            ++i;
        } else if (c == '"') {
            std::size_t end = line.find('"', i + 1);
            if (end == std::string_view::npos) {
                if (error) *error = "unterminated string operand";
                return false;
            }
            tokens.push_back({std::string(line.substr(i + 1, end - i - 1)), true, false});
            i = end + 1;
        } else {
            std::size_t start = i;
            while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])) &&
                   line[i] != ';')
                ++i;
            tokens.push_back({std::string(line.substr(start, i - start)), false, false});
        }
    }
    return true;
}

}  // namespace

const EpdOperation* EpdRecord::find(std::string_view opcode) const {
    for (const auto& op : operations)
        if (op.opcode == opcode) return &op;
    return nullptr;
}

std::string EpdRecord::operand(std::string_view opcode) const {
    const EpdOperation* op = find(opcode);
    return op && !op->operands.empty() ? op->operands.front() : std::string();
}

Position EpdRecord::position() const {
    int halfmove = halfmove_clock, fullmove = fullmove_number;
    if (auto v = operand("hmvc"); is_number(v)) halfmove = std::stoi(v);
    if (auto v = operand("fmvn"); is_number(v)) fullmove = std::stoi(v);
    return Position::from_fen(
        position_fields + ' ' + std::to_string(halfmove) + ' ' + std::to_string(fullmove),
        chess960);
}

std::string EpdRecord::to_string() const {
    std::string out = position_fields;
    for (const auto& op : operations) {
        out += ' ';
        out += op.opcode;
        for (const auto& operand : op.operands) {
            bool quote = operand.empty() || operand.find_first_of(" ;\"") != std::string::npos ||
                         op.opcode == "id" || (op.opcode.size() == 2 && op.opcode[0] == 'c');
            out += ' ';
            out += quote ? '"' + operand + '"' : operand;
        }
        out += ';';
    }
    return out;
}

std::optional<EpdRecord> parse_epd_line(std::string_view line, std::string* error) {
    // Every line, not only a file's first: a file joined on after another keeps its mark.
    line = without_byte_order_mark(line);
    std::size_t first = line.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || line[first] == '#') return std::nullopt;
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.remove_suffix(1);

    std::vector<Token> tokens;
    if (!tokenize(line, tokens, error)) return std::nullopt;

    EpdRecord record;
    std::size_t i = 0;
    for (int field = 0; field < 4; ++field, ++i) {
        if (i >= tokens.size() || tokens[i].semicolon || tokens[i].quoted) {
            if (error) *error = "expected 4 position fields, found " + std::to_string(field);
            return std::nullopt;
        }
        if (field) record.position_fields += ' ';
        record.position_fields += tokens[i].text;
    }
    // Optional full-FEN clocks.
    if (i + 1 < tokens.size() && !tokens[i].quoted && !tokens[i + 1].quoted &&
        is_number(tokens[i].text) && is_number(tokens[i + 1].text)) {
        record.halfmove_clock = std::stoi(tokens[i].text);
        record.fullmove_number = std::max(1, std::stoi(tokens[i + 1].text));
        i += 2;
    }

    EpdOperation* current = nullptr;
    for (; i < tokens.size(); ++i) {
        const Token& t = tokens[i];
        if (t.semicolon) {
            current = nullptr;
            continue;
        }
        // A known opcode also ends an unknown one that has no operands ("Be2 dm 21").
        bool starts_operation =
            !current || (!t.quoted && is_known_opcode(t.text) &&
                         (!current->operands.empty() || !is_known_opcode(current->opcode)));
        if (starts_operation) {
            if (t.quoted || t.text.empty() ||
                !std::isalpha(static_cast<unsigned char>(t.text[0]))) {
                if (error) *error = "expected an opcode, found '" + printable(t.text) + "'";
                return std::nullopt;
            }
            record.operations.push_back({t.text, {}});
            current = &record.operations.back();
        } else {
            current->operands.push_back(t.text);
        }
    }

    // Validate the position now so callers get the reason with the line.
    std::string fen_error;
    Position probe;
    std::string fen = record.position_fields + " 0 1";
    if (!probe.set_fen(fen, false, &fen_error)) {
        if (error) *error = fen_error;
        return std::nullopt;
    }
    record.chess960 = probe.is_chess960();
    return record;
}

std::vector<EpdRecord> read_epd_file(const std::string& path, std::vector<std::string>* errors) {
    std::vector<EpdRecord> records;
    std::error_code is_folder;
    if (std::filesystem::is_directory(path, is_folder)) {
        if (errors) errors->push_back(path + ": cannot open: it is a directory");
        return {};
    }
    std::ifstream in(path);
    if (!in) {
        if (errors) errors->push_back(path + ": cannot open: " + std::strerror(errno));
        return records;
    }
    std::string line;
    int line_number = 0;
    while (std::getline(in, line)) {
        ++line_number;
        std::string error;
        auto record = parse_epd_line(line, &error);
        if (record)
            records.push_back(std::move(*record));
        else if (!error.empty() && errors)
            errors->push_back(path + ":" + std::to_string(line_number) + ": " + error);
    }
    return records;
}

EpdRecord make_epd_record(const Position& pos) {
    EpdRecord record;
    record.position_fields = pos.epd_fields();
    record.halfmove_clock = pos.halfmove_clock();
    record.fullmove_number = pos.fullmove_number();
    record.chess960 = pos.is_chess960();
    return record;
}

}  // namespace mneme
