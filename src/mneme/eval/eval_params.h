// Every weight of the static evaluation in one table, so that learning code can tune them from
// data and write them back as a plain text file.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

#include "mneme/core/types.h"

namespace mneme {

// A middlegame and an endgame value, blended by the game phase at the end of the evaluation.
struct TaperedScore {
    int mg = 0;
    int eg = 0;

    constexpr TaperedScore operator+(TaperedScore o) const { return {mg + o.mg, eg + o.eg}; }
    constexpr TaperedScore operator-(TaperedScore o) const { return {mg - o.mg, eg - o.eg}; }
    constexpr TaperedScore operator-() const { return {-mg, -eg}; }
    constexpr TaperedScore operator*(int k) const { return {mg * k, eg * k}; }
    constexpr TaperedScore& operator+=(TaperedScore o) { return *this = *this + o; }
    constexpr TaperedScore& operator-=(TaperedScore o) { return *this = *this - o; }
    constexpr bool operator==(const TaperedScore&) const = default;
};

// Tables indexed by PieceType use only the slots that make sense (pawn..queen or knight..queen);
// the parameter list in eval_params.cpp names exactly those slots, so unused ones are never tuned.
struct EvalParams {
    // Material.
    TaperedScore piece_value[PIECE_TYPE_COUNT];

    // Centre: piece-square tables from White's side (Black's squares are mirrored).
    TaperedScore piece_square[PIECE_TYPE_COUNT][SQUARE_COUNT];

    // Mobility: per reachable square beyond a typical count (squares not attacked by pawns).
    TaperedScore mobility_per_square[PIECE_TYPE_COUNT];
    int typical_mobility[PIECE_TYPE_COUNT];

    // Pawn structure.
    TaperedScore doubled_pawn;
    TaperedScore isolated_pawn;
    TaperedScore backward_pawn;
    TaperedScore connected_pawn[8];  // by the pawn's rank from its own side

    // Attack: passed pawns and rooks.
    TaperedScore passed_pawn[8];     // by the pawn's rank from its own side
    int passed_own_king_distance;    // endgame, per square, times the pawn's advancement
    int passed_their_king_distance;  // endgame, per square, times the pawn's advancement
    int unstoppable_passer;          // endgame, outside the enemy king's square, pawns only
    TaperedScore rook_open_file;
    TaperedScore rook_half_open_file;
    TaperedScore rook_on_seventh;

    // Piece relations.
    TaperedScore bishop_pair;
    TaperedScore knight_outpost;
    TaperedScore bishop_outpost;

    // Piece safety: by the type of the threatened piece.
    TaperedScore threatened_by_pawn[PIECE_TYPE_COUNT];
    TaperedScore threatened_by_lesser_piece[PIECE_TYPE_COUNT];
    TaperedScore hanging_piece[PIECE_TYPE_COUNT];

    // King safety (middlegame values; shelter matters little once the queens are off).
    TaperedScore shelter_pawn_near;
    TaperedScore shelter_pawn_far;
    TaperedScore shelter_file_missing_pawn;
    TaperedScore shelter_file_open;
    int king_attack_weight[PIECE_TYPE_COUNT];
    int king_danger_multiplier;
    int max_king_danger;

    TaperedScore tempo;

    // Endgame knowledge: scale factors out of 64.
    int scale_opposite_bishops_only;
    int scale_opposite_bishops_with_pieces;
    int scale_pawnless_small_edge;
    int mating_drive_to_edge;         // per step of the weak king away from the centre
    int mating_drive_king_closeness;  // per step the strong king is closer
    int mating_drive_bishop_corner;   // KBN v K: per step closer to a bishop-coloured corner

    // The table the program evaluates with: the hand-written values with the tuned ones
    // (tuned_eval_values) over them.
    static EvalParams defaults();
    // The values as written by hand before any tuning: the tuner's starting point and the
    // reference the tuned table is measured against.
    static EvalParams hand_written();

    // The flat view used by tuners: every integer of the table, pairs as (mg, eg) in a row.
    static std::size_t size();
    // The name of flat entry `index`, e.g. "passed_pawn_rank_5.eg" or "tempo.mg".
    static const std::string& flat_name(std::size_t index);
    int get(std::size_t index) const;
    void set(std::size_t index, int value);
    std::vector<int> to_vector() const;
    // Throws std::invalid_argument if the vector does not have size() entries.
    void set_from_vector(const std::vector<int>& values);
    // The flat index of the integer at `field`, an address inside this table (for a pair, its
    // mg half); -1 for a slot no flat entry names (e.g. the pawn's mobility).
    int flat_index_of(const int* field) const;
};

// One parameter of a table compiled into the program: a pair's two halves, or a scalar's value
// in `mg` (then `eg` is unused).
struct NamedEvalValue {
    const char* name;
    int mg;
    int eg;
};

// Tuned values built into the program (eval_params_tuned.cpp, written by `mneme learn tune
// --source`); EvalParams::defaults() applies them over the hand-written values. Empty until
// tuned weights are adopted.
std::span<const NamedEvalValue> tuned_eval_values();

// Sets each named parameter; throws std::invalid_argument naming an unknown one.
void apply_named_values(EvalParams& params, std::span<const NamedEvalValue> values);

// One line of a parameter file that was skipped, with where and why.
struct ParamFileError {
    std::string source;
    int line = 0;
    std::string reason;
    std::string to_string() const;
};

// Reads "name value" (scalars) or "name mg eg" (pairs) lines, '#' starting a comment, into
// `params`; names not given keep their current value. Bad lines are returned and skipped.
std::vector<ParamFileError> read_eval_params(std::istream& in, const std::string& source_name,
                                             EvalParams& params);
// Writes every parameter, one per line, in the same format.
void write_eval_params(std::ostream& out, const EvalParams& params);

// File versions. Loading an unreadable file returns a single error with line 0. Saving writes
// a temporary file and renames it over `path`, so a crash never leaves half a file; throws
// std::runtime_error when the file cannot be written.
std::vector<ParamFileError> load_eval_params(const std::string& path, EvalParams& params);
void save_eval_params(const std::string& path, const EvalParams& params);

}  // namespace mneme
