#include "mneme/cbr/case_base_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "mneme/util/atomic_file.h"

namespace mneme {

static_assert(std::endian::native == std::endian::little,
              "case files are little-endian and mapped directly");

namespace {

constexpr std::size_t WRITE_BLOCK_CASES = 1 << 14;

[[noreturn]] void fail(const std::string& path, const std::string& reason) {
    throw CaseFileError(path + ": not a usable mneme case base: " + reason);
}

std::string hex(std::uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(value));
    return text;
}

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

std::size_t padded_to_8(std::size_t bytes) { return (bytes + 7) / 8 * 8; }

}  // namespace

std::uint64_t case_checksum(std::span<const CaseRecord> cases) {
    // FNV-1a over words: each step is a bijection, so any single changed word shows.
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(cases.data());
    for (std::size_t i = 0; i < cases.size_bytes(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, bytes + i, 8);
        hash = (hash ^ word) * 0x100000001b3ULL;
    }
    return hash;
}

CaseBaseFile::~CaseBaseFile() { unmap(); }

CaseBaseFile::CaseBaseFile(CaseBaseFile&& other) noexcept { *this = std::move(other); }

CaseBaseFile& CaseBaseFile::operator=(CaseBaseFile&& other) noexcept {
    if (this == &other) return *this;
    unmap();
    path_ = std::move(other.path_);
    description_ = std::move(other.description_);
    checksum_ = other.checksum_;
    white_cases_ = other.white_cases_;
    games_ = other.games_;
    mapping_ = std::exchange(other.mapping_, nullptr);
    mapping_bytes_ = std::exchange(other.mapping_bytes_, 0);
    cases_ = std::exchange(other.cases_, nullptr);
    count_ = std::exchange(other.count_, 0);
    return *this;
}

void CaseBaseFile::unmap() {
    if (mapping_) munmap(mapping_, mapping_bytes_);
    mapping_ = nullptr;
    mapping_bytes_ = 0;
    cases_ = nullptr;
    count_ = 0;
}

CaseBaseFile CaseBaseFile::open(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
    struct stat status {};
    if (fstat(fd, &status) != 0) {
        int error = errno;
        ::close(fd);
        fail(path, std::string("cannot read its size: ") + std::strerror(error));
    }
    std::size_t size = std::size_t(status.st_size);
    if (size < CASE_HEADER_BYTES) {
        ::close(fd);
        fail(path, "too short for a header (" + std::to_string(size) + " bytes, need " +
                       std::to_string(CASE_HEADER_BYTES) + ")");
    }
    void* mapping = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    int map_error = errno;
    ::close(fd);  // the mapping stays valid without the descriptor
    if (mapping == MAP_FAILED) fail(path, std::string("cannot map: ") + std::strerror(map_error));

    CaseBaseFile file;
    file.path_ = path;
    file.mapping_ = mapping;
    file.mapping_bytes_ = size;
    const auto* bytes = static_cast<const unsigned char*>(mapping);

    if (std::memcmp(bytes, CASE_MAGIC, sizeof CASE_MAGIC) != 0)
        fail(path, "bad magic (not a .mcases file made by 'mneme cases build')");
    auto version = read_field<std::uint32_t>(bytes, 8);
    if (version != CASE_VERSION)
        fail(path, "format version " + std::to_string(version) + ", this program reads version " +
                       std::to_string(CASE_VERSION));
    auto record_bytes = read_field<std::uint32_t>(bytes, 12);
    if (record_bytes != sizeof(CaseRecord))
        fail(path, "records of " + std::to_string(record_bytes) + " bytes, expected " +
                       std::to_string(sizeof(CaseRecord)));
    auto count = read_field<std::uint64_t>(bytes, 16);
    auto white_cases = read_field<std::uint64_t>(bytes, 24);
    auto games = read_field<std::uint64_t>(bytes, 32);
    auto stored_checksum = read_field<std::uint64_t>(bytes, 40);
    auto description_bytes = read_field<std::uint32_t>(bytes, 48);
    std::size_t records_offset = CASE_HEADER_BYTES + padded_to_8(description_bytes);
    if (records_offset > size)
        fail(path, "truncated in the description (" + std::to_string(size) + " bytes)");
    if (count > (size - records_offset) / sizeof(CaseRecord))
        fail(path, "truncated: the header promises " + std::to_string(count) + " cases (" +
                       std::to_string(records_offset + count * sizeof(CaseRecord)) +
                       " bytes) but the file has " + std::to_string(size) + " bytes");
    if (records_offset + count * sizeof(CaseRecord) != size)
        fail(path, std::to_string(size - records_offset - count * sizeof(CaseRecord)) +
                       " bytes after the last of " + std::to_string(count) + " cases");
    if (white_cases > count)
        fail(path, "the header counts " + std::to_string(white_cases) +
                       " cases with White to move out of " + std::to_string(count));

    file.description_.assign(reinterpret_cast<const char*>(bytes) + CASE_HEADER_BYTES,
                             description_bytes);
    file.cases_ = reinterpret_cast<const CaseRecord*>(bytes + records_offset);
    file.count_ = std::size_t(count);
    file.white_cases_ = white_cases;
    file.games_ = games;

    std::uint64_t checksum = case_checksum(file.cases());
    if (checksum != stored_checksum)
        fail(path, "checksum mismatch (header " + hex(stored_checksum) + ", records " +
                       hex(checksum) + "): the file is corrupt");
    file.checksum_ = stored_checksum;
    // The players trust the records: check what could make them misbehave.
    std::uint64_t white = 0;
    for (std::size_t i = 0; i < file.count_; ++i) {
        const CaseRecord& c = file.cases_[i];
        if (c.mover > BLACK || c.result > std::uint8_t(GameResult::DRAW) ||
            (c.board.white & ~c.board.occupied) || !c.expert_move().is_ok())
            fail(path, "case " + std::to_string(i) + " is malformed");
        white += c.mover == WHITE;
    }
    if (white != white_cases)
        fail(path, "the header counts " + std::to_string(white_cases) +
                       " cases with White to move, the records " + std::to_string(white));
    return file;
}

void write_case_base(const std::string& path, const std::string& description,
                     std::span<const CaseRecord> cases, std::uint64_t games) {
    std::uint64_t white = 0;
    for (const CaseRecord& c : cases) white += c.mover == WHITE;
    std::vector<unsigned char> header(CASE_HEADER_BYTES + padded_to_8(description.size()), 0);
    std::memcpy(header.data(), CASE_MAGIC, sizeof CASE_MAGIC);
    write_field<std::uint32_t>(header.data(), 8, CASE_VERSION);
    write_field<std::uint32_t>(header.data(), 12, sizeof(CaseRecord));
    write_field<std::uint64_t>(header.data(), 16, cases.size());
    write_field<std::uint64_t>(header.data(), 24, white);
    write_field<std::uint64_t>(header.data(), 32, games);
    write_field<std::uint64_t>(header.data(), 40, case_checksum(cases));
    write_field<std::uint32_t>(header.data(), 48, std::uint32_t(description.size()));
    std::memcpy(header.data() + CASE_HEADER_BYTES, description.data(), description.size());

    write_file_atomically(path, [&](std::ostream& out) {
        out.write(reinterpret_cast<const char*>(header.data()), std::streamsize(header.size()));
        for (std::size_t first = 0; first < cases.size(); first += WRITE_BLOCK_CASES) {
            std::size_t n = std::min(WRITE_BLOCK_CASES, cases.size() - first);
            out.write(reinterpret_cast<const char*>(cases.data() + first),
                      std::streamsize(n * sizeof(CaseRecord)));
        }
        if (!out) throw std::runtime_error("cannot write " + path);
    });
}

}  // namespace mneme
