#include "mneme/gui/position_setup.h"

#include <array>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "mneme/core/position.h"

namespace mneme::gui {

namespace {

// The board as FEN letters by square index (a1 = 0), '.' for empty; false when the placement
// field is malformed (set_fen then says why).
bool read_placement(std::string_view placement, std::array<char, 64>& board) {
    board.fill('.');
    int rank = 7, file = 0;
    for (char c : placement) {
        if (c == '/') {
            if (file != 8 || rank == 0) return false;
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8) return false;
        } else if (std::string_view("PNBRQKpnbrqk").find(c) != std::string_view::npos) {
            if (file >= 8) return false;
            board[make_square(file, rank)] = c;
            ++file;
        } else {
            return false;
        }
    }
    return rank == 0 && file == 8;
}

std::vector<std::string> split_fields(std::string_view fen) {
    std::istringstream in{std::string(fen)};
    std::vector<std::string> fields;
    for (std::string field; in >> field;) fields.push_back(field);
    return fields;
}

SetupVerdict refuse(std::string check, std::string reason) {
    return {false, std::move(check), std::move(reason)};
}

const char* colour_name(bool white) { return white ? "White" : "Black"; }

SetupVerdict check_kings(const std::array<char, 64>& board) {
    int kings[2] = {0, 0};
    Square where[2] = {SQ_NONE, SQ_NONE};
    for (int s = 0; s < 64; ++s) {
        if (board[s] == 'K') ++kings[WHITE], where[WHITE] = Square(s);
        if (board[s] == 'k') ++kings[BLACK], where[BLACK] = Square(s);
    }
    for (Color c : {WHITE, BLACK})
        if (kings[c] != 1)
            return refuse("kings", std::string(colour_name(c == WHITE)) + " has " +
                                       std::to_string(kings[c]) +
                                       " kings; each side needs exactly one");
    int file_gap = std::abs(file_of(where[WHITE]) - file_of(where[BLACK]));
    int rank_gap = std::abs(rank_of(where[WHITE]) - rank_of(where[BLACK]));
    if (file_gap <= 1 && rank_gap <= 1)
        return refuse("adjacent kings", "the kings stand next to each other (" +
                                            square_name(where[WHITE]) + " and " +
                                            square_name(where[BLACK]) + ")");
    return {true, "", ""};
}

SetupVerdict check_pawn_ranks(const std::array<char, 64>& board) {
    for (int s = 0; s < 64; ++s)
        if ((board[s] == 'P' || board[s] == 'p') &&
            (rank_of(Square(s)) == 0 || rank_of(Square(s)) == 7))
            return refuse("pawn rank", std::string("a pawn stands on ") + square_name(Square(s)) +
                                           ": pawns never stand on the first or last rank");
    return {true, "", ""};
}

SetupVerdict check_en_passant(const std::array<char, 64>& board, const std::string& side,
                              const std::string& target) {
    if (target == "-") return {true, "", ""};
    if (target.size() != 2 || target[0] < 'a' || target[0] > 'h' || target[1] < '1' ||
        target[1] > '8')
        return refuse("en passant", "the en passant square '" + target + "' is not a square");
    bool white_to_move = side != "b";
    int file = target[0] - 'a', rank = target[1] - '1';
    // The square a pawn of the side not to move skipped: rank 6 with White to move, 3 with Black.
    int expected_rank = white_to_move ? 5 : 2;
    int pawn_rank = white_to_move ? 4 : 3, origin_rank = white_to_move ? 6 : 1;
    const char* mover = colour_name(!white_to_move);
    if (rank != expected_rank)
        return refuse("en passant", "the en passant square " + target + " must be on rank " +
                                        std::to_string(expected_rank + 1) + " when " +
                                        colour_name(white_to_move) + " is to move");
    char pawn = white_to_move ? 'p' : 'P';
    if (board[make_square(file, pawn_rank)] != pawn)
        return refuse("en passant", "the en passant square " + target + " needs a " + mover +
                                        " pawn on " + square_name(make_square(file, pawn_rank)) +
                                        " that has just advanced two squares");
    if (board[make_square(file, rank)] != '.' || board[make_square(file, origin_rank)] != '.')
        return refuse("en passant", "the en passant square " + target + " needs " +
                                        square_name(make_square(file, rank)) + " and " +
                                        square_name(make_square(file, origin_rank)) +
                                        " empty: the pawn has just passed over them");
    return {true, "", ""};
}

SetupVerdict check_castling(const std::array<char, 64>& board, const std::string& rights) {
    if (rights == "-") return {true, "", ""};
    for (char right : rights) {
        bool white = right == 'K' || right == 'Q';
        if (std::string_view("KQkq").find(right) == std::string_view::npos)
            return refuse("castling", std::string("'") + right +
                                          "' is not a castling right (use K, Q, k, q or -)");
        int rank = white ? 0 : 7;
        bool king_side = right == 'K' || right == 'k';
        Square king = make_square(4, rank), rook = make_square(king_side ? 7 : 0, rank);
        if (board[king] != (white ? 'K' : 'k') || board[rook] != (white ? 'R' : 'r'))
            return refuse("castling", std::string("castling right ") + right + " needs the " +
                                          colour_name(white) + " king on " + square_name(king) +
                                          " and a rook on " + square_name(rook));
    }
    return {true, "", ""};
}

}  // namespace

SetupVerdict judge_setup(std::string_view fen) {
    std::vector<std::string> fields = split_fields(fen);
    std::array<char, 64> board;
    if (fields.size() >= 4 && read_placement(fields[0], board)) {
        for (SetupVerdict verdict :
             {check_kings(board), check_pawn_ranks(board),
              check_en_passant(board, fields[1], fields[3]), check_castling(board, fields[2])})
            if (!verdict.valid) return verdict;
    }
    Position position;
    std::string error;
    if (!position.set_fen(fen, false, &error)) return refuse("fen", error);
    return {true, "", ""};
}

}  // namespace mneme::gui
