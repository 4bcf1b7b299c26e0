#include "mneme/eval/endgame_knowledge.h"

#include <algorithm>
#include <cstdlib>

namespace mneme {

namespace {

int non_pawn_material(const Position& pos, const EvalParams& params, Color c) {
    int total = 0;
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
        total += pos.count(c, pt) * params.piece_value[pt].mg;
    return total;
}

int edge_distance(int coordinate) { return std::min(coordinate, 7 - coordinate); }

// 0 in the four centre squares .. 6 in a corner.
int distance_from_centre(Square s) {
    return 6 - edge_distance(file_of(s)) - edge_distance(rank_of(s));
}

bool has_only_king_and(const Position& pos, Color c, Bitboard allowed) {
    return !(pos.pieces(c) & ~pos.pieces(c, KING) & ~allowed);
}

}  // namespace

int chebyshev_distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

int endgame_scale(const Position& pos, const EvalParams& params, int white_score,
                  EvalFeatureSink* features) {
    auto constant = [&](int value) {
        if (features) features->scale(nullptr, value);
        return value;
    };
    auto parameter = [&](const int& value) {
        if (features) features->scale(&value, value);
        return value;
    };
    if (white_score == 0) return constant(FULL_SCALE);
    Color strong = white_score > 0 ? WHITE : BLACK, weak = ~strong;
    int knights = pos.count(strong, KNIGHT), bishops = pos.count(strong, BISHOP);

    if (!pos.pieces(strong, PAWN)) {
        // A single minor piece cannot mate at all; two knights cannot force it on a bare king.
        bool minors_only = has_only_king_and(pos, strong, pos.pieces(KNIGHT, BISHOP));
        if (minors_only && knights + bishops <= 1) return constant(0);
        if (minors_only && knights == 2 && bishops == 0)
            return pos.pieces(weak, PAWN) ? parameter(params.scale_pawnless_small_edge)
                                          : constant(0);
        // With nothing to promote, less than about a rook more rarely wins.
        int edge = non_pawn_material(pos, params, strong) - non_pawn_material(pos, params, weak);
        if (edge < params.piece_value[ROOK].mg - 100)
            return parameter(params.scale_pawnless_small_edge);
    }

    // Bishops of opposite colours: each can blockade on squares the other never reaches.
    Bitboard white_bishops = pos.pieces(WHITE, BISHOP), black_bishops = pos.pieces(BLACK, BISHOP);
    if (white_bishops && black_bishops && !more_than_one(white_bishops) &&
        !more_than_one(black_bishops) &&
        bool(white_bishops & DARK_SQUARES_BB) != bool(black_bishops & DARK_SQUARES_BB)) {
        bool bishops_only =
            !(pos.pieces() & ~pos.pieces(PAWN) & ~pos.pieces(KING) & ~pos.pieces(BISHOP));
        return bishops_only ? parameter(params.scale_opposite_bishops_only)
                            : parameter(params.scale_opposite_bishops_with_pieces);
    }
    return constant(FULL_SCALE);
}

int mating_drive(const Position& pos, const EvalParams& params, EvalFeatureSink* features) {
    // The common case first: with pawns on both sides nobody is a bare king.
    if (pos.pieces(WHITE, PAWN) && pos.pieces(BLACK, PAWN)) return 0;
    int edge = non_pawn_material(pos, params, WHITE) - non_pawn_material(pos, params, BLACK);
    if (std::abs(edge) < params.piece_value[ROOK].mg) return 0;
    Color strong = edge > 0 ? WHITE : BLACK, weak = ~strong;
    if (pos.pieces(weak, PAWN)) return 0;
    Square weak_king = pos.king_square(weak), strong_king = pos.king_square(strong);
    int sign = strong == WHITE ? 1 : -1;
    // Every term is a parameter times a distance; the sink hears of each from White's view.
    auto term = [&](const int& parameter, int distance) {
        if (features) features->scalar(parameter, sign * distance, EvalStage::UNTAPERED);
        return parameter * distance;
    };
    int closeness =
        term(params.mating_drive_king_closeness, 7 - chebyshev_distance(weak_king, strong_king));
    int bonus;
    bool bishop_and_knight = pos.count(strong, BISHOP) == 1 && pos.count(strong, KNIGHT) == 1 &&
                             has_only_king_and(pos, strong, pos.pieces(KNIGHT, BISHOP)) &&
                             !pos.pieces(strong, PAWN);
    if (bishop_and_knight) {
        // Mate is only possible in a corner the bishop can cover.
        bool dark = pos.pieces(strong, BISHOP) & DARK_SQUARES_BB;
        Square first = dark ? SQ_A1 : SQ_A8, second = dark ? SQ_H8 : SQ_H1;
        int to_corner =
            std::min(chebyshev_distance(weak_king, first), chebyshev_distance(weak_king, second));
        bonus = term(params.mating_drive_bishop_corner, 7 - to_corner) + closeness;
    } else {
        bonus = term(params.mating_drive_to_edge, distance_from_centre(weak_king)) + closeness;
    }
    return sign * bonus;
}

}  // namespace mneme
