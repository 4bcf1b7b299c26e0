#include "mneme/eval/eval_params.h"

#include "mneme/util/atomic_file.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

namespace mneme {

namespace {

// ---- Default values. Piece-square tables are shaped by a few rules, not typed square by square.

constexpr int edge_distance(int coordinate) { return std::min(coordinate, 7 - coordinate); }

// White's bonus for piece type `pt` on `file`, `rank`.
TaperedScore default_square_bonus(PieceType pt, int file, int rank) {
    int centrality = edge_distance(file) + edge_distance(rank);  // 0 (corner) .. 6 (centre)
    switch (pt) {
        case PAWN:
            if (rank == 0 || rank == 7) return {};
            // Central pawns gain space as they advance; in the endgame every step counts.
            return {2 * (rank - 1) * (edge_distance(file) + 1), (rank - 1) * (rank - 1)};
        case KNIGHT:
            // Knights on the rim are dim: their reach depends entirely on centrality.
            return {centrality * 7 - 21, centrality * 5 - 15};
        case BISHOP: {
            bool long_diagonal = file == rank || file == 7 - rank;
            return {centrality * 3 - 9 + (long_diagonal ? 6 : 0) - (rank == 0 ? 8 : 0),
                    centrality * 3 - 9};
        }
        case ROOK:
            // Central files open first; the seventh rank is scored separately as an attack.
            return {(file == 3 || file == 4 ? 6 : 0), 0};
        case QUEEN:
            return {centrality * 2 - 6, centrality * 4 - 12};
        case KING: {
            // Middlegame: tucked away on the wing behind its pawns. Endgame: in the centre.
            constexpr int file_bonus[8] = {10, 20, 5, -15, -15, 5, 20, 10};
            return {file_bonus[file] - 20 * std::min(rank, 3), centrality * 8 - 24};
        }
        default:
            return {};
    }
}

// ---- The named parameter list: the one place that says what is tunable and how it is called.

enum class IndexStyle { single, square, rank };

struct ParamEntry {
    std::string name;  // as written in a parameter file
    bool pair;         // "name mg eg" rather than "name value"
    TaperedScore* (*pair_at)(EvalParams&);
    int* (*scalar_at)(EvalParams&);
    int element;  // offset from the pointer the accessor returns
};

struct ParamTable {
    std::vector<ParamEntry> entries;
    std::vector<std::string> flat_names;
    std::vector<std::pair<int, int>> flat_to_entry;  // (entry, 0 = mg or scalar, 1 = eg)
    std::unordered_map<std::string, int> by_name;
};

const char* const PIECE_NAMES[PIECE_TYPE_COUNT] = {"none", "pawn",  "knight", "bishop",
                                                   "rook", "queen", "king"};

void add_pair(ParamTable& t, const std::string& name, TaperedScore* (*at)(EvalParams&),
              IndexStyle style) {
    int count = style == IndexStyle::single ? 1 : style == IndexStyle::rank ? 8 : SQUARE_COUNT;
    for (int i = 0; i < count; ++i) {
        std::string full = name;
        if (style == IndexStyle::rank) full.append("_rank_").append(std::to_string(i + 1));
        if (style == IndexStyle::square) full.append(1, '_').append(square_name(Square(i)));
        t.entries.push_back({full, true, at, nullptr, i});
    }
}

void add_scalar(ParamTable& t, const std::string& name, int* (*at)(EvalParams&)) {
    t.entries.push_back({name, false, nullptr, at, 0});
}

// Per-piece-type slots need one accessor per slot; a template turns the type into a constant.
template <PieceType Pt>
void add_piece_slots(ParamTable& t, bool with_material_and_squares, bool with_activity) {
    std::string piece = PIECE_NAMES[Pt];
    if (with_material_and_squares) {
        add_pair(
            t, "piece_value_" + piece, [](EvalParams& p) { return &p.piece_value[Pt]; },
            IndexStyle::single);
    }
    if (with_activity) {
        add_pair(
            t, "mobility_" + piece, [](EvalParams& p) { return &p.mobility_per_square[Pt]; },
            IndexStyle::single);
        add_scalar(t, "typical_mobility_" + piece,
                   [](EvalParams& p) { return &p.typical_mobility[Pt]; });
        add_pair(
            t, "threatened_by_pawn_" + piece,
            [](EvalParams& p) { return &p.threatened_by_pawn[Pt]; }, IndexStyle::single);
        add_pair(
            t, "hanging_" + piece, [](EvalParams& p) { return &p.hanging_piece[Pt]; },
            IndexStyle::single);
        add_scalar(t, "king_attack_weight_" + piece,
                   [](EvalParams& p) { return &p.king_attack_weight[Pt]; });
        if constexpr (Pt == ROOK || Pt == QUEEN) {
            add_pair(
                t, "threatened_by_lesser_piece_" + piece,
                [](EvalParams& p) { return &p.threatened_by_lesser_piece[Pt]; },
                IndexStyle::single);
        }
    }
}

template <PieceType Pt>
void add_piece_square_table(ParamTable& t) {
    add_pair(
        t, std::string("psqt_") + PIECE_NAMES[Pt],
        [](EvalParams& p) { return &p.piece_square[Pt][0]; }, IndexStyle::square);
}

ParamTable build_table() {
    ParamTable t;
    add_piece_slots<PAWN>(t, true, false);
    add_piece_slots<KNIGHT>(t, true, true);
    add_piece_slots<BISHOP>(t, true, true);
    add_piece_slots<ROOK>(t, true, true);
    add_piece_slots<QUEEN>(t, true, true);
    add_pair(
        t, "doubled_pawn", [](EvalParams& p) { return &p.doubled_pawn; }, IndexStyle::single);
    add_pair(
        t, "isolated_pawn", [](EvalParams& p) { return &p.isolated_pawn; }, IndexStyle::single);
    add_pair(
        t, "backward_pawn", [](EvalParams& p) { return &p.backward_pawn; }, IndexStyle::single);
    add_pair(
        t, "connected_pawn", [](EvalParams& p) { return &p.connected_pawn[0]; }, IndexStyle::rank);
    add_pair(
        t, "passed_pawn", [](EvalParams& p) { return &p.passed_pawn[0]; }, IndexStyle::rank);
    add_scalar(t, "passed_own_king_distance",
               [](EvalParams& p) { return &p.passed_own_king_distance; });
    add_scalar(t, "passed_their_king_distance",
               [](EvalParams& p) { return &p.passed_their_king_distance; });
    add_scalar(t, "unstoppable_passer", [](EvalParams& p) { return &p.unstoppable_passer; });
    add_pair(
        t, "rook_open_file", [](EvalParams& p) { return &p.rook_open_file; }, IndexStyle::single);
    add_pair(
        t, "rook_half_open_file", [](EvalParams& p) { return &p.rook_half_open_file; },
        IndexStyle::single);
    add_pair(
        t, "rook_on_seventh", [](EvalParams& p) { return &p.rook_on_seventh; }, IndexStyle::single);
    add_pair(
        t, "bishop_pair", [](EvalParams& p) { return &p.bishop_pair; }, IndexStyle::single);
    add_pair(
        t, "knight_outpost", [](EvalParams& p) { return &p.knight_outpost; }, IndexStyle::single);
    add_pair(
        t, "bishop_outpost", [](EvalParams& p) { return &p.bishop_outpost; }, IndexStyle::single);
    add_pair(
        t, "shelter_pawn_near", [](EvalParams& p) { return &p.shelter_pawn_near; },
        IndexStyle::single);
    add_pair(
        t, "shelter_pawn_far", [](EvalParams& p) { return &p.shelter_pawn_far; },
        IndexStyle::single);
    add_pair(
        t, "shelter_file_missing_pawn", [](EvalParams& p) { return &p.shelter_file_missing_pawn; },
        IndexStyle::single);
    add_pair(
        t, "shelter_file_open", [](EvalParams& p) { return &p.shelter_file_open; },
        IndexStyle::single);
    add_scalar(t, "king_danger_multiplier",
               [](EvalParams& p) { return &p.king_danger_multiplier; });
    add_scalar(t, "max_king_danger", [](EvalParams& p) { return &p.max_king_danger; });
    add_pair(
        t, "tempo", [](EvalParams& p) { return &p.tempo; }, IndexStyle::single);
    add_scalar(t, "scale_opposite_bishops_only",
               [](EvalParams& p) { return &p.scale_opposite_bishops_only; });
    add_scalar(t, "scale_opposite_bishops_with_pieces",
               [](EvalParams& p) { return &p.scale_opposite_bishops_with_pieces; });
    add_scalar(t, "scale_pawnless_small_edge",
               [](EvalParams& p) { return &p.scale_pawnless_small_edge; });
    add_scalar(t, "mating_drive_to_edge", [](EvalParams& p) { return &p.mating_drive_to_edge; });
    add_scalar(t, "mating_drive_king_closeness",
               [](EvalParams& p) { return &p.mating_drive_king_closeness; });
    add_scalar(t, "mating_drive_bishop_corner",
               [](EvalParams& p) { return &p.mating_drive_bishop_corner; });
    add_piece_square_table<PAWN>(t);
    add_piece_square_table<KNIGHT>(t);
    add_piece_square_table<BISHOP>(t);
    add_piece_square_table<ROOK>(t);
    add_piece_square_table<QUEEN>(t);
    add_piece_square_table<KING>(t);

    for (int i = 0; i < int(t.entries.size()); ++i) {
        const ParamEntry& e = t.entries[i];
        t.by_name.emplace(e.name, i);
        if (e.pair) {
            t.flat_names.push_back(e.name + ".mg");
            t.flat_to_entry.emplace_back(i, 0);
            t.flat_names.push_back(e.name + ".eg");
            t.flat_to_entry.emplace_back(i, 1);
        } else {
            t.flat_names.push_back(e.name);
            t.flat_to_entry.emplace_back(i, 0);
        }
    }
    return t;
}

const ParamTable& table() {
    static const ParamTable t = build_table();
    return t;
}

int& flat_slot(EvalParams& p, std::size_t index) {
    if (index >= table().flat_to_entry.size())
        throw std::out_of_range("evaluation parameter index " + std::to_string(index));
    auto [entry_index, half] = table().flat_to_entry[index];
    const ParamEntry& e = table().entries[entry_index];
    if (!e.pair) return e.scalar_at(p)[e.element];
    TaperedScore& s = e.pair_at(p)[e.element];
    return half == 0 ? s.mg : s.eg;
}

}  // namespace

EvalParams EvalParams::defaults() {
    EvalParams p = hand_written();
    apply_named_values(p, tuned_eval_values());
    return p;
}

EvalParams EvalParams::hand_written() {
    EvalParams p{};
    p.piece_value[PAWN] = {90, 115};
    p.piece_value[KNIGHT] = {330, 300};
    p.piece_value[BISHOP] = {340, 320};
    p.piece_value[ROOK] = {470, 530};
    p.piece_value[QUEEN] = {960, 1000};
    for (int pt = PAWN; pt <= KING; ++pt)
        for (int sq = 0; sq < SQUARE_COUNT; ++sq)
            p.piece_square[pt][sq] =
                default_square_bonus(PieceType(pt), file_of(Square(sq)), rank_of(Square(sq)));

    p.mobility_per_square[KNIGHT] = {4, 4};
    p.mobility_per_square[BISHOP] = {5, 5};
    p.mobility_per_square[ROOK] = {3, 6};
    p.mobility_per_square[QUEEN] = {2, 4};
    p.typical_mobility[KNIGHT] = 4;
    p.typical_mobility[BISHOP] = 6;
    p.typical_mobility[ROOK] = 6;
    p.typical_mobility[QUEEN] = 12;

    p.doubled_pawn = {-8, -20};
    p.isolated_pawn = {-10, -12};
    p.backward_pawn = {-8, -8};
    const TaperedScore connected[8] = {{0, 0},   {3, 2},   {5, 4},   {8, 7},
                                       {14, 14}, {24, 28}, {36, 45}, {0, 0}};
    const TaperedScore passed[8] = {{0, 0},   {4, 12},  {6, 16},   {10, 28},
                                    {20, 48}, {35, 80}, {55, 120}, {0, 0}};
    std::copy(std::begin(connected), std::end(connected), p.connected_pawn);
    std::copy(std::begin(passed), std::end(passed), p.passed_pawn);
    p.passed_own_king_distance = 3;
    p.passed_their_king_distance = 5;
    p.unstoppable_passer = 400;
    p.rook_open_file = {18, 8};
    p.rook_half_open_file = {8, 4};
    p.rook_on_seventh = {16, 12};

    p.bishop_pair = {25, 45};
    p.knight_outpost = {20, 10};
    p.bishop_outpost = {10, 4};

    p.threatened_by_pawn[KNIGHT] = {-35, -25};
    p.threatened_by_pawn[BISHOP] = {-35, -25};
    p.threatened_by_pawn[ROOK] = {-50, -35};
    p.threatened_by_pawn[QUEEN] = {-60, -40};
    p.threatened_by_lesser_piece[ROOK] = {-30, -20};
    p.threatened_by_lesser_piece[QUEEN] = {-40, -30};
    p.hanging_piece[KNIGHT] = {-20, -15};
    p.hanging_piece[BISHOP] = {-20, -15};
    p.hanging_piece[ROOK] = {-30, -20};
    p.hanging_piece[QUEEN] = {-50, -40};

    p.shelter_pawn_near = {10, 0};
    p.shelter_pawn_far = {5, 0};
    p.shelter_file_missing_pawn = {-12, 0};
    p.shelter_file_open = {-8, 0};
    p.king_attack_weight[KNIGHT] = 2;
    p.king_attack_weight[BISHOP] = 2;
    p.king_attack_weight[ROOK] = 3;
    p.king_attack_weight[QUEEN] = 5;
    p.king_danger_multiplier = 2;
    p.max_king_danger = 500;

    p.tempo = {12, 4};

    p.scale_opposite_bishops_only = 24;
    p.scale_opposite_bishops_with_pieces = 48;
    p.scale_pawnless_small_edge = 8;
    p.mating_drive_to_edge = 12;
    p.mating_drive_king_closeness = 4;
    p.mating_drive_bishop_corner = 20;
    return p;
}

std::size_t EvalParams::size() { return table().flat_to_entry.size(); }

const std::string& EvalParams::flat_name(std::size_t index) { return table().flat_names.at(index); }

int EvalParams::get(std::size_t index) const {
    // One accessor list serves reading and writing; reading through it never modifies.
    return flat_slot(const_cast<EvalParams&>(*this), index);
}

void EvalParams::set(std::size_t index, int value) { flat_slot(*this, index) = value; }

std::vector<int> EvalParams::to_vector() const {
    std::vector<int> values(size());
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = get(i);
    return values;
}

void EvalParams::set_from_vector(const std::vector<int>& values) {
    if (values.size() != size())
        throw std::invalid_argument("expected " + std::to_string(size()) +
                                    " evaluation parameters, got " + std::to_string(values.size()));
    for (std::size_t i = 0; i < values.size(); ++i) set(i, values[i]);
}

int EvalParams::flat_index_of(const int* field) const {
    // Offsets inside the struct are the same for every table: map them once.
    static const std::unordered_map<std::ptrdiff_t, int> index_by_offset = [] {
        std::unordered_map<std::ptrdiff_t, int> map;
        EvalParams probe{};
        const char* base = reinterpret_cast<const char*>(&probe);
        for (std::size_t i = 0; i < size(); ++i)
            map.emplace(reinterpret_cast<const char*>(&flat_slot(probe, i)) - base, int(i));
        return map;
    }();
    std::ptrdiff_t offset =
        reinterpret_cast<const char*>(field) - reinterpret_cast<const char*>(this);
    auto found = index_by_offset.find(offset);
    return found == index_by_offset.end() ? -1 : found->second;
}

void apply_named_values(EvalParams& params, std::span<const NamedEvalValue> values) {
    for (const NamedEvalValue& value : values) {
        auto found = table().by_name.find(value.name);
        if (found == table().by_name.end())
            throw std::invalid_argument(std::string("unknown evaluation parameter '") + value.name +
                                        "'");
        const ParamEntry& e = table().entries[found->second];
        if (e.pair)
            e.pair_at(params)[e.element] = {value.mg, value.eg};
        else
            e.scalar_at(params)[e.element] = value.mg;
    }
}

std::string ParamFileError::to_string() const {
    return source + ":" + std::to_string(line) + ": " + reason;
}

std::vector<ParamFileError> read_eval_params(std::istream& in, const std::string& source_name,
                                             EvalParams& params) {
    std::vector<ParamFileError> errors;
    std::string text;
    for (int line_number = 1; std::getline(in, text); ++line_number) {
        if (auto hash = text.find('#'); hash != std::string::npos) text.erase(hash);
        std::istringstream fields(text);
        std::string name;
        if (!(fields >> name)) continue;  // blank or comment-only
        auto report = [&](const std::string& reason) {
            errors.push_back({source_name, line_number, reason});
        };
        auto found = table().by_name.find(name);
        if (found == table().by_name.end()) {
            report("unknown parameter '" + name + "'");
            continue;
        }
        const ParamEntry& e = table().entries[found->second];
        std::vector<long long> numbers;
        std::string word;
        bool bad_number = false;
        while (fields >> word) {
            std::size_t used = 0;
            long long value = 0;
            try {
                value = std::stoll(word, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != word.size() || value < -1000000 || value > 1000000) {
                report("bad number '" + word + "' for '" + name + "'");
                bad_number = true;
                break;
            }
            numbers.push_back(value);
        }
        if (bad_number) continue;
        std::size_t expected = e.pair ? 2 : 1;
        if (numbers.size() != expected) {
            report("'" + name + "' takes " + std::to_string(expected) + " number(s), got " +
                   std::to_string(numbers.size()));
            continue;
        }
        if (e.pair) {
            e.pair_at(params)[e.element] = {int(numbers[0]), int(numbers[1])};
        } else {
            e.scalar_at(params)[e.element] = int(numbers[0]);
        }
    }
    return errors;
}

void write_eval_params(std::ostream& out, const EvalParams& params) {
    out << "# mneme evaluation parameters: 'name value' or 'name middlegame endgame', centipawns\n";
    EvalParams& p = const_cast<EvalParams&>(params);  // the accessors only read here
    for (const ParamEntry& e : table().entries) {
        out << e.name;
        if (e.pair) {
            TaperedScore s = e.pair_at(p)[e.element];
            out << ' ' << s.mg << ' ' << s.eg << '\n';
        } else {
            out << ' ' << e.scalar_at(p)[e.element] << '\n';
        }
    }
}

std::vector<ParamFileError> load_eval_params(const std::string& path, EvalParams& params) {
    std::ifstream in(path);
    if (!in) return {{path, 0, "cannot open for reading"}};
    return read_eval_params(in, path, params);
}

void save_eval_params(const std::string& path, const EvalParams& params) {
    write_file_atomically(path, [&](std::ostream& out) { write_eval_params(out, params); });
}

}  // namespace mneme
