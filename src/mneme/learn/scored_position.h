// One position of network-training data: the board packed into 24 bytes with the search score
// and the game's result, both from the side to move's view. 32 bytes in all, so a billion
// positions are 32 GB.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "mneme/core/position.h"

namespace mneme {

// The game's final result from the side to move's view.
enum class ScoredResult : std::uint8_t { LOSS = 0, DRAW = 1, WIN = 2 };

struct ScoredPosition {
    Bitboard occupied = 0;
    // 4-bit piece codes of the occupied squares from a1 upwards, two per byte.
    std::array<std::uint8_t, 16> pieces{};
    Color side_to_move = WHITE;
    std::uint8_t castling = NO_CASTLING;  // CastlingRights bits (standard chess only)
    Square en_passant = SQ_NONE;
    std::uint8_t halfmove_clock = 0;  // saturates at 255
    std::uint16_t fullmove_number = 1;
    std::int16_t score = 0;  // the search's score for the side to move, centipawns
    ScoredResult result = ScoredResult::DRAW;

    static ScoredPosition from_position(const Position& pos, int score, ScoredResult result);
    std::string fen() const;
    Position to_position() const { return Position::from_fen(fen()); }
    // 0, 0.5 or 1 for the side to move.
    double result_value() const { return int(result) * 0.5; }

    // Little-endian: occupied (8), pieces (16), score (2), fullmove (2), flags = side to move
    // (bit 4) and castling (bits 0-3) (1), en passant (1), half-move clock (1), result (1).
    static constexpr std::size_t ENCODED_SIZE = 32;
    void encode(std::uint8_t* out) const;
    // False for bytes no packed position can have (piece counts or codes, squares, result).
    bool decode(const std::uint8_t* in);

    // Calls f(piece, square) for every piece on the board, without building a Position.
    template <class F>
    void for_each_piece(F&& f) const {
        int index = 0;
        for (Bitboard b = occupied; b; ++index) {
            Square s = pop_lsb(b);
            f(Piece((pieces[index / 2] >> (index % 2 == 0 ? 0 : 4)) & 15), s);
        }
    }

    bool operator==(const ScoredPosition&) const = default;
};

}  // namespace mneme
