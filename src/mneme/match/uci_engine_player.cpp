#include "mneme/match/uci_engine_player.h"

#include <charconv>

#include "mneme/core/movegen.h"
#include "mneme/match/engine_report.h"
#include "mneme/notation/uci_move.h"
#include "mneme/util/text.h"

namespace mneme {

namespace {

bool to_number(std::string_view text, long long& value) {
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size();
}

// One "info" line into `reply`. Lines of secondary PVs (multipv > 1) are skipped; bound
// scores (lowerbound/upperbound) are kept like exact ones, as the latest word of the engine.
void read_info(const std::vector<std::string_view>& words, const Position& pos, MoveReply& reply) {
    for (std::size_t i = 1; i < words.size(); ++i)
        if (words[i] == "multipv" && i + 1 < words.size() && words[i + 1] != "1") return;
    long long number = 0;
    for (std::size_t i = 1; i < words.size(); ++i) {
        std::string_view key = words[i];
        bool has_value = i + 1 < words.size() && to_number(words[i + 1], number);
        if (key == "string" || key == "refutation" || key == "currline") return;
        if (key == "pv") {
            std::vector<std::string_view> rest(words.begin() + long(i) + 1, words.end());
            reply.pv = parse_pv(pos, rest, false);
            return;
        }
        if (key == "score" && i + 2 < words.size() && to_number(words[i + 2], number)) {
            if (words[i + 1] == "cp") {
                reply.score = value_from_centipawns(number);
                reply.has_score = true;
            } else if (words[i + 1] == "mate") {
                reply.score = value_from_mate_moves(int(number));
                reply.has_score = true;
            }
            i += 2;
            continue;
        }
        if (!has_value) continue;
        if (key == "depth")
            reply.depth = int(number);
        else if (key == "seldepth")
            reply.seldepth = int(number);
        else if (key == "nodes")
            reply.nodes = std::uint64_t(number);
        else if (key == "time")
            reply.reported_time_ms = number;
        else
            continue;
        ++i;
    }
}

std::string go_command(const MoveRequest& request) {
    const TimeControl& tc = request.time_control;
    std::string go = "go";
    if (tc.has_clock()) {
        auto clamp = [](std::int64_t ms) { return std::to_string(ms < 0 ? 0 : ms); };
        go += " wtime " + clamp(request.time_left_ms[WHITE]);
        go += " btime " + clamp(request.time_left_ms[BLACK]);
        go += " winc " + clamp(request.increment_ms[WHITE]);
        go += " binc " + clamp(request.increment_ms[BLACK]);
        if (request.moves_to_go > 0) go += " movestogo " + std::to_string(request.moves_to_go);
    }
    if (tc.movetime_ms > 0) go += " movetime " + std::to_string(tc.movetime_ms);
    if (tc.depth > 0) go += " depth " + std::to_string(tc.depth);
    if (tc.nodes > 0) go += " nodes " + std::to_string(tc.nodes);
    if (go == "go") go += " infinite";  // nothing limits the search: the deadline stops it
    return go;
}

}  // namespace

UciEnginePlayer::UciEnginePlayer(PlayerSpec spec)
    : EnginePlayer(std::move(spec), "stop", "bestmove") {}

bool UciEnginePlayer::start(std::string& error) {
    option_names_.clear();
    chess960_option_on_ = false;
    if (!launch(error)) return false;

    auto deadline = Clock::now() + spec_.start_timeout;
    process_.write_line("uci");
    std::string line;
    for (;;) {
        auto status = process_.read_line(line, deadline);
        if (status == EngineProcess::ReadStatus::TIMEOUT) {
            error = timed_out_waiting_for("uciok");
            process_.kill();
            return false;
        }
        if (status == EngineProcess::ReadStatus::CLOSED) {
            error = exit_error("before uciok");
            process_.kill();
            return false;
        }
        if (status == EngineProcess::ReadStatus::TOO_LONG) {
            error = EngineProcess::line_too_long_error() + " before uciok";
            process_.kill();
            return false;
        }
        std::vector<std::string_view> words = split_whitespace(line);
        if (words.empty()) continue;
        if (words[0] == "uciok") break;
        if (words[0] == "id" && words.size() > 2 && words[1] == "name") {
            if (spec_.name.empty()) name_ = line.substr(line.find("name") + 5);
        } else if (words[0] == "option" && words.size() > 2 && words[1] == "name") {
            std::size_t begin = line.find("name") + 5;
            std::size_t end = line.find(" type ", begin);
            option_names_.push_back(
                line.substr(begin, end == std::string::npos ? std::string::npos : end - begin));
        }
    }
    // Options the engine did not list are sent anyway: UCI engines ignore unknown ones, and
    // the user asked for them.
    for (const auto& [option, value] : spec_.options)
        process_.write_line("setoption name " + option + " value " + value);
    for (const std::string& text : spec_.init_strings) process_.write_line(text);
    if (!synchronize(error)) {
        process_.kill();
        return false;
    }
    healthy_ = true;
    return true;
}

bool UciEnginePlayer::synchronize(std::string& error) {
    if (!process_.write_line("isready")) {
        error = "engine is gone (" + process_.exit_description() + ")";
        return false;
    }
    return wait_for("readyok", Clock::now() + spec_.start_timeout, error);
}

bool UciEnginePlayer::wait_for(std::string_view token, Clock::time_point deadline,
                               std::string& error) {
    std::string line;
    for (;;) {
        auto status = process_.read_line(line, deadline);
        if (status == EngineProcess::ReadStatus::TIMEOUT) {
            error = timed_out_waiting_for(token);
            return false;
        }
        if (status == EngineProcess::ReadStatus::CLOSED) {
            error = exit_error("while waiting for " + std::string(token));
            return false;
        }
        if (status == EngineProcess::ReadStatus::TOO_LONG) {
            error =
                EngineProcess::line_too_long_error() + " while waiting for " + std::string(token);
            return false;
        }
        std::vector<std::string_view> words = split_whitespace(line);
        if (!words.empty() && words[0] == token) return true;
    }
}

void UciEnginePlayer::new_game(const Position& start, bool chess960) {
    (void)start;                            // every "position" command carries the start position
    if (!begin_new_game(chess960)) return;  // play() reports the crash
    bool has_chess960_option = false;
    for (const std::string& option : option_names_)
        if (option == "UCI_Chess960") has_chess960_option = true;
    if (has_chess960_option && chess960 != chess960_option_on_) {
        process_.write_line(std::string("setoption name UCI_Chess960 value ") +
                            (chess960 ? "true" : "false"));
        chess960_option_on_ = chess960;
    }
    process_.write_line("ucinewgame");
    std::string error;
    if (!synchronize(error)) {
        healthy_ = false;
        pending_fault_ = process_.running() ? PlayerFault::PROTOCOL_ERROR : PlayerFault::CRASHED;
        pending_error_ = error;
    }
}

MoveReply UciEnginePlayer::play(const MoveRequest& request) {
    MoveReply pending;
    if (take_pending_fault(pending)) return pending;
    bool chess960 = chess960_ || request.start.is_chess960();
    std::string position = "position ";
    if (!chess960 && request.start.fen() == START_FEN)
        position += "startpos";
    else
        position += "fen " + request.start.fen();
    if (!request.moves.empty()) {
        position += " moves";
        for (Move m : request.moves) {
            position += ' ';
            position += move_to_uci(m, chess960);
        }
    }
    if (!process_.write_line(position)) return crash_reply("closed its input");
    return search(request, go_command(request));
}

EnginePlayer::SearchLine UciEnginePlayer::read_search_line(
    const std::string& /*line: UCI output is read word by word*/,
    const std::vector<std::string_view>& words, const MoveRequest& request, MoveReply& reply,
    std::string& move_text) {
    if (words[0] == "info") {
        read_info(words, request.position, reply);
        return SearchLine::THINKING;
    }
    if (words[0] != "bestmove") return SearchLine::THINKING;
    move_text = words.size() > 1 ? std::string(words[1]) : "(missing)";
    return SearchLine::MOVE;
}

Move UciEnginePlayer::take_move(const MoveRequest& request, const std::string& move_text) {
    return parse_uci_move(request.position, move_text);
}

void UciEnginePlayer::refuse_move(const MoveRequest& request, const std::string& move_text,
                                  MoveReply& reply) {
    if (!request.position.has_legal_moves()) {
        reply.detail = "no legal moves";  // the runner should not have asked
        return;
    }
    EnginePlayer::refuse_move(request, move_text, reply);
}

}  // namespace mneme
