#include "mneme/gui/json_views.h"

#include <algorithm>
#include <cstdio>

#include "mneme/core/movegen.h"
#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"
#include "mneme/search/reported_score.h"

namespace mneme::gui {

std::string to_text(const Json& value) {
    return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json score_json(Value score, const Position& root, const WinRateModel& model) {
    score = reported_score(score, model.at(root));
    if (root.side_to_move() == BLACK) score = -score;
    if (is_mate_score(score)) return {{"mate", mate_in_moves(score)}};
    return {{"cp", score}};
}

std::string score_text(const Json& score) {
    char text[32];
    if (score.contains("mate"))
        std::snprintf(text, sizeof text, "#%d", score["mate"].get<int>());
    else
        std::snprintf(text, sizeof text, "%+.2f", score.value("cp", 0) / 100.0);
    return text;
}

Json destinations_json(const Position& pos) {
    Json destinations = Json::object();
    for (Move m : MoveList<LEGAL>(pos)) {
        std::string from = square_name(m.from());
        destinations[from].push_back(square_name(m.to()));
        if (m.kind() == CASTLING && !pos.is_chess960()) {
            // Move encodes castling as king takes rook; chessground also wants the two-step.
            std::string uci = move_to_uci(pos, m);
            destinations[from].push_back(uci.substr(2, 2));
        }
    }
    for (auto& [from, targets] : destinations.items()) {
        std::vector<std::string> unique = targets.get<std::vector<std::string>>();
        std::sort(unique.begin(), unique.end());
        unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
        targets = unique;
    }
    return destinations;
}

Json position_json(const Position& pos) {
    Json view = {
        {"fen", pos.fen()},
        {"turn", pos.side_to_move() == WHITE ? "white" : "black"},
        {"check", pos.in_check()},
        {"destinations", destinations_json(pos)},
    };
    Move last = pos.history_length() > 0 ? pos.last_move() : Move::none();
    if (last) {
        Position before = pos;
        before.undo_move();
        std::string uci = move_to_uci(before, last);
        view["last_move"] = {uci.substr(0, 2), uci.substr(2, 2)};
    } else {
        view["last_move"] = Json::array();
    }
    return view;
}

namespace {

std::string move_number(const Position& pos, bool force) {
    if (pos.side_to_move() == WHITE) return std::to_string(pos.fullmove_number()) + ". ";
    return force ? std::to_string(pos.fullmove_number()) + "... " : "";
}

}  // namespace

std::string line_text(const Position& start, const std::vector<Move>& moves) {
    Position pos = start.without_history();
    std::string text;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (!pos.pseudo_legal(moves[i]) || !pos.legal(moves[i])) break;
        if (!text.empty()) text += ' ';
        text += move_number(pos, i == 0) + move_to_san(pos, moves[i]);
        pos.do_move(moves[i]);
    }
    return text;
}

std::string variation_text(const Position& before, const PgnLine& variation) {
    // PGN order: a move, its comment, then its alternatives from the position before it. Nested
    // lines are followed with a stack rather than by recursion: no nesting can exhaust the stack.
    struct OpenLine {
        const PgnLine* line;
        std::size_t next_move = 0;
        std::size_t next_variation = 0;
        bool force_number = true;
    };
    Position pos = before.without_history();
    std::string text;
    bool glued = true;  // the next word starts the text or follows "(": no space before it
    auto word = [&](const std::string& w) {
        if (!glued) text += ' ';
        text += w;
        glued = false;
    };
    std::vector<OpenLine> open;
    auto enter = [&](const PgnLine& line) {
        if (!line.comment.empty()) word("{" + line.comment + "}");
        open.push_back({&line});
    };
    enter(variation);
    while (!open.empty()) {
        OpenLine& current = open.back();
        const PgnNode* node = current.next_move < current.line->moves.size()
                                  ? &current.line->moves[current.next_move]
                                  : nullptr;
        if (node && current.next_variation == 0) {
            if (!pos.pseudo_legal(node->move) || !pos.legal(node->move)) {
                node = nullptr;  // the rest of this line cannot be shown
            } else {
                word(move_number(pos, current.force_number) + move_to_san(pos, node->move));
                if (!node->comment.empty()) word("{" + node->comment + "}");
            }
        }
        if (!node) {
            for (std::size_t i = 0; i < current.next_move; ++i) pos.undo_move();
            open.pop_back();
            if (!open.empty()) {
                text += ')';
                glued = false;
            }
            continue;
        }
        if (current.next_variation < node->variations.size()) {
            const PgnLine& alternative = node->variations[current.next_variation++];
            word("(");
            glued = true;
            enter(alternative);  // `current` is not used past this point
            continue;
        }
        current.force_number = !node->comment.empty() || !node->variations.empty();
        pos.do_move(node->move);
        ++current.next_move;
        current.next_variation = 0;
    }
    return text;
}

Json search_info_json(const SearchInfo& info, const Position& root, const WinRateModel& model) {
    return {
        {"depth", info.depth},
        {"seldepth", info.seldepth},
        {"multipv", info.multipv},
        {"score", score_json(info.score, root, model)},
        {"bound", info.bound == Bound::LOWER   ? "lower"
                  : info.bound == Bound::UPPER ? "upper"
                                               : "exact"},
        {"pv", line_text(root, info.pv)},
        {"pv_uci", info.pv.empty() ? "" : move_to_uci(root, info.pv.front())},
        {"nodes", info.nodes},
        {"nps", info.nps},
        {"time_ms", info.time_ms},
    };
}

}  // namespace mneme::gui
