// Polyglot opening books: 16-byte big-endian entries (key, move, weight, learn) sorted by key,
// probed by binary search on Position::key() (which is the Polyglot Zobrist key).
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "mneme/core/position.h"

namespace mneme {

// A book file that cannot be used: the message names the file and the reason.
class PolyglotBookError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One book entry as stored in the file.
struct PolyglotRecord {
    Key key = 0;
    std::uint16_t move = 0;  // Polyglot move bits (see PolyglotBook::encode_move)
    std::uint16_t weight = 0;
    std::uint32_t learn = 0;
};

// A book entry resolved to a legal move of the probed position.
struct PolyglotEntry {
    Move move;
    std::uint16_t weight = 0;
    std::uint32_t learn = 0;
};

class PolyglotBook {
public:
    PolyglotBook() = default;  // an empty book: every probe finds nothing

    // Reads a whole book file. Throws PolyglotBookError when the file cannot be read, is
    // empty, has a size that is not a multiple of 16 bytes, or its keys are not sorted.
    static PolyglotBook open(const std::string& path);

    // The entries for `pos`, in file order, each converted to a legal move. Entries whose move
    // is not legal here (a key collision or a broken book) are left out.
    std::vector<PolyglotEntry> probe(const Position& pos) const;

    // A book move for `pos`, or Move::none() when the book has none. Weighted: at random in
    // proportion to the weights (uniformly when they are all zero); otherwise the entry with
    // the highest weight (the first of equals). Draws as many numbers from `rng` as it needs,
    // with plain modulo reduction so the choice is the same with every standard library.
    Move pick(const Position& pos, std::mt19937_64& rng, bool weighted = true) const;

    // Polyglot move bits: to (0-5), from (6-11), promotion (12-14: 1 knight .. 4 queen).
    // Castling is written king-takes-rook (e1h1), which is how Move already stores it.
    static std::uint16_t encode_move(Move move, const Position& pos);
    // The legal move of `pos` the bits name, or Move::none() when none.
    static Move decode_move(std::uint16_t bits, const Position& pos);

    std::size_t size() const { return records_.size(); }  // number of entries
    bool empty() const { return records_.empty(); }
    std::uint64_t size_bytes() const { return records_.size() * ENTRY_BYTES; }
    const std::string& path() const { return path_; }
    const std::vector<PolyglotRecord>& records() const { return records_; }

    static constexpr std::size_t ENTRY_BYTES = 16;

private:
    std::string path_;
    std::vector<PolyglotRecord> records_;  // sorted by key
};

}  // namespace mneme
