#include "mneme/match/engine_report.h"

#include <algorithm>

#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"

namespace mneme {

Value value_from_mate_moves(int moves) {
    if (moves > 0) return mate_in(std::min(2 * moves - 1, MAX_PLY - 1));
    return mated_in(std::min(-2 * moves, MAX_PLY - 1));
}

Value value_from_centipawns(long long centipawns) {
    constexpr long long limit = VALUE_MATE_IN_MAX_PLY - 1;
    return Value(std::clamp(centipawns, -limit, limit));
}

Move parse_engine_move(const Position& pos, std::string_view text) {
    if (text.empty()) return Move::none();
    Move m = parse_uci_move(pos, text);
    if (!m) m = parse_san(pos, text);
    return m;
}

std::vector<Move> parse_pv(const Position& pos, const std::vector<std::string_view>& words,
                           bool san) {
    std::vector<Move> pv;
    Position board = pos.without_history();
    for (std::string_view word : words) {
        bool move_number = !word.empty() &&
                           (word.find_first_not_of("0123456789.") == std::string_view::npos) &&
                           word.back() == '.';
        if (move_number) continue;
        Move m = san ? parse_engine_move(board, word) : parse_uci_move(board, word);
        if (!m) break;
        pv.push_back(m);
        board.do_move(m);
    }
    return pv;
}

}  // namespace mneme
