#include "mneme/protocol/xboard_protocol.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <sstream>

#include "mneme/core/movegen.h"
#include "mneme/nnue/builtin_network.h"
#include "mneme/notation/uci_move.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/search/reported_score.h"
#include "mneme/util/text.h"

namespace mneme {

namespace {

// XBoard shows mates as 100000 + moves to mate (negative when being mated), other scores in
// centipawns normalised by the evaluation's model.
int xboard_score(Value v, const WinRateParameters& model) {
    if (!is_mate_score(v)) return reported_score(v, model);
    int moves = mate_in_moves(v);
    return moves > 0 ? 100000 + moves : -100000 + moves;
}

bool parse_number(const std::string& text, double* value) {
    std::istringstream in(text);
    in >> *value;
    return !in.fail() && in.eof() && std::isfinite(*value);
}

// `value` (finite) as an integer, clamped to [low, high] before the conversion, which is
// undefined for a double out of the integer's range ("cores 1e300").
template <typename Integer>
Integer clamped(double value, Integer low, Integer high) {
    return Integer(std::clamp(value, double(low), double(high)));
}

// A time in XBoard's units (`unit_ms` milliseconds each) as milliseconds, within the range the
// time manager works with.
std::int64_t clamped_ms(double value, double unit_ms) {
    return clamped<std::int64_t>(value * unit_ms, -MAX_CLOCK_MS, MAX_CLOCK_MS);
}

// A move as XBoard sends it: coordinates ("e2e4", "e7e8q"), or "O-O"/"O-O-O" for castling.
Move parse_xboard_move(const Position& pos, const std::string& text) {
    if (Move m = parse_uci_move(pos, text)) return m;
    std::string castling;
    for (char c : text)
        if (c == 'O' || c == 'o' || c == '0')
            castling += 'O';
        else if (c == '-')
            castling += c;
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

// Whether `text` looks like a move (so that a bad one is an illegal move, not an unknown
// command): a square, or castling.
bool looks_like_move(const std::string& text) {
    if (text.rfind("O-O", 0) == 0 || text.rfind("0-0", 0) == 0) return true;
    return text.size() >= 4 && text.size() <= 5 && text[0] >= 'a' && text[0] <= 'h' &&
           std::isdigit(static_cast<unsigned char>(text[1]));
}

// The squares of a FEN's placement field, a8 first (FEN order), ' ' for empty.
std::array<char, 64> board_from_fen(const std::string& fen) {
    std::array<char, 64> board;
    board.fill(' ');
    int index = 0;
    for (char c : fen) {
        if (c == ' ' || index >= 64) break;
        if (c == '/') continue;
        if (std::isdigit(static_cast<unsigned char>(c)))
            index += c - '0';
        else
            board[std::size_t(index++)] = c;
    }
    return board;
}

// "a4" -> its index in FEN order (a8 = 0), or -1.
int fen_index(const std::string& square) {
    if (square.size() != 2 || square[0] < 'a' || square[0] > 'h' || square[1] < '1' ||
        square[1] > '8')
        return -1;
    return ('8' - square[1]) * 8 + (square[0] - 'a');
}

// A FEN for an edited board. Castling rights are granted where king and rook still stand on
// their starting squares, as the edit command's specification asks.
std::string fen_from_board(const std::array<char, 64>& board, Color side_to_move) {
    std::string fen;
    for (int rank = 0; rank < 8; ++rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            char c = board[std::size_t(rank * 8 + file)];
            if (c == ' ') {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + empty);
            empty = 0;
            fen += c;
        }
        if (empty) fen += char('0' + empty);
        if (rank < 7) fen += '/';
    }
    auto at = [&](const char* square) { return board[std::size_t(fen_index(square))]; };
    std::string castling;
    if (at("e1") == 'K' && at("h1") == 'R') castling += 'K';
    if (at("e1") == 'K' && at("a1") == 'R') castling += 'Q';
    if (at("e8") == 'k' && at("h8") == 'r') castling += 'k';
    if (at("e8") == 'k' && at("a8") == 'r') castling += 'q';
    if (castling.empty()) castling.push_back('-');
    fen.append(side_to_move == WHITE ? " w " : " b ");
    fen.append(castling);
    fen.append(" - 0 1");
    return fen;
}

}  // namespace

std::string xboard_result_line(const GameOutcome& outcome, Color side_to_move) {
    std::string reason;
    switch (outcome.termination) {
        case Termination::CHECKMATE:
            reason = side_to_move == WHITE ? "Black mates" : "White mates";
            break;
        case Termination::STALEMATE:
            reason = "Stalemate";
            break;
        case Termination::INSUFFICIENT_MATERIAL:
            reason = "Draw by insufficient material";
            break;
        case Termination::SEVENTY_FIVE_MOVES:
            reason = "Draw by seventy-five move rule";
            break;
        case Termination::FIVEFOLD_REPETITION:
            reason = "Draw by repetition";
            break;
        case Termination::FIFTY_MOVES:
            reason = "Draw by fifty move rule";
            break;
        case Termination::THREEFOLD_REPETITION:
            reason = "Draw by repetition";
            break;
        default:
            reason = "Game in progress";
            break;
    }
    return std::string(result_text(outcome.result)) + " {" + reason + "}";
}

XboardProtocol::XboardProtocol(std::ostream& out, Searcher* searcher)
    : out_(out), searcher_(lent_or_new(searcher, own_searcher_)) {
    searcher_.set_evaluator(evaluation_.initial_evaluator());
}

void XboardProtocol::end_of_input() {
    // Pondering and analysis never end by themselves; a move being thought about does.
    {
        std::lock_guard lock(mutex_);
        ponder_ = ponder_after_move_ = false;
        if (purpose_ == Purpose::PONDER) {
            discard_move_ = true;
            thread_.stop();
        }
    }
    if (analyzing_) abandon_thinking();
    thread_.wait();
}

void XboardProtocol::error(const std::string& reason, const std::string& command) {
    out_.line("Error (" + reason + "): " + command);
}

bool XboardProtocol::handle(const std::string& line) {
    Words words = split_words(line);
    if (words.empty()) return true;
    const std::string& command = words.front();
    auto argument = [&](std::size_t i) { return i < words.size() ? words[i] : std::string(); };

    if (command == "quit") {
        abandon_thinking();
        return false;
    }
    if (editing_) {
        edit_command(command);
        return true;
    }
    if (command == "xboard" || command == "computer" || command == "name" || command == "rating" ||
        command == "ics" || command == "rejected" || command == "otherboard") {
        // Information the engine does not use; a rejected feature only means a fallback.
    } else if (command == "accepted") {
        if (argument(1) == "usermove") usermove_accepted_ = true;
    } else if (command == "protover") {
        out_.line("feature done=0");
        out_.line(
            "feature myname=\"mneme\" setboard=1 usermove=1 ping=1 san=0 colors=0 "
            "analyze=1 playother=1 sigint=0 sigterm=0 reuse=1 memory=1 smp=1 "
            "variants=\"normal,fischerandom\"");
        // Options as XBoard shows them in its engine settings dialog.
        std::string policies;
        for (char c : book_policy_names('/'))
            policies += c == '/' ? std::string(" /// ") : std::string(1, c);
        out_.line(std::string("feature option=\"Eval -combo ") +
                  (evaluation_.wanted() == "nnue" ? "classic /// *nnue" : "*classic /// nnue") +
                  "\"");
        out_.line("feature option=\"EvalFile -file \"");
        out_.line("feature option=\"OwnBook -check 0\"");
        out_.line("feature option=\"BookFile -file \"");
        out_.line("feature option=\"BookPolicy -combo " +
                  policies.replace(policies.find("opta3"), 5, "*opta3") + "\"");
        out_.line("feature option=\"BookDepth -spin " + std::to_string(EngineBook::DEFAULT_DEPTH) +
                  " 0 " + std::to_string(EngineBook::MAX_DEPTH) + "\"");
        out_.line("feature option=\"BookExperience -file \"");
        out_.line("feature option=\"BookOrdering -check 0\"");
        out_.line("feature option=\"OphistaFile -file \"");
        out_.line("feature option=\"BookSeed -spin 0 0 2147483647\"");
        out_.line("feature done=1");
    } else if (command == "new") {
        new_game();
    } else if (command == "variant") {
        std::string variant = argument(1);
        if (variant != "normal" && variant != "fischerandom") {
            error("unsupported variant", line);
        } else {
            abandon_thinking();
            chess960_ = variant == "fischerandom";
            pos_ = Position::from_fen(START_FEN, chess960_);
            game_over_ = false;
        }
    } else if (command == "force") {
        abandon_thinking();
        force_ = true;
    } else if (command == "go") {
        if (analyzing_) return error("not in analyze mode", line), true;
        if (position_refused_) return error("no position set up", line), true;
        abandon_thinking();
        force_ = false;
        engine_color_ = pos_.side_to_move();
        think_if_engine_to_move();
    } else if (command == "playother") {
        if (analyzing_) return error("not in analyze mode", line), true;
        abandon_thinking();
        force_ = false;
        engine_color_ = ~pos_.side_to_move();
    } else if (command == "white" || command == "black") {
        set_side_to_move(command == "white" ? WHITE : BLACK);
    } else if (command == "usermove") {
        if (words.size() < 2)
            error("usermove needs a move", line);
        else
            user_move(argument(1), line);
    } else if (command == "setboard") {
        std::string fen;
        for (std::size_t i = 1; i < words.size(); ++i) {
            if (i > 1) fen.push_back(' ');
            fen.append(words[i]);
        }
        set_board(fen);
    } else if (command == "edit") {
        start_edit();
    } else if (command == "level") {
        set_level(words);
    } else if (command == "st") {
        double seconds = 0;
        if (parse_number(argument(1), &seconds) && seconds > 0)
            fixed_move_time_ms_ = std::max<std::int64_t>(clamped_ms(seconds, 1000), 1);
        else
            error("bad seconds", line);
    } else if (command == "sd") {
        double depth = 0;
        if (parse_number(argument(1), &depth) && depth >= 1)
            depth_limit_ = clamped<int>(depth, 1, MAX_PLY - 1);
        else
            error("bad depth", line);
    } else if (command == "time" || command == "otim") {
        double centiseconds = 0;
        if (!parse_number(argument(1), &centiseconds)) return error("bad time", line), true;
        // A negative clock has run out: the engine then moves at once.
        std::int64_t ms = clamped_ms(centiseconds, 10);
        std::lock_guard lock(mutex_);  // a pondering search thread reads the clocks
        (command == "time" ? engine_clock_ms_ : opponent_clock_ms_) = ms;
    } else if (command == "ping") {
        std::lock_guard lock(mutex_);
        if (purpose_ == Purpose::PLAY)
            pending_pongs_.push_back(argument(1));
        else
            out_.line("pong " + argument(1));
    } else if (command == "?") {
        // Move now: the search plays what it has. Not thinking about a move: nothing to do.
        std::lock_guard lock(mutex_);
        if (purpose_ == Purpose::PLAY) thread_.stop();
    } else if (command == "draw") {
        answer_draw_offer();
    } else if (command == "result") {
        if (analyzing_) return error("not in analyze mode", line), true;
        abandon_thinking();
        game_over_ = true;
    } else if (command == "undo") {
        take_back(1);
    } else if (command == "remove") {
        take_back(2);
    } else if (command == "hint") {
        give_hint();
    } else if (command == "bk") {
        list_book_moves();
    } else if (command == "option") {
        set_option(line);
    } else if (command == "post") {
        post_ = true;
    } else if (command == "nopost") {
        post_ = false;
    } else if (command == "analyze") {
        abandon_thinking();
        analyzing_ = true;
        force_ = true;  // leaving analysis returns to force mode, as XBoard expects
        start_analysis();
    } else if (command == "exit") {
        if (!analyzing_) return error("not in analyze mode", line), true;
        abandon_thinking();
        analyzing_ = false;
    } else if (command == ".") {
        if (analyzing_) show_analysis_status();
    } else if (command == "hard" || command == "easy") {
        bool stop_pondering;
        {
            std::lock_guard lock(mutex_);
            ponder_ = command == "hard";
            if (!ponder_) ponder_after_move_ = false;
            stop_pondering = !ponder_ && purpose_ == Purpose::PONDER;
        }
        if (stop_pondering) abandon_thinking();
    } else if (command == "random") {
        random_ = !random_;
    } else if (command == "memory") {
        set_hash(argument(1));
    } else if (command == "cores") {
        double cores = 0;
        if (parse_number(argument(1), &cores) && cores >= 1)
            cores_ = clamped<int>(cores, 1, std::numeric_limits<int>::max());
        else
            error("bad number of cores", line);
    } else if (!usermove_accepted_ && looks_like_move(command)) {
        user_move(command, line);  // a move without "usermove", from a sender that did not ask
    } else {
        error("unknown command", command);
    }
    return true;
}

void XboardProtocol::new_game() {
    abandon_thinking();
    searcher_.clear();
    chess960_ = false;
    pos_ = Position();
    start_fullmove_ = 1;
    // "new" leaves force mode, but analysis stays (CECP: "Reset position to start of game but
    // stay in analyze mode"), and leaving it with "exit" returns to force mode.
    force_ = analyzing_;
    engine_color_ = BLACK;
    depth_limit_ = 0;  // "new" ends "sd"; the time control stays until XBoard sends another
    engine_clock_ms_.reset();
    opponent_clock_ms_.reset();
    game_over_ = false;
    position_refused_ = false;
    has_last_score_ = false;
    hint_.clear();
    if (analyzing_) start_analysis();
}

void XboardProtocol::abandon_thinking() {
    {
        std::lock_guard lock(mutex_);
        if (purpose_ != Purpose::NONE) discard_move_ = true;
    }
    thread_.stop_and_wait();
}

void XboardProtocol::user_move(const std::string& text, const std::string& line) {
    {
        // The expected reply: the pondering search goes on as the search for our move.
        std::lock_guard lock(mutex_);
        if (purpose_ == Purpose::PONDER && !force_ &&
            parse_xboard_move(pos_, text) == pondered_reply_) {
            pos_.do_move(pondered_reply_);
            purpose_ = Purpose::PLAY;
            ponder_after_move_ = ponder_;
            thread_.ponderhit();
            return;
        }
    }
    abandon_thinking();
    if (position_refused_) {
        // CECP: after an illegal position, every move is illegal until new, setboard or edit.
        out_.line("Illegal move (no position set up): " + text);
        return;
    }
    bool no_moves = !pos_.has_legal_moves();
    if (analyzing_ && no_moves) return error("the analysed game is over", line);
    if (game_over_ && !force_) {
        out_.line("Illegal move (game is over): " + text);
        return;
    }
    Move m = parse_xboard_move(pos_, text);
    if (!m) {
        out_.line("Illegal move: " + text);
        resume_thinking();  // the move changed nothing: what ran goes on
        return;
    }
    pos_.do_move(m);
    if (analyzing_) return start_analysis();
    if (!force_ && report_game_end()) return;
    think_if_engine_to_move();
}

void XboardProtocol::set_board(const std::string& fen) {
    abandon_thinking();
    std::string error;
    Position pos;
    if (!pos.set_fen(fen, chess960_, &error)) {
        out_.line("tellusererror Illegal position: " + error);
        position_refused_ = true;
        return;
    }
    position_refused_ = false;
    pos_ = pos;
    start_fullmove_ = pos_.fullmove_number();
    game_over_ = false;
    hint_.clear();
    if (analyzing_) start_analysis();
}

void XboardProtocol::set_side_to_move(Color side) {
    // Legacy: "white" puts White on move with the engine playing Black, and stops the clocks.
    abandon_thinking();
    engine_color_ = ~side;
    if (pos_.side_to_move() == side) return;
    std::istringstream fields(pos_.fen());
    std::string placement, color, castling, en_passant, halfmoves, fullmoves;
    fields >> placement >> color >> castling >> en_passant >> halfmoves >> fullmoves;
    std::string fen = placement + (side == WHITE ? " w " : " b ") + castling + " - " + halfmoves +
                      ' ' + fullmoves;
    Position pos;
    // The other side may be in check, which no position allows for the side not to move.
    std::string reason;
    if (pos.set_fen(fen, chess960_, &reason))
        pos_ = pos;
    else
        error("the side not to move would be in check", side == WHITE ? "white" : "black");
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
    // "5:99" is not a clock reading: the seconds of minutes:seconds stay below 60.
    if (ok && seconds >= 60) {
        error("bad level", "the seconds of " + base + " must be below 60");
        return;
    }
    if (!ok || minutes < 0 || seconds < 0) {
        error("bad level", "level needs MOVES BASE INCREMENT, e.g. level 40 5:30 0");
        return;
    }
    level_moves_ = clamped<int>(moves, 0, 1'000'000);
    level_base_ms_ = clamped_ms(minutes * 60 + seconds, 1000);
    level_increment_ms_ = clamped_ms(increment, 1000);
    fixed_move_time_ms_ = 0;
    engine_clock_ms_.reset();
    opponent_clock_ms_.reset();
}

void XboardProtocol::take_back(int plies) {
    abandon_thinking();
    if (pos_.history_length() < plies) {
        error("no moves to take back", plies == 1 ? "undo" : "remove");
        if (analyzing_) start_analysis();
        return;
    }
    for (int i = 0; i < plies; ++i) pos_.undo_move();
    game_over_ = false;
    hint_.clear();
    if (analyzing_) start_analysis();
}

void XboardProtocol::answer_draw_offer() {
    // Accepted only when the engine thinks it stands worse, or nobody can win any more.
    std::lock_guard lock(mutex_);
    if (game_over_) return;
    bool worse = has_last_score_ && last_score_ <= ACCEPT_DRAW_BELOW_CP;
    if (worse || pos_.is_insufficient_material()) out_.line("offer draw");
}

// The hint is a short search that the command loop waits for. A fuzz build (libFuzzer's
// macro) keeps it to three plies: under the sanitizers a hint took up to its 200 ms, and hints
// took nearly half the xboard fuzz target's time, in search code the unit tests cover.
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
constexpr int HINT_DEPTH = 3;
#else
constexpr int HINT_DEPTH = 6;
#endif

void XboardProtocol::give_hint() {
    std::unique_lock lock(mutex_);
    if (game_over_ || !pos_.has_legal_moves()) return;
    Move expected = hint_.empty() ? Move::none() : parse_uci_move(pos_, hint_);
    if (expected) {
        out_.line("Hint: " + xboard_move_text(pos_, expected));
        return;
    }
    if (thread_.busy()) return;  // the searcher is in use; no hint rather than a wait
    Position pos = pos_;
    lock.unlock();
    SearchLimits limits;
    limits.depth = HINT_DEPTH;
    limits.movetime_ms = 200;
    SearchResult result = searcher_.search(pos, limits);
    if (result.best) out_.line("Hint: " + xboard_move_text(pos, result.best));
}

void XboardProtocol::show_analysis_status() {
    // "stat01: TIME NODES DEPTH MOVES-LEFT TOTAL-MOVES", time in centiseconds.
    std::lock_guard lock(mutex_);
    int total = 0;
    for ([[maybe_unused]] Move m : MoveList<LEGAL>(pos_)) ++total;
    out_.line("stat01: " + std::to_string(last_info_.time_ms / 10) + ' ' +
              std::to_string(last_info_.nodes) + ' ' + std::to_string(last_info_.depth) + " 0 " +
              std::to_string(total));
}

void XboardProtocol::set_hash(const std::string& megabytes) {
    double mb = 0;
    if (!parse_number(megabytes, &mb) || mb < 1) return error("bad memory size", megabytes);
    pending_hash_mb_ = clamped<std::size_t>(mb, 1, TranspositionTable::MAX_SIZE_MB);
    // The table cannot change under a running search; a thinking engine resizes before its next.
    if (!thread_.busy()) apply_pending_hash_size();
}

void XboardProtocol::apply_pending_hash_size() {
    if (pending_hash_mb_ == 0) return;
    if (!searcher_.set_hash_size(pending_hash_mb_))
        out_.line("telluser mneme: could not allocate " + std::to_string(pending_hash_mb_) +
                  " MB of hash; " + std::to_string(searcher_.hash_size()) + " MB kept");
    pending_hash_mb_ = 0;
}

void XboardProtocol::start_edit() {
    if (analyzing_) return error("not in analyze mode", "edit");
    abandon_thinking();
    editing_ = true;
    edit_color_ = WHITE;
    edit_board_ = board_from_fen(pos_.fen());
}

void XboardProtocol::edit_command(const std::string& command) {
    if (command == "#") {
        edit_board_.fill(' ');
    } else if (command == "c") {
        edit_color_ = ~edit_color_;
    } else if (command == ".") {
        editing_ = false;
        Position pos;
        std::string reason;
        if (!pos.set_fen(fen_from_board(edit_board_, pos_.side_to_move()), false, &reason)) {
            out_.line("tellusererror Illegal position: " + reason);
            position_refused_ = true;
            return;
        }
        position_refused_ = false;
        pos_ = pos;
        start_fullmove_ = pos_.fullmove_number();
        game_over_ = false;
        hint_.clear();
    } else if (command.size() == 3 && fen_index(command.substr(1)) >= 0 &&
               std::string("PNBRQKX").find(char(std::toupper(command[0]))) != std::string::npos) {
        char piece = char(std::toupper(command[0]));
        char& square = edit_board_[std::size_t(fen_index(command.substr(1)))];
        if (piece == 'X')
            square = ' ';
        else
            square = edit_color_ == WHITE ? piece : char(std::tolower(piece));
    } else {
        error("not an edit command", command);
    }
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
    limits.move_overhead_ms = MOVE_OVERHEAD_MS;
    if (fixed_move_time_ms_ > 0) {
        limits.movetime_ms = fixed_move_time_ms_;
        return limits;
    }
    Color us = engine_color_, them = ~us;
    limits.time_ms[us] = engine_clock_ms_.value_or(level_base_ms_);
    limits.time_ms[them] = opponent_clock_ms_.value_or(level_base_ms_);
    limits.increment_ms[us] = limits.increment_ms[them] = level_increment_ms_;
    if (level_moves_ > 0) {
        int moves_played = std::max(pos_.fullmove_number() - start_fullmove_, 0);
        limits.moves_to_go = level_moves_ - moves_played % level_moves_;
    }
    limits.depth = emergency_depth_limit(limits, us);
    return limits;
}

void XboardProtocol::set_option(const std::string& line) {
    // "option NAME=VALUE"; the name may contain spaces, the value runs to the end of the line.
    std::string rest = line.substr(std::min(line.size(), line.find("option") + 6));
    auto equals = rest.find('=');
    auto trim = [](std::string text) {
        auto first = text.find_first_not_of(" \t\r");
        auto last = text.find_last_not_of(" \t\r");
        return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
    };
    std::string name = lower_case(trim(rest.substr(0, equals)));
    std::string value = equals == std::string::npos ? "" : trim(rest.substr(equals + 1));
    std::string message;
    if (name == "eval" || name == "evalfile") {
        nnue::EvaluationChoice::Change change =
            name == "eval" ? evaluation_.set_eval(value) : evaluation_.set_file(value);
        bool replaced = change.evaluator != nullptr;
        if (replaced) {
            abandon_thinking();
            searcher_.set_evaluator(std::move(change.evaluator));
        }
        if (change.bad_value) return error(change.message, line);
        if (!change.message.empty())
            out_.line((change.error ? "telluser mneme: " : "# ") + change.message);
        // XBoard sends options whenever the user changes them: what the new evaluation
        // stopped starts again with it (a pondering search is simply dropped).
        if (replaced) resume_thinking();
        return;
    }
    switch (book_.set_option(name, value, message)) {
        case BookOptionResult::NOT_BOOK_OPTION:
            return error("unknown option", line);
        case BookOptionResult::FAILED:
            out_.line("telluser mneme: " + message);
            return;
        case BookOptionResult::SET:
            if (!message.empty()) out_.line("# " + message);
            return;
    }
}

void XboardProtocol::list_book_moves() {
    std::vector<std::string> lines;
    {
        std::lock_guard lock(mutex_);
        lines = book_.listing(pos_);
    }
    for (const std::string& text : lines) out_.line(" " + text);
    out_.line("");
}

bool XboardProtocol::play_book_move() {
    std::lock_guard lock(mutex_);
    std::optional<BookDecision> decision = book_.choose(pos_);
    if (!decision) return false;
    if (post_) out_.line("# " + decision->description);
    std::string text = xboard_move_text(pos_, decision->move);
    pos_.do_move(decision->move);
    hint_.clear();
    has_last_score_ = false;
    out_.line("move " + text);
    report_game_end();
    return true;
}

void XboardProtocol::resume_thinking() {
    if (analyzing_)
        start_analysis();
    else
        think_if_engine_to_move();
}

void XboardProtocol::think_if_engine_to_move() {
    if (force_ || game_over_ || position_refused_ || pos_.side_to_move() != engine_color_) return;
    // A position set up finished (mate, stalemate, a draw by rule): the result, not silence.
    if (report_game_end()) return;
    // The clock runs from the command that made it our move, not from the search's start.
    SearchLimits limits = limits_for_engine();
    limits.start_time = std::chrono::steady_clock::now();
    if (play_book_move()) return;
    apply_pending_hash_size();
    if (std::string warning = evaluation_.waiting_warning(); !warning.empty())
        out_.line("# warning: " + warning);
    searcher_.set_ordering_hint(book_.ordering_hint());
    {
        std::lock_guard lock(mutex_);
        purpose_ = Purpose::PLAY;
        discard_move_ = false;
        ponder_after_move_ = ponder_;
    }
    WinRateParameters scale = searcher_.evaluator().win_rate_model().at(pos_);
    thread_.start(
        pos_, limits, [this, scale](const SearchInfo& info) { on_iteration(info, scale); },
        [this](const SearchResult& result) { on_search_done(result); });
}

void XboardProtocol::start_analysis() {
    // A finished game has nothing to analyse; XBoard is told so by the absence of output. Nor
    // has a position XBoard set up and the engine refused.
    if (position_refused_ || !pos_.has_legal_moves()) return;
    apply_pending_hash_size();
    searcher_.set_ordering_hint(book_.ordering_hint());
    {
        std::lock_guard lock(mutex_);
        purpose_ = Purpose::ANALYZE;
        discard_move_ = false;
        last_info_ = SearchInfo();
    }
    SearchLimits limits;
    limits.infinite = true;
    WinRateParameters scale = searcher_.evaluator().win_rate_model().at(pos_);
    thread_.start(
        pos_, limits, [this, scale](const SearchInfo& info) { on_iteration(info, scale); },
        [this](const SearchResult& result) { on_search_done(result); });
}

void XboardProtocol::on_iteration(const SearchInfo& info, const WinRateParameters& scale) {
    bool analysing;
    {
        std::lock_guard lock(mutex_);
        last_info_ = info;
        analysing = purpose_ == Purpose::ANALYZE;
    }
    if (!post_ && !analysing) return;
    // "DEPTH SCORE TIME NODES PV", time in centiseconds.
    std::ostringstream line;
    int score = xboard_score(info.score, scale);
    line << info.depth << ' ' << score << ' ' << info.time_ms / 10 << ' ' << info.nodes;
    for (Move m : info.pv) line << ' ' << move_to_uci(m, chess960_);
    out_.line(line.str());
}

void XboardProtocol::on_search_done(SearchResult result) {
    // Runs in the search thread. Pondering continues in this same thread, right after the
    // move, so that no command has to arrive to start it.
    for (;;) {
        Position ponder_pos;
        SearchLimits ponder_limits;
        {
            std::lock_guard lock(mutex_);
            bool play = purpose_ == Purpose::PLAY && !discard_move_ && result.best;
            purpose_ = Purpose::NONE;
            bool ponder = false;
            if (play) {
                last_score_ = result.score;
                has_last_score_ = true;
                std::string text = xboard_move_text(pos_, result.best);
                pos_.do_move(result.best);
                hint_ = result.ponder ? move_to_uci(pos_, result.ponder) : std::string();
                out_.line("move " + text);
                if (!report_game_end())
                    ponder = prepare_pondering(result.ponder, result.time_ms, &ponder_pos,
                                               &ponder_limits);
            }
            discard_move_ = false;
            for (const std::string& id : pending_pongs_) out_.line("pong " + id);
            pending_pongs_.clear();
            if (!ponder) return;
        }
        WinRateParameters scale = searcher_.evaluator().win_rate_model().at(ponder_pos);
        result = searcher_.search(ponder_pos, ponder_limits, [this, scale](const SearchInfo& info) {
            on_iteration(info, scale);
        });
    }
}

bool XboardProtocol::prepare_pondering(Move expected_reply, std::int64_t time_used_ms,
                                       Position* pos, SearchLimits* limits) {
    if (!ponder_after_move_ || !expected_reply) return false;
    *pos = pos_;
    pos->do_move(expected_reply);
    if (game_outcome(*pos, true).is_over()) return false;
    *limits = limits_for_engine();
    // The clock XBoard last sent is from before this move; the next arrives too late.
    Color us = engine_color_;
    if (limits->has_clock(us))
        limits->time_ms[us] = std::max<std::int64_t>(
            limits->time_ms[us] - time_used_ms + limits->increment_ms[us], 1);
    limits->depth = emergency_depth_limit(*limits, us);
    limits->ponder = true;
    purpose_ = Purpose::PONDER;
    pondered_reply_ = expected_reply;
    // The thinking lines leave the expected reply out of their lines, which CECP allows only
    // when it was sent as a hint first.
    if (post_) out_.line("Hint: " + xboard_move_text(pos_, expected_reply));
    // Before the lock is released, so that a "stop" from the protocol thread is not undone.
    searcher_.prepare(true);
    return true;
}

}  // namespace mneme
