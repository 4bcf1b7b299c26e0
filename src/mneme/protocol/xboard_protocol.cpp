#include "mneme/protocol/xboard_protocol.h"

#include <cmath>
#include <sstream>

#include "mneme/core/movegen.h"
#include "mneme/notation/uci_move.h"
#include "mneme/protocol/engine_protocol.h"

namespace mneme {

namespace {

// XBoard shows mates as 100000 + moves to mate (negative when being mated).
int xboard_score(Value v) {
    if (!is_mate_score(v)) return v;
    int moves = mate_in_moves(v);
    return moves > 0 ? 100000 + moves : -100000 + moves;
}

bool parse_number(const std::string& text, double* value) {
    std::istringstream in(text);
    in >> *value;
    return !in.fail() && in.eof() && std::isfinite(*value);
}

// A move as XBoard sends it: coordinates ("e2e4", "e7e8q"), or "O-O"/"O-O-O" for castling.
Move parse_xboard_move(const Position& pos, const std::string& text) {
    if (Move m = parse_uci_move(pos, text)) return m;
    std::string castling;
    for (char c : text)
        if (c == 'O' || c == 'o' || c == '0') castling += 'O';
        else if (c == '-') castling += c;
    if (castling != "O-O" && castling != "O-O-O") return Move::none();
    bool king_side = castling == "O-O";
    for (Move m : MoveList<LEGAL>(pos))
        if (m.kind() == CASTLING && (m.to() > m.from()) == king_side) return m;
    return Move::none();
}

std::string xboard_move_text(const Position& pos, Move m) {
    // Chess960 castling is ambiguous in coordinates, so XBoard wants it spelled out.
    if (pos.is_chess960() && m.kind() == CASTLING) return m.to() > m.from() ? "O-O" : "O-O-O";
    return move_to_uci(pos, m);
}

}  // namespace

std::string xboard_result_line(const GameOutcome& outcome, Color side_to_move) {
    std::string reason;
    switch (outcome.termination) {
        case Termination::CHECKMATE:
            reason = side_to_move == WHITE ? "Black mates" : "White mates";
            break;
        case Termination::STALEMATE: reason = "Stalemate"; break;
        case Termination::INSUFFICIENT_MATERIAL: reason = "Draw by insufficient material"; break;
        case Termination::SEVENTY_FIVE_MOVES: reason = "Draw by 75-move rule"; break;
        case Termination::FIVEFOLD_REPETITION: reason = "Draw by fivefold repetition"; break;
        case Termination::FIFTY_MOVES: reason = "Draw by 50-move rule"; break;
        case Termination::THREEFOLD_REPETITION: reason = "Draw by repetition"; break;
        default: reason = "Game in progress"; break;
    }
    return std::string(result_text(outcome.result)) + " {" + reason + "}";
}

XboardProtocol::XboardProtocol(std::ostream& out) : out_(out) {}

bool XboardProtocol::handle(const std::string& line) {
    Words words = split_words(line);
    if (words.empty()) return true;
    const std::string& command = words.front();
    auto argument = [&](std::size_t i) { return i < words.size() ? words[i] : std::string(); };

    if (command == "quit") {
        abandon_thinking();
        return false;
    }
    if (command == "xboard" || command == "accepted" || command == "rejected" ||
        command == "random" || command == "computer" || command == "name" ||
        command == "rating" || command == "ics" || command == "easy" || command == "hard" ||
        command == "draw" || command == "hint" || command == "bk" || command == "cores" ||
        command == "memory" || command == ".") {
        // Nothing to do: no pondering, no book, no draw offers accepted, one thread.
    } else if (command == "protover") {
        out_.line("feature myname=\"mneme\" ping=1 setboard=1 usermove=1 san=0 sigint=0 "
                  "sigterm=0 colors=0 variants=\"normal,fischerandom\" done=1");
    } else if (command == "new") {
        abandon_thinking();
        searcher_.clear();
        chess960_ = false;
        pos_ = Position();
        start_fullmove_ = 1;
        force_ = false;
        engine_color_ = BLACK;
        depth_limit_ = 0;
        fixed_move_time_ms_ = 0;
        game_over_ = false;
    } else if (command == "variant") {
        abandon_thinking();
        std::string variant = argument(1);
        if (variant != "normal" && variant != "fischerandom") {
            out_.line("Error (unsupported variant): " + variant);
        } else {
            chess960_ = variant == "fischerandom";
            pos_ = Position::from_fen(START_FEN, chess960_);
        }
    } else if (command == "force") {
        abandon_thinking();
        force_ = true;
    } else if (command == "go") {
        abandon_thinking();
        force_ = false;
        engine_color_ = pos_.side_to_move();
        think_if_engine_to_move();
    } else if (command == "playother") {
        abandon_thinking();
        force_ = false;
        engine_color_ = ~pos_.side_to_move();
    } else if (command == "usermove") {
        user_move(argument(1));
    } else if (command == "setboard") {
        std::string fen;
        for (std::size_t i = 1; i < words.size(); ++i) fen += words[i] + ' ';
        set_board(fen);
    } else if (command == "level") {
        set_level(words);
    } else if (command == "st") {
        double seconds = 0;
        if (parse_number(argument(1), &seconds) && seconds > 0)
            fixed_move_time_ms_ = std::int64_t(seconds * 1000);
        else
            out_.line("Error (bad seconds): " + line);
    } else if (command == "sd") {
        double depth = 0;
        if (parse_number(argument(1), &depth) && depth >= 1)
            depth_limit_ = int(std::min<double>(depth, MAX_PLY));
        else
            out_.line("Error (bad depth): " + line);
    } else if (command == "time" || command == "otim") {
        double centiseconds = 0;
        if (!parse_number(argument(1), &centiseconds)) {
            out_.line("Error (bad time): " + line);
        } else {
            std::int64_t ms = std::int64_t(centiseconds * 10);
            (command == "time" ? engine_clock_ms_ : opponent_clock_ms_) = ms;
        }
    } else if (command == "ping") {
        std::lock_guard lock(mutex_);
        if (thinking_) pending_pongs_.push_back(argument(1));
        else out_.line("pong " + argument(1));
    } else if (command == "?") {
        thread_.stop();  // move now: the search plays what it has
    } else if (command == "result") {
        abandon_thinking();
        game_over_ = true;
    } else if (command == "undo") {
        take_back(1);
    } else if (command == "remove") {
        take_back(2);
    } else if (command == "post") {
        post_ = true;
    } else if (command == "nopost") {
        post_ = false;
    } else if (!thread_.busy() && parse_xboard_move(pos_, command)) {
        user_move(command);  // a move without "usermove", from an engine-unaware sender
    } else {
        out_.line("Error (unknown command): " + command);
    }
    return true;
}

void XboardProtocol::abandon_thinking() {
    {
        std::lock_guard lock(mutex_);
        if (thinking_) discard_move_ = true;
    }
    thread_.stop_and_wait();
}

void XboardProtocol::user_move(const std::string& text) {
    abandon_thinking();
    Move m = game_over_ ? Move::none() : parse_xboard_move(pos_, text);
    if (!m) {
        out_.line("Illegal move: " + text);
        return;
    }
    pos_.do_move(m);
    if (!force_ && report_game_end()) return;
    think_if_engine_to_move();
}

void XboardProtocol::set_board(const std::string& fen) {
    abandon_thinking();
    std::string error;
    Position pos;
    if (!pos.set_fen(fen, chess960_, &error)) {
        out_.line("tellusererror Illegal position: " + error);
        return;
    }
    pos_ = pos;
    start_fullmove_ = pos_.fullmove_number();
    game_over_ = false;
}

void XboardProtocol::set_level(const Words& words) {
    // level MOVES BASE INCREMENT, with BASE in minutes or "minutes:seconds".
    double moves = 0, minutes = 0, seconds = 0, increment = 0;
    std::string base = words.size() > 2 ? words[2] : "";
    auto colon = base.find(':');
    bool ok = words.size() == 4 && parse_number(words[1], &moves) && moves >= 0 &&
              parse_number(words[3], &increment) && increment >= 0;
    if (ok && colon != std::string::npos)
        ok = parse_number(base.substr(0, colon), &minutes) &&
             parse_number(base.substr(colon + 1), &seconds);
    else if (ok)
        ok = parse_number(base, &minutes);
    if (!ok) {
        out_.line("Error (bad level): level needs MOVES BASE INCREMENT");
        return;
    }
    level_moves_ = int(moves);
    level_base_ms_ = std::int64_t((minutes * 60 + seconds) * 1000);
    level_increment_ms_ = std::int64_t(increment * 1000);
    fixed_move_time_ms_ = 0;
    engine_clock_ms_ = opponent_clock_ms_ = -1;
}

void XboardProtocol::take_back(int plies) {
    abandon_thinking();
    if (pos_.history_length() < plies) {
        out_.line("Error (no moves to take back): " + std::string(plies == 1 ? "undo" : "remove"));
        return;
    }
    for (int i = 0; i < plies; ++i) pos_.undo_move();
    game_over_ = false;
}

bool XboardProtocol::report_game_end() {
    // As a player the engine claims the draws that need a claim.
    GameOutcome outcome = game_outcome(pos_, true);
    if (!outcome.is_over()) return false;
    game_over_ = true;
    out_.line(xboard_result_line(outcome, pos_.side_to_move()));
    return true;
}

SearchLimits XboardProtocol::limits_for_engine() const {
    SearchLimits limits;
    limits.depth = depth_limit_;
    if (fixed_move_time_ms_ > 0) {
        limits.movetime_ms = fixed_move_time_ms_;
        return limits;
    }
    Color us = engine_color_, them = ~us;
    limits.time_ms[us] = engine_clock_ms_ >= 0 ? engine_clock_ms_ : level_base_ms_;
    limits.time_ms[them] = opponent_clock_ms_ >= 0 ? opponent_clock_ms_ : level_base_ms_;
    limits.increment_ms[us] = limits.increment_ms[them] = level_increment_ms_;
    if (level_moves_ > 0) {
        int moves_played = std::max(pos_.fullmove_number() - start_fullmove_, 0);
        limits.moves_to_go = level_moves_ - moves_played % level_moves_;
    }
    return limits;
}

void XboardProtocol::think_if_engine_to_move() {
    if (force_ || game_over_ || pos_.side_to_move() != engine_color_) return;
    {
        std::lock_guard lock(mutex_);
        thinking_ = true;
        discard_move_ = false;
    }
    thread_.start(
        pos_, limits_for_engine(),
        [this](const SearchInfo& info) {
            if (!post_) return;
            std::ostringstream line;
            line << info.depth << ' ' << xboard_score(info.score) << ' ' << info.time_ms / 10 << ' '
                 << info.nodes;
            for (Move m : info.pv) line << ' ' << move_to_uci(m, chess960_);
            out_.line(line.str());
        },
        [this](const SearchResult& result) { on_engine_move(result); });
}

void XboardProtocol::on_engine_move(const SearchResult& result) {
    std::lock_guard lock(mutex_);
    thinking_ = false;
    if (!discard_move_ && result.best) {
        std::string text = xboard_move_text(pos_, result.best);
        pos_.do_move(result.best);
        out_.line("move " + text);
        report_game_end();
    }
    discard_move_ = false;
    for (const std::string& id : pending_pongs_) out_.line("pong " + id);
    pending_pongs_.clear();
}

}  // namespace mneme
