// One training position: a board packed into 32 bytes with what it is to be learned towards.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "mneme/core/position.h"

namespace mneme {

// Labels are expected scores for the side to move, 0 = loss .. 1 = win, stored in 16 bits.
constexpr double LABEL_SCALE = 65535.0;

// The board, side, castling and en passant fields of a FEN for a board given as 64 letters from
// a1 upwards (' ' for an empty square): what the packed position formats share.
std::string packed_fen_fields(const char (&board)[SQUARE_COUNT], Color side, unsigned castling,
                              Square en_passant);
// The FEN letter of a 4-bit piece code.
char packed_piece_letter(unsigned code);

struct TrainingPosition {
    Bitboard occupied = 0;
    // 4-bit piece codes of the occupied squares from a1 upwards, two per byte.
    std::array<std::uint8_t, 16> pieces{};
    std::uint8_t castling = NO_CASTLING;  // CastlingRights bits (standard chess only)
    Color side_to_move = WHITE;
    Square en_passant = SQ_NONE;
    std::uint16_t result = 0;  // the game result from the side to move's view (mean over games)
    std::uint16_t label = 0;   // the training target: the result, or mixed with a search score
    std::uint16_t games = 1;   // how many games reached this position (saturates)

    // Packs a standard-chess position (not Chess960: its castling rooks are not recorded).
    static TrainingPosition from_position(const Position& pos);
    Position to_position() const;
    // The FEN of the packed position (half-move clock 0, move number 1).
    std::string fen() const;

    double result_value() const { return result / LABEL_SCALE; }
    double label_value() const { return label / LABEL_SCALE; }
    static std::uint16_t encode_label(double value);

    // Exactly 32 bytes, little-endian, in the order of the fields above.
    static constexpr std::size_t ENCODED_SIZE = 32;
    void encode(std::uint8_t* out) const;
    // False for bytes no packed position can have (too many pieces, bad codes, bad squares).
    bool decode(const std::uint8_t* in);

    bool operator==(const TrainingPosition&) const = default;
};

}  // namespace mneme
