#include "mneme/core/bitboard.h"

#include <cstdlib>
#include <mutex>
#include <vector>

namespace mneme {
namespace detail {

SliderTable rook_tables[SQUARE_COUNT];
SliderTable bishop_tables[SQUARE_COUNT];
Bitboard pawn_attack_table[2][SQUARE_COUNT];
Bitboard knight_attack_table[SQUARE_COUNT];
Bitboard king_attack_table[SQUARE_COUNT];
Bitboard between_table[SQUARE_COUNT][SQUARE_COUNT];
Bitboard rook_empty_board_table[SQUARE_COUNT];
Bitboard bishop_empty_board_table[SQUARE_COUNT];
Bitboard line_table[SQUARE_COUNT][SQUARE_COUNT];

}  // namespace detail

namespace {

Bitboard rook_attack_storage[0x19000];
Bitboard bishop_attack_storage[0x1480];

constexpr int ROOK_DIRECTIONS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BISHOP_DIRECTIONS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

// Attacks by ray walking; slow, used only to build the tables.
Bitboard ray_attacks(Square s, Bitboard occupied, const int (&directions)[4][2]) {
    Bitboard attacks = 0;
    for (const auto& d : directions) {
        int f = file_of(s) + d[0], r = rank_of(s) + d[1];
        while (on_board(f, r)) {
            Square t = make_square(f, r);
            attacks |= square_bb(t);
            if (occupied & square_bb(t)) break;
            f += d[0];
            r += d[1];
        }
    }
    return attacks;
}

Bitboard step_attacks(Square s, std::initializer_list<std::pair<int, int>> steps) {
    Bitboard attacks = 0;
    for (auto [df, dr] : steps) {
        int f = file_of(s) + df, r = rank_of(s) + dr;
        if (on_board(f, r)) attacks |= square_bb(make_square(f, r));
    }
    return attacks;
}

// xorshift64*: a fixed-seed generator so magic search is deterministic.
struct MagicRandom {
    std::uint64_t state;
    std::uint64_t next() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        return state * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

void init_slider(detail::SliderTable* tables, Bitboard* storage, const int (&directions)[4][2]) {
    std::vector<Bitboard> occupancies(4096), references(4096);
    std::vector<int> epoch(4096, 0);
    int current_epoch = 0;
    MagicRandom random{0x9E3779B97F4A7C15ULL};
    Bitboard* next_storage = storage;

    for (int sq = 0; sq < SQUARE_COUNT; ++sq) {
        Square s = Square(sq);
        // Edges never block further travel, so they are left out of the relevant mask.
        Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                         ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
        detail::SliderTable& t = tables[sq];
        t.mask = ray_attacks(s, 0, directions) & ~edges;
        t.shift = unsigned(64 - popcount(t.mask));
        t.attacks = next_storage;

        int size = 0;
        Bitboard subset = 0;
        do {
            occupancies[size] = subset;
            references[size] = ray_attacks(s, subset, directions);
            ++size;
            subset = (subset - t.mask) & t.mask;
        } while (subset);

#if defined(__BMI2__)
        t.magic = 0;
        for (int i = 0; i < size; ++i)
            next_storage[_pext_u64(occupancies[i], t.mask)] = references[i];
#else
        for (;;) {
            t.magic = random.sparse();
            if (popcount((t.mask * t.magic) >> 56) < 6) continue;
            ++current_epoch;
            bool collision = false;
            for (int i = 0; i < size && !collision; ++i) {
                unsigned idx = t.index(occupancies[i]);
                if (epoch[idx] < current_epoch) {
                    epoch[idx] = current_epoch;
                    next_storage[idx] = references[i];
                } else if (next_storage[idx] != references[i]) {
                    collision = true;
                }
            }
            if (!collision) break;
        }
#endif
        next_storage += size;
    }
    (void)random;
    (void)current_epoch;
}

void init_tables() {
    for (int sq = 0; sq < SQUARE_COUNT; ++sq) {
        Square s = Square(sq);
        detail::pawn_attack_table[WHITE][sq] = step_attacks(s, {{-1, 1}, {1, 1}});
        detail::pawn_attack_table[BLACK][sq] = step_attacks(s, {{-1, -1}, {1, -1}});
        detail::knight_attack_table[sq] = step_attacks(
            s, {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
        detail::king_attack_table[sq] =
            step_attacks(s, {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
    }
    init_slider(detail::rook_tables, rook_attack_storage, ROOK_DIRECTIONS);
    init_slider(detail::bishop_tables, bishop_attack_storage, BISHOP_DIRECTIONS);

    for (int sq = 0; sq < SQUARE_COUNT; ++sq) {
        detail::rook_empty_board_table[sq] = rook_attacks(Square(sq), 0);
        detail::bishop_empty_board_table[sq] = bishop_attacks(Square(sq), 0);
    }
    for (int a = 0; a < SQUARE_COUNT; ++a) {
        for (int b = 0; b < SQUARE_COUNT; ++b) {
            Square sa = Square(a), sb = Square(b);
            detail::between_table[a][b] = square_bb(sb);
            detail::line_table[a][b] = 0;
            if (a == b) continue;
            for (PieceType pt : {BISHOP, ROOK}) {
                Bitboard from_a = attacks_of(pt, sa, 0);
                if (!(from_a & square_bb(sb))) continue;
                detail::line_table[a][b] =
                    (from_a & attacks_of(pt, sb, 0)) | square_bb(sa) | square_bb(sb);
                detail::between_table[a][b] |=
                    attacks_of(pt, sa, square_bb(sb)) & attacks_of(pt, sb, square_bb(sa));
            }
        }
    }
}

std::once_flag init_flag;

// Tables are ready before main() for every program linking the library.
[[maybe_unused]] const bool tables_ready = (init_bitboards(), true);

}  // namespace

void init_bitboards() { std::call_once(init_flag, init_tables); }

std::string bitboard_to_string(Bitboard b) {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        for (int file = 0; file < 8; ++file)
            out += (b & square_bb(make_square(file, rank))) ? 'X' : '.';
        out += '\n';
    }
    return out;
}

}  // namespace mneme
