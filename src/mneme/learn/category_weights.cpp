#include "mneme/learn/category_weights.h"

#include <cmath>
#include <cstdio>

namespace mneme {

namespace {

int scaled(int value, double weight) { return int(std::lround(value * weight)); }

void scale(TaperedScore& s, double weight) {
    s.mg = scaled(s.mg, weight);
    s.eg = scaled(s.eg, weight);
}

}  // namespace

EvalParams apply_category_weights(const EvalParams& base, const CategoryWeights& weights) {
    EvalParams p = base;
    const double material = weights[CATEGORY_MATERIAL];
    for (TaperedScore& s : p.piece_value) scale(s, material);

    const double safety = weights[CATEGORY_PIECE_SAFETY];
    for (int pt = 0; pt < PIECE_TYPE_COUNT; ++pt) {
        scale(p.threatened_by_pawn[pt], safety);
        scale(p.threatened_by_lesser_piece[pt], safety);
        scale(p.hanging_piece[pt], safety);
    }

    for (TaperedScore& s : p.mobility_per_square) scale(s, weights[CATEGORY_MOBILITY]);

    const double king = weights[CATEGORY_KING_SAFETY];
    scale(p.shelter_pawn_near, king);
    scale(p.shelter_pawn_far, king);
    scale(p.shelter_file_missing_pawn, king);
    scale(p.shelter_file_open, king);
    // danger = min(weight^2 * multiplier, cap): scaling both scales the term and keeps the cap
    // at the same number of attackers.
    p.king_danger_multiplier = scaled(p.king_danger_multiplier, king);
    p.max_king_danger = scaled(p.max_king_danger, king);

    for (auto& table : p.piece_square)
        for (TaperedScore& s : table) scale(s, weights[CATEGORY_CENTRE]);

    const double structure = weights[CATEGORY_PAWN_STRUCTURE];
    scale(p.doubled_pawn, structure);
    scale(p.isolated_pawn, structure);
    scale(p.backward_pawn, structure);
    for (TaperedScore& s : p.connected_pawn) scale(s, structure);

    const double attack = weights[CATEGORY_ATTACK];
    for (TaperedScore& s : p.passed_pawn) scale(s, attack);
    p.passed_own_king_distance = scaled(p.passed_own_king_distance, attack);
    p.passed_their_king_distance = scaled(p.passed_their_king_distance, attack);
    p.unstoppable_passer = scaled(p.unstoppable_passer, attack);
    scale(p.rook_open_file, attack);
    scale(p.rook_half_open_file, attack);
    scale(p.rook_on_seventh, attack);

    const double relations = weights[CATEGORY_PIECE_RELATIONS];
    scale(p.bishop_pair, relations);
    scale(p.knight_outpost, relations);
    scale(p.bishop_outpost, relations);
    return p;
}

CategoryWeights relative_to_material(const CategoryWeights& weights) {
    CategoryWeights relative = weights;
    double material = weights[CATEGORY_MATERIAL];
    if (material <= 0) return relative;  // nothing sensible to divide by; keep as found
    for (double& w : relative) w /= material;
    return relative;
}

std::string category_weights_text(const CategoryWeights& weights) {
    std::string text;
    for (int c = 0; c < EVAL_CATEGORY_COUNT; ++c) {
        char item[64];
        std::snprintf(item, sizeof item, "%s%s %.3f", c ? ", " : "",
                      eval_category_name(EvalCategory(c)), weights[c]);
        text += item;
    }
    return text;
}

}  // namespace mneme
