// The board, its rules state and make/unmake with incremental Polyglot-compatible keys.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "mneme/core/bitboard.h"
#include "mneme/core/types.h"

namespace mneme {

inline constexpr std::string_view START_FEN =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Thrown by Position::from_fen for text that is not a legal chess position.
class FenError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// What changes from move to move; one per ply of the position's history.
struct StateInfo {
    Key key = 0;
    // The key without the en passant part when no en passant capture is actually legal: FIDE's
    // notion of "the same position" for repetitions, while `key` follows Polyglot's convention.
    Key repetition_key = 0;
    Bitboard checkers = 0;
    Bitboard blockers_for_king[2] = {0, 0};  // pieces (either colour) shielding each king
    Bitboard pinners[2] = {0, 0};            // sliders of colour c pinning to the other king
    Move move;                               // the move that led here (none for the root)
    Piece captured = NO_PIECE;
    std::uint8_t castling = NO_CASTLING;
    Square en_passant = SQ_NONE;  // set only when a pawn of the side to move could capture
    std::int16_t halfmove_clock = 0;
    std::int16_t plies_from_null = 0;
    // How many earlier positions in the history equal this one (0 = first occurrence).
    std::int8_t repetitions = 0;
};

class Position {
public:
    Position();  // the standard starting position

    // Parses FEN, Shredder-FEN or X-FEN. Throws FenError naming what is wrong.
    static Position from_fen(std::string_view fen, bool chess960 = false);
    // Same, without exceptions: returns false and fills `error` on bad input.
    bool set_fen(std::string_view fen, bool chess960, std::string* error);
    // Chess960 starting position number 0..959 (Scharnagl numbering; 518 is the standard one).
    static Position chess960_start(int number);

    std::string fen() const;
    // The first four FEN fields (EPD form).
    std::string epd_fields() const;
    std::string to_string() const;  // a board picture with the FEN and key

    // Board queries.
    Piece piece_on(Square s) const { return board_[s]; }
    bool empty(Square s) const { return board_[s] == NO_PIECE; }
    Bitboard pieces() const { return by_type_[0]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const {
        return by_color_[c] & (by_type_[a] | by_type_[b]);
    }
    Square king_square(Color c) const { return lsb(pieces(c, KING)); }
    int count(Color c, PieceType pt) const { return popcount(pieces(c, pt)); }

    // Rules state.
    Color side_to_move() const { return side_; }
    unsigned castling_rights() const { return st().castling; }
    bool can_castle(CastlingRights r) const { return st().castling & r; }
    Square castling_rook_square(CastlingRights r) const {
        return castling_rook_[castling_index(r)];
    }
    Square en_passant_square() const { return st().en_passant; }
    int halfmove_clock() const { return st().halfmove_clock; }
    int fullmove_number() const { return 1 + game_ply_ / 2; }
    int game_ply() const { return game_ply_; }
    bool is_chess960() const { return chess960_; }
    Key key() const { return st().key; }
    // The key after `m`, except for castling moves, en passant (the capture and the square) and
    // castling-rights changes: close enough to fetch the move's table entry into the cache
    // before the move is made.
    Key key_after(Move m) const;
    Bitboard checkers() const { return st().checkers; }
    bool in_check() const { return st().checkers != 0; }
    Bitboard blockers_for_king(Color c) const { return st().blockers_for_king[c]; }
    Bitboard pinners(Color c) const { return st().pinners[c]; }
    const StateInfo& state() const { return st(); }
    // Plies played since this Position was set up (the length of the undo history).
    int history_length() const { return int(states_.size()) - 1; }
    Move last_move() const { return st().move; }

    // Attacks.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    bool attacked_by(Color c, Square s, Bitboard occupied) const;
    bool attacked_by(Color c, Square s) const { return attacked_by(c, s, pieces()); }

    // Move properties. `legal` expects a move that is at least pseudo-legal.
    bool pseudo_legal(Move m) const;
    bool legal(Move m) const;
    bool is_capture(Move m) const {
        return (!empty(m.to()) && m.kind() != CASTLING) || m.kind() == EN_PASSANT;
    }
    bool gives_check(Move m) const;
    Piece moved_piece(Move m) const { return board_[m.from()]; }
    Piece captured_piece(Move m) const;
    // Where the king and rook end up for a castling move.
    Square castling_king_destination(Move m) const;
    Square castling_rook_destination(Move m) const;

    // A copy with the current state only (no undo history, no earlier positions for
    // repetitions): cheap to make for looking one move ahead from a const position.
    Position without_history() const;

    // Making moves. The move must be legal; the history grows by one state per move.
    void do_move(Move m);
    void undo_move();
    void do_null_move();
    void undo_null_move();

    // Game state.
    bool has_legal_moves() const;
    bool is_checkmate() const { return in_check() && !has_legal_moves(); }
    bool is_stalemate() const { return !in_check() && !has_legal_moves(); }
    // Earlier occurrences of the current position (same pieces, side, castling, en passant).
    int repetition_count() const { return st().repetitions; }
    // True when neither side can ever mate (K v K, minor v K, bishops all on one colour).
    bool is_insufficient_material() const;
    // True when `c` alone can never give mate, whatever the opponent does (used for timeouts).
    bool has_insufficient_material(Color c) const;

    // Internal consistency check for tests: recomputes everything from scratch.
    bool is_consistent(std::string* why) const;

private:
    // is_consistent() for assert() in make/unmake (Debug builds): prints what broke.
    bool debug_consistent() const;
    struct CurrentStateOnly {};
    Position(const Position& other, CurrentStateOnly);

    const StateInfo& st() const { return states_.back(); }
    StateInfo& st() { return states_.back(); }

    void clear();
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void add_castling_right(Color c, Square rook_square);
    void update_pins(StateInfo& s) const;  // pins, king blockers and the checkers
    Key compute_key() const;
    bool en_passant_capture_legal(Square ep) const;
    void validate(std::string* error) const;
    void count_repetitions(StateInfo& s) const;
    void do_castling(Color us, Square king_from, Square rook_from, bool undo);

    Piece board_[SQUARE_COUNT];
    Bitboard by_type_[PIECE_TYPE_COUNT];  // index 0 = all pieces
    Bitboard by_color_[2];
    Color side_ = WHITE;
    int game_ply_ = 0;
    bool chess960_ = false;

    Square castling_rook_[4];
    Bitboard castling_path_[4];                 // squares that must be empty
    Bitboard castling_king_path_[4];            // squares the king crosses (must not be attacked)
    std::uint8_t castling_mask_[SQUARE_COUNT];  // rights lost when a square is touched

    std::vector<StateInfo> states_;
};

}  // namespace mneme
