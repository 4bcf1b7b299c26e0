// The in-memory half of building a book: counts per (key, move) in an open-addressing hash
// table that grows up to a memory budget. When it is full the builder takes its entries in
// sorted order, writes them out as a run and clears it.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "mneme/book/book_entry.h"

namespace mneme {

class EntryTable {
public:
    // The table, including the old array while it grows, stays within `memory_bytes`
    // (at least a small minimum).
    explicit EntryTable(std::size_t memory_bytes);

    // Counts one game for `move` (Polyglot bits, not 0) played by `mover` in position `key`.
    void add(Key key, std::uint16_t move, Color mover, GameResult result, int mover_elo);
    // True when the table can take no more new pairs without passing its budget.
    bool full() const { return size_ >= grow_at_ && capacity() >= max_capacity_; }

    std::size_t size() const { return size_; }
    std::size_t capacity() const { return slots_.size(); }
    std::size_t memory_bytes() const { return slots_.capacity() * sizeof(BookEntry); }

    // The entries sorted by (key, move); the view stays valid until the next add or clear.
    std::span<const BookEntry> sorted_entries();
    // Empties the table, keeping its memory.
    void clear();

private:
    BookEntry& slot_for(Key key, std::uint16_t move);
    void grow();
    void set_capacity(std::size_t capacity);

    std::vector<BookEntry> slots_;  // move == 0 marks an empty slot
    std::size_t size_ = 0;
    std::size_t grow_at_ = 0;  // size at which the load factor reaches its limit
    std::size_t max_capacity_ = 0;
    bool sorted_ = false;  // slots_ holds sorted entries, not a hash table
};

}  // namespace mneme
