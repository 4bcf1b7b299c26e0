#include "mneme/match/game_runner.h"

#include <cmath>
#include <cstdio>
#include <ctime>

#include "mneme/core/game_outcome.h"
#include "mneme/core/movegen.h"
#include "mneme/notation/uci_move.h"

namespace mneme {

namespace {

using SteadyClock = std::chrono::steady_clock;

const char* colour_name(Color c) { return c == WHITE ? "White" : "Black"; }

std::string today() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[40];
    std::snprintf(text, sizeof text, "%04d.%02d.%02d", local.tm_year + 1900, local.tm_mon + 1,
                  local.tm_mday);
    return text;
}

std::string duration_text(std::int64_t ms) {
    std::int64_t s = ms / 1000;
    char text[32];
    std::snprintf(text, sizeof text, "%02lld:%02lld:%02lld", (long long)(s / 3600),
                  (long long)(s / 60 % 60), (long long)(s % 60));
    return text;
}

// What the rules referee says ended the game, as a sentence.
std::string rule_reason(const Position& pos, const GameOutcome& outcome) {
    switch (outcome.termination) {
        case Termination::CHECKMATE:
            return std::string(colour_name(~pos.side_to_move())) + " mates";
        case Termination::STALEMATE:
            return "Draw by stalemate";
        case Termination::INSUFFICIENT_MATERIAL:
            return "Draw by insufficient mating material";
        case Termination::SEVENTY_FIVE_MOVES:
            return "Draw by the 75-move rule";
        case Termination::FIVEFOLD_REPETITION:
            return "Draw by fivefold repetition";
        case Termination::FIFTY_MOVES:
            return "Draw by the 50-move rule";
        case Termination::THREEFOLD_REPETITION:
            return "Draw by threefold repetition";
        case Termination::NONE:
            break;
    }
    return "";
}

std::string fault_reason(Color side, PlayerFault fault, const std::string& detail) {
    std::string who = colour_name(side);
    std::string text;
    switch (fault) {
        case PlayerFault::ILLEGAL_MOVE:
            text = who + " makes an illegal move";
            break;
        case PlayerFault::CRASHED:
            text = who + "'s engine crashed";
            break;
        case PlayerFault::STALLED:
            text = who + "'s connection stalls";
            break;
        case PlayerFault::TIME_FORFEIT:
            text = who + " loses on time";
            break;
        case PlayerFault::PROTOCOL_ERROR:
            text = who + " breaks the protocol";
            break;
        case PlayerFault::NONE:
            break;
    }
    if (!detail.empty()) text += ": " + detail;
    return text;
}

std::string points_text(double points) {
    char text[16];
    std::snprintf(text, sizeof text, "%.3f", points);
    return text;
}

GameResult result_for_points(double white_points) {
    if (white_points == 1.0) return GameResult::WHITE_WINS;
    if (white_points == 0.0) return GameResult::BLACK_WINS;
    if (white_points == 0.5) return GameResult::DRAW;
    return GameResult::ONGOING;  // a fraction: "*" with a WhitePoints tag
}

std::string score_text(Value score) {
    char text[32];
    if (is_mate_score(score)) {
        int moves = mate_in_moves(score);
        std::snprintf(text, sizeof text, "%sM%d", moves > 0 ? "+" : "-", std::abs(moves));
    } else {
        std::snprintf(text, sizeof text, "%+.2f", score / 100.0);
    }
    return text;
}

}  // namespace

std::string move_comment(const MoveReply& reply) {
    char time[32];
    std::snprintf(time, sizeof time, "%.3fs", reply.elapsed_ms / 1000.0);
    if (!reply.has_score) return time;
    return score_text(reply.score) + "/" + std::to_string(reply.depth) + " " + time;
}

std::optional<double> white_points(const GameHeaders& headers, GameResult movetext_result) {
    if (const std::string* points = headers.find("WhitePoints")) {
        try {
            std::size_t used = 0;
            double value = std::stod(*points, &used);
            if (used == points->size() && value >= 0 && value <= 1) return value;
        } catch (const std::exception&) {}
        return std::nullopt;
    }
    GameResult result = parse_result(headers.get("Result"));
    switch (result == GameResult::ONGOING ? movetext_result : result) {
        case GameResult::WHITE_WINS:
            return 1.0;
        case GameResult::BLACK_WINS:
            return 0.0;
        case GameResult::DRAW:
            return 0.5;
        case GameResult::ONGOING:
            break;
    }
    return std::nullopt;
}

GameRecord play_game(Player& white, Player& black, const Opening& opening,
                     const GameSettings& settings, const std::atomic<bool>* abort) {
    auto game_started = SteadyClock::now();
    GameRecord record;
    PgnGame& pgn = record.pgn;
    Player* players[2] = {&white, &black};

    Position pos = opening.start;
    std::vector<Move> moves;
    for (Move m : opening.moves) {
        if (!MoveList<LEGAL>(pos).contains(m)) break;  // suites are checked; never trust blindly
        pos.do_move(m);
        moves.push_back(m);
        pgn.mainline.moves.push_back(PgnNode{m, {}, "book", {}});
    }
    white.new_game(opening.start, opening.chess960);
    black.new_game(opening.start, opening.chess960);

    GameClock clocks[2] = {GameClock(settings.time_control[WHITE]),
                           GameClock(settings.time_control[BLACK])};
    Color opening_mover = opening.start.side_to_move();
    for (std::size_t i = 0; i < moves.size(); ++i, opening_mover = ~opening_mover)
        clocks[opening_mover].count_opening_move();
    ScoreAdjudicator adjudicator(settings.draw, settings.resign);
    bool referee_tried = false;

    std::optional<double> points;  // White's
    auto finish = [&](double white_score, std::string termination, std::string reason) {
        points = white_score;
        record.termination = std::move(termination);
        record.reason = std::move(reason);
    };

    while (!points) {
        if (abort && abort->load()) {
            record.aborted = true;
            break;
        }
        GameOutcome outcome = game_outcome(pos, true);
        if (outcome.is_over()) {
            double p = outcome.result == GameResult::WHITE_WINS   ? 1.0
                       : outcome.result == GameResult::BLACK_WINS ? 0.0
                                                                  : 0.5;
            finish(p, "normal", rule_reason(pos, outcome));
            break;
        }
        if (settings.max_plies > 0 && int(moves.size()) >= settings.max_plies) {
            finish(0.5, "adjudication",
                   "Draw by the move limit of " + std::to_string(settings.max_plies) + " plies");
            break;
        }
        const ResultFunctionSettings& rf = settings.result_function;
        if (rf.after_moves > 0 && rf.referee && !referee_tried &&
            int(moves.size()) >= 2 * rf.after_moves) {
            referee_tried = true;
            MoveRequest ask;
            ask.start = pos.without_history();
            ask.position = ask.start;
            ask.time_control = rf.referee_limit;
            ask.time_left_ms[WHITE] = ask.time_left_ms[BLACK] = rf.referee_limit.base_ms;
            ask.increment_ms[WHITE] = ask.increment_ms[BLACK] = rf.referee_limit.increment_ms;
            ask.deadline = settings.hang_timeout;
            ask.abort = abort;
            rf.referee->new_game(ask.start, opening.chess960);
            MoveReply verdict = rf.referee->play(ask);
            if (verdict.fault == PlayerFault::NONE && verdict.has_score) {
                Value white_view =
                    pos.side_to_move() == WHITE ? verdict.score : Value(-verdict.score);
                double p = thesis_result_function(white_view);
                finish(p, "adjudication",
                       "Result function after " + std::to_string(rf.after_moves) +
                           " moves: referee " + score_text(white_view) + " for White gives " +
                           points_text(p));
                break;
            }
        }

        Color us = pos.side_to_move();
        Player& mover = *players[us];
        MoveRequest request;
        request.start = opening.start;
        request.moves = moves;
        request.position = pos;
        request.time_control = settings.time_control[us];
        for (Color c : {WHITE, BLACK}) {
            bool clocked = settings.time_control[c].has_clock();
            request.time_left_ms[c] = clocked ? clocks[c].remaining_ms() : -1;
            request.increment_ms[c] = clocked ? settings.time_control[c].increment_ms : 0;
        }
        request.moves_to_go = clocks[us].moves_to_go();
        request.abort = abort;
        const TimeControl& tc = settings.time_control[us];
        if (tc.has_clock())
            request.deadline =
                std::chrono::milliseconds(std::max<std::int64_t>(clocks[us].remaining_ms(), 0) +
                                          settings.time_margin_ms + 50);
        else if (tc.movetime_ms > 0)
            request.deadline =
                std::chrono::milliseconds(tc.movetime_ms + settings.time_margin_ms + 50);
        else
            request.deadline = settings.hang_timeout;

        auto asked = SteadyClock::now();
        MoveReply reply = mover.play(request);
        std::int64_t measured =
            std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - asked)
                .count();
        if (reply.elapsed_ms <= 0) reply.elapsed_ms = measured;
        if (abort && abort->load()) {
            record.aborted = true;
            break;
        }

        // Overrunning the clock or the move time is a loss, whatever the reply.
        bool over_time = false;
        if (tc.has_clock())
            over_time = !clocks[us].charge(reply.elapsed_ms, settings.time_margin_ms);
        else
            clocks[us].charge(0, 0);
        if (tc.movetime_ms > 0 && reply.elapsed_ms > tc.movetime_ms + settings.time_margin_ms)
            over_time = true;
        if (over_time && reply.fault == PlayerFault::NONE) {
            reply.fault = PlayerFault::TIME_FORFEIT;
            reply.detail = std::to_string(reply.elapsed_ms) + " ms for the move";
        }
        if (reply.fault == PlayerFault::NONE && !reply.resigned &&
            !MoveList<LEGAL>(pos).contains(reply.move)) {
            reply.fault = PlayerFault::ILLEGAL_MOVE;
            reply.detail = (reply.move ? move_to_uci(pos, reply.move) : std::string("no move")) +
                           " in " + pos.fen();
        }
        if (reply.fault != PlayerFault::NONE) {
            record.fault[us] = reply.fault;
            // FIDE 6.9: a flag fall is a draw when the opponent cannot mate by any means.
            if (reply.fault == PlayerFault::TIME_FORFEIT && pos.has_insufficient_material(~us))
                finish(0.5, fault_text(reply.fault),
                       fault_reason(us, reply.fault, reply.detail) + ", but " + colour_name(~us) +
                           " cannot mate: draw");
            else
                finish(us == WHITE ? 0.0 : 1.0, fault_text(reply.fault),
                       fault_reason(us, reply.fault, reply.detail));
            break;
        }
        if (reply.resigned) {
            finish(us == WHITE ? 0.0 : 1.0, "normal", std::string(colour_name(us)) + " resigns");
            break;
        }

        pgn.mainline.moves.push_back(PgnNode{reply.move, {}, move_comment(reply), {}});
        pos.do_move(reply.move);
        moves.push_back(reply.move);
        ++record.plies;

        // The rules come before adjudication: a move that mates, stalemates or reaches a draw by
        // rule ends the game so (at the top of the loop), whatever the scores say (cutechess).
        if (game_outcome(pos, true).is_over()) continue;
        adjudicator.record(us, reply.has_score ? std::optional<Value>(reply.score) : std::nullopt,
                           int(moves.size()) / 2, pos.state().halfmove_clock == 0);
        if (std::optional<Color> loser = adjudicator.loser()) {
            finish(*loser == WHITE ? 0.0 : 1.0, "adjudication",
                   std::string(colour_name(*loser)) + " loses by resign adjudication");
            break;
        }
        if (adjudicator.draw_due()) {
            finish(0.5, "adjudication", "Draw by adjudication");
            break;
        }
    }

    for (Player* p : players) p->game_over(points ? result_text(result_for_points(*points)) : "*");

    GameHeaders& tags = pgn.headers;
    tags.set("Event", settings.event);
    tags.set("Site", settings.site);
    tags.set("Date", today());
    tags.set("Round", settings.round);
    tags.set("White", white.name());
    tags.set("Black", black.name());
    pgn.result = points ? result_for_points(*points) : GameResult::ONGOING;
    tags.set("Result", result_text(pgn.result));
    if (opening.chess960) tags.set("Variant", "Chess960");
    if (opening.chess960 || opening.start.fen() != std::string(START_FEN)) {
        tags.set("SetUp", "1");
        tags.set("FEN", opening.start.fen());
    }
    if (settings.time_control[WHITE].describe() == settings.time_control[BLACK].describe()) {
        tags.set("TimeControl", settings.time_control[WHITE].pgn_tag());
    } else {
        tags.set("WhiteTimeControl", settings.time_control[WHITE].describe());
        tags.set("BlackTimeControl", settings.time_control[BLACK].describe());
    }
    if (!opening.name.empty()) tags.set("Opening", opening.name);
    tags.set("PlyCount", std::to_string(moves.size()));
    std::int64_t duration =
        std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - game_started)
            .count();
    tags.set("GameDuration", duration_text(duration));
    if (record.aborted) {
        tags.set("Termination", "unterminated");
        record.reason = "Game aborted";
    } else {
        tags.set("Termination", record.termination);
        if (points && pgn.result == GameResult::ONGOING)
            tags.set("WhitePoints", points_text(*points));
    }
    // The reason closes the record, in the last move's comment as cutechess writes it.
    std::string& last_comment =
        pgn.mainline.moves.empty() ? pgn.mainline.comment : pgn.mainline.moves.back().comment;
    last_comment += (last_comment.empty() ? "" : ", ") + record.reason;

    record.white_score = record.aborted ? std::nullopt : points;
    return record;
}

}  // namespace mneme
