#include "mneme/match/xboard_engine_player.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>

#include "mneme/match/engine_report.h"
#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"
#include "mneme/util/text.h"

namespace mneme {

namespace {

using std::chrono::milliseconds;

// Protocol 2 engines announce features at once; xboard waits this long for a first "done"
// before treating the engine as protocol 1 (which never sends features).
constexpr milliseconds VERSION_ONE_WAIT{2000};
constexpr int XBOARD_MATE = 100000;  // post scores of 100000 + N mean "mate in N moves"

bool starts_with_text(std::string_view line, std::string_view prefix) {
    if (line.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(line[i])) != prefix[i]) return false;
    return true;
}

// The number at the start of `text` ("12&" reads as 12); false if it does not start with one.
bool leading_number(std::string_view text, long long& value) {
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end != text.data();
}

// "feature a=1 b="x y"" as name/value pairs.
std::vector<std::pair<std::string, std::string>> parse_features(std::string_view text) {
    std::vector<std::pair<std::string, std::string>> features;
    std::size_t i = text.find("feature");
    i = i == std::string_view::npos ? text.size() : i + 7;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        std::size_t equals = text.find('=', i);
        if (equals == std::string_view::npos) break;
        std::string name(text.substr(i, equals - i));
        i = equals + 1;
        std::string value;
        if (i < text.size() && text[i] == '"') {
            std::size_t end = text.find('"', i + 1);
            if (end == std::string_view::npos) end = text.size();
            value = text.substr(i + 1, end - i - 1);
            i = end + 1;
        } else {
            std::size_t end = text.find_first_of(" \t", i);
            if (end == std::string_view::npos) end = text.size();
            value = text.substr(i, end - i);
            i = end;
        }
        features.emplace_back(std::move(name), std::move(value));
    }
    return features;
}

// A post line "DEPTH SCORE TIME NODES [SELDEPTH NPS TBHITS\t] PV" into `reply`; false when the
// line is not one.
bool read_post(std::string_view line, const Position& pos, MoveReply& reply) {
    std::size_t tab = line.find('\t');
    std::vector<std::string_view> words =
        split_whitespace(tab == std::string_view::npos ? line : line.substr(0, tab));
    long long numbers[5] = {0, 0, 0, 0, 0};
    std::size_t count = 0;
    while (count < words.size() && count < 5 && leading_number(words[count], numbers[count]))
        ++count;
    if (count < 4) return false;
    std::vector<std::string_view> pv_words;
    if (tab == std::string_view::npos) {
        pv_words.assign(words.begin() + 4, words.end());
        count = 4;  // without the tab, a fifth number is a move number of the PV
    } else {
        pv_words = split_whitespace(line.substr(tab + 1));
    }
    reply.depth = int(numbers[0]);
    long long score = numbers[1];
    if (score >= XBOARD_MATE)
        reply.score = value_from_mate_moves(int(std::max(1LL, score - XBOARD_MATE)));
    else if (score <= -XBOARD_MATE)
        reply.score = value_from_mate_moves(int(score + XBOARD_MATE));
    else
        reply.score = value_from_centipawns(score);
    reply.has_score = true;
    reply.reported_time_ms = numbers[2] * 10;
    reply.nodes = std::uint64_t(std::max(0LL, numbers[3]));
    if (count >= 5) reply.seldepth = int(numbers[4]);
    reply.pv = parse_pv(pos, pv_words, true);
    return true;
}

// "5", "1:30", "0:05": minutes with seconds when needed.
std::string level_base(std::int64_t base_ms) {
    std::int64_t seconds = (base_ms + 999) / 1000;
    std::string text = std::to_string(seconds / 60);
    if (seconds % 60 != 0) {
        char buffer[8];
        std::snprintf(buffer, sizeof buffer, ":%02d", int(seconds % 60));
        text += buffer;
    }
    return text;
}

// Seconds with up to three decimals and no trailing zeros: "0", "0.1", "2".
std::string seconds_text(std::int64_t ms) {
    std::string text = std::to_string(ms / 1000);
    if (ms % 1000 != 0) {
        char buffer[8];
        std::snprintf(buffer, sizeof buffer, ".%03d", int(ms % 1000));
        std::string fraction = buffer;
        while (fraction.back() == '0') fraction.pop_back();
        text += fraction;
    }
    return text;
}

// "st" takes whole seconds; a time per move below that, or between two, is given as one move
// per period with the time left sent before each move.
bool movetime_as_level(const TimeControl& tc) {
    return tc.movetime_ms > 0 && tc.movetime_ms % 1000 != 0;
}

// "Illegal move: sd 6" from an engine that reads commands it does not know as moves (Phalanx
// does): the command, or empty when what it refused is not one of the commands we send.
std::string rejected_command(std::string_view line) {
    static const char* const COMMANDS[] = {
        "sd",     "st",    "level",   "time",   "otim",    "easy", "hard",     "post", "nopost",
        "memory", "cores", "egtpath", "option", "variant", "ping", "setboard", "edit"};
    std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) return "";
    std::string_view rest = line.substr(colon + 1);
    std::vector<std::string_view> words = split_whitespace(rest);
    if (words.empty()) return "";
    for (const char* command : COMMANDS)
        if (words[0] == command) return std::string(rest.substr(rest.find(words[0])));
    return "";
}

bool same_limits(const TimeControl& a, const TimeControl& b) {
    return a.moves == b.moves && a.base_ms == b.base_ms && a.increment_ms == b.increment_ms &&
           a.movetime_ms == b.movetime_ms && a.depth == b.depth && a.nodes == b.nodes;
}

}  // namespace

XboardEnginePlayer::XboardEnginePlayer(PlayerSpec spec)
    : EnginePlayer(std::move(spec), "?", "move") {}

void XboardEnginePlayer::answer_features(const std::string& line) {
    for (const auto& [feature, value] : parse_features(line)) {
        bool on = value == "1";
        bool accepted = true;
        if (feature == "ping")
            features_.ping = on;
        else if (feature == "setboard")
            features_.setboard = on;
        else if (feature == "san")
            features_.san = on;
        else if (feature == "usermove")
            features_.usermove = on;
        else if (feature == "sigterm")
            accepts_sigterm_ = on;
        else if (feature == "memory")
            features_.memory = on;
        else if (feature == "smp")
            features_.smp = on;
        else if (feature == "egt")
            features_.egt = value;
        else if (feature == "variants")
            features_.variants = value;
        else if (feature == "myname")
            features_.myname = value;
        else if (feature == "done") {
            features_.done = on;
            features_.done_zero = !on;
        } else if (feature == "option" || feature == "sigint" || feature == "time" ||
                   feature == "draw" || feature == "reuse" || feature == "name" ||
                   feature == "colors" || feature == "debug" || feature == "analyze") {
            // Harmless or unused by a force-mode driver: accepted, nothing to do.
        } else {
            accepted = false;  // "ics", "pause", "nps", "exclude", ...: not supported
        }
        process_.write_line((accepted ? "accepted " : "rejected ") + feature);
    }
}

bool XboardEnginePlayer::start(std::string& error) {
    features_ = Features{};
    board_in_sync_ = false;
    if (!launch(error)) return false;

    auto started = Clock::now();
    process_.write_line("xboard");
    process_.write_line("protover 2");
    // Until a "done=0" asks for more, an engine silent for VERSION_ONE_WAIT is protocol 1.
    auto deadline = started + std::min<milliseconds>(VERSION_ONE_WAIT, spec_.start_timeout);
    std::string line;
    while (!features_.done) {
        auto status = process_.read_line(line, deadline);
        if (status == EngineProcess::ReadStatus::TIMEOUT) {
            if (!features_.done_zero) break;  // protocol 1: proceed with the defaults
            error = timed_out_waiting_for("feature done=1");
            process_.kill();
            return false;
        }
        if (status == EngineProcess::ReadStatus::CLOSED) {
            error = exit_error("during the handshake");
            process_.kill();
            return false;
        }
        if (status == EngineProcess::ReadStatus::TOO_LONG) {
            error = EngineProcess::line_too_long_error() + " during the handshake";
            process_.kill();
            return false;
        }
        std::vector<std::string_view> words = split_whitespace(line);
        if (words.empty() || words[0] != "feature") continue;
        answer_features(line);
        if (features_.done_zero) deadline = started + spec_.start_timeout;
    }
    if (spec_.name.empty() && !features_.myname.empty()) name_ = features_.myname;

    for (const auto& [option, value] : spec_.options) {
        // memory, cores and egtpath have commands of their own, sent only to engines that
        // announced them (memory=1, smp=1, egt=...).
        if (option == "memory") {
            if (features_.memory) process_.write_line("memory " + value);
        } else if (option == "cores") {
            if (features_.smp) process_.write_line("cores " + value);
        } else if (option == "egtpath") {
            if (!features_.egt.empty()) process_.write_line("egtpath " + value);
        } else {
            process_.write_line("option " + option + "=" + value);
        }
    }
    for (const std::string& text : spec_.init_strings) process_.write_line(text);
    PlayerFault fault = PlayerFault::NONE;
    if (!drain(error, fault)) {
        process_.kill();
        return false;
    }
    healthy_ = true;
    return true;
}

bool XboardEnginePlayer::drain(std::string& error, PlayerFault& fault) {
    std::string expected;
    auto deadline = Clock::now();  // without ping: only what has already arrived
    if (features_.ping) {
        expected = "pong " + std::to_string(++ping_number_);
        process_.write_line("ping " + std::to_string(ping_number_));
        deadline += spec_.start_timeout;
    }
    std::string line;
    for (;;) {
        auto status = process_.read_line(line, deadline);
        if (status == EngineProcess::ReadStatus::TIMEOUT) {
            if (expected.empty()) return true;
            error = timed_out_waiting_for(expected);
            fault = PlayerFault::PROTOCOL_ERROR;
            return false;
        }
        if (status == EngineProcess::ReadStatus::CLOSED) {
            error = exit_error("");
            fault = PlayerFault::CRASHED;
            return false;
        }
        if (status == EngineProcess::ReadStatus::TOO_LONG) {
            error = EngineProcess::line_too_long_error();
            fault = PlayerFault::PROTOCOL_ERROR;
            return false;
        }
        std::vector<std::string_view> words = split_whitespace(line);
        if (words.empty()) continue;
        if (!expected.empty() && line.find(expected) == 0) return true;
        if (words[0] == "feature") answer_features(line);
        if (starts_with_text(line, "illegal move")) {
            std::string command = rejected_command(line);
            if (!command.empty()) {
                command_not_understood(command);
                continue;
            }
            error = "engine rejected a move: " + line;
            fault = PlayerFault::PROTOCOL_ERROR;
            return false;
        }
    }
}

bool XboardEnginePlayer::set_up_board(const Position& start) {
    start_ = start;
    board_in_sync_ = false;
    sent_moves_.clear();
    time_control_sent_ = false;
    bool standard_start = !chess960_ && start.fen() == START_FEN;
    if (chess960_ && features_.variants.find("fischerandom") == std::string::npos) {
        pending_fault_ = PlayerFault::PROTOCOL_ERROR;
        pending_error_ = "engine does not support variant fischerandom";
        return false;
    }
    if (!standard_start && !features_.setboard && chess960_) {
        // "edit" cannot say which rooks may castle in Chess960.
        pending_fault_ = PlayerFault::PROTOCOL_ERROR;
        pending_error_ = "engine lacks setboard for the Chess960 position " + start.fen();
        return false;
    }
    process_.write_line("new");
    process_.write_line("force");
    if (chess960_) process_.write_line("variant fischerandom");
    if (!standard_start) {
        if (features_.setboard)
            process_.write_line("setboard " + start.fen());
        else
            send_edit_commands(start);
    }
    process_.write_line("easy");  // no pondering
    process_.write_line("post");
    std::string error;
    PlayerFault fault = PlayerFault::NONE;
    if (!drain(error, fault)) {
        healthy_ = false;
        pending_fault_ = fault;
        pending_error_ = error;
        return false;
    }
    board_in_sync_ = true;
    return true;
}

void XboardEnginePlayer::send_edit_commands(const Position& start) {
    // "edit" keeps the side to move; xboard's trick for Black to move is a first move made
    // from the start position before the board is replaced.
    if (start.side_to_move() == BLACK)
        process_.write_line(std::string(features_.usermove ? "usermove " : "") + "a2a3");
    process_.write_line("edit");
    process_.write_line("#");  // an empty board
    for (Color colour : {WHITE, BLACK}) {
        if (colour == BLACK) process_.write_line("c");
        for (Bitboard pieces = start.pieces(colour); pieces;) {
            Square square = pop_lsb(pieces);
            char letter = "?PNBRQK"[type_of(start.piece_on(square))];
            process_.write_line(std::string(1, letter) + square_name(square));
        }
    }
    process_.write_line(".");
}

void XboardEnginePlayer::new_game(const Position& start, bool chess960) {
    if (!begin_new_game(chess960)) return;  // play() reports the crash
    set_up_board(start);
}

bool XboardEnginePlayer::send_time_control(const TimeControl& tc, std::string& error,
                                           PlayerFault& fault) {
    if (time_control_sent_ && same_limits(tc, sent_time_control_)) return true;
    if (tc.has_clock()) {
        process_.write_line("level " + std::to_string(tc.moves) + " " + level_base(tc.base_ms) +
                            " " + seconds_text(tc.increment_ms));
    }
    if (movetime_as_level(tc))
        process_.write_line("level 1 " + level_base(tc.movetime_ms) + " 0");
    else if (tc.movetime_ms > 0)
        process_.write_line("st " + std::to_string(tc.movetime_ms / 1000));
    // A node budget has no XBoard command every engine knows: not sent.
    time_control_sent_ = true;
    sent_time_control_ = tc;
    if (tc.depth > 0) {
        process_.write_line(depth_command_ + " " + std::to_string(tc.depth));
        if (!depth_command_known_ && features_.ping) {
            // Learn before the search whether the engine knows "sd"; without ping the refusal
            // comes during the search and is answered there.
            depth_command_known_ = true;
            return drain(error, fault);
        }
    }
    return true;
}

void XboardEnginePlayer::command_not_understood(const std::string& command) {
    // "sd" has an older name, "depth" (GNU Chess 4's, still Phalanx's); the other commands
    // are refinements the engine can do without.
    if (command.rfind("sd ", 0) == 0 && depth_command_ == "sd") {
        depth_command_ = "depth";
        process_.write_line("depth" + command.substr(2));
    }
}

MoveReply XboardEnginePlayer::play(const MoveRequest& request) {
    MoveReply pending;
    if (take_pending_fault(pending)) return pending;
    if (!process_.running()) return crash_reply("gone");

    // Resend from the start unless the request continues what the engine already has.
    bool continues = board_in_sync_ && request.start.fen() == start_.fen() &&
                     request.moves.size() >= sent_moves_.size() &&
                     std::equal(sent_moves_.begin(), sent_moves_.end(), request.moves.begin());
    if (!continues && !set_up_board(request.start)) {
        pending_fault_ = PlayerFault::NONE;
        return fault_reply(healthy_ ? PlayerFault::PROTOCOL_ERROR : PlayerFault::CRASHED,
                           pending_error_);
    }
    std::string error;
    PlayerFault fault = PlayerFault::NONE;
    if (!send_time_control(request.time_control, error, fault)) {
        healthy_ = false;
        board_in_sync_ = false;
        return fault_reply(fault, error);
    }

    Position board = request.start.without_history();
    for (std::size_t i = 0; i < request.moves.size(); ++i) {
        Move m = request.moves[i];
        if (i >= sent_moves_.size()) {
            std::string text;
            if (features_.san) {
                text = move_to_san(board, m);
            } else if (chess960_ && m.kind() == CASTLING) {
                text = m.to() > m.from() ? "O-O" : "O-O-O";  // XBoard's Chess960 castling
            } else {
                text = move_to_uci(board, m);
            }
            if (!process_.write_line((features_.usermove ? "usermove " : "") + text))
                return crash_reply("closed its input");
            sent_moves_.push_back(m);
        }
        board.do_move(m);
    }

    Color us = request.position.side_to_move();
    if (request.time_control.has_clock()) {
        auto centiseconds = [](std::int64_t ms) {
            return std::to_string(std::max<std::int64_t>(0, ms) / 10);
        };
        process_.write_line("time " + centiseconds(request.time_left_ms[us]));
        process_.write_line("otim " + centiseconds(request.time_left_ms[~us]));
    } else if (movetime_as_level(request.time_control)) {
        // One move left in the period, and exactly the time per move to make it in.
        std::string left = std::to_string(request.time_control.movetime_ms / 10);
        process_.write_line("time " + left);
        process_.write_line("otim " + left);
    }
    return search(request, "go");
}

EnginePlayer::SearchLine XboardEnginePlayer::read_search_line(
    const std::string& line, const std::vector<std::string_view>& words, const MoveRequest& request,
    MoveReply& reply, std::string& move_text) {
    Color us = request.position.side_to_move();
    if (words[0] == "move" && words.size() > 1) {
        move_text = words[1];
        return SearchLine::MOVE;
    }
    if (starts_with_text(line, "my move is")) {
        std::size_t colon = line.find(':');
        std::vector<std::string_view> rest = split_whitespace(
            std::string_view(line).substr(colon == std::string::npos ? 10 : colon + 1));
        if (!rest.empty()) move_text = rest[0];
        return SearchLine::MOVE;
    }
    if (starts_with_text(line, "illegal move")) {
        std::string command = rejected_command(line);
        if (!command.empty()) {
            command_not_understood(command);
            return SearchLine::THINKING;
        }
        // The engine refused one of our (legal) moves: its board is not ours any more.
        process_.write_line("force");
        healthy_ = false;
        board_in_sync_ = false;
        reply.fault = PlayerFault::PROTOCOL_ERROR;
        reply.detail = "engine rejected a move: " + line;
        return SearchLine::ANSWERED;
    }
    if (words[0] == "resign" || (words[0] == "1-0" && us == BLACK) ||
        (words[0] == "0-1" && us == WHITE)) {
        // Conceding its own loss is a resignation; other result claims are ignored.
        process_.write_line("force");
        board_in_sync_ = false;
        reply.resigned = true;
        return SearchLine::ANSWERED;
    }
    if (words[0] == "offer" && words.size() > 1 && words[1] == "draw") {
        reply.offers_draw = true;
    } else if (words[0] == "feature") {
        answer_features(line);
    } else {
        // Post lines; anything else ("Error (...)", "telluser...", "tellusererror",
        // "#" comments, claims we ignore) is skipped.
        read_post(line, request.position, reply);
    }
    return SearchLine::THINKING;
}

Move XboardEnginePlayer::take_move(const MoveRequest& request, const std::string& move_text) {
    process_.write_line("force");  // stop the engine before it ponders or moves on
    Move m = parse_engine_move(request.position, move_text);
    if (m)
        sent_moves_.push_back(m);  // the engine played it on its own board
    else
        board_in_sync_ = false;
    return m;
}

}  // namespace mneme
