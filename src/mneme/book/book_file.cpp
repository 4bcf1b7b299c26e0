#include "mneme/book/book_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <utility>
#include <vector>

#include "mneme/book/book_checksum.h"
#include "mneme/util/atomic_file.h"

namespace mneme {

static_assert(std::endian::native == std::endian::little,
              "book files are little-endian and mapped directly");

namespace {

constexpr std::size_t WRITE_BLOCK_ENTRIES = 1 << 15;  // 1 MB per write

[[noreturn]] void fail(const std::string& path, const std::string& reason) {
    throw BookFileError(path + ": not a usable mneme book: " + reason);
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

std::size_t padded_to_8(std::size_t bytes) {
    return (bytes + 7) / 8 * 8;
}

// The header as bytes (see the layout in book_file.h).
std::vector<unsigned char> header_bytes(const std::string& description, std::uint64_t count,
                                        std::uint64_t checksum) {
    std::vector<unsigned char> bytes(BOOK_HEADER_BYTES + padded_to_8(description.size()), 0);
    std::memcpy(bytes.data(), BOOK_MAGIC, sizeof BOOK_MAGIC);
    write_field<std::uint32_t>(bytes.data(), 8, BOOK_VERSION);
    write_field<std::uint32_t>(bytes.data(), 12, sizeof(BookEntry));
    write_field<std::uint64_t>(bytes.data(), 16, count);
    write_field<std::uint64_t>(bytes.data(), 24, checksum);
    write_field<std::uint32_t>(bytes.data(), 32, std::uint32_t(description.size()));
    std::memcpy(bytes.data() + BOOK_HEADER_BYTES, description.data(), description.size());
    return bytes;
}

}  // namespace

BookFile::~BookFile() {
    unmap();
}

BookFile::BookFile(BookFile&& other) noexcept {
    *this = std::move(other);
}

BookFile& BookFile::operator=(BookFile&& other) noexcept {
    if (this == &other) return *this;
    unmap();
    path_ = std::move(other.path_);
    description_ = std::move(other.description_);
    checksum_ = other.checksum_;
    mapping_ = std::exchange(other.mapping_, nullptr);
    mapping_bytes_ = std::exchange(other.mapping_bytes_, 0);
    entries_ = std::exchange(other.entries_, nullptr);
    count_ = std::exchange(other.count_, 0);
    return *this;
}

void BookFile::unmap() {
    if (mapping_) munmap(mapping_, mapping_bytes_);
    mapping_ = nullptr;
    mapping_bytes_ = 0;
    entries_ = nullptr;
    count_ = 0;
}

bool BookFile::has_native_magic(const std::string& path) {
    char magic[sizeof BOOK_MAGIC] = {};
    std::ifstream in(path, std::ios::binary);
    return in.read(magic, sizeof magic) && std::memcmp(magic, BOOK_MAGIC, sizeof magic) == 0;
}

BookFile BookFile::open(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
    struct stat status {};
    if (fstat(fd, &status) != 0) {
        int error = errno;
        ::close(fd);
        fail(path, std::string("cannot read its size: ") + std::strerror(error));
    }
    std::size_t size = std::size_t(status.st_size);
    if (size < BOOK_HEADER_BYTES) {
        ::close(fd);
        fail(path, "too short for a header (" + std::to_string(size) + " bytes, need " +
                       std::to_string(BOOK_HEADER_BYTES) + ")");
    }
    void* mapping = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    int map_error = errno;
    ::close(fd);  // the mapping stays valid without the descriptor
    if (mapping == MAP_FAILED) fail(path, std::string("cannot map: ") + std::strerror(map_error));

    BookFile book;
    book.path_ = path;
    book.mapping_ = mapping;
    book.mapping_bytes_ = size;
    const auto* bytes = static_cast<const unsigned char*>(mapping);

    if (std::memcmp(bytes, BOOK_MAGIC, sizeof BOOK_MAGIC) != 0)
        fail(path, "bad magic (not a .mbook file; Polyglot books are probed as .bin)");
    auto version = read_field<std::uint32_t>(bytes, 8);
    if (version != BOOK_VERSION)
        fail(path, "format version " + std::to_string(version) + ", this program reads version " +
                       std::to_string(BOOK_VERSION));
    auto entry_bytes = read_field<std::uint32_t>(bytes, 12);
    if (entry_bytes != sizeof(BookEntry))
        fail(path, "entries of " + std::to_string(entry_bytes) + " bytes, expected " +
                       std::to_string(sizeof(BookEntry)));
    auto count = read_field<std::uint64_t>(bytes, 16);
    auto stored_checksum = read_field<std::uint64_t>(bytes, 24);
    auto description_bytes = read_field<std::uint32_t>(bytes, 32);
    std::size_t entries_offset = BOOK_HEADER_BYTES + padded_to_8(description_bytes);
    if (entries_offset > size)
        fail(path, "truncated in the description (" + std::to_string(size) + " bytes)");
    if (count > (size - entries_offset) / sizeof(BookEntry))
        fail(path, "truncated: the header promises " + std::to_string(count) + " entries (" +
                       std::to_string(entries_offset + count * sizeof(BookEntry)) +
                       " bytes) but the file has " + std::to_string(size) + " bytes");
    if (entries_offset + count * sizeof(BookEntry) != size)
        fail(path, std::to_string(size - entries_offset - count * sizeof(BookEntry)) +
                       " bytes after the last of " + std::to_string(count) + " entries");

    book.description_.assign(reinterpret_cast<const char*>(bytes) + BOOK_HEADER_BYTES,
                             description_bytes);
    book.entries_ = reinterpret_cast<const BookEntry*>(bytes + entries_offset);
    book.count_ = std::size_t(count);

    EntryChecksum checksum;
    checksum.add(book.entries_, book.count_);
    if (checksum.value() != stored_checksum)
        fail(path, "checksum mismatch (header " + hex(stored_checksum) + ", entries " +
                       hex(checksum.value()) + "): the file is corrupt");
    book.checksum_ = stored_checksum;
    // Binary search would silently miss entries of an unsorted file: refuse it instead.
    for (std::size_t i = 1; i < book.count_; ++i)
        if (!entry_order(book.entries_[i - 1], book.entries_[i]))
            fail(path, "entries are not sorted by (key, move) at entry " + std::to_string(i));
    return book;
}

std::span<const BookEntry> BookFile::lookup(Key key) const {
    auto all = entries();
    auto first = std::lower_bound(all.begin(), all.end(), key,
                                  [](const BookEntry& e, Key k) { return e.key < k; });
    auto last = std::upper_bound(first, all.end(), key,
                                 [](Key k, const BookEntry& e) { return k < e.key; });
    return {first, last};
}

std::uint64_t write_book(const std::string& path, const std::string& description,
                         EntrySource& source, std::uint64_t min_games) {
    std::uint64_t written = 0;
    write_file_atomically(path, [&](std::ostream& out) {
        // The count and checksum are known only at the end: write the header again then.
        std::vector<unsigned char> header = header_bytes(description, 0, 0);
        out.write(reinterpret_cast<const char*>(header.data()), std::streamsize(header.size()));

        EntryChecksum checksum;
        std::vector<BookEntry> block;
        block.reserve(WRITE_BLOCK_ENTRIES);
        auto flush = [&] {
            checksum.add(block.data(), block.size());
            out.write(reinterpret_cast<const char*>(block.data()),
                      std::streamsize(block.size() * sizeof(BookEntry)));
            written += block.size();
            block.clear();
        };
        BookEntry entry, previous;
        bool first = true;
        while (source.next(entry)) {
            if (!first && !entry_order(previous, entry))
                throw BookFileError(path +
                                    ": entries to write are not sorted by (key, move) "
                                    "or repeat a pair (an internal error)");
            first = false;
            previous = entry;
            if (entry.games() < min_games) continue;
            block.push_back(entry);
            if (block.size() == WRITE_BLOCK_ENTRIES) flush();
        }
        flush();

        header = header_bytes(description, written, checksum.value());
        out.seekp(0);
        out.write(reinterpret_cast<const char*>(header.data()), std::streamsize(header.size()));
        if (!out) throw std::runtime_error("cannot write " + path);
    });
    return written;
}

}  // namespace mneme
