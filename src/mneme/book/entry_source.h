// Streams of book entries sorted by (key, move): an array in memory (a sorted hash table or a
// mapped book), a spilled run on disk, and the k-way merge of several such streams that adds
// the counts of equal (key, move) pairs. Building and merging books are both this merge.
#pragma once

#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "mneme/book/book_entry.h"

namespace mneme {

class EntrySource {
public:
    virtual ~EntrySource() = default;
    // The next entry; false at the end.
    virtual bool next(BookEntry& entry) = 0;
};

// Entries already in memory (not owned).
class SpanSource : public EntrySource {
public:
    explicit SpanSource(std::span<const BookEntry> entries) : entries_(entries) {}
    bool next(BookEntry& entry) override {
        if (position_ == entries_.size()) return false;
        entry = entries_[position_++];
        return true;
    }

private:
    std::span<const BookEntry> entries_;
    std::size_t position_ = 0;
};

// A run: sorted entries written raw to a temporary file while building a book.
void write_run(const std::string& path, std::span<const BookEntry> entries);

// Reads a run back in blocks. Throws std::runtime_error naming the file on a read error.
class RunFileSource : public EntrySource {
public:
    explicit RunFileSource(const std::string& path);
    ~RunFileSource() override;
    RunFileSource(const RunFileSource&) = delete;
    RunFileSource& operator=(const RunFileSource&) = delete;
    bool next(BookEntry& entry) override;

private:
    std::string path_;
    std::FILE* file_ = nullptr;
    std::vector<BookEntry> block_;
    std::size_t position_ = 0, filled_ = 0;
};

// The union of sorted sources, one entry per (key, move) with the counts added.
class MergedSource : public EntrySource {
public:
    explicit MergedSource(std::vector<std::unique_ptr<EntrySource>> sources);
    bool next(BookEntry& entry) override;

private:
    struct Head {
        BookEntry entry;
        std::size_t source;
    };
    void advance(std::size_t source);

    std::vector<std::unique_ptr<EntrySource>> sources_;
    std::vector<Head> heap_;  // min-heap on (key, move) of each live source's next entry
};

}  // namespace mneme
