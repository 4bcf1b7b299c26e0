#include "mneme/search/transposition_table.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <new>

namespace mneme {

TranspositionTable::TranspositionTable(std::size_t size_mb) { resize(size_mb); }

bool TranspositionTable::resize(std::size_t size_mb) {
    size_mb = std::clamp<std::size_t>(size_mb, 1, MAX_SIZE_MB);
    auto buckets_in = [](std::size_t mb) { return mb * 1024 * 1024 / sizeof(Bucket); };
    bool allocated = true;
    if (buckets_in(size_mb) != bucket_count_) {
        // Free the old table before asking for the new one; clear() zeroes the new one.
        memory_.reset();
        memory_ = allocate_large_pages(buckets_in(size_mb) * sizeof(Bucket));
        if (!memory_) {
            // Keep the size the table had (a typing slip should not leave the engine with
            // 1 MB), or failing that 1 MB.
            allocated = false;
            for (std::size_t fallback : {size_mb_, std::size_t(1)}) {
                if (fallback == 0) continue;  // a new table has no size to keep
                memory_ = allocate_large_pages(buckets_in(fallback) * sizeof(Bucket));
                if (memory_) {
                    size_mb = fallback;
                    break;
                }
            }
            if (!memory_) throw std::bad_alloc();
        }
        buckets_ = static_cast<Bucket*>(memory_.get());
        bucket_count_ = buckets_in(size_mb);
        written_.store(true, std::memory_order_relaxed);  // new memory holds anything
    }
    size_mb_ = size_mb;
    clear();
    return allocated;
}

void TranspositionTable::clear() {
    if (written_.load(std::memory_order_relaxed))
        std::memset(static_cast<void*>(buckets_), 0, bucket_count_ * sizeof(Bucket));
    written_.store(false, std::memory_order_relaxed);
    generation_ = 0;
}

TranspositionTable::BucketLock::BucketLock(const TranspositionTable& table, const Bucket* bucket) {
    if (!table.shared_) return;
    lock_ = &table.locks_[std::size_t(bucket - table.buckets_) % LOCK_COUNT];
    while (lock_->exchange(true, std::memory_order_acquire))
        while (lock_->load(std::memory_order_relaxed)) {}
}

TranspositionTable::BucketLock::~BucketLock() {
    if (lock_) lock_->store(false, std::memory_order_release);
}

bool TranspositionTable::probe(Key key, int ply, TTData* data) const {
    const Bucket* bucket = bucket_for(key);
    BucketLock guard(*this, bucket);
    auto key16 = std::uint16_t(key);
    for (const Entry& e : bucket->entries) {
        if (e.empty() || e.key16 != key16) continue;
        data->move = Move(e.move);
        data->score = score_from_tt(e.score, ply);
        data->eval = e.eval;
        data->depth = e.stored_depth();
        data->bound = Bound(e.generation_and_bound & BOUND_MASK);
        data->was_pv = e.generation_and_bound & PV_MASK;
        assert(data->bound != Bound::NONE && std::abs(data->score) <= VALUE_INFINITE);
        return true;
    }
    return false;
}

void TranspositionTable::store(Key key, int ply, Move move, Value score, Value eval, int depth,
                               Bound bound, bool pv) {
    Bucket* bucket = bucket_for(key);
    BucketLock guard(*this, bucket);
    auto key16 = std::uint16_t(key);
    depth = std::clamp(depth, MIN_DEPTH, MAX_DEPTH);
    // What an entry can hold: a real score (VALUE_NONE only as "no evaluation"), a real bound,
    // a ply inside the search; the generation's bits must leave the bound's alone.
    assert(std::abs(score) <= VALUE_INFINITE && bound != Bound::NONE);
    assert(eval == VALUE_NONE || std::abs(eval) <= VALUE_INFINITE);
    assert(ply >= 0 && ply <= MAX_PLY && (generation_ & (BOUND_MASK | PV_MASK)) == 0);

    if (!written_.load(std::memory_order_relaxed)) written_.store(true, std::memory_order_relaxed);

    // Same position: that slot. Otherwise the slot worth least: shallow and old.
    Entry* slot = nullptr;
    for (Entry& e : bucket->entries)
        if (!e.empty() && e.key16 == key16) {
            slot = &e;
            break;
        }
    if (slot) {
        // A shallower, inexact result must not wipe out a deeper one from this same search.
        if (bound != Bound::EXACT && age(*slot) == 0 && depth + 2 < slot->stored_depth()) {
            if (!slot->move && move) slot->move = move.raw();
            return;
        }
        if (!move) move = Move(slot->move);  // keep the best move we knew
    } else {
        auto worth = [&](const Entry& e) {
            return e.empty() ? -1000 : e.stored_depth() - 8 * age(e);
        };
        slot = &bucket->entries[0];
        for (Entry& e : bucket->entries)
            if (worth(e) < worth(*slot)) slot = &e;
    }

    slot->key16 = key16;
    slot->move = move.raw();
    slot->score = std::int16_t(score_to_tt(score, ply));
    slot->eval = std::int16_t(eval);
    slot->depth = std::uint8_t(depth - MIN_DEPTH + 1);
    slot->generation_and_bound =
        std::uint8_t(generation_ | (pv ? PV_MASK : 0) | std::uint8_t(bound));
}

int TranspositionTable::hashfull() const {
    constexpr std::size_t SAMPLE_BUCKETS = 1000;
    std::size_t buckets = std::min(SAMPLE_BUCKETS, bucket_count_);
    int used = 0;
    for (std::size_t i = 0; i < buckets; ++i) {
        BucketLock guard(*this, &buckets_[i]);
        for (const Entry& e : buckets_[i].entries) used += !e.empty() && age(e) == 0;
    }
    return int(used * 1000 / (buckets * ENTRIES_PER_BUCKET));
}

}  // namespace mneme
