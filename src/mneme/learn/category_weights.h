// One multiplier per GnuChess knowledge category of the evaluation (the weights the 1996
// thesis's genetic algorithm searches over), applied by scaling every parameter of that
// category in a table. A category's contribution is linear in its own parameters, so the
// scaled table plays exactly as "weight times category" would, with no change to the engine:
// `mneme engine --params FILE` plays with the result.
#pragma once

#include <array>
#include <string>

#include "mneme/eval/eval_params.h"
#include "mneme/eval/evaluate.h"

namespace mneme {

using CategoryWeights = std::array<double, EVAL_CATEGORY_COUNT>;

constexpr CategoryWeights UNIT_CATEGORY_WEIGHTS = {1, 1, 1, 1, 1, 1, 1, 1};

// `base` with every parameter of category c multiplied by weights[c] (rounded). Parameters
// belonging to no category (tempo, endgame scale factors, mating drive) and the non-linear
// inputs (typical mobility counts, king attacker weights that are squared before the king
// danger multiplier applies) are left alone; the king danger cap scales with its multiplier.
// That multiplier is a small integer (2 by default), so king danger scales in coarse steps
// (halves) while the pawn shelter terms scale finely.
EvalParams apply_category_weights(const EvalParams& base, const CategoryWeights& weights);

// Divides every weight by the material weight: a one-ply choice does not change when all
// weights grow by a common factor, but the search's margins are in material units, so the
// engine gets the version in which material keeps its hand-set value.
CategoryWeights relative_to_material(const CategoryWeights& weights);

// "material 1.000, piece safety 0.844, ..."
std::string category_weights_text(const CategoryWeights& weights);

}  // namespace mneme
