#include "mneme/book/book_file.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <fstream>
#include <utility>
#include <vector>

#include "mneme/book/book_checksum.h"
#include "mneme/util/atomic_file.h"
#include "mneme/util/builtin_files.h"

namespace mneme {

static_assert(std::endian::native == std::endian::little,
              "book files are little-endian and mapped directly");

namespace {

constexpr std::size_t WRITE_BLOCK_ENTRIES = 1 << 15;  // 1 MB per write

[[noreturn]] void fail(const std::string& path, const std::string& reason) {
    throw BookFileError(path + ": not a usable mneme book: " + reason);
}

const RecordFormat BOOK_FORMAT{
    BOOK_MAGIC,        BOOK_VERSION,
    sizeof(BookEntry), BOOK_HEADER_BYTES,
    "entries",         "bad magic (not a .mbook file; Polyglot books are probed as .bin)"};

// The header as bytes (see the layout in book_file.h).
std::vector<unsigned char> header_bytes(const std::string& description, std::uint64_t count,
                                        std::uint64_t checksum) {
    std::vector<unsigned char> bytes = new_record_header(BOOK_FORMAT, description, 32);
    write_field<std::uint64_t>(bytes.data(), 16, count);
    write_field<std::uint64_t>(bytes.data(), 24, checksum);
    return bytes;
}

}  // namespace

BookFile& BookFile::operator=(BookFile&& other) noexcept {
    path_ = std::move(other.path_);
    description_ = std::move(other.description_);
    checksum_ = std::exchange(other.checksum_, 0);
    mapping_ = std::move(other.mapping_);
    entries_ = std::exchange(other.entries_, nullptr);
    count_ = std::exchange(other.count_, 0);
    return *this;
}

bool BookFile::has_native_magic(const std::string& path) {
    if (const BuiltinFile* builtin = find_builtin_file(path))
        return builtin->bytes.size() >= sizeof BOOK_MAGIC &&
               std::memcmp(builtin->bytes.data(), BOOK_MAGIC, sizeof BOOK_MAGIC) == 0;
    char magic[sizeof BOOK_MAGIC] = {};
    std::ifstream in(path, std::ios::binary);
    return in.read(magic, sizeof magic) && std::memcmp(magic, BOOK_MAGIC, sizeof magic) == 0;
}

BookFile BookFile::open(const std::string& path) {
    BookFile book;
    book.path_ = path;
    std::uint64_t stored_checksum = 0;
    std::uint32_t description_bytes = 0;
    std::size_t entries_offset = 0;
    std::uint64_t count = 0;
    try {
        book.mapping_ = MappedFile::open(path, BOOK_HEADER_BYTES);
        check_record_header(book.mapping_, BOOK_FORMAT);
        const unsigned char* bytes = book.mapping_.bytes();
        count = read_field<std::uint64_t>(bytes, 16);
        stored_checksum = read_field<std::uint64_t>(bytes, 24);
        description_bytes = read_field<std::uint32_t>(bytes, 32);
        entries_offset =
            record_section_offset(book.mapping_, BOOK_FORMAT, description_bytes, count);
    } catch (const RecordFileError& e) {
        fail(path, e.what());
    }
    const unsigned char* bytes = book.mapping_.bytes();
    book.description_.assign(reinterpret_cast<const char*>(bytes) + BOOK_HEADER_BYTES,
                             description_bytes);
    book.entries_ = reinterpret_cast<const BookEntry*>(bytes + entries_offset);
    book.count_ = std::size_t(count);

    EntryChecksum checksum;
    checksum.add(book.entries_, book.count_);
    if (checksum.value() != stored_checksum)
        fail(path, "checksum mismatch (header " + hex64(stored_checksum) + ", entries " +
                       hex64(checksum.value()) + "): the file is corrupt");
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
