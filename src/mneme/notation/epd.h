// EPD records: a position (first four FEN fields) followed by opcodes and operands.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mneme/core/position.h"

namespace mneme {

struct EpdOperation {
    std::string opcode;
    std::vector<std::string> operands;  // quotes removed from string operands
};

struct EpdRecord {
    std::string position_fields;  // the four FEN fields, normalised by single spaces
    int halfmove_clock = 0;
    int fullmove_number = 1;
    bool chess960 = false;
    std::vector<EpdOperation> operations;

    // The first operation with this opcode, if any.
    const EpdOperation* find(std::string_view opcode) const;
    // The first operand of an opcode, or "" (e.g. record.operand("id")).
    std::string operand(std::string_view opcode) const;
    // Builds the position (with hmvc/fmvn or trailing clocks applied). Throws FenError.
    Position position() const;
    // EPD text: four fields then "opcode operands;" with string operands quoted when needed.
    std::string to_string() const;
};

// Parses one EPD line tolerantly: a UTF-8 byte order mark before it, full FEN clocks after the
// fields, missing or extra ';', opcodes run together without ';' ("bm Rc8+ dm 26"). Returns nullopt
// for blank and '#' comment lines; on malformed input returns nullopt and sets `error`.
std::optional<EpdRecord> parse_epd_line(std::string_view line, std::string* error);

// Every record of a file; bad lines are reported as "FILE:LINE: reason" in `errors`.
std::vector<EpdRecord> read_epd_file(const std::string& path, std::vector<std::string>* errors);

// Builds a record from a position: fields and clocks.
EpdRecord make_epd_record(const Position& pos);

}  // namespace mneme
