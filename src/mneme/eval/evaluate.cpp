#include "mneme/eval/evaluate.h"

#include <algorithm>

#include "mneme/eval/endgame_knowledge.h"

namespace mneme {

namespace {

// How much each piece counts towards "middlegame": all pieces on the board = MAX_PHASE.
constexpr int PHASE_WEIGHT[PIECE_TYPE_COUNT] = {0, 0, 1, 1, 2, 4, 0};

Bitboard adjacent_files_bb(int file) {
    return (file > 0 ? file_bb(file - 1) : 0) | (file < 7 ? file_bb(file + 1) : 0);
}

// Every square on the ranks ahead of `s` from `c`'s point of view.
Bitboard ranks_ahead_bb(Color c, Square s) {
    int rank = rank_of(s);
    if (c == WHITE) return rank == 7 ? 0 : ~Bitboard(0) << (8 * (rank + 1));
    return rank == 0 ? 0 : ~Bitboard(0) >> (8 * (8 - rank));
}

// One evaluation. With Trace, every term is also recorded per category and colour; with
// Record, every use of a parameter is reported to a feature sink. The score is computed by the
// very same code either way, so neither the breakdown nor the features can disagree with it.
template <bool Trace, bool Record>
class Evaluator {
public:
    Evaluator(const Position& pos, const EvalParams& params, EvalTrace* trace,
              EvalFeatureSink* features)
        : pos_(pos), params_(params), trace_(trace), features_(features) {}

    int run() {
        material_and_squares();
        for (Color c : {WHITE, BLACK}) {
            Bitboard pawns = pos_.pieces(c, PAWN);
            pawn_attacks_[c] =
                c == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
            attacked_by_[c][PAWN] = pawn_attacks_[c];
            attacked_by_[c][KING] = king_attacks(pos_.king_square(c));
            attacked_[c] = pawn_attacks_[c] | attacked_by_[c][KING];
        }
        for (Color c : {WHITE, BLACK}) mobility(c);
        for (Color c : {WHITE, BLACK}) {
            pawns(c);
            pieces(c);
        }
        // Threats and king danger need both sides' attack maps, complete.
        for (Color c : {WHITE, BLACK}) {
            piece_safety(c);
            king_safety(c);
        }
        return finish();
    }

private:
    void add(EvalCategory category, Color us, TaperedScore s) {
        if constexpr (Trace) trace_->terms[category][us] += s;
        if (us == WHITE)
            net_ += s;
        else
            net_ -= s;
    }

    // `count` times a pair parameter, for `us`.
    TaperedScore use(const TaperedScore& parameter, Color us, int count = 1) {
        if constexpr (Record) features_->pair(parameter, us == WHITE ? count : -count);
        return parameter * count;
    }

    // `coefficient` times a single parameter that counts in one stage only, for `us`.
    int use(const int& parameter, Color us, int coefficient, EvalStage stage) {
        if constexpr (Record)
            features_->scalar(parameter, us == WHITE ? coefficient : -coefficient, stage);
        return parameter * coefficient;
    }

    void material_and_squares() {
        for (Color c : {WHITE, BLACK}) {
            TaperedScore material, squares;
            for (int type = PAWN; type <= KING; ++type) {
                PieceType pt = PieceType(type);
                Bitboard b = pos_.pieces(c, pt);
                // The kings are always there: they have squares but no material value.
                if (pt != KING) material += use(params_.piece_value[pt], c, popcount(b));
                phase_ += PHASE_WEIGHT[pt] * popcount(b);
                while (b)
                    squares += use(params_.piece_square[pt][relative_square(c, pop_lsb(b))], c);
            }
            add(CATEGORY_MATERIAL, c, material);
            add(CATEGORY_CENTRE, c, squares);
        }
        phase_ = std::min(phase_, MAX_PHASE);
    }

    void mobility(Color us) {
        Color them = ~us;
        Bitboard area = ~pos_.pieces(us) & ~pawn_attacks_[them];
        Bitboard their_king_zone = king_attacks(pos_.king_square(them)) | pos_.pieces(them, KING);
        Bitboard occupied = pos_.pieces();
        TaperedScore score;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
            attacked_by_[us][pt] = 0;
            for (Bitboard b = pos_.pieces(us, pt); b;) {
                Bitboard attacks = attacks_of(pt, pop_lsb(b), occupied);
                attacked_by_[us][pt] |= attacks;
                score += use(params_.mobility_per_square[pt], us,
                             popcount(attacks & area) - params_.typical_mobility[pt]);
                if (attacks & their_king_zone) {
                    ++king_attackers_[us];
                    king_attack_weight_[us] += params_.king_attack_weight[pt];
                }
            }
            attacked_[us] |= attacked_by_[us][pt];
        }
        add(CATEGORY_MOBILITY, us, score);
    }

    void pawns(Color us) {
        Color them = ~us;
        Bitboard ours = pos_.pieces(us, PAWN), theirs = pos_.pieces(them, PAWN);
        TaperedScore structure, passed;
        for (Bitboard b = ours; b;) {
            Square s = pop_lsb(b);
            int file = file_of(s), rank = relative_rank(us, s);
            Bitboard ahead = ranks_ahead_bb(us, s);
            Bitboard neighbours = adjacent_files_bb(file);
            Square stop = Square(s + pawn_push(us));
            bool doubled = ours & ahead & file_bb(file);
            bool isolated = !(ours & neighbours);
            if (doubled) structure += use(params_.doubled_pawn, us);
            if (isolated) structure += use(params_.isolated_pawn, us);
            // Backward: no neighbour can ever come level to support it, and its way is watched.
            else if (!(ours & neighbours & ~ahead) && (pawn_attacks_[them] & square_bb(stop)))
                structure += use(params_.backward_pawn, us);
            bool supported = pawn_attacks(them, s) & ours;
            bool phalanx = ours & neighbours & rank_bb(rank_of(s));
            if (supported || phalanx) structure += use(params_.connected_pawn[rank], us);

            if ((theirs & ahead & (file_bb(file) | neighbours)) || doubled) continue;
            passed += use(params_.passed_pawn[rank], us);
            passed += passed_pawn_endgame(us, s, stop, rank);
        }
        add(CATEGORY_PAWN_STRUCTURE, us, structure);
        add(CATEGORY_ATTACK, us, passed);
    }

    // Kings near a passer decide the race; outside the enemy king's square it cannot be caught.
    TaperedScore passed_pawn_endgame(Color us, Square s, Square stop, int rank) {
        Color them = ~us;
        int advancement = std::max(rank - 2, 0);
        int own_distance = std::min(chebyshev_distance(pos_.king_square(us), stop), 5);
        int their_distance = std::min(chebyshev_distance(pos_.king_square(them), stop), 5);
        int bonus = use(params_.passed_their_king_distance, us, advancement * their_distance,
                        EvalStage::ENDGAME) +
                    use(params_.passed_own_king_distance, us, -advancement * own_distance,
                        EvalStage::ENDGAME);
        bool only_pawns_left_to_them = !(pos_.pieces(them) & ~pos_.pieces(them, PAWN, KING));
        Bitboard path = ranks_ahead_bb(us, s) & file_bb(file_of(s));
        if (only_pawns_left_to_them && !(path & pos_.pieces())) {
            Square promotion = relative_square(us, make_square(file_of(s), 7));
            int pawn_steps = std::min(7 - rank, 5);  // the first move may be a double step
            int king_steps = chebyshev_distance(pos_.king_square(them), promotion) -
                             (pos_.side_to_move() == them ? 1 : 0);
            if (king_steps > pawn_steps)
                bonus += use(params_.unstoppable_passer, us, 1, EvalStage::ENDGAME);
        }
        return {0, bonus};
    }

    void pieces(Color us) {
        Color them = ~us;
        TaperedScore attack, relations;
        Bitboard bishops = pos_.pieces(us, BISHOP);
        if ((bishops & DARK_SQUARES_BB) && (bishops & ~DARK_SQUARES_BB))
            relations += use(params_.bishop_pair, us);
        for (Bitboard b = pos_.pieces(us, ROOK); b;) {
            Square s = pop_lsb(b);
            Bitboard file = file_bb(file_of(s));
            if (!(pos_.pieces(PAWN) & file))
                attack += use(params_.rook_open_file, us);
            else if (!(pos_.pieces(us, PAWN) & file))
                attack += use(params_.rook_half_open_file, us);
            // The seventh holds pawns and cuts the king off, if there is something to hold.
            if (relative_rank(us, s) == 6 && ((pos_.pieces(them, PAWN) & rank_bb(rank_of(s))) ||
                                              relative_rank(us, pos_.king_square(them)) == 7))
                attack += use(params_.rook_on_seventh, us);
        }
        // Outpost: in enemy territory, guarded by a pawn, and no enemy pawn can ever chase it.
        for (PieceType pt : {KNIGHT, BISHOP}) {
            for (Bitboard b = pos_.pieces(us, pt); b;) {
                Square s = pop_lsb(b);
                int rank = relative_rank(us, s);
                if (rank < 3 || rank > 5 || !(pawn_attacks_[us] & square_bb(s))) continue;
                if (pos_.pieces(them, PAWN) & ranks_ahead_bb(us, s) & adjacent_files_bb(file_of(s)))
                    continue;
                relations +=
                    use(pt == KNIGHT ? params_.knight_outpost : params_.bishop_outpost, us);
            }
        }
        add(CATEGORY_ATTACK, us, attack);
        add(CATEGORY_PIECE_RELATIONS, us, relations);
    }

    void piece_safety(Color us) {
        Color them = ~us;
        TaperedScore score;
        Bitboard their_minors = attacked_by_[them][KNIGHT] | attacked_by_[them][BISHOP];
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
            for (Bitboard b = pos_.pieces(us, pt) & attacked_[them]; b;) {
                Bitboard square = square_bb(pop_lsb(b));
                if (pawn_attacks_[them] & square)
                    score += use(params_.threatened_by_pawn[pt], us);
                else if ((pt == ROOK && (their_minors & square)) ||
                         (pt == QUEEN && ((their_minors | attacked_by_[them][ROOK]) & square)))
                    score += use(params_.threatened_by_lesser_piece[pt], us);
                if (!(attacked_[us] & square)) score += use(params_.hanging_piece[pt], us);
            }
        }
        add(CATEGORY_PIECE_SAFETY, us, score);
    }

    void king_safety(Color us) {
        Color them = ~us;
        Square king = pos_.king_square(us);
        TaperedScore score;
        // A pawn shield only matters for a king that has stayed home.
        if (relative_rank(us, king) <= 1) {
            Bitboard ours = pos_.pieces(us, PAWN), theirs = pos_.pieces(them, PAWN);
            Bitboard ahead = ranks_ahead_bb(us, king);
            int near_rank = rank_of(king) + (us == WHITE ? 1 : -1);
            int far_rank = near_rank + (us == WHITE ? 1 : -1);
            for (int file = std::max(file_of(king) - 1, 0); file <= std::min(file_of(king) + 1, 7);
                 ++file) {
                Bitboard on_file = file_bb(file) & ahead;
                if (ours & on_file & rank_bb(near_rank))
                    score += use(params_.shelter_pawn_near, us);
                else if (ours & on_file & rank_bb(far_rank))
                    score += use(params_.shelter_pawn_far, us);
                else if (!(ours & on_file)) {
                    score += use(params_.shelter_file_missing_pawn, us);
                    if (!(theirs & on_file)) score += use(params_.shelter_file_open, us);
                }
            }
        }
        // One attacker is a nuisance; several together are a danger that grows fast, up to a cap.
        if (king_attackers_[them] >= 2) {
            int weight = king_attack_weight_[them];
            if (weight * weight * params_.king_danger_multiplier < params_.max_king_danger)
                score.mg += use(params_.king_danger_multiplier, us, -weight * weight,
                                EvalStage::MIDDLEGAME);
            else
                score.mg += use(params_.max_king_danger, us, -1, EvalStage::MIDDLEGAME);
        }
        add(CATEGORY_KING_SAFETY, us, score);
    }

    int finish() {
        int tapered = taper(net_, phase_);
        int drive = mating_drive(pos_, params_, features_);
        int tempo = taper(params_.tempo, phase_);
        int tempo_for_white = pos_.side_to_move() == WHITE ? tempo : -tempo;
        if constexpr (Record) features_->pair(params_.tempo, pos_.side_to_move() == WHITE ? 1 : -1);
        int raw = tapered + drive + tempo_for_white;
        int scale = endgame_scale(pos_, params_, raw, features_);
        int white_score = raw * scale / FULL_SCALE;
        int score = pos_.side_to_move() == WHITE ? white_score : -white_score;
        if constexpr (Trace) {
            trace_->net = net_;
            trace_->phase = phase_;
            trace_->tapered = tapered;
            trace_->mating_drive = drive;
            trace_->tempo_for_white = tempo_for_white;
            trace_->scale = scale;
            trace_->white_score = white_score;
            trace_->side_to_move_score = score;
        }
        return score;
    }

    const Position& pos_;
    const EvalParams& params_;
    EvalTrace* trace_;
    EvalFeatureSink* features_;
    TaperedScore net_;
    int phase_ = 0;
    Bitboard pawn_attacks_[2] = {0, 0};
    Bitboard attacked_by_[2][PIECE_TYPE_COUNT] = {};
    Bitboard attacked_[2] = {0, 0};
    int king_attackers_[2] = {0, 0};
    int king_attack_weight_[2] = {0, 0};
};

EvalParams active_params = EvalParams::defaults();
std::function<int(const Position&)> evaluation_override;

}  // namespace

const char* eval_category_name(EvalCategory category) {
    switch (category) {
        case CATEGORY_MATERIAL:
            return "material";
        case CATEGORY_PIECE_SAFETY:
            return "piece safety";
        case CATEGORY_MOBILITY:
            return "mobility/space";
        case CATEGORY_KING_SAFETY:
            return "king safety";
        case CATEGORY_CENTRE:
            return "centre/squares";
        case CATEGORY_PAWN_STRUCTURE:
            return "pawn structure";
        case CATEGORY_ATTACK:
            return "attack";
        case CATEGORY_PIECE_RELATIONS:
            return "piece relations";
        default:
            return "?";
    }
}

int evaluate(const Position& pos, const EvalParams& params) {
    return Evaluator<false, false>(pos, params, nullptr, nullptr).run();
}

int evaluate(const Position& pos) {
    if (evaluation_override) [[unlikely]]
        return evaluation_override(pos);
    return evaluate(pos, active_params);
}

void set_evaluation_override(std::function<int(const Position&)> evaluation) {
    evaluation_override = std::move(evaluation);
}

int evaluate(const Position& pos, const EvalParams& params, EvalTrace& trace) {
    trace = EvalTrace{};
    return Evaluator<true, false>(pos, params, &trace, nullptr).run();
}

int evaluate(const Position& pos, const EvalParams& params, EvalFeatureSink& features) {
    return Evaluator<false, true>(pos, params, nullptr, &features).run();
}

const EvalParams& active_eval_params() { return active_params; }

void set_active_eval_params(const EvalParams& params) { active_params = params; }

}  // namespace mneme
