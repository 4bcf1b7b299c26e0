#include "mneme/learn/scored_position.h"

#include <algorithm>

#include "mneme/learn/training_position.h"

namespace mneme {

namespace {

bool valid_piece_code(unsigned code) { return (code & 7) >= PAWN && (code & 7) <= KING; }

template <class T>
void put(std::uint8_t* out, T value) {
    for (std::size_t i = 0; i < sizeof(T); ++i)
        out[i] = std::uint8_t(std::uint64_t(value) >> (8 * i));
}

template <class T>
T get(const std::uint8_t* in) {
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) value |= std::uint64_t(in[i]) << (8 * i);
    return T(value);
}

}  // namespace

ScoredPosition ScoredPosition::from_position(const Position& pos, int score, ScoredResult result) {
    ScoredPosition p;
    p.occupied = pos.pieces();
    int index = 0;
    for (Bitboard b = p.occupied; b; ++index) {
        unsigned code = pos.piece_on(pop_lsb(b));
        p.pieces[index / 2] |= std::uint8_t(index % 2 == 0 ? code : code << 4);
    }
    p.side_to_move = pos.side_to_move();
    p.castling = std::uint8_t(pos.castling_rights());
    p.en_passant = pos.en_passant_square();
    p.halfmove_clock = std::uint8_t(std::min(pos.halfmove_clock(), 255));
    p.fullmove_number = std::uint16_t(std::min(pos.fullmove_number(), 65535));
    p.score = std::int16_t(std::clamp(score, -32767, 32767));
    p.result = result;
    return p;
}

std::string ScoredPosition::fen() const {
    char board[SQUARE_COUNT];
    std::fill(std::begin(board), std::end(board), ' ');
    for_each_piece([&](Piece piece, Square s) { board[s] = packed_piece_letter(piece); });
    return packed_fen_fields(board, side_to_move, castling, en_passant) + ' ' +
           std::to_string(halfmove_clock) + ' ' + std::to_string(std::max<int>(fullmove_number, 1));
}

void ScoredPosition::encode(std::uint8_t* out) const {
    put(out, occupied);
    std::copy(pieces.begin(), pieces.end(), out + 8);
    put(out + 24, std::uint16_t(score));
    put(out + 26, fullmove_number);
    out[28] = std::uint8_t(castling | (side_to_move << 4));
    out[29] = en_passant;
    out[30] = halfmove_clock;
    out[31] = std::uint8_t(result);
}

bool ScoredPosition::decode(const std::uint8_t* in) {
    occupied = get<std::uint64_t>(in);
    int count = popcount(occupied);
    if (count > 32 || count < 2) return false;
    std::copy(in + 8, in + 24, pieces.begin());
    for (int index = 0; index < 32; ++index) {
        unsigned code = (pieces[index / 2] >> (index % 2 == 0 ? 0 : 4)) & 15;
        if (index < count ? !valid_piece_code(code) : code != 0) return false;
    }
    score = std::int16_t(get<std::uint16_t>(in + 24));
    fullmove_number = get<std::uint16_t>(in + 26);
    if (in[28] >> 5) return false;
    castling = in[28] & 15;
    side_to_move = Color((in[28] >> 4) & 1);
    if (in[29] > SQ_NONE) return false;
    en_passant = Square(in[29]);
    halfmove_clock = in[30];
    if (in[31] > 2) return false;
    result = ScoredResult(in[31]);
    return true;
}

}  // namespace mneme
