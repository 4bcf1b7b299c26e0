// The transposition table: search results keyed by position, shared by every search of a game.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "mneme/core/types.h"
#include "mneme/search/score.h"
#include "mneme/util/large_pages.h"

namespace mneme {

// What a stored score says about the true value.
enum class Bound : std::uint8_t {
    NONE = 0,
    UPPER = 1,  // the search failed low: true value <= score
    LOWER = 2,  // the search failed high: true value >= score
    EXACT = UPPER | LOWER,
};

// A probe's answer, with mate scores already converted to the probing node's ply.
struct TTData {
    Move move;
    Value score = VALUE_NONE;
    Value eval = VALUE_NONE;
    int depth = 0;
    Bound bound = Bound::NONE;
    bool was_pv = false;  // the node was on a principal variation when stored (or earlier)
};

class TranspositionTable {
public:
    // Depths stored range from here (quiescence) up to MAX_DEPTH.
    static constexpr int MIN_DEPTH = -2;
    static constexpr int MAX_DEPTH = 250;
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
    // The protocol fuzzers start an engine per input; a small table keeps them fast.
    static constexpr std::size_t DEFAULT_SIZE_MB = 1;
#else
    static constexpr std::size_t DEFAULT_SIZE_MB = 16;
#endif
    static constexpr std::size_t MAX_SIZE_MB = 1 << 16;

    explicit TranspositionTable(std::size_t size_mb = DEFAULT_SIZE_MB);

    // Reallocates to `size_mb` megabytes (1 to MAX_SIZE_MB) and clears. When the memory
    // cannot be had, keeps the size it had (1 MB for a new table) and returns false.
    bool resize(std::size_t size_mb);
    std::size_t size_mb() const { return size_mb_; }
    // Empties the table; a table nothing was stored in since is not written again (an engine
    // starting up, or a new game before any search, would otherwise zero it several times).
    void clear();
    // Marks a new search, so entries of earlier searches become the first to be replaced.
    void new_search() { generation_ = std::uint8_t(generation_ + GENERATION_STEP); }

    // Looks `key` up; on a hit fills `data`. Mate scores are stored relative to the node that
    // stored them and come back relative to the root from `ply`.
    bool probe(Key key, int ply, TTData* data) const;
    // `pv`: the node is, or once was, on a principal variation; the mark stays with the
    // entry until another position takes its slot.
    void store(Key key, int ply, Move move, Value score, Value eval, int depth, Bound bound,
               bool pv = false);

    // Permille of sampled entries written by the current search (UCI "hashfull").
    int hashfull() const;

    // While several threads search (Lazy SMP), every probe and store locks its bucket: an
    // entry is then never read half written. Set it only while no search runs.
    void set_shared(bool shared) { shared_ = shared; }

    void prefetch(Key key) const { __builtin_prefetch(bucket_for(key)); }

private:
    // Bits 0-1 of generation_and_bound hold the bound, bit 2 the principal-variation mark,
    // bits 3-7 the search generation.
    static constexpr std::uint8_t GENERATION_STEP = 8;
    static constexpr std::uint8_t BOUND_MASK = 3;
    static constexpr std::uint8_t PV_MASK = 4;

    struct Entry {
        std::uint16_t key16;
        std::uint16_t move;
        std::int16_t score;
        std::int16_t eval;
        std::uint8_t depth;  // depth - MIN_DEPTH + 1, so 0 marks an empty entry
        std::uint8_t generation_and_bound;

        bool empty() const { return depth == 0; }
        int stored_depth() const { return int(depth) + MIN_DEPTH - 1; }
        std::uint8_t generation() const { return generation_and_bound & ~(BOUND_MASK | PV_MASK); }
    };
    static constexpr int ENTRIES_PER_BUCKET = 3;
    // Three 10-byte entries and padding fill half a cache line.
    struct alignas(32) Bucket {
        Entry entries[ENTRIES_PER_BUCKET];
        std::uint16_t padding;
    };
    static_assert(sizeof(Bucket) == 32);

    Bucket* bucket_for(Key key) const {
        // The high bits of the product spread any table size evenly, with no power-of-two rule.
        // __extension__: the 128-bit type is GCC's and clang's, not ISO C++ (-Wpedantic).
        __extension__ using Wide = unsigned __int128;
        return &buckets_[std::size_t(Wide(key) * bucket_count_ >> 64)];
    }
    // How many generations ago an entry was written (0 = this search).
    int age(const Entry& e) const {
        return std::uint8_t(generation_ - e.generation()) / GENERATION_STEP;
    }

    // Spin locks, one per group of buckets: few enough to stay in cache, enough that two
    // threads rarely want the same one.
    static constexpr std::size_t LOCK_COUNT = 4096;
    class BucketLock {
    public:
        BucketLock(const TranspositionTable& table, const Bucket* bucket);
        ~BucketLock();
        BucketLock(const BucketLock&) = delete;
        BucketLock& operator=(const BucketLock&) = delete;

    private:
        std::atomic<bool>* lock_ = nullptr;
    };

    bool shared_ = false;
    mutable std::unique_ptr<std::atomic<bool>[]> locks_ { new std::atomic<bool>[ LOCK_COUNT ]() };
    LargePagesMemory memory_;  // the buckets' memory, aligned for huge pages
    Bucket* buckets_ = nullptr;
    std::size_t bucket_count_ = 0;
    std::size_t size_mb_ = 0;
    std::uint8_t generation_ = 0;
    // Whether anything was stored since the last clear; atomic because Lazy SMP's threads store
    // at once (each reads it first, so the cache line is written once per search at most).
    std::atomic<bool> written_ = true;
};

// Mate scores in the table count plies from the storing node, not from the root.
constexpr Value score_to_tt(Value v, int ply) {
    return v >= VALUE_MATE_IN_MAX_PLY ? v + ply : v <= VALUE_MATED_IN_MAX_PLY ? v - ply : v;
}
constexpr Value score_from_tt(Value v, int ply) {
    if (v == VALUE_NONE) return v;
    return v >= VALUE_MATE_IN_MAX_PLY ? v - ply : v <= VALUE_MATED_IN_MAX_PLY ? v + ply : v;
}

}  // namespace mneme
