// The pieces shared by mneme's binary data files (.mbook, .mcases): a 64-byte header with a
// magic, a version and a record size, a description padded to 8 bytes, then fixed-size
// little-endian records read in place from a read-only mapping of the whole file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace mneme {

// What is wrong with a data file, without the file's name: the owner of the format prefixes it.
class RecordFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A whole file mapped read-only; move-only, unmapped when destroyed. A built-in file
// ("builtin:NAME", see builtin_files.h) is a view of the binary's own bytes instead.
class MappedFile {
public:
    MappedFile() = default;
    ~MappedFile();
    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&& other) noexcept;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    // Maps `path` (or finds the built-in file it names); throws RecordFileError ("cannot open:
    // ...") when it cannot, or when the file is shorter than `minimum_bytes`.
    static MappedFile open(const std::string& path, std::size_t minimum_bytes);

    const unsigned char* bytes() const { return static_cast<const unsigned char*>(mapping_); }
    std::size_t size() const { return size_; }

private:
    const void* mapping_ = nullptr;
    std::size_t size_ = 0;
    bool owned_ = false;  // mapped by open(), so unmapped by the destructor
};

template <class T>
T read_field(const unsigned char* bytes, std::size_t offset) {
    T value;
    std::memcpy(&value, bytes + offset, sizeof value);
    return value;
}

template <class T>
void write_field(unsigned char* bytes, std::size_t offset, T value) {
    std::memcpy(bytes + offset, &value, sizeof value);
}

inline std::size_t padded_to_8(std::size_t bytes) { return (bytes + 7) / 8 * 8; }

// "0x" and 16 hex digits, as checksums are shown in messages.
std::string hex64(std::uint64_t value);

// What a format's files must start with, and how its messages name the records.
struct RecordFormat {
    const char* magic;             // 8 bytes at offset 0
    std::uint32_t version;         // at offset 8
    std::uint32_t record_bytes;    // at offset 12
    std::size_t header_bytes;      // the description follows the header
    const char* noun;              // "entries", "cases"
    const char* bad_magic_reason;  // e.g. "bad magic (not a .mcases file ...)"
};

// Checks the magic, version and record size at the start of `file`.
void check_record_header(const MappedFile& file, const RecordFormat& format);

// Where the records start (after the header and the padded description) once the file is
// checked to hold exactly `count` records.
std::size_t record_section_offset(const MappedFile& file, const RecordFormat& format,
                                  std::uint32_t description_bytes, std::uint64_t count);

// A new file's header: magic, version and record size filled in, the description's length at
// `description_length_offset` and its bytes after the header; the rest zero for the caller.
std::vector<unsigned char> new_record_header(const RecordFormat& format,
                                             const std::string& description,
                                             std::size_t description_length_offset);

}  // namespace mneme
