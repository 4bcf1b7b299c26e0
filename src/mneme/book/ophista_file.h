// OPHISTA history tables (Toni 1996, ch. 5, technique 2): for each book position p, a value per
// (mover, from, to) for the moves played in the database games within 8 plies after p. The
// value puts the minimal ply distance d first and the frequency second:
//   value = 64 * (3 - (d - 1) / 2) + 63 * count / (the highest count in the same band)
// so every pair of plies shares a band of 64 values and the result is 0..255. Unlike the
// thesis's tables, ours tell the mover's colour apart.
//
// File (.mhist), little-endian:
//   offset  size  field
//        0     8  magic "MNEMHIST"
//        8     4  format version (1)
//       12     4  window in plies (8)
//       16     8  number of positions P
//       24     8  number of moves M
//       32     8  checksum (FNV-1a over the 64-bit words of the index and the moves)
//       40    24  zero
//       64   16P  index sorted by key: key (8), first move (4), move count (4)
//  64+16P    4M  moves: code (2: mover << 12 | from << 6 | to), value (1), zero (1)
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "mneme/core/position.h"

namespace mneme {

struct OphistaMove {
    std::uint16_t code = 0;
    std::uint8_t value = 0;
    std::uint8_t unused = 0;

    static std::uint16_t code_of(Color mover, Move m) {
        return std::uint16_t((int(mover) << 12) | (m.from() << 6) | m.to());
    }
    bool operator==(const OphistaMove&) const = default;
};

// One position's table, moves sorted by code.
struct OphistaTable {
    Key key = 0;
    std::vector<OphistaMove> moves;
};

inline constexpr int OPHISTA_WINDOW = 8;

// The value of a move first played `min_distance` (1..8) plies after the position, `count`
// times, when the most frequent move of its band was played `band_max` times.
std::uint8_t ophista_value(int min_distance, std::uint64_t count, std::uint64_t band_max);

class OphistaFile {
public:
    // Reads and checks a file. Throws std::runtime_error naming it and what is wrong.
    static OphistaFile open(const std::string& path);

    // The moves of `key`'s table, sorted by code; empty when the position has none.
    std::span<const OphistaMove> lookup(Key key) const;

    std::size_t positions() const { return keys_.size(); }
    std::size_t moves() const { return moves_.size(); }
    const std::string& path() const { return path_; }

private:
    std::string path_;
    std::vector<Key> keys_;
    std::vector<std::uint32_t> first_, count_;
    std::vector<OphistaMove> moves_;
};

// Writes `tables` (sorted by key, each key once) to `path` atomically. Throws
// std::runtime_error naming the file when it cannot be written.
void write_ophista(const std::string& path, const std::vector<OphistaTable>& tables);

}  // namespace mneme
