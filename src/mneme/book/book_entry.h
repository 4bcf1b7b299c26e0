// One record of a mneme opening book: the games that played `move` in the position `key`,
// by result, with the Elo of the players who made the move. Records are sorted by (key, move);
// a position reached by different move orders has one key, so transpositions share records.
#pragma once

#include <cstdint>
#include <limits>

#include "mneme/core/game_outcome.h"
#include "mneme/core/types.h"

namespace mneme {

// Adds without wrapping: a count that reached the maximum stays there.
inline std::uint32_t add_saturating(std::uint32_t a, std::uint32_t b) {
    std::uint32_t sum = a + b;
    return sum < a ? std::numeric_limits<std::uint32_t>::max() : sum;
}

struct BookEntry {
    Key key = 0;  // Polyglot Zobrist key of the position before the move
    std::uint32_t white_wins = 0;
    std::uint32_t draws = 0;
    std::uint32_t black_wins = 0;
    std::uint32_t elo_count = 0;    // games in which the mover's Elo is known
    std::uint32_t elo_sum_low = 0;  // the sum of those Elos, 40 bits in two fields so that a
    std::uint8_t elo_sum_high = 0;  // record stays 32 bytes (room for 3e8 games at 3000)
    std::uint8_t mover = WHITE;     // the side to move (Color), which the key does not tell
    std::uint16_t move = 0;         // Polyglot move bits; 0 is no move (from == to)

    static constexpr std::uint64_t MAX_ELO_SUM = (std::uint64_t(1) << 40) - 1;

    std::uint64_t games() const { return std::uint64_t(white_wins) + draws + black_wins; }
    std::uint64_t elo_sum() const { return (std::uint64_t(elo_sum_high) << 32) | elo_sum_low; }
    Color mover_color() const { return Color(mover); }
    // The mover's average Elo, 0 when no game had one.
    double average_elo() const { return elo_count ? double(elo_sum()) / elo_count : 0.0; }

    // Counts one game; `mover_elo` 0 means unknown.
    void add_game(GameResult result, int mover_elo) {
        if (result == GameResult::WHITE_WINS)
            white_wins = add_saturating(white_wins, 1);
        else if (result == GameResult::BLACK_WINS)
            black_wins = add_saturating(black_wins, 1);
        else
            draws = add_saturating(draws, 1);
        if (mover_elo > 0) add_elos(1, std::uint64_t(mover_elo));
    }
    // Adds the counts of the same (key, move) from another book or run.
    void add_counts(const BookEntry& other) {
        white_wins = add_saturating(white_wins, other.white_wins);
        draws = add_saturating(draws, other.draws);
        black_wins = add_saturating(black_wins, other.black_wins);
        add_elos(other.elo_count, other.elo_sum());
    }

    bool same_key_and_move(const BookEntry& other) const {
        return key == other.key && move == other.move;
    }
    bool operator==(const BookEntry&) const = default;

private:
    // Elos that would overflow the sum or the count are not added, so the average stays exact
    // over the games that were.
    void add_elos(std::uint32_t count, std::uint64_t sum) {
        std::uint64_t total = elo_sum() + sum;
        if (total > MAX_ELO_SUM || std::uint64_t(elo_count) + count > UINT32_MAX) return;
        elo_count += count;
        elo_sum_low = std::uint32_t(total);
        elo_sum_high = std::uint8_t(total >> 32);
    }
};

static_assert(sizeof(BookEntry) == 32, "the file format stores BookEntry as 32 bytes");

// The order of a book file: by key, then by move.
inline bool entry_order(const BookEntry& a, const BookEntry& b) {
    return a.key != b.key ? a.key < b.key : a.move < b.move;
}

}  // namespace mneme
