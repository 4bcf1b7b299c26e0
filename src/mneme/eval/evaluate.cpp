#include "mneme/eval/evaluate.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>

namespace mneme {

namespace {

// A middlegame and an endgame value, blended by the game phase at the end.
struct Score {
    int mg = 0;
    int eg = 0;

    constexpr Score operator+(Score o) const { return {mg + o.mg, eg + o.eg}; }
    constexpr Score operator-(Score o) const { return {mg - o.mg, eg - o.eg}; }
    constexpr Score operator*(int k) const { return {mg * k, eg * k}; }
    constexpr Score& operator+=(Score o) { return *this = *this + o; }
};

constexpr Score PIECE_VALUE[PIECE_TYPE_COUNT] = {
    {0, 0}, {90, 115}, {330, 300}, {340, 320}, {470, 530}, {960, 1000}, {0, 0}};

// How much each piece counts towards "middlegame": all pieces on the board = 24.
constexpr int PHASE_WEIGHT[PIECE_TYPE_COUNT] = {0, 0, 1, 1, 2, 4, 0};
constexpr int MAX_PHASE = 24;

// ---- Piece-square tables, shaped by a few rules rather than typed square by square. ----

// Distance from the nearest edge: 0 on the rim, 3 in the four centre files or ranks.
constexpr int edge_distance(int coordinate) { return std::min(coordinate, 7 - coordinate); }

// The bonus for piece type `pt` of White on `file`, `rank` (Black's squares are mirrored).
constexpr Score square_bonus(PieceType pt, int file, int rank) {
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
            // The seventh rank holds pawns and cuts the king off; central files open first.
            return {(rank == 6 ? 16 : 0) + (file == 3 || file == 4 ? 6 : 0), rank == 6 ? 12 : 0};
        case QUEEN: return {centrality * 2 - 6, centrality * 4 - 12};
        case KING: {
            // Middlegame: tucked away on the wing behind its pawns. Endgame: in the centre.
            constexpr int file_bonus[8] = {10, 20, 5, -15, -15, 5, 20, 10};
            return {file_bonus[file] - 20 * std::min(rank, 3), centrality * 8 - 24};
        }
        default: return {};
    }
}

// PSQT[piece][square], material included, from White's point of view (Black's negated).
struct PieceSquareTable {
    std::array<std::array<Score, SQUARE_COUNT>, PIECE_CODE_COUNT> table{};

    constexpr PieceSquareTable() {
        for (int pt = PAWN; pt <= KING; ++pt)
            for (int sq = 0; sq < SQUARE_COUNT; ++sq) {
                Square s = Square(sq);
                Score white = PIECE_VALUE[pt] + square_bonus(PieceType(pt), file_of(s), rank_of(s));
                table[make_piece(WHITE, PieceType(pt))][sq] = white;
                table[make_piece(BLACK, PieceType(pt))][flip_rank(s)] = Score{} - white;
            }
    }
};
constexpr PieceSquareTable PSQT;

// ---- Mobility: reachable squares not attacked by enemy pawns, around a typical count. ----

constexpr Score MOBILITY_WEIGHT[PIECE_TYPE_COUNT] = {{}, {}, {4, 4}, {5, 5}, {3, 6}, {2, 4}, {}};
constexpr int TYPICAL_MOBILITY[PIECE_TYPE_COUNT] = {0, 0, 4, 6, 6, 12, 0};

// ---- Pawn structure. ----

constexpr Score DOUBLED_PAWN = {-8, -20};
constexpr Score ISOLATED_PAWN = {-10, -12};
// By the pawn's rank counted from its own side.
constexpr Score PASSED_PAWN[8] = {{0, 0},   {4, 12},  {6, 16},   {10, 28},
                                  {20, 48}, {35, 80}, {55, 120}, {0, 0}};

// ---- Pieces. ----

constexpr Score BISHOP_PAIR = {25, 45};
constexpr Score ROOK_OPEN_FILE = {18, 8};
constexpr Score ROOK_HALF_OPEN_FILE = {8, 4};
constexpr Score TEMPO = {12, 4};

// ---- King safety (middlegame only: it fades with the attackers). ----

constexpr int SHIELD_PAWN_NEAR = 10;   // own pawn right in front of the king
constexpr int SHIELD_PAWN_FAR = 5;     // one rank further
constexpr int SHIELD_MISSING = -12;    // no own pawn ahead on this file
constexpr int SHIELD_FILE_OPEN = -8;   // and no enemy pawn either
constexpr int ATTACK_WEIGHT[PIECE_TYPE_COUNT] = {0, 0, 2, 2, 3, 5, 0};
constexpr int MAX_KING_DANGER = 500;

Bitboard adjacent_files_bb(int file) {
    return (file > 0 ? file_bb(file - 1) : 0) | (file < 7 ? file_bb(file + 1) : 0);
}

// Every square on the ranks ahead of `s` from `c`'s point of view.
Bitboard ranks_ahead_bb(Color c, Square s) {
    int rank = rank_of(s);
    if (c == WHITE) return rank == 7 ? 0 : ~Bitboard(0) << (8 * (rank + 1));
    return rank == 0 ? 0 : ~Bitboard(0) >> (8 * (8 - rank));
}

int chebyshev_distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// Every term of the evaluation, per colour, from that colour's own point of view; the tables
// are summed over both colours at once, so only their net (White minus Black) is kept.
struct Terms {
    Score material_and_squares;
    Score mobility[2];
    Score pawns[2];
    Score pieces[2];
    Score king_safety[2];
    int phase = 0;
};

class Evaluator {
public:
    explicit Evaluator(const Position& pos) : pos_(pos) {
        for (Color c : {WHITE, BLACK}) {
            Bitboard pawns = pos.pieces(c, PAWN);
            pawn_attacks_[c] =
                c == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
        }
    }

    Terms terms() {
        Terms t;
        for (Bitboard b = pos_.pieces(); b;) {
            Square s = pop_lsb(b);
            Piece p = pos_.piece_on(s);
            t.material_and_squares += PSQT.table[p][s];
            t.phase += PHASE_WEIGHT[type_of(p)];
        }
        t.phase = std::min(t.phase, MAX_PHASE);
        for (Color c : {WHITE, BLACK}) {
            t.mobility[c] = mobility_and_attacks(c);
            t.pawns[c] = pawn_structure(c);
            t.pieces[c] = piece_bonuses(c);
        }
        // King danger needs the attacks that the mobility pass collected.
        for (Color c : {WHITE, BLACK}) t.king_safety[c] = king_safety(c);
        return t;
    }

private:
    Score mobility_and_attacks(Color us) {
        Color them = ~us;
        Bitboard area = ~pos_.pieces(us) & ~pawn_attacks_[them];
        Bitboard their_king_zone = king_attacks(pos_.king_square(them)) | pos_.pieces(them, KING);
        Bitboard occupied = pos_.pieces();
        Score score;
        king_attackers_[us] = king_attack_weight_[us] = 0;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
            for (Bitboard b = pos_.pieces(us, pt); b;) {
                Bitboard attacks = attacks_of(pt, pop_lsb(b), occupied);
                score += MOBILITY_WEIGHT[pt] * (popcount(attacks & area) - TYPICAL_MOBILITY[pt]);
                if (attacks & their_king_zone) {
                    ++king_attackers_[us];
                    king_attack_weight_[us] += ATTACK_WEIGHT[pt];
                }
            }
        }
        return score;
    }

    Score pawn_structure(Color us) const {
        Color them = ~us;
        Bitboard ours = pos_.pieces(us, PAWN), theirs = pos_.pieces(them, PAWN);
        Score score;
        for (Bitboard b = ours; b;) {
            Square s = pop_lsb(b);
            int file = file_of(s);
            Bitboard ahead = ranks_ahead_bb(us, s);
            if (ours & ahead & file_bb(file)) score += DOUBLED_PAWN;
            if (!(ours & adjacent_files_bb(file))) score += ISOLATED_PAWN;
            if (!(theirs & ahead & (file_bb(file) | adjacent_files_bb(file))) &&
                !(ours & ahead & file_bb(file)))
                score += PASSED_PAWN[relative_rank(us, s)];
        }
        return score;
    }

    Score piece_bonuses(Color us) const {
        Score score;
        Bitboard bishops = pos_.pieces(us, BISHOP);
        if ((bishops & DARK_SQUARES_BB) && (bishops & ~DARK_SQUARES_BB)) score += BISHOP_PAIR;
        for (Bitboard b = pos_.pieces(us, ROOK); b;) {
            Bitboard file = file_bb(file_of(pop_lsb(b)));
            if (!(pos_.pieces(PAWN) & file)) score += ROOK_OPEN_FILE;
            else if (!(pos_.pieces(us, PAWN) & file)) score += ROOK_HALF_OPEN_FILE;
        }
        return score;
    }

    Score king_safety(Color us) const {
        Color them = ~us;
        Square king = pos_.king_square(us);
        int score = 0;
        // A pawn shield only matters for a king that has stayed home.
        if (relative_rank(us, king) <= 1) {
            Bitboard ours = pos_.pieces(us, PAWN), theirs = pos_.pieces(them, PAWN);
            Bitboard ahead = ranks_ahead_bb(us, king);
            int near_rank = rank_of(king) + (us == WHITE ? 1 : -1);
            int far_rank = near_rank + (us == WHITE ? 1 : -1);
            for (int file = std::max(file_of(king) - 1, 0); file <= std::min(file_of(king) + 1, 7);
                 ++file) {
                Bitboard on_file = file_bb(file) & ahead;
                if (ours & on_file & rank_bb(near_rank)) score += SHIELD_PAWN_NEAR;
                else if (ours & on_file & rank_bb(far_rank)) score += SHIELD_PAWN_FAR;
                else if (!(ours & on_file))
                    score += SHIELD_MISSING + (theirs & on_file ? 0 : SHIELD_FILE_OPEN);
            }
        }
        // One attacker is a nuisance; several together are a danger that grows fast.
        if (king_attackers_[them] >= 2)
            score -= std::min(king_attack_weight_[them] * king_attack_weight_[them] * 2,
                              MAX_KING_DANGER);
        return {score, 0};
    }

    const Position& pos_;
    Bitboard pawn_attacks_[2];
    int king_attackers_[2] = {0, 0};
    int king_attack_weight_[2] = {0, 0};
};

int non_pawn_material(const Position& pos, Color c) {
    int total = 0;
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
        total += pos.count(c, pt) * PIECE_VALUE[pt].mg;
    return total;
}

// With no pawns to promote, a small material edge rarely wins: shrink the score.
int scale_for_drawishness(const Position& pos, int white_score) {
    if (white_score == 0) return 0;
    Color strong = white_score > 0 ? WHITE : BLACK, weak = ~strong;
    if (pos.pieces(strong, PAWN)) return white_score;
    int edge = non_pawn_material(pos, strong) - non_pawn_material(pos, weak);
    bool only_knights = !(pos.pieces(strong) & ~pos.pieces(KING) & ~pos.pieces(KNIGHT));
    if (edge < PIECE_VALUE[ROOK].mg - 100 || (only_knights && pos.count(strong, KNIGHT) <= 2))
        return white_score / 8;
    return white_score;
}

// Against a king without pawns and at least a rook down, drive it to the edge and bring our
// king closer, so the search finds the mating net without having to see the mate itself.
int mop_up(const Position& pos) {
    int edge = non_pawn_material(pos, WHITE) - non_pawn_material(pos, BLACK);
    if (std::abs(edge) < PIECE_VALUE[ROOK].mg) return 0;
    Color strong = edge > 0 ? WHITE : BLACK, weak = ~strong;
    if (pos.pieces(weak, PAWN)) return 0;
    Square weak_king = pos.king_square(weak), strong_king = pos.king_square(strong);
    int from_centre = 6 - edge_distance(file_of(weak_king)) - edge_distance(rank_of(weak_king));
    int bonus = 12 * from_centre + 4 * (7 - chebyshev_distance(weak_king, strong_king));
    return strong == WHITE ? bonus : -bonus;
}

int taper(Score s, int phase) { return (s.mg * phase + s.eg * (MAX_PHASE - phase)) / MAX_PHASE; }

int white_point_of_view(const Position& pos, const Terms& t) {
    Score total = t.material_and_squares;
    for (const Score* term : {t.mobility, t.pawns, t.pieces, t.king_safety})
        total += term[WHITE] - term[BLACK];
    int score = taper(total, t.phase);
    score += mop_up(pos);
    return scale_for_drawishness(pos, score);
}

}  // namespace

int evaluate(const Position& pos) {
    Terms t = Evaluator(pos).terms();
    int white_score = white_point_of_view(pos, t);
    Color us = pos.side_to_move();
    return (us == WHITE ? white_score : -white_score) + taper(TEMPO, t.phase);
}

std::string evaluation_report(const Position& pos) {
    Terms t = Evaluator(pos).terms();
    std::string out;
    char line[160];
    auto row = [&](const char* name, Score white, Score black) {
        Score net = white - black;
        std::snprintf(line, sizeof line, "%-18s %6d %6d | %6d %6d | %6d %6d\n", name, white.mg,
                      white.eg, black.mg, black.eg, net.mg, net.eg);
        out += line;
    };
    out += "term                 white mg/eg |  black mg/eg |    net mg/eg\n";
    Score squares = t.material_and_squares;
    std::snprintf(line, sizeof line, "%-18s %13s | %13s | %6d %6d\n", "material+squares", "",
                  "", squares.mg, squares.eg);
    out += line;
    row("mobility", t.mobility[WHITE], t.mobility[BLACK]);
    row("pawns", t.pawns[WHITE], t.pawns[BLACK]);
    row("pieces", t.pieces[WHITE], t.pieces[BLACK]);
    row("king safety", t.king_safety[WHITE], t.king_safety[BLACK]);
    std::snprintf(line, sizeof line, "phase %d/%d, white's view %d, side to move's view %d\n",
                  t.phase, MAX_PHASE, white_point_of_view(pos, t), evaluate(pos));
    out += line;
    return out;
}

}  // namespace mneme
