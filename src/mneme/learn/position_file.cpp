#include "mneme/learn/position_file.h"

#include <cstring>
#include <fstream>
#include <iterator>

#include "mneme/util/atomic_file.h"
#include "mneme/util/whole_file.h"

namespace mneme {

namespace {

constexpr char MAGIC[8] = {'M', 'N', 'E', 'M', 'E', 'P', 'O', 'S'};
// magic, version, record size, count, checksum, description length.
constexpr std::size_t HEADER_SIZE = 8 + 4 + 4 + 8 + 8 + 4;
constexpr std::size_t MAX_DESCRIPTION = 1 << 16;

// FNV-1a over the records' 64-bit words: any single changed word changes the sum.
std::uint64_t checksum(const std::uint8_t* bytes, std::size_t size) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i + 8 <= size; i += 8) {
        std::uint64_t word = 0;
        for (int b = 0; b < 8; ++b) word |= std::uint64_t(bytes[i + b]) << (8 * b);
        hash = (hash ^ word) * 0x100000001b3ULL;
    }
    return hash;
}

void put(std::string& out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out += char(std::uint8_t(value >> (8 * i)));
}

std::uint64_t get(const std::uint8_t* in, int bytes) {
    std::uint64_t value = 0;
    for (int i = 0; i < bytes; ++i) value |= std::uint64_t(in[i]) << (8 * i);
    return value;
}

std::vector<std::uint8_t> packed_records(const std::vector<TrainingPosition>& positions) {
    const std::size_t size = TrainingPosition::ENCODED_SIZE;
    std::vector<std::uint8_t> records(positions.size() * size);
    for (std::size_t i = 0; i < positions.size(); ++i)
        positions[i].encode(records.data() + i * size);
    return records;
}

}  // namespace

std::uint64_t position_records_checksum(const std::vector<TrainingPosition>& positions) {
    std::vector<std::uint8_t> records = packed_records(positions);
    return checksum(records.data(), records.size());
}

void save_position_file(const std::string& path, const PositionFile& file) {
    const std::size_t size = TrainingPosition::ENCODED_SIZE;
    std::vector<std::uint8_t> records = packed_records(file.positions);
    std::string description = file.description.substr(0, MAX_DESCRIPTION);

    std::string header(MAGIC, sizeof MAGIC);
    put(header, POSITION_FILE_VERSION, 4);
    put(header, size, 4);
    put(header, file.positions.size(), 8);
    put(header, checksum(records.data(), records.size()), 8);
    put(header, description.size(), 4);
    write_file_atomically(path, [&](std::ostream& out) {
        out.write(header.data(), std::streamsize(header.size()));
        out.write(description.data(), std::streamsize(description.size()));
        out.write(reinterpret_cast<const char*>(records.data()), std::streamsize(records.size()));
    });
}

PositionFile load_position_file(const std::string& path) {
    auto fail = [&](const std::string& reason) -> PositionFileError {
        return PositionFileError(path + ": " + reason);
    };
    std::vector<std::uint8_t> bytes;
    if (std::string error = read_whole_file(path, bytes); !error.empty()) throw fail(error);
    if (bytes.size() < HEADER_SIZE || std::memcmp(bytes.data(), MAGIC, sizeof MAGIC) != 0)
        throw fail("not a mneme training position file (bad magic)");
    const std::uint8_t* header = bytes.data() + sizeof MAGIC;
    std::uint64_t version = get(header, 4), record_size = get(header + 4, 4);
    std::uint64_t count = get(header + 8, 8), expected_sum = get(header + 16, 8);
    std::uint64_t description_size = get(header + 24, 4);
    if (version != POSITION_FILE_VERSION)
        throw fail("format version " + std::to_string(version) + ", this mneme reads version " +
                   std::to_string(POSITION_FILE_VERSION));
    if (record_size != TrainingPosition::ENCODED_SIZE)
        throw fail("record size " + std::to_string(record_size) + ", expected " +
                   std::to_string(TrainingPosition::ENCODED_SIZE));
    if (description_size > MAX_DESCRIPTION) throw fail("corrupt header (description length)");
    std::uint64_t body = bytes.size() - HEADER_SIZE;
    if (description_size > body || (body - description_size) / record_size != count ||
        (body - description_size) % record_size != 0)
        throw fail("size does not match the header: " + std::to_string(count) +
                   " positions announced, " + std::to_string(bytes.size()) +
                   " bytes (truncated or corrupt)");
    const std::uint8_t* records = bytes.data() + HEADER_SIZE + description_size;
    if (checksum(records, count * record_size) != expected_sum)
        throw fail("checksum mismatch (the file is corrupt)");

    PositionFile file;
    file.description.assign(reinterpret_cast<const char*>(bytes.data() + HEADER_SIZE),
                            description_size);
    file.positions.resize(count);
    for (std::uint64_t i = 0; i < count; ++i)
        if (!file.positions[i].decode(records + i * record_size))
            throw fail("position " + std::to_string(i + 1) + " is not a valid packed board");
    return file;
}

}  // namespace mneme
