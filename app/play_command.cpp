// mneme play: a game against the engine in the terminal (or from piped moves).
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.h"
#include "evaluation_argument.h"
#include "mneme/core/game_outcome.h"
#include "mneme/core/movegen.h"
#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"
#include "mneme/pgn/pgn_writer.h"
#include "mneme/search/reported_score.h"
#include "mneme/search/search.h"
#include "mneme/util/text.h"

namespace mneme::app {

namespace {

// How the board is drawn: chess figurines, a compact grid of letters, or a framed ASCII grid
// that any terminal and font shows the same.
enum class BoardStyle { FROM_TERMINAL, UNICODE, LETTERS, ASCII };

struct PlayOptions {
    int depth = 0;
    std::int64_t movetime_ms = 1000;
    bool movetime_given = false;
    bool human_is_black = false;
    std::string fen;
    int chess960_number = -1;
    BoardStyle board_style = BoardStyle::FROM_TERMINAL;
    EvaluationArgument evaluation;
};

const char* const HELP_TEXT =
    "Enter moves in SAN (e4, Nf3, O-O, exd5, e8=Q) or UCI text (e2e4, e7e8q).\n"
    "Commands:\n"
    "  undo    take back your last move (and the engine's reply)\n"
    "  hint    ask the engine for a move\n"
    "  claim   claim a draw by threefold repetition or the 50-move rule\n"
    "  moves   list the legal moves\n"
    "  board   show the board again        flip    turn the board around\n"
    "  fen     show the position as FEN     pgn     show the moves so far\n"
    "  new     start a new game             resign  give up this game (asks first)\n"
    "  help    this text                    quit    leave\n";

bool utf8_locale() {
    for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
        const char* value = std::getenv(name);
        if (!value || !*value) continue;
        std::string text = lower_case(value);
        return text.find("utf-8") != std::string::npos || text.find("utf8") != std::string::npos;
    }
    return false;
}

// "+0.35", "mate in 3", "mated in 2": a search score in pawns normalised by the evaluation's
// model (+1.00: the side to move wins half its games).
std::string describe_score(Value v, const WinRateParameters& model) {
    if (v == VALUE_NONE) return "?";
    if (is_mate_score(v)) {
        int moves = mate_in_moves(v);
        return moves > 0 ? "mate in " + std::to_string(moves)
                         : "mated in " + std::to_string(-moves);
    }
    char text[32];
    std::snprintf(text, sizeof text, "%+.2f", reported_score(v, model) / 100.0);
    return text;
}

BoardStyle style_for_terminal() {
    return isatty(STDOUT_FILENO) && utf8_locale() ? BoardStyle::UNICODE : BoardStyle::LETTERS;
}

class TerminalGame {
public:
    // Throws std::runtime_error when the evaluation asked for cannot be had (a bad --net file).
    explicit TerminalGame(const PlayOptions& options)
        : options_(options),
          human_(options.human_is_black ? BLACK : WHITE),
          flipped_(options.human_is_black),
          board_style_(options.board_style == BoardStyle::FROM_TERMINAL ? style_for_terminal()
                                                                        : options.board_style),
          echo_input_(!isatty(STDIN_FILENO)) {
        start_ = initial_position();
        pos_ = start_;
        searcher_.set_evaluator(options.evaluation.make());
    }

    void run();

private:
    Position initial_position() const;
    void new_game();
    // Handles a line of input; false when the player leaves.
    bool handle(const std::string& line);
    void play_human_move(const std::string& text);
    void play_engine_move();
    void play(Move m);
    void undo();
    void hint();
    void resign();
    // Reads a yes or no from the player; false for anything else and at the end of input.
    bool confirmed(const std::string& question);
    void claim();
    void list_moves() const;
    // Ends the game if a rule says so (no claim needed); true if it is over.
    bool check_automatic_end();
    void finish(GameResult result, const std::string& reason);
    void print_board() const;
    std::string board_rows() const;
    std::string framed_board_rows() const;
    std::string move_number_prefix(const Position& pos) const;
    void print_pgn();
    SearchLimits engine_limits() const;
    std::string side_name(Color c) const { return c == human_ ? "You" : "mneme"; }

    PlayOptions options_;
    Color human_;
    bool flipped_;
    BoardStyle board_style_;
    bool echo_input_;
    Position start_;
    Position pos_;
    std::vector<Move> moves_;
    Searcher searcher_;

    bool over_ = false;
    GameResult result_ = GameResult::ONGOING;
    std::string result_reason_;
    bool pgn_printed_ = false;
};

Position TerminalGame::initial_position() const {
    if (options_.chess960_number >= 0) return Position::chess960_start(options_.chess960_number);
    if (!options_.fen.empty()) return Position::from_fen(options_.fen);
    return Position();
}

void TerminalGame::run() {
    std::cout << "mneme: you play " << (human_ == WHITE ? "White" : "Black") << " against "
              << options_.evaluation.describe() << ". Type 'help' for commands.\n";
    print_board();
    check_automatic_end();  // a FEN may set up a game that is already over
    std::string line;
    for (;;) {
        if (!over_ && pos_.side_to_move() != human_) {
            play_engine_move();
            continue;
        }
        std::cout << (over_ ? "Game over ('new', 'undo' or 'quit'): " : "Your move: ")
                  << std::flush;
        if (!std::getline(std::cin, line)) {
            std::cout << '\n';
            break;
        }
        if (echo_input_) std::cout << line << '\n';
        if (!handle(line)) break;
    }
    if (!pgn_printed_ && !moves_.empty()) print_pgn();
}

bool TerminalGame::handle(const std::string& line) {
    std::istringstream words(line);
    std::string word;
    if (!(words >> word)) return true;
    std::string command = lower_case(word);

    if (command == "quit" || command == "exit" || command == "q") return false;
    if (command == "help" || command == "?")
        std::cout << HELP_TEXT;
    else if (command == "undo" || command == "takeback")
        undo();
    else if (command == "hint")
        hint();
    else if (command == "claim")
        claim();
    else if (command == "moves")
        list_moves();
    else if (command == "board" || command == "show")
        print_board();
    else if (command == "fen")
        std::cout << pos_.fen() << '\n';
    else if (command == "pgn")
        print_pgn();
    else if (command == "new")
        new_game();
    else if (command == "flip") {
        flipped_ = !flipped_;
        print_board();
    } else if (command == "resign") {
        resign();
    } else {
        play_human_move(word);
    }
    return true;
}

void TerminalGame::new_game() {
    if (!pgn_printed_ && !moves_.empty()) print_pgn();
    pos_ = start_;
    moves_.clear();
    over_ = false;
    result_ = GameResult::ONGOING;
    pgn_printed_ = false;
    searcher_.clear();
    std::cout << "New game: you play " << (human_ == WHITE ? "White" : "Black") << ".\n";
    print_board();
    check_automatic_end();
}

void TerminalGame::play_human_move(const std::string& text) {
    if (over_) {
        std::cout << "The game is over; 'undo' to take a move back or 'new' for another game.\n";
        return;
    }
    SanError error = SanError::NONE;
    Move m = parse_san(pos_, text, &error);
    if (!m) {
        std::cout << "'" << text << "': " << san_error_text(error)
                  << ". Type 'moves' for the legal moves, 'help' for commands.\n";
        return;
    }
    std::cout << "You play " << move_number_prefix(pos_) << move_to_san(pos_, m) << '\n';
    play(m);
    if (check_automatic_end()) return;
    // A draw the player could now claim would only be missed silently.
    GameOutcome claimable = game_outcome(pos_, true);
    if (claimable.is_over() && pos_.side_to_move() == human_)
        std::cout << "You may claim a draw (" << termination_text(claimable.termination)
                  << "): type 'claim'.\n";
}

void TerminalGame::play_engine_move() {
    std::cout << "mneme is thinking...\n" << std::flush;
    SearchResult result = searcher_.search(pos_, engine_limits());
    if (!result.best) return;  // cannot happen: the game would be over
    std::cout << "mneme plays " << move_number_prefix(pos_) << move_to_san(pos_, result.best)
              << "   ("
              << describe_score(result.score, searcher_.evaluator().win_rate_model().at(pos_))
              << " for mneme, depth " << result.depth << ", " << result.nodes << " nodes, "
              << result.time_ms << " ms)\n";
    play(result.best);
    print_board();
    if (check_automatic_end()) return;
    GameOutcome claimable = game_outcome(pos_, true);
    if (claimable.is_over())
        std::cout << "You may claim a draw (" << termination_text(claimable.termination)
                  << "): type 'claim'.\n";
}

void TerminalGame::play(Move m) {
    pos_.do_move(m);
    moves_.push_back(m);
}

void TerminalGame::undo() {
    if (moves_.empty()) {
        std::cout << "There is no move to take back.\n";
        return;
    }
    // Back to the player's turn, taking back at least one of the player's own moves.
    bool took_human_move = false;
    while (!moves_.empty() && (!took_human_move || pos_.side_to_move() != human_)) {
        pos_.undo_move();
        moves_.pop_back();
        took_human_move = took_human_move || pos_.side_to_move() == human_;
    }
    over_ = false;
    result_ = GameResult::ONGOING;
    pgn_printed_ = false;
    print_board();
    // Taken back to a start that was already over, the game is over again.
    check_automatic_end();
}

void TerminalGame::hint() {
    if (over_) {
        std::cout << "The game is over.\n";
        return;
    }
    SearchLimits limits = engine_limits();
    SearchResult result = searcher_.search(pos_, limits);
    std::cout << "Hint: " << move_to_san(pos_, result.best) << "   ("
              << describe_score(result.score, searcher_.evaluator().win_rate_model().at(pos_))
              << " for you, depth " << result.depth << ")\n";
}

void TerminalGame::resign() {
    if (over_) {
        std::cout << "The game is already over.\n";
        return;
    }
    if (!confirmed("Resign this game? (yes/no) ")) {
        std::cout << "The game goes on.\n";
        return;
    }
    finish(human_ == WHITE ? GameResult::BLACK_WINS : GameResult::WHITE_WINS,
           std::string(human_ == WHITE ? "White" : "Black") + " resigns");
}

bool TerminalGame::confirmed(const std::string& question) {
    std::cout << question << std::flush;
    std::string answer;
    if (!std::getline(std::cin, answer)) {
        std::cout << '\n';
        return false;
    }
    if (echo_input_) std::cout << answer << '\n';
    auto words = split_whitespace(answer);
    std::string word = words.size() == 1 ? lower_case(words[0]) : std::string();
    return word == "y" || word == "yes";
}

void TerminalGame::claim() {
    if (over_) {
        std::cout << "The game is already over.\n";
        return;
    }
    GameOutcome outcome = game_outcome(pos_, true);
    if (outcome.termination == Termination::THREEFOLD_REPETITION ||
        outcome.termination == Termination::FIFTY_MOVES) {
        finish(GameResult::DRAW,
               std::string("Draw by ") + termination_text(outcome.termination) + " (claimed)");
        return;
    }
    std::cout << "No draw to claim: the position has occurred " << pos_.repetition_count() + 1
              << " time(s) and " << pos_.halfmove_clock()
              << " plies have passed without a capture or pawn move (need 3 and 100).\n";
}

void TerminalGame::list_moves() const {
    std::string line;
    for (Move m : MoveList<LEGAL>(pos_)) line += move_to_san(pos_, m) + ' ';
    std::cout << (line.empty() ? "No legal moves." : line) << '\n';
}

bool TerminalGame::check_automatic_end() {
    GameOutcome outcome = game_outcome(pos_, false);
    if (!outcome.is_over()) return false;
    std::string reason;
    if (outcome.termination == Termination::CHECKMATE)
        reason = std::string("Checkmate: ") +
                 (outcome.result == GameResult::WHITE_WINS ? "White" : "Black") + " wins";
    else
        reason = std::string("Draw by ") + termination_text(outcome.termination);
    finish(outcome.result, reason);
    return true;
}

void TerminalGame::finish(GameResult result, const std::string& reason) {
    over_ = true;
    result_ = result;
    result_reason_ = reason;
    std::cout << reason << ". " << result_text(result) << '\n';
    print_pgn();
}

void TerminalGame::print_board() const {
    std::ostringstream out;
    out << '\n' << (board_style_ == BoardStyle::ASCII ? framed_board_rows() : board_rows());
    out << "\n  " << (pos_.side_to_move() == WHITE ? "White" : "Black") << " to move";
    if (pos_.is_checkmate())
        out << ", checkmated";
    else if (pos_.in_check())
        out << ", in check";
    out << "\n\n";
    std::cout << out.str();
}

// Figurines or letters, one square per three columns; the last move's squares are bracketed,
// readable without colours.
std::string TerminalGame::board_rows() const {
    static const char* const UNICODE_PIECES[PIECE_CODE_COUNT] = {
        "\u00b7", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654", "?",
        "?",      "\u265f", "\u265e", "\u265d", "\u265c", "\u265b", "\u265a", "?"};
    static const char LETTER_PIECES[] = ".PNBRQK??pnbrqk?";
    std::ostringstream out;
    Move last = moves_.empty() ? Move::none() : moves_.back();
    for (int row = 0; row < 8; ++row) {
        int rank = flipped_ ? row : 7 - row;
        out << "  " << rank + 1 << " ";
        for (int column = 0; column < 8; ++column) {
            int file = flipped_ ? 7 - column : column;
            Square s = make_square(file, rank);
            Piece p = pos_.piece_on(s);
            bool marked = last && (s == last.from() || s == last.to());
            out << (marked ? '[' : ' ');
            if (board_style_ == BoardStyle::UNICODE)
                out << UNICODE_PIECES[p];
            else
                out << LETTER_PIECES[p];
            out << (marked ? ']' : ' ');
        }
        out << '\n';
    }
    out << "    ";
    for (int column = 0; column < 8; ++column)
        out << ' ' << file_char(flipped_ ? 7 - column : column) << ' ';
    out << '\n';
    return out.str();
}

// A grid of +---+ lines with letters (White upper case) and blank empty squares; the last
// move's squares are bracketed.
std::string TerminalGame::framed_board_rows() const {
    static const char LETTER_PIECES[] = " PNBRQK??pnbrqk?";
    const std::string rule = "    +---+---+---+---+---+---+---+---+\n";
    std::ostringstream out;
    Move last = moves_.empty() ? Move::none() : moves_.back();
    out << rule;
    for (int row = 0; row < 8; ++row) {
        int rank = flipped_ ? row : 7 - row;
        out << "  " << rank + 1 << " |";
        for (int column = 0; column < 8; ++column) {
            int file = flipped_ ? 7 - column : column;
            Square s = make_square(file, rank);
            bool marked = last && (s == last.from() || s == last.to());
            out << (marked ? '[' : ' ') << LETTER_PIECES[pos_.piece_on(s)] << (marked ? ']' : ' ')
                << '|';
        }
        out << '\n' << rule;
    }
    out << "    ";
    for (int column = 0; column < 8; ++column)
        out << "  " << file_char(flipped_ ? 7 - column : column) << ' ';
    out << '\n';
    return out.str();
}

std::string TerminalGame::move_number_prefix(const Position& pos) const {
    return std::to_string(pos.fullmove_number()) + (pos.side_to_move() == WHITE ? ". " : "... ");
}

void TerminalGame::print_pgn() {
    std::time_t now = std::time(nullptr);
    char date[16] = "????.??.??";
    if (std::tm* local = std::localtime(&now)) std::strftime(date, sizeof date, "%Y.%m.%d", local);
    PgnGame game;
    game.headers.set("Event", "mneme terminal game");
    game.headers.set("Site", "?");
    game.headers.set("Date", date);
    game.headers.set("Round", "-");
    game.headers.set("White", side_name(WHITE));
    game.headers.set("Black", side_name(BLACK));
    if (start_.is_chess960()) game.headers.set("Variant", "Chess960");
    if (start_.fen() != START_FEN) game.headers.set("FEN", start_.fen());
    for (Move m : moves_) game.mainline.moves.push_back({m, {}, {}, {}});
    if (over_ && !game.mainline.moves.empty()) game.mainline.moves.back().comment = result_reason_;
    game.result = result_;
    std::cout << '\n' << write_pgn(game) << '\n';
    pgn_printed_ = over_;
}

SearchLimits TerminalGame::engine_limits() const {
    SearchLimits limits;
    limits.depth = options_.depth;
    // A depth alone means "to that depth, however long"; otherwise a time per move.
    if (options_.movetime_given || options_.depth == 0) limits.movetime_ms = options_.movetime_ms;
    limits.move_overhead_ms = 0;
    return limits;
}

int parse_int_option(const std::string& name, const std::string& value, int min, int max) {
    std::size_t used = 0;
    int number = 0;
    try {
        number = std::stoi(value, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != value.size() || number < min || number > max)
        throw UsageError(name + " needs a number from " + std::to_string(min) + " to " +
                         std::to_string(max) + ", got '" + value + "'");
    return number;
}

}  // namespace

int play_command(const Arguments& args) {
    PlayOptions options;
    bool white = false, black = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size()) throw UsageError(a + " needs a value");
            return args[++i];
        };
        if (a == "--depth")
            options.depth = parse_int_option(a, value(), 1, MAX_PLY - 1);
        else if (a == "--movetime") {
            options.movetime_ms = parse_int_option(a, value(), 1, 24 * 3600 * 1000);
            options.movetime_given = true;
        } else if (a == "--black") {
            options.human_is_black = true;
            black = true;
        } else if (a == "--white") {
            options.human_is_black = false;
            white = true;
        } else if (a == "--fen")
            options.fen = value();
        else if (a == "--chess960")
            options.chess960_number = parse_int_option(a, value(), 0, 959);
        else if (a == "--ascii")
            options.board_style = BoardStyle::ASCII;
        else if (a == "--letters")
            options.board_style = BoardStyle::LETTERS;
        else if (a == "--unicode")
            options.board_style = BoardStyle::UNICODE;
        else if (a == "--eval")
            options.evaluation.choose(value());
        else if (a == "--net")
            options.evaluation.use_network(value());
        else
            throw UsageError("unexpected argument '" + a + "'");
    }
    // Alternatives given together: one would be silently dropped.
    if (white && black) throw UsageError("give --white or --black, not both");
    if (!options.fen.empty() && options.chess960_number >= 0)
        throw UsageError("give --fen or --chess960, not both (a FEN can hold a Chess960 position)");
    TerminalGame game(options);
    game.run();
    return 0;
}

}  // namespace mneme::app
