// The case-base file (.mcases): a header, then CaseRecords in the order they were built.
//
//   offset  size  field
//        0     8  magic "MNEMCASE"
//        8     4  format version (1)
//       12     4  bytes per record (56)
//       16     8  number of cases
//       24     8  cases with White to move
//       32     8  games the cases came from
//       40     8  checksum of the record bytes (FNV-1a over 64-bit words)
//       48     4  length of the description (how the base was built)
//       52    12  zero
//       64     d  description (UTF-8), then zeros up to a multiple of 8
//  64+pad(d)  56n  records, little-endian
//
// A case base is read by mapping the file read-only.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "mneme/cbr/case_record.h"
#include "mneme/util/record_file.h"

namespace mneme {

// A case-base file that cannot be used; the message names the file and the reason.
class CaseFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline constexpr char CASE_MAGIC[8] = {'M', 'N', 'E', 'M', 'C', 'A', 'S', 'E'};
inline constexpr std::uint32_t CASE_VERSION = 1;
inline constexpr std::size_t CASE_HEADER_BYTES = 64;

class CaseBaseFile {
public:
    CaseBaseFile() = default;
    CaseBaseFile(CaseBaseFile&& other) noexcept { *this = std::move(other); }
    // Leaves `other` empty.
    CaseBaseFile& operator=(CaseBaseFile&& other) noexcept;

    // Maps and checks a case base: size, magic, version, record size, counts and checksum.
    // Throws CaseFileError naming the file and what is wrong.
    static CaseBaseFile open(const std::string& path);

    std::span<const CaseRecord> cases() const { return {cases_, count_}; }
    std::size_t size() const { return count_; }
    std::uint64_t white_cases() const { return white_cases_; }
    std::uint64_t games() const { return games_; }
    const std::string& path() const { return path_; }
    const std::string& description() const { return description_; }
    std::uint64_t checksum() const { return checksum_; }

private:
    std::string path_;
    std::string description_;
    std::uint64_t checksum_ = 0;
    std::uint64_t white_cases_ = 0;
    std::uint64_t games_ = 0;
    MappedFile mapping_;  // move-only, so CaseBaseFile is too
    const CaseRecord* cases_ = nullptr;
    std::size_t count_ = 0;
};

// The checksum stored in the header for these records.
std::uint64_t case_checksum(std::span<const CaseRecord> cases);

// Writes `cases` to `path` atomically (temporary file, then rename). `games` is the number of
// games they came from. Throws std::runtime_error naming the file when writing fails.
void write_case_base(const std::string& path, const std::string& description,
                     std::span<const CaseRecord> cases, std::uint64_t games);

}  // namespace mneme
