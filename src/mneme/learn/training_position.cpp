#include "mneme/learn/training_position.h"

#include <algorithm>
#include <cmath>

namespace mneme {

namespace {

constexpr char PIECE_LETTERS[] = " PNBRQK  pnbrqk";

bool valid_piece_code(unsigned code) { return (code & 7) >= PAWN && (code & 7) <= KING; }

void put_u64(std::uint8_t* out, std::uint64_t value) {
    for (int i = 0; i < 8; ++i) out[i] = std::uint8_t(value >> (8 * i));
}

std::uint64_t get_u64(const std::uint8_t* in) {
    std::uint64_t value = 0;
    for (int i = 0; i < 8; ++i) value |= std::uint64_t(in[i]) << (8 * i);
    return value;
}

void put_u16(std::uint8_t* out, std::uint16_t value) {
    out[0] = std::uint8_t(value);
    out[1] = std::uint8_t(value >> 8);
}

std::uint16_t get_u16(const std::uint8_t* in) { return std::uint16_t(in[0] | (in[1] << 8)); }

}  // namespace

TrainingPosition TrainingPosition::from_position(const Position& pos) {
    TrainingPosition t;
    t.occupied = pos.pieces();
    int index = 0;
    for (Bitboard b = t.occupied; b; ++index) {
        unsigned code = pos.piece_on(pop_lsb(b));
        t.pieces[index / 2] |= std::uint8_t(index % 2 == 0 ? code : code << 4);
    }
    t.castling = std::uint8_t(pos.castling_rights());
    t.side_to_move = pos.side_to_move();
    t.en_passant = pos.en_passant_square();
    return t;
}

char packed_piece_letter(unsigned code) { return PIECE_LETTERS[code & 15]; }

std::string packed_fen_fields(const char (&board)[SQUARE_COUNT], Color side, unsigned castling,
                              Square en_passant) {
    std::string text;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            char c = board[make_square(file, rank)];
            if (c == ' ') {
                ++empty;
                continue;
            }
            if (empty) text += char('0' + empty);
            empty = 0;
            text += c;
        }
        if (empty) text += char('0' + empty);
        if (rank) text += '/';
    }
    text += side == WHITE ? " w " : " b ";
    if (castling & WHITE_OO) text += 'K';
    if (castling & WHITE_OOO) text += 'Q';
    if (castling & BLACK_OO) text += 'k';
    if (castling & BLACK_OOO) text += 'q';
    if (!castling) text += '-';
    return text + ' ' + square_name(en_passant);
}

std::string TrainingPosition::fen() const {
    char board[SQUARE_COUNT];
    std::fill(std::begin(board), std::end(board), ' ');
    int index = 0;
    for (Bitboard b = occupied; b; ++index) {
        unsigned code = (pieces[index / 2] >> (index % 2 == 0 ? 0 : 4)) & 15;
        board[pop_lsb(b)] = PIECE_LETTERS[code];
    }
    return packed_fen_fields(board, side_to_move, castling, en_passant) + " 0 1";
}

Position TrainingPosition::to_position() const { return Position::from_fen(fen()); }

std::uint16_t TrainingPosition::encode_label(double value) {
    return std::uint16_t(std::lround(std::clamp(value, 0.0, 1.0) * LABEL_SCALE));
}

void TrainingPosition::encode(std::uint8_t* out) const {
    put_u64(out, occupied);
    std::copy(pieces.begin(), pieces.end(), out + 8);
    out[24] = std::uint8_t(castling | (side_to_move << 4));
    out[25] = en_passant;
    put_u16(out + 26, result);
    put_u16(out + 28, label);
    put_u16(out + 30, games);
}

bool TrainingPosition::decode(const std::uint8_t* in) {
    occupied = get_u64(in);
    int count = popcount(occupied);
    if (count > 32 || count < 2) return false;
    std::copy(in + 8, in + 24, pieces.begin());
    for (int index = 0; index < 32; ++index) {
        unsigned code = (pieces[index / 2] >> (index % 2 == 0 ? 0 : 4)) & 15;
        if (index < count ? !valid_piece_code(code) : code != 0) return false;
    }
    if (in[24] >> 5) return false;
    castling = in[24] & 15;
    side_to_move = Color((in[24] >> 4) & 1);
    if (in[25] > SQ_NONE) return false;
    en_passant = Square(in[25]);
    result = get_u16(in + 26);
    label = get_u16(in + 28);
    games = get_u16(in + 30);
    return true;
}

}  // namespace mneme
