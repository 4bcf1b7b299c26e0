#include "mneme/match/engine_player.h"

#include <algorithm>

#include "mneme/match/engine_report.h"
#include "mneme/util/text.h"

namespace mneme {

namespace {

using std::chrono::milliseconds;

// How often a player waiting for a move looks at the runner's abort flag.
constexpr milliseconds ABORT_POLL_INTERVAL{50};

std::int64_t ms_since(EngineProcess::Clock::time_point start) {
    return std::chrono::duration_cast<milliseconds>(EngineProcess::Clock::now() - start).count();
}

std::string file_name_of(const std::string& command) {
    std::vector<std::string> words = split_command_line(command);
    if (words.empty()) return "engine";
    std::size_t slash = words[0].find_last_of('/');
    return slash == std::string::npos ? words[0] : words[0].substr(slash + 1);
}

}  // namespace

EnginePlayer::EnginePlayer(PlayerSpec spec, std::string stop_command, std::string move_word)
    : spec_(std::move(spec)),
      name_(spec_.name.empty() ? file_name_of(spec_.command) : spec_.name),
      stop_command_(std::move(stop_command)),
      move_word_(std::move(move_word)) {}

// Only base members are touched here: the protocol's own state is already gone.
EnginePlayer::~EnginePlayer() { shut_down(); }

MoveReply EnginePlayer::fault_reply(PlayerFault fault, std::string detail) {
    MoveReply reply;
    reply.fault = fault;
    reply.detail = std::move(detail);
    return reply;
}

void EnginePlayer::kill_engine() { process_.kill(milliseconds(200), accepts_sigterm_); }

void EnginePlayer::shut_down() {
    if (process_.running()) {
        process_.write_line("quit");
        if (!process_.wait_for_exit(milliseconds(500))) kill_engine();
    }
    process_.kill();
    healthy_ = false;
}

bool EnginePlayer::restart(std::string& error) {
    shut_down();
    return start(error);
}

bool EnginePlayer::launch(std::string& error) {
    shut_down();
    accepts_sigterm_ = true;  // until the new engine says otherwise
    pending_fault_ = PlayerFault::NONE;
    pending_error_.clear();
    std::vector<std::string> argv = split_command_line(spec_.command);
    if (argv.empty()) {
        error = "no engine command given";
        return false;
    }
    return process_.launch(argv, spec_.working_directory, error);
}

bool EnginePlayer::begin_new_game(bool chess960) {
    chess960_ = chess960;
    pending_fault_ = PlayerFault::NONE;
    pending_error_.clear();
    return process_.running();
}

bool EnginePlayer::take_pending_fault(MoveReply& reply) {
    if (pending_fault_ == PlayerFault::NONE) return false;
    reply = fault_reply(pending_fault_, pending_error_);
    pending_fault_ = PlayerFault::NONE;
    return true;
}

std::string EnginePlayer::timed_out_waiting_for(std::string_view what) const {
    return "timed out after " + std::to_string(spec_.start_timeout.count()) + " ms waiting for " +
           std::string(what);
}

std::string EnginePlayer::exit_error(std::string_view when) {
    process_.wait_for_exit(milliseconds(500));
    std::string error = "engine exited";
    if (!when.empty()) {
        error += ' ';
        error += when;
    }
    error += " (" + process_.exit_description() + ")";
    return error;
}

MoveReply EnginePlayer::crash_reply(const std::string& what) {
    MoveReply reply;
    reply.fault = PlayerFault::CRASHED;
    healthy_ = false;
    if (process_.wait_for_exit(milliseconds(500))) {
        reply.detail = process_.exit_description();
    } else {
        kill_engine();
        reply.detail = what + " (engine killed)";
    }
    return reply;
}

void EnginePlayer::refuse_move(const MoveRequest& request, const std::string& move_text,
                               MoveReply& reply) {
    reply.fault = PlayerFault::ILLEGAL_MOVE;
    reply.detail = move_text + " in " + request.position.fen();
}

MoveReply EnginePlayer::search(const MoveRequest& request, const std::string& go_command) {
    const TimeControl& tc = request.time_control;
    // Overrunning a clock loses on time; without one the engine merely stalled.
    PlayerFault overrun =
        tc.has_clock() || tc.movetime_ms > 0 ? PlayerFault::TIME_FORFEIT : PlayerFault::STALLED;
    auto go_time = Clock::now();
    if (!process_.write_line(go_command)) return crash_reply("closed its input");
    auto deadline = request.deadline ? go_time + *request.deadline : Clock::time_point::max();
    bool stop_sent = false;
    MoveReply reply;
    std::string line;
    // The engine cannot be trusted any more: it is killed and restarted before the next game.
    auto give_up = [&](PlayerFault fault, std::string detail) {
        kill_engine();
        healthy_ = false;
        engine_killed();
        reply.fault = fault;
        reply.detail = std::move(detail);
        reply.elapsed_ms = ms_since(go_time);
        return reply;
    };
    for (;;) {
        if (request.abort && request.abort->load())
            return give_up(PlayerFault::STALLED, "the runner was interrupted; engine killed");
        // In short waits when the runner may be interrupted, so that it ends promptly.
        auto wait_until =
            request.abort ? std::min(deadline, Clock::now() + ABORT_POLL_INTERVAL) : deadline;
        auto status = process_.read_line(line, wait_until);
        if (status == EngineProcess::ReadStatus::TIMEOUT && wait_until < deadline) continue;
        if (status == EngineProcess::ReadStatus::CLOSED) {
            MoveReply crash = crash_reply("closed its output");
            crash.elapsed_ms = ms_since(go_time);
            return crash;
        }
        if (status == EngineProcess::ReadStatus::TOO_LONG)
            return give_up(PlayerFault::PROTOCOL_ERROR,
                           EngineProcess::line_too_long_error() + "; engine killed");
        if (status == EngineProcess::ReadStatus::TIMEOUT) {
            if (!stop_sent) {
                stop_sent = true;
                process_.write_line(stop_command_);
                deadline = Clock::now() + spec_.stop_grace;
                continue;
            }
            // Not even the stop command got an answer: the engine is hung.
            return give_up(overrun, "no move within " + std::to_string(request.deadline->count()) +
                                        " ms, nor " + std::to_string(spec_.stop_grace.count()) +
                                        " ms after " + stop_command_ + "; engine killed");
        }
        std::vector<std::string_view> words = split_whitespace(line);
        if (words.empty()) continue;
        std::string move_text;
        SearchLine meaning = read_search_line(line, words, request, reply, move_text);
        if (meaning == SearchLine::THINKING) continue;
        if (meaning == SearchLine::ANSWERED) {
            reply.elapsed_ms = ms_since(go_time);
            return reply;
        }

        Move m = take_move(request, move_text);
        reply.elapsed_ms = ms_since(go_time);
        if (stop_sent) {
            // Answered only after the stop command: responsive, but it overran its deadline.
            reply.fault = overrun;
            reply.detail = "no move within " + std::to_string(request.deadline->count()) + " ms (" +
                           move_word_ + " came after \"" + stop_command_ + "\")";
            return reply;
        }
        if (m)
            reply.move = m;
        else
            refuse_move(request, move_text, reply);
        return reply;
    }
}

}  // namespace mneme
