#include "mneme/book/entry_table.h"

#include <algorithm>
#include <stdexcept>

namespace mneme {

namespace {

constexpr std::size_t MIN_CAPACITY = 16;  // tiny budgets are for tests of spilling
constexpr std::size_t INITIAL_CAPACITY = 1 << 16;
// Linear probing stays short below this load.
constexpr double MAX_LOAD = 0.7;

std::size_t slot_hash(Key key, std::uint16_t move) {
    // Zobrist keys are already random; the move is spread so that the moves of one position
    // land far apart.
    return std::size_t(key ^ (std::uint64_t(move) * 0x9e3779b97f4a7c15ULL));
}

}  // namespace

EntryTable::EntryTable(std::size_t memory_bytes) {
    // Growing holds the old array (half the size) beside the new one: 1.5 times the capacity.
    max_capacity_ = MIN_CAPACITY;
    while (max_capacity_ * 2 * sizeof(BookEntry) * 3 / 2 <= memory_bytes) max_capacity_ *= 2;
    set_capacity(std::min(INITIAL_CAPACITY, max_capacity_));
}

void EntryTable::set_capacity(std::size_t capacity) {
    slots_.assign(capacity, BookEntry{});
    grow_at_ = std::size_t(double(capacity) * MAX_LOAD);
    size_ = 0;
    sorted_ = false;
}

BookEntry& EntryTable::slot_for(Key key, std::uint16_t move) {
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = slot_hash(key, move) & mask;; i = (i + 1) & mask) {
        BookEntry& slot = slots_[i];
        if (slot.move == 0 || (slot.key == key && slot.move == move)) return slot;
    }
}

void EntryTable::grow() {
    std::vector<BookEntry> old = std::move(slots_);
    set_capacity(old.size() * 2);
    for (const BookEntry& entry : old) {
        if (entry.move == 0) continue;
        slot_for(entry.key, entry.move) = entry;
        ++size_;
    }
}

void EntryTable::add(Key key, std::uint16_t move, Color mover, GameResult result, int mover_elo) {
    if (sorted_) throw std::logic_error("EntryTable::add after sorted_entries without clear");
    BookEntry* slot = &slot_for(key, move);
    if (slot->move == 0) {
        if (size_ >= grow_at_) {
            if (capacity() >= max_capacity_)
                throw std::logic_error("EntryTable::add on a full table (spill first)");
            grow();
            slot = &slot_for(key, move);
        }
        slot->key = key;
        slot->move = move;
        slot->mover = std::uint8_t(mover);
        ++size_;
    }
    slot->add_game(result, mover_elo);
}

std::span<const BookEntry> EntryTable::sorted_entries() {
    if (!sorted_) {
        auto end = std::remove_if(slots_.begin(), slots_.end(),
                                  [](const BookEntry& e) { return e.move == 0; });
        std::sort(slots_.begin(), end, entry_order);
        // The tail keeps moved-from copies; clear() zeroes everything before the next use.
        sorted_ = true;
    }
    return {slots_.data(), size_};
}

void EntryTable::clear() {
    std::fill(slots_.begin(), slots_.end(), BookEntry{});
    size_ = 0;
    sorted_ = false;
}

}  // namespace mneme
