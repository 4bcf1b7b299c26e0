// Static evaluation: how good a position is for the side to move, in centipawns.
#pragma once

#include <functional>
#include <string>

#include "mneme/core/position.h"
#include "mneme/eval/eval_features.h"
#include "mneme/eval/eval_params.h"

namespace mneme {

// The knowledge categories of GnuChess's evaluation, which the breakdown is organised by.
enum EvalCategory {
    CATEGORY_MATERIAL,         // piece values
    CATEGORY_PIECE_SAFETY,     // pieces attacked by pawns or lesser pieces, hanging pieces
    CATEGORY_MOBILITY,         // reachable squares not controlled by enemy pawns
    CATEGORY_KING_SAFETY,      // pawn shelter, enemy pieces aiming at the king's zone
    CATEGORY_CENTRE,           // piece-square tables: centralisation and placement
    CATEGORY_PAWN_STRUCTURE,   // doubled, isolated, backward, connected pawns
    CATEGORY_ATTACK,           // passed pawns, rooks on open files and the seventh
    CATEGORY_PIECE_RELATIONS,  // bishop pair, outposts
    EVAL_CATEGORY_COUNT
};

const char* eval_category_name(EvalCategory category);

// Every number that makes up one evaluation. The final score is exactly
//   raw   = tapered(net, phase) + mating_drive + tempo_for_white
//   white = raw * scale / FULL_SCALE,  side_to_move_score = white for White, -white for Black
// where net is the sum over categories of terms[c][WHITE] - terms[c][BLACK].
struct EvalTrace {
    TaperedScore terms[EVAL_CATEGORY_COUNT][2];  // per colour, from that colour's point of view
    TaperedScore net;                            // White minus Black over all categories
    int phase = 0;                               // 24 with all pieces on the board .. 0
    int tapered = 0;                             // net blended by phase
    int mating_drive = 0;                        // White's view
    int tempo_for_white = 0;                     // + when White is to move, - when Black is
    int scale = 0;                               // out of FULL_SCALE
    int white_score = 0;
    int side_to_move_score = 0;
};

constexpr int MAX_PHASE = 24;

// Blends a middlegame and an endgame value by the phase (MAX_PHASE = pure middlegame).
constexpr int taper(TaperedScore s, int phase) {
    return (s.mg * phase + s.eg * (MAX_PHASE - phase)) / MAX_PHASE;
}

// Symmetric: the same position with colours swapped scores the same for the side to move.
int evaluate(const Position& pos, const EvalParams& params);
// With the active parameter table (the defaults unless changed).
int evaluate(const Position& pos);
// The same computation, recording every term into `trace`; returns the same score.
int evaluate(const Position& pos, const EvalParams& params, EvalTrace& trace);
// The same computation, reporting every use of a parameter to `features`.
int evaluate(const Position& pos, const EvalParams& params, EvalFeatureSink& features);

// An evaluation that replaces the classic one in evaluate(pos), and so in the search: an
// experiment such as the Bayesian evaluation (learn/bayes_evaluation.h). An empty function
// restores the classic evaluation. Set it before searching, never while a search runs.
void set_evaluation_override(std::function<int(const Position&)> evaluation);

// The table evaluate(pos) uses. Set it before searching, never while a search runs.
const EvalParams& active_eval_params();
void set_active_eval_params(const EvalParams& params);

// Restores the active table when it goes, however the code that changed it ends.
class ActiveEvalParamsGuard {
public:
    ActiveEvalParamsGuard() : saved_(active_eval_params()) {}
    ~ActiveEvalParamsGuard() { set_active_eval_params(saved_); }
    ActiveEvalParamsGuard(const ActiveEvalParamsGuard&) = delete;
    ActiveEvalParamsGuard& operator=(const ActiveEvalParamsGuard&) = delete;

private:
    EvalParams saved_;
};

// The terms of the evaluation by category for each side, as a printable table.
std::string evaluation_report(const Position& pos, const EvalParams& params);
std::string evaluation_report(const Position& pos);

}  // namespace mneme
