#include "mneme/gui/computer_player.h"

#include <cstdio>

#include "mneme/gui/api_error.h"
#include "mneme/gui/book_table.h"
#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"

namespace mneme::gui {

namespace {

// The expert's move on the board of its case, in from-to squares (the case board has no
// castling rights or move counters, so it has no SAN of its own).
std::string case_move_text(Move move) {
    std::string text = square_name(move.from()) + square_name(adaptation_destination(move));
    if (move.kind() == PROMOTION) text += "?nbrq"[move.promotion_type() - KNIGHT + 1];
    return text;
}

// The piece placement of a case board, FEN's first field, for drawing it.
std::string case_board_placement(const CaseBoard& board) {
    std::string text;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            Piece piece = board.piece_on(make_square(file, rank));
            if (piece == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) text += char('0' + empty);
            empty = 0;
            text += " PNBRQK  pnbrqk"[piece];
        }
        if (empty) text += char('0' + empty);
        if (rank) text += '/';
    }
    return text;
}

Json case_json(const CaseBase& base, const RetrievedCase& retrieved) {
    const CaseRecord& record = base.cases()[retrieved.index];
    return {
        {"index", retrieved.index},
        {"similarity", retrieved.similarity},
        {"mirrored", retrieved.mirrored},
        {"game", record.game},
        {"ply", record.ply},
        {"elo", record.mover_elo},
        {"result", result_text(record.game_result())},
        {"expert_colour", record.mover_color() == WHITE ? "white" : "black"},
        {"board", case_board_placement(case_board_for(record, retrieved.mirrored))},
        {"move", case_move_text(case_move_for(record, retrieved.mirrored))},
    };
}

std::string option_value(const Json& value, const std::string& where) {
    if (value.is_string()) return value.get<std::string>();
    if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
    if (value.is_number_integer()) return std::to_string(value.get<std::int64_t>());
    if (value.is_number()) return value.dump();
    if (value.is_array()) {  // weights as [v1, v2, v3]
        std::string text;
        for (const Json& part : value) {
            if (!part.is_number()) throw bad_request(where + " must hold numbers");
            if (!text.empty()) text += ',';
            text += part.dump();
        }
        return text;
    }
    throw bad_request(where + " must be a string, number, true/false or a list of numbers");
}

}  // namespace

const char* player_kind_name(PlayerKind kind) {
    switch (kind) {
        case PlayerKind::HUMAN:
            return "human";
        case PlayerKind::ENGINE:
            return "engine";
        case PlayerKind::CBR:
            return "cbr";
        case PlayerKind::BOOK:
            return "book";
    }
    return "human";
}

Json player_setup_json(const PlayerSetup& setup) {
    Json json = {{"kind", player_kind_name(setup.kind)}};
    if (setup.kind == PlayerKind::BOOK ||
        (setup.kind == PlayerKind::ENGINE && !setup.book.empty())) {
        json["book"] = setup.book;
        json["policy"] = setup.book_policy;
    }
    if (setup.kind == PlayerKind::ENGINE && !setup.evaluation.empty())
        json["evaluation"] = setup.evaluation;
    if (setup.kind == PlayerKind::CBR) {
        json["cases"] = setup.cases;
        Json options = Json::object();
        for (const auto& [name, value] : setup.cbr_options) options[name] = value;
        json["options"] = options;
    }
    return json;
}

PlayerSetup read_player_setup(const Json& value, const PlayerLibrary& library,
                              const std::string& where) {
    PlayerSetup setup;
    const Json* kind = &value;
    if (value.is_object()) {
        auto it = value.find("kind");
        if (it == value.end()) throw bad_request(where + ".kind is missing");
        kind = &*it;
    }
    if (!kind->is_string())
        throw bad_request(
            where + " must be \"human\", \"engine\", \"cbr\", \"book\" or an object with a kind");
    std::string name = kind->get<std::string>();
    if (name == "human")
        setup.kind = PlayerKind::HUMAN;
    else if (name == "engine")
        setup.kind = PlayerKind::ENGINE;
    else if (name == "cbr")
        setup.kind = PlayerKind::CBR;
    else if (name == "book")
        setup.kind = PlayerKind::BOOK;
    else
        throw bad_request(where + " must be \"human\", \"engine\", \"cbr\" or \"book\", got \"" +
                          name + "\"");

    auto text = [&](const char* field) -> std::string {
        if (!value.is_object()) return "";
        auto it = value.find(field);
        if (it == value.end() || it->is_null()) return "";
        if (!it->is_string()) throw bad_request(where + "." + field + " must be a string");
        return it->get<std::string>();
    };
    if (setup.kind == PlayerKind::BOOK || setup.kind == PlayerKind::ENGINE) {
        setup.book = text("book");
        if (setup.kind == PlayerKind::BOOK && setup.book.empty()) {
            if (library.books().empty())
                throw unprocessable(
                    "the book player needs a book: start mneme serve with --book FILE");
            setup.book = library.books().front().id;
        }
        std::string policy = text("policy");
        if (!policy.empty()) setup.book_policy = policy;
    }
    if (setup.kind == PlayerKind::ENGINE) {
        setup.evaluation = text("evaluation");
        if (!library.find_evaluation(setup.evaluation)) {
            std::string known;
            for (const EvaluationChoice& choice : library.evaluations())
                known.append(known.empty() ? "" : ", ").append(choice.id);
            throw unprocessable(where + ".evaluation: no evaluation '" + setup.evaluation +
                                "' on this server (it has " + known + ")");
        }
        // The server's own is no choice: such a game plays as one that names none.
        if (setup.evaluation == library.server_evaluation().id) setup.evaluation.clear();
    }
    if (setup.kind == PlayerKind::CBR) {
        setup.cases = text("cases");
        if (setup.cases.empty()) {
            if (library.case_bases().empty())
                throw unprocessable(
                    "the CBR player needs a case base: start mneme serve with --cases FILE");
            setup.cases = library.case_bases().front().id;
        }
        if (value.is_object()) {
            auto options = value.find("options");
            if (options != value.end() && !options->is_null()) {
                if (!options->is_object()) throw bad_request(where + ".options must be an object");
                for (const auto& [option, option_json] : options->items())
                    setup.cbr_options.emplace_back(
                        option, option_value(option_json, where + ".options." + option));
            }
        }
    }
    return setup;
}

ComputerPlayer::ComputerPlayer(const PlayerSetup& setup, const PlayerLibrary& library,
                               std::uint64_t seed)
    : setup_(setup), rng_(seed) {
    if (!setup.evaluation.empty()) {
        const EvaluationChoice* choice = library.find_evaluation(setup.evaluation);
        if (!choice) throw unprocessable("no evaluation '" + setup.evaluation + "' on this server");
        evaluation_ = choice->prototype;
    }
    if (!setup.book.empty()) {
        const LoadedBook* book = library.find_book(setup.book);
        if (!book)
            throw unprocessable("no book '" + setup.book +
                                "' on this server (mneme serve --book FILE)");
        book_ = *book;
        if (!parse_book_policy(setup.book_policy, policy_.kind))
            throw unprocessable("unknown book policy '" + setup.book_policy + "' (" +
                                book_policy_names(',') + ")");
    }
    if (setup.kind == PlayerKind::CBR) {
        const LoadedCaseBase* cases = library.find_case_base(setup.cases);
        if (!cases)
            throw unprocessable("no case base '" + setup.cases +
                                "' on this server (mneme serve --cases FILE)");
        cases_ = *cases;
        CbrSettings settings;
        for (const auto& [name, value] : setup.cbr_options) {
            std::string error;
            if (!parse_cbr_setting(name, value, settings, error)) throw unprocessable(error);
        }
        // The hybrid's check is a search on the worker thread that nothing can stop early.
        if (settings.verify_depth > MAX_VERIFY_DEPTH)
            throw unprocessable("CBR setting verify=" + std::to_string(settings.verify_depth) +
                                ": at most " + std::to_string(MAX_VERIFY_DEPTH) + " in the GUI");
        agent_ = std::make_unique<CbrAgent>(cases_.base, settings);
        agent_->seed(seed);
    }
}

std::string ComputerPlayer::name() const {
    switch (setup_.kind) {
        case PlayerKind::CBR:
            return "mneme CBR (" + cases_.name + ")";
        case PlayerKind::BOOK:
            return "mneme book (" + book_.name + ")";
        default:
            return "mneme";
    }
}

std::optional<PlayerDecision> ComputerPlayer::decide(const Position& pos) {
    if (agent_) return case_move(pos);
    if (book_.book) return book_move(pos);
    return std::nullopt;
}

std::optional<PlayerDecision> ComputerPlayer::book_move(const Position& pos) {
    std::vector<OpeningBookMove> moves = book_.book->moves(pos);
    int chosen = book_.book->choose(moves, policy_, rng_);
    if (chosen < 0) return std::nullopt;
    const OpeningBookMove& m = moves[std::size_t(chosen)];
    char summary[160];
    std::string policy = std::string(book_policy_name(policy_.kind));
    if (book_.book->has_counts())
        std::snprintf(summary, sizeof summary, "book %s: %llu games, score %.1f%%", policy.c_str(),
                      static_cast<unsigned long long>(m.counts.games()), 100 * m.counts.score());
    else
        std::snprintf(summary, sizeof summary, "book %s: Polyglot weight %u", policy.c_str(),
                      unsigned(m.weight));
    PlayerDecision decision;
    decision.move = m.move;
    decision.comment = summary;
    decision.details = {{"kind", "book"},
                        {"book", book_.name},
                        {"san", move_to_san(pos, m.move)},
                        {"summary", summary},
                        {"table", book_table_json(*book_.book, pos, policy_)}};
    return decision;
}

PlayerDecision ComputerPlayer::case_move(const Position& pos) {
    CbrDecision cbr = agent_->choose(pos, true);
    PlayerDecision decision;
    decision.move = cbr.move;
    Json cases = Json::array();
    for (const RetrievedCase& r : cbr.nearest) cases.push_back(case_json(agent_->base(), r));
    Json used = cbr.used_case ? case_json(agent_->base(), *cbr.used_case) : Json();
    Json score = cbr.verified ? score_json(cbr.score, pos, agent_->win_rate_model()) : Json();
    if (cbr.fallback) {
        decision.comment = "CBR: no case for this colour, a random move";
    } else {
        decision.comment = "CBR: similarity " + std::to_string(cbr.similarity) + ", " +
                           std::to_string(cbr.retrieved) + " case(s)";
        if (cbr.used_case)
            decision.comment += ", game " + std::to_string(used["game"].get<std::uint32_t>()) +
                                " ply " + std::to_string(used["ply"].get<int>());
        if (cbr.verified) decision.comment += ", verified " + score_text(score);
    }
    decision.details = {
        {"kind", "cbr"},
        {"case_base", cases_.name},
        {"san", cbr.move ? move_to_san(pos, cbr.move) : ""},
        {"fallback", cbr.fallback},
        {"similarity", cbr.similarity},
        {"retrieved", cbr.retrieved},
        {"verified", cbr.verified},
        {"score", score},  // White's view, as score_json
        {"used_case", used},
        {"cases", cases},
        {"trace", cbr.trace},
    };
    return decision;
}

}  // namespace mneme::gui
