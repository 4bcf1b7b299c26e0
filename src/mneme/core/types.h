// The small vocabulary every other file speaks: colours, pieces, squares, moves.
#pragma once

#include <cstdint>
#include <string>

namespace mneme {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { WHITE = 0, BLACK = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t {
    NO_PIECE_TYPE = 0,
    PAWN = 1,
    KNIGHT = 2,
    BISHOP = 3,
    ROOK = 4,
    QUEEN = 5,
    KING = 6,
};
constexpr int PIECE_TYPE_COUNT = 7;

// The enumerators are laid out as the board and the piece codes are.
// clang-format off
// A piece packs colour in bit 3 and type in bits 0-2, so 0 is "no piece".
enum Piece : std::uint8_t {
    NO_PIECE = 0,
    W_PAWN = 1, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
    B_PAWN = 9, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
};
constexpr int PIECE_CODE_COUNT = 16;

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63.
enum Square : std::uint8_t {
    SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
    SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
    SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
    SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
    SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
    SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
    SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
    SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
    SQ_NONE = 64,
};
// clang-format on
constexpr int SQUARE_COUNT = 64;

constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr bool is_ok(Square s) { return s < SQ_NONE; }
// The same square seen from Black's side (a1 <-> a8).
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
// Rank counted from `c`'s own back rank (0..7).
constexpr int relative_rank(Color c, Square s) { return c == WHITE ? rank_of(s) : 7 - rank_of(s); }
constexpr Square relative_square(Color c, Square s) { return c == WHITE ? s : flip_rank(s); }
// Direction of a pawn push for `c`.
constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }

inline char file_char(int file) { return char('a' + file); }
inline char rank_char(int rank) { return char('1' + rank); }
inline std::string square_name(Square s) {
    if (!is_ok(s)) return "-";
    return {file_char(file_of(s)), rank_char(rank_of(s))};
}

// Castling rights: one bit per (colour, side).
enum CastlingRights : std::uint8_t {
    NO_CASTLING = 0,
    WHITE_OO = 1,
    WHITE_OOO = 2,
    BLACK_OO = 4,
    BLACK_OOO = 8,
    WHITE_CASTLING = WHITE_OO | WHITE_OOO,
    BLACK_CASTLING = BLACK_OO | BLACK_OOO,
    ALL_CASTLING = 15,
};
// Index 0..3 of a single right, in the order of the enum bits.
constexpr int castling_index(CastlingRights r) {
    return r == WHITE_OO ? 0 : r == WHITE_OOO ? 1 : r == BLACK_OO ? 2 : 3;
}
constexpr CastlingRights castling_right(Color c, bool king_side) {
    return CastlingRights(c == WHITE ? (king_side ? WHITE_OO : WHITE_OOO)
                                     : (king_side ? BLACK_OO : BLACK_OOO));
}

enum MoveKind : std::uint16_t {
    NORMAL = 0,
    PROMOTION = 1 << 14,
    EN_PASSANT = 2 << 14,
    CASTLING = 3 << 14,  // encoded as "king takes own rook", which also fits Chess960
};

// A move in 16 bits: destination (0-5), origin (6-11), promotion piece - KNIGHT (12-13), kind
// (14-15). The zero move is "none".
class Move {
public:
    constexpr Move() = default;
    constexpr explicit Move(std::uint16_t raw) : raw_(raw) {}
    constexpr Move(Square from, Square to) : raw_(std::uint16_t((from << 6) | to)) {}

    static constexpr Move make(MoveKind kind, Square from, Square to,
                               PieceType promotion = KNIGHT) {
        return Move(std::uint16_t(kind | ((promotion - KNIGHT) << 12) | (from << 6) | to));
    }
    static constexpr Move none() { return Move(); }
    // A placeholder distinct from every real move (from == to), used by null-move search.
    static constexpr Move null() { return Move(std::uint16_t(65)); }

    constexpr Square from() const { return Square((raw_ >> 6) & 63); }
    constexpr Square to() const { return Square(raw_ & 63); }
    constexpr MoveKind kind() const { return MoveKind(raw_ & (3 << 14)); }
    constexpr PieceType promotion_type() const { return PieceType(((raw_ >> 12) & 3) + KNIGHT); }
    constexpr std::uint16_t raw() const { return raw_; }
    constexpr bool is_ok() const { return from() != to(); }
    constexpr explicit operator bool() const { return raw_ != 0; }

    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t raw_ = 0;
};

}  // namespace mneme
