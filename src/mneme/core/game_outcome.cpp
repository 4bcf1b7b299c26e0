#include "mneme/core/game_outcome.h"

namespace mneme {

GameOutcome game_outcome(const Position& pos, bool claim_draw) {
    auto draw = [](Termination t) { return GameOutcome{GameResult::DRAW, t}; };
    if (!pos.has_legal_moves()) {
        if (!pos.in_check()) return draw(Termination::STALEMATE);
        return {pos.side_to_move() == WHITE ? GameResult::BLACK_WINS : GameResult::WHITE_WINS,
                Termination::CHECKMATE};
    }
    if (pos.is_insufficient_material()) return draw(Termination::INSUFFICIENT_MATERIAL);
    if (pos.halfmove_clock() >= 150) return draw(Termination::SEVENTY_FIVE_MOVES);
    if (pos.repetition_count() >= 4) return draw(Termination::FIVEFOLD_REPETITION);
    if (claim_draw) {
        if (pos.halfmove_clock() >= 100) return draw(Termination::FIFTY_MOVES);
        if (pos.repetition_count() >= 2) return draw(Termination::THREEFOLD_REPETITION);
    }
    return {};
}

const char* result_text(GameResult r) {
    switch (r) {
        case GameResult::WHITE_WINS:
            return "1-0";
        case GameResult::BLACK_WINS:
            return "0-1";
        case GameResult::DRAW:
            return "1/2-1/2";
        default:
            return "*";
    }
}

const char* termination_text(Termination t) {
    switch (t) {
        case Termination::CHECKMATE:
            return "checkmate";
        case Termination::STALEMATE:
            return "stalemate";
        case Termination::INSUFFICIENT_MATERIAL:
            return "insufficient material";
        case Termination::SEVENTY_FIVE_MOVES:
            return "75-move rule";
        case Termination::FIVEFOLD_REPETITION:
            return "fivefold repetition";
        case Termination::FIFTY_MOVES:
            return "50-move rule";
        case Termination::THREEFOLD_REPETITION:
            return "threefold repetition";
        default:
            return "in progress";
    }
}

}  // namespace mneme
