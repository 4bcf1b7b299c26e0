#include "mneme/cbr/case_base_file.h"

#include <algorithm>
#include <bit>
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

const RecordFormat CASE_FORMAT{
    CASE_MAGIC,        CASE_VERSION, sizeof(CaseRecord),
    CASE_HEADER_BYTES, "cases",      "bad magic (not a .mcases file made by 'mneme cases build')"};

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

CaseBaseFile& CaseBaseFile::operator=(CaseBaseFile&& other) noexcept {
    path_ = std::move(other.path_);
    description_ = std::move(other.description_);
    checksum_ = std::exchange(other.checksum_, 0);
    white_cases_ = std::exchange(other.white_cases_, 0);
    games_ = std::exchange(other.games_, 0);
    mapping_ = std::move(other.mapping_);
    cases_ = std::exchange(other.cases_, nullptr);
    count_ = std::exchange(other.count_, 0);
    return *this;
}

CaseBaseFile CaseBaseFile::open(const std::string& path) {
    CaseBaseFile file;
    file.path_ = path;
    std::uint64_t count = 0, white_cases = 0, games = 0, stored_checksum = 0;
    std::uint32_t description_bytes = 0;
    std::size_t records_offset = 0;
    try {
        file.mapping_ = MappedFile::open(path, CASE_HEADER_BYTES);
        check_record_header(file.mapping_, CASE_FORMAT);
        const unsigned char* bytes = file.mapping_.bytes();
        count = read_field<std::uint64_t>(bytes, 16);
        white_cases = read_field<std::uint64_t>(bytes, 24);
        games = read_field<std::uint64_t>(bytes, 32);
        stored_checksum = read_field<std::uint64_t>(bytes, 40);
        description_bytes = read_field<std::uint32_t>(bytes, 48);
        records_offset =
            record_section_offset(file.mapping_, CASE_FORMAT, description_bytes, count);
    } catch (const RecordFileError& e) {
        fail(path, e.what());
    }
    const unsigned char* bytes = file.mapping_.bytes();
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
        fail(path, "checksum mismatch (header " + hex64(stored_checksum) + ", records " +
                       hex64(checksum) + "): the file is corrupt");
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
    std::vector<unsigned char> header = new_record_header(CASE_FORMAT, description, 48);
    write_field<std::uint64_t>(header.data(), 16, cases.size());
    write_field<std::uint64_t>(header.data(), 24, white);
    write_field<std::uint64_t>(header.data(), 32, games);
    write_field<std::uint64_t>(header.data(), 40, case_checksum(cases));

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
