// The native book file (.mbook): a header, then BookEntry records sorted by (key, move).
//
//   offset  size  field
//        0     8  magic "MNEMBOOK"
//        8     4  format version (1)
//       12     4  bytes per entry (32)
//       16     8  number of entries
//       24     8  checksum of the entry bytes (EntryChecksum)
//       32     4  length of the description (the filters the book was built with)
//       36    28  zero
//       64     d  description (UTF-8), then zeros up to a multiple of 8
//  64+pad(d)  32n  entries, little-endian
//
// A book is read by mapping the file read-only; probing is a binary search on the key.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "mneme/book/book_entry.h"
#include "mneme/book/entry_source.h"
#include "mneme/util/record_file.h"

namespace mneme {

// A book file that cannot be used; the message names the file and the reason.
class BookFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline constexpr char BOOK_MAGIC[8] = {'M', 'N', 'E', 'M', 'B', 'O', 'O', 'K'};
inline constexpr std::uint32_t BOOK_VERSION = 1;
inline constexpr std::size_t BOOK_HEADER_BYTES = 64;

class BookFile {
public:
    BookFile() = default;
    BookFile(BookFile&& other) noexcept { *this = std::move(other); }
    // Leaves `other` empty.
    BookFile& operator=(BookFile&& other) noexcept;

    // Maps and checks a book: size, magic, version, entry size, length, order and checksum.
    // Throws BookFileError naming the file and what is wrong.
    static BookFile open(const std::string& path);
    // True when the file starts with the native magic (false for Polyglot .bin and unreadable
    // files).
    static bool has_native_magic(const std::string& path);

    std::span<const BookEntry> entries() const { return {entries_, count_}; }
    // The entries of one position, sorted by move; empty when the position is not in the book.
    std::span<const BookEntry> lookup(Key key) const;

    std::size_t size() const { return count_; }
    const std::string& path() const { return path_; }
    const std::string& description() const { return description_; }
    std::uint64_t checksum() const { return checksum_; }

private:
    std::string path_;
    std::string description_;
    std::uint64_t checksum_ = 0;
    MappedFile mapping_;  // move-only, so BookFile is too
    const BookEntry* entries_ = nullptr;
    std::size_t count_ = 0;
};

// Writes the entries `source` gives (sorted by (key, move), each pair once) to `path`
// atomically, leaving out entries with fewer than `min_games` games. Returns the number of
// entries written. Throws std::runtime_error naming the file when writing fails, and
// BookFileError when the source is out of order.
std::uint64_t write_book(const std::string& path, const std::string& description,
                         EntrySource& source, std::uint64_t min_games = 1);

}  // namespace mneme
