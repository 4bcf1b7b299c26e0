// Perft suites: EPD files whose records carry the expected leaf counts as ";D1 20 ;D2 400".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mneme/notation/epd.h"

namespace mneme {

struct PerftCount {
    int depth = 0;
    std::uint64_t nodes = 0;
};

struct PerftSuiteRecord {
    int line_number = 0;  // 1-based, in the file
    EpdRecord record;
    std::vector<PerftCount> counts;  // in the order of the file
};

constexpr int MAX_SUITE_PERFT_DEPTH = 64;

// Every record of the suite at `path` with its counts. Numbers are read strictly: a depth or a
// count that is not a whole number in range ("D1 -15", "D2 4x00") is reported in `errors` as
// "FILE:LINE: D2: the count '4x00' is not a whole number" and left out; the rest of the record
// and of the file is still read. Lines that are no EPD at all are reported the same way.
std::vector<PerftSuiteRecord> read_perft_suite(const std::string& path,
                                               std::vector<std::string>* errors);

}  // namespace mneme
