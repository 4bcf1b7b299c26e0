#include "mneme/book/ophista_file.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "mneme/util/atomic_file.h"

namespace mneme {

static_assert(std::endian::native == std::endian::little, "OPHISTA files are little-endian");

namespace {

constexpr char MAGIC[8] = {'M', 'N', 'E', 'M', 'H', 'I', 'S', 'T'};
constexpr std::uint32_t VERSION = 1;
constexpr std::size_t HEADER_BYTES = 64, INDEX_BYTES = 16, MOVE_BYTES = 4;

// FNV-1a over 64-bit words (as the book checksum), the tail padded with zeros.
std::uint64_t checksum_of(const std::string& bytes) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < bytes.size(); i += 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, bytes.data() + i, std::min<std::size_t>(8, bytes.size() - i));
        hash = (hash ^ word) * 0x100000001b3ULL;
    }
    return hash;
}

template <class T>
void put(std::string& out, T value) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

template <class T>
T get(const std::string& bytes, std::size_t offset) {
    T value;
    std::memcpy(&value, bytes.data() + offset, sizeof value);
    return value;
}

[[noreturn]] void fail(const std::string& path, const std::string& reason) {
    throw std::runtime_error(path + ": not a usable OPHISTA file: " + reason);
}

}  // namespace

std::uint8_t ophista_value(int min_distance, std::uint64_t count, std::uint64_t band_max) {
    int band = (std::clamp(min_distance, 1, OPHISTA_WINDOW) - 1) / 2;
    std::uint64_t frequency = band_max ? 63 * std::min(count, band_max) / band_max : 0;
    return std::uint8_t(64 * (3 - band) + int(frequency));
}

OphistaFile OphistaFile::open(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) fail(path, "cannot open it");
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() < HEADER_BYTES)
        fail(path, "only " + std::to_string(bytes.size()) + " bytes, less than the header");
    if (std::memcmp(bytes.data(), MAGIC, sizeof MAGIC) != 0) fail(path, "wrong magic");
    if (get<std::uint32_t>(bytes, 8) != VERSION)
        fail(path, "format version " + std::to_string(get<std::uint32_t>(bytes, 8)) +
                       ", expected " + std::to_string(VERSION));
    if (get<std::uint32_t>(bytes, 12) != OPHISTA_WINDOW) fail(path, "window is not 8 plies");
    std::uint64_t positions = get<std::uint64_t>(bytes, 16), moves = get<std::uint64_t>(bytes, 24);
    std::uint64_t expected = HEADER_BYTES + positions * INDEX_BYTES + moves * MOVE_BYTES;
    if (positions > bytes.size() || moves > bytes.size() || expected != bytes.size())
        fail(path, "size " + std::to_string(bytes.size()) + " bytes does not match " +
                       std::to_string(positions) + " positions and " + std::to_string(moves) +
                       " moves (truncated?)");
    if (checksum_of(bytes.substr(HEADER_BYTES)) != get<std::uint64_t>(bytes, 32))
        fail(path, "checksum mismatch (corrupt)");

    OphistaFile file;
    file.path_ = path;
    for (std::uint64_t i = 0; i < positions; ++i) {
        std::size_t at = HEADER_BYTES + i * INDEX_BYTES;
        Key key = get<std::uint64_t>(bytes, at);
        std::uint32_t first = get<std::uint32_t>(bytes, at + 8);
        std::uint32_t count = get<std::uint32_t>(bytes, at + 12);
        if (i > 0 && key <= file.keys_.back())
            fail(path, "index not sorted at position " + std::to_string(i));
        if (std::uint64_t(first) + count > moves)
            fail(path, "position " + std::to_string(i) + " points past the moves");
        file.keys_.push_back(key);
        file.first_.push_back(first);
        file.count_.push_back(count);
    }
    file.moves_.resize(moves);
    std::memcpy(file.moves_.data(), bytes.data() + HEADER_BYTES + positions * INDEX_BYTES,
                moves * MOVE_BYTES);
    return file;
}

std::span<const OphistaMove> OphistaFile::lookup(Key key) const {
    auto it = std::lower_bound(keys_.begin(), keys_.end(), key);
    if (it == keys_.end() || *it != key) return {};
    std::size_t i = std::size_t(it - keys_.begin());
    return {moves_.data() + first_[i], count_[i]};
}

void write_ophista(const std::string& path, const std::vector<OphistaTable>& tables) {
    static_assert(sizeof(OphistaMove) == MOVE_BYTES);
    std::string body;
    std::uint64_t moves = 0;
    for (const OphistaTable& t : tables) {
        put<std::uint64_t>(body, t.key);
        put<std::uint32_t>(body, std::uint32_t(moves));
        put<std::uint32_t>(body, std::uint32_t(t.moves.size()));
        moves += t.moves.size();
    }
    for (const OphistaTable& t : tables)
        body.append(reinterpret_cast<const char*>(t.moves.data()), t.moves.size() * MOVE_BYTES);
    std::string header(MAGIC, sizeof MAGIC);
    put<std::uint32_t>(header, VERSION);
    put<std::uint32_t>(header, OPHISTA_WINDOW);
    put<std::uint64_t>(header, tables.size());
    put<std::uint64_t>(header, moves);
    put<std::uint64_t>(header, checksum_of(body));
    header.resize(HEADER_BYTES, '\0');
    write_file_atomically(path, [&](std::ostream& out) {
        out.write(header.data(), std::streamsize(header.size()));
        out.write(body.data(), std::streamsize(body.size()));
    });
}

}  // namespace mneme
