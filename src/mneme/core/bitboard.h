// Bitboard constants, precomputed attack tables and magic slider attacks.
#pragma once

#include <bit>
#include <string>

#include "mneme/core/types.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace mneme {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_2_BB = RANK_1_BB << 8;
constexpr Bitboard RANK_3_BB = RANK_1_BB << 16;
constexpr Bitboard RANK_4_BB = RANK_1_BB << 24;
constexpr Bitboard RANK_5_BB = RANK_1_BB << 32;
constexpr Bitboard RANK_6_BB = RANK_1_BB << 40;
constexpr Bitboard RANK_7_BB = RANK_1_BB << 48;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
constexpr Bitboard DARK_SQUARES_BB = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(int file) { return FILE_A_BB << file; }
constexpr Bitboard rank_bb(int rank) { return RANK_1_BB << (8 * rank); }

constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }
inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}

template <int Delta>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (Delta == 8) return b << 8;
    if constexpr (Delta == -8) return b >> 8;
    if constexpr (Delta == 16) return b << 16;
    if constexpr (Delta == -16) return b >> 16;
    if constexpr (Delta == 1) return (b & ~FILE_H_BB) << 1;
    if constexpr (Delta == -1) return (b & ~FILE_A_BB) >> 1;
    if constexpr (Delta == 9) return (b & ~FILE_H_BB) << 9;
    if constexpr (Delta == 7) return (b & ~FILE_A_BB) << 7;
    if constexpr (Delta == -7) return (b & ~FILE_H_BB) >> 7;
    if constexpr (Delta == -9) return (b & ~FILE_A_BB) >> 9;
    return 0;
}

template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) {
    return C == WHITE ? shift<7>(pawns) | shift<9>(pawns) : shift<-7>(pawns) | shift<-9>(pawns);
}

namespace detail {

// One slider table per square: occupancy of the relevant squares indexes an attack set.
struct SliderTable {
    Bitboard mask;
    Bitboard magic;
    const Bitboard* attacks;
    unsigned shift;

    unsigned index(Bitboard occupied) const {
#if defined(__BMI2__)
        return unsigned(_pext_u64(occupied, mask));
#else
        return unsigned(((occupied & mask) * magic) >> shift);
#endif
    }
};

extern SliderTable rook_tables[SQUARE_COUNT];
extern SliderTable bishop_tables[SQUARE_COUNT];
extern Bitboard pawn_attack_table[2][SQUARE_COUNT];
extern Bitboard knight_attack_table[SQUARE_COUNT];
extern Bitboard king_attack_table[SQUARE_COUNT];
extern Bitboard between_table[SQUARE_COUNT][SQUARE_COUNT];
extern Bitboard rook_empty_board_table[SQUARE_COUNT];
extern Bitboard bishop_empty_board_table[SQUARE_COUNT];
extern Bitboard line_table[SQUARE_COUNT][SQUARE_COUNT];

}  // namespace detail

// Fills the tables; safe to call more than once and from several threads' first use.
void init_bitboards();

inline Bitboard pawn_attacks(Color c, Square s) { return detail::pawn_attack_table[c][s]; }
inline Bitboard knight_attacks(Square s) { return detail::knight_attack_table[s]; }
inline Bitboard king_attacks(Square s) { return detail::king_attack_table[s]; }
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    const auto& t = detail::rook_tables[s];
    return t.attacks[t.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    const auto& t = detail::bishop_tables[s];
    return t.attacks[t.index(occupied)];
}
// Attacks on an empty board: small tables that stay in cache, for "is it on a line with".
inline Bitboard rook_rays(Square s) { return detail::rook_empty_board_table[s]; }
inline Bitboard bishop_rays(Square s) { return detail::bishop_empty_board_table[s]; }
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
// Attacks of a non-pawn piece type from `s`.
inline Bitboard attacks_of(PieceType pt, Square s, Bitboard occupied) {
    switch (pt) {
        case KNIGHT:
            return knight_attacks(s);
        case BISHOP:
            return bishop_attacks(s, occupied);
        case ROOK:
            return rook_attacks(s, occupied);
        case QUEEN:
            return queen_attacks(s, occupied);
        case KING:
            return king_attacks(s);
        default:
            return 0;
    }
}

// Squares strictly between a and b when aligned, plus b itself; just b otherwise. This makes
// "block the check or capture the checker" a single mask.
inline Bitboard between_bb(Square a, Square b) { return detail::between_table[a][b]; }
// The full line through a and b (edge to edge), or 0 if they are not aligned.
inline Bitboard line_bb(Square a, Square b) { return detail::line_table[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

// An 8x8 picture of a bitboard, for debugging and test failure messages.
std::string bitboard_to_string(Bitboard b);

}  // namespace mneme
