#include "mneme/gui/game_session.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <random>

#include "mneme/core/game_outcome.h"
#include "mneme/core/movegen.h"
#include "mneme/gui/api_error.h"
#include "mneme/gui/book_table.h"
#include "mneme/gui/game_accuracy.h"
#include "mneme/gui/position_setup.h"
#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"
#include "mneme/pgn/eco_table.h"
#include "mneme/pgn/pgn_reader.h"
#include "mneme/pgn/pgn_writer.h"

namespace mneme::gui {

namespace {

// The engine accepts a draw offer only when it thinks it stands at least this much worse.
constexpr Value ACCEPT_DRAW_BELOW_CP = -150;

const char* colour_name(Color side) { return side == WHITE ? "White" : "Black"; }

std::string today() {
    std::time_t now = std::time(nullptr);
    char date[16] = "????.??.??";
    if (std::tm* local = std::localtime(&now)) std::strftime(date, sizeof date, "%Y.%m.%d", local);
    return date;
}

bool looks_like_uci(std::string_view text) {
    auto square = [&](std::size_t i) {
        return text[i] >= 'a' && text[i] <= 'h' && text[i + 1] >= '1' && text[i + 1] <= '8';
    };
    if (text.size() != 4 && text.size() != 5) return false;
    if (!square(0) || !square(2)) return false;
    return text.size() == 4 || std::string_view("qrbnQRBN").find(text[4]) != std::string_view::npos;
}

}  // namespace

GameSession::GameSession(EventStream& events, GameStore* store,
                         std::shared_ptr<const PlayerLibrary> library)
    : events_(events),
      store_(store),
      library_(library ? std::move(library) : std::make_shared<const PlayerLibrary>()),
      version_(std::uint64_t(std::chrono::duration_cast<std::chrono::milliseconds>(
                                 std::chrono::system_clock::now().time_since_epoch())
                                 .count())),
      worker_(std::make_unique<EngineWorker>(64, library_->server_evaluation().prototype)) {
    std::lock_guard lock(mutex_);
    make_computer_players(setup_, computers_);
    reset_game(Position(), fresh_record());
    if (store_) {
        if (auto saved = store_->load_current()) restore(*saved);
    }
    clock_watcher_ = std::thread([this] { watch_clock(); });
    replan();
}

GameSession::~GameSession() { shutdown(); }

void GameSession::shutdown() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        stopping_ = true;
        ++generation_;
    }
    changed_signal_.notify_all();
    if (clock_watcher_.joinable()) clock_watcher_.join();
    // Outside the lock: the worker's last callback may be waiting for it. The thread ends
    // before the pointer is cleared, since its callbacks read worker_ (a race TSan found).
    worker_->shut_down();
    worker_.reset();
}

// ---------------------------------------------------------------------------------------------
// Views

Json GameSession::state() const {
    std::lock_guard lock(mutex_);
    return state_locked();
}

Json GameSession::state_locked() const {
    auto now = std::chrono::steady_clock::now();
    Json clock = {
        {"enabled", clock_.enabled()},
        {"base_ms", clock_.settings().base_ms},
        {"increment_ms", clock_.settings().increment_ms},
        {"white_ms", clock_.remaining_ms(WHITE, now)},
        {"black_ms", clock_.remaining_ms(BLACK, now)},
        {"running", clock_.running() ? Json(colour_name(*clock_.running())) : Json()},
    };
    Json claimable;
    if (!over() && human_to_move()) {
        GameOutcome outcome = game_outcome(current_, true);
        if (outcome.termination == Termination::THREEFOLD_REPETITION ||
            outcome.termination == Termination::FIFTY_MOVES)
            claimable = termination_text(outcome.termination);
    }
    Json headers = Json::object();
    // Filled by moves_json, read by the review after it (a braced list is evaluated in order).
    std::vector<ReviewedMove> reviewed;
    for (const PgnTag& tag : record_.headers) headers[tag.name] = tag.value;
    return {
        {"version", version_},
        {"start_fen", start_.fen()},
        {"position", position_json(current_)},
        {"moves", moves_json(reviewed)},
        {"start_comment", record_.mainline.comment},
        {"result", result_text(record_.result)},
        {"over", over()},
        {"result_reason", result_reason_},
        {"players",
         {{"white", player_kind_name(setup_.players[WHITE].kind)},
          {"black", player_kind_name(setup_.players[BLACK].kind)}}},
        {"player_setups",
         {{"white", player_setup_json(setup_.players[WHITE])},
          {"black", player_setup_json(setup_.players[BLACK])}}},
        {"names", {{"white", player_name(WHITE)}, {"black", player_name(BLACK)}}},
        {"strength",
         {{"depth", setup_.strength.depth},
          {"movetime_ms", setup_.strength.movetime_ms},
          {"elo", setup_.strength.elo}}},
        {"clock", clock},
        // mneme's turn: the state is published before its search starts (changed(), then
        // replan()), so whether the worker has begun would say false for the whole search.
        {"thinking", running_job_ == JobKind::ENGINE_MOVE || (!over() && !human_to_move())},
        {"engine", engine_report_},
        {"claimable_draw", claimable},
        {"hint", hint_},
        {"analysis", {{"on", analysis_on_}, {"ply", analysis_ply_}, {"lines", analysis_lines_}}},
        {"evaluations", evaluations_},
        {"best_moves", best_moves_},
        {"review", review_json(evaluations_, reviewed)},
        {"review_nodes", graph_nodes_},
        {"accuracy", accuracy_json(evaluations_, reviewed)},
        {"decisions", decisions_},
        {"headers", headers},
        {"notice", notice_},
    };
}

Json GameSession::moves_json(std::vector<ReviewedMove>& reviewed) const {
    Json moves = Json::array();
    Position pos = start_.without_history();
    for (const PgnNode& node : record_.mainline.moves) {
        Json variations = Json::array();
        for (const PgnLine& line : node.variations) variations.push_back(variation_text(pos, line));
        std::string san = move_to_san(pos, node.move);
        std::string uci = move_to_uci(pos, node.move);
        int number = pos.fullmove_number();
        Color mover = pos.side_to_move();
        reviewed.push_back({uci, mover == WHITE, best_moves_[reviewed.size()]});
        pos.do_move(node.move);
        Json opening;
        if (const EcoOpening* named = EcoTable::builtin().find(pos.key()))
            opening = {{"eco", named->code}, {"name", named->name}};
        moves.push_back({
            {"san", san},
            {"uci", uci},
            {"number", number},
            {"color", mover == WHITE ? "white" : "black"},
            {"fen", pos.fen()},
            {"check", pos.in_check()},
            {"comment", node.comment},
            {"nags", node.nags},
            {"variations", variations},
            {"opening", opening},
        });
    }
    return moves;
}

Json GameSession::best_move_json(const Position& root, Move best) {
    if (!best || !MoveList<LEGAL>(root).contains(best)) return Json();
    return {{"san", move_to_san(root, best)}, {"uci", move_to_uci(root, best)}};
}

Json GameSession::position_at(int ply) const {
    std::lock_guard lock(mutex_);
    if (ply < 0 || ply > ply_count())
        throw bad_request("ply must be from 0 to " + std::to_string(ply_count()) + ", got " +
                          std::to_string(ply));
    return position_json(position_after(ply));
}

std::string GameSession::pgn() const {
    std::lock_guard lock(mutex_);
    return pgn_locked();
}

std::string GameSession::pgn_locked() const { return write_pgn(record_); }

Position GameSession::position_after(int ply) const {
    Position pos = start_.without_history();
    for (int i = 0; i < ply && i < ply_count(); ++i) pos.do_move(record_.mainline.moves[i].move);
    return pos;
}

bool GameSession::has_computer_player() const {
    return !setup_.players[WHITE].human() || !setup_.players[BLACK].human();
}

void GameSession::make_computer_players(const GameSetup& setup,
                                        std::shared_ptr<ComputerPlayer> (&out)[2]) const {
    std::random_device entropy;
    for (Color side : {WHITE, BLACK}) {
        out[side].reset();
        if (!setup.players[side].human())
            out[side] = std::make_shared<ComputerPlayer>(
                setup.players[side], *library_, (std::uint64_t(entropy()) << 32) | entropy());
    }
}

Json GameSession::book_table(int ply, const std::string& book,
                             const std::string& policy_name) const {
    const LoadedBook* loaded = nullptr;
    if (book.empty()) {
        if (library_->books().empty())
            throw conflict(
                "no opening book: start mneme serve with --book FILE (.mbook or Polyglot .bin), "
                "or without --no-builtin-book");
        loaded = &library_->books().front();
    } else if (!(loaded = library_->find_book(book))) {
        throw unprocessable("no book '" + book + "' on this server");
    }
    BookPolicy policy;
    if (!policy_name.empty() && !parse_book_policy(policy_name, policy.kind))
        throw bad_request("unknown book policy '" + policy_name + "' (" + book_policy_names(',') +
                          ")");
    Position pos;
    {
        std::lock_guard lock(mutex_);
        if (ply < 0 || ply > ply_count())
            throw bad_request("ply must be from 0 to " + std::to_string(ply_count()) + ", got " +
                              std::to_string(ply));
        pos = position_after(ply);
    }
    Json table = book_table_json(*loaded->book, pos, policy);
    table["book"] = loaded->name;
    table["book_id"] = loaded->id;
    table["ply"] = ply;
    table["fen"] = pos.fen();
    return table;
}

std::string GameSession::player_name(Color side) const {
    if (!played_here_) return std::string(record_.headers.get(colour_name(side), "?"));
    if (setup_.players[side].human()) return "Human";
    if (setup_.players[side].kind != PlayerKind::ENGINE && computers_[side])
        return computers_[side]->name();
    const EngineStrength& s = setup_.strength;
    std::string notes;  // "classic evaluation, depth 6"
    if (const std::string& id = setup_.players[side].evaluation; !id.empty())
        if (const EvaluationChoice* choice = library_->find_evaluation(id)) notes = choice->label;
    if (s.elo || s.depth) {
        notes.append(notes.empty() ? "" : ", ").append(s.elo ? "Elo " : "depth ");
        notes.append(std::to_string(s.elo ? s.elo : s.depth));
    }
    std::string name = notes.empty() ? "mneme" : "mneme (" + notes + ")";
    if (!setup_.players[side].book.empty()) name += " with book";
    return name;
}

// ---------------------------------------------------------------------------------------------
// Starting and loading games

PgnGame GameSession::fresh_record() const {
    PgnGame record;
    record.headers.set("Event", "mneme GUI game");
    record.headers.set("Site", "?");
    record.headers.set("Date", today());
    record.headers.set("Round", "-");
    record.headers.set("White", player_name(WHITE));
    record.headers.set("Black", player_name(BLACK));
    record.headers.set("Result", "*");
    return record;
}

void GameSession::reset_game(const Position& start, const PgnGame& record) {
    record_ = record;
    start_ = start.without_history();
    current_ = start_;
    for (const PgnNode& node : record_.mainline.moves) current_.do_move(node.move);
    evaluations_.assign(std::size_t(ply_count()) + 1, Json());
    best_moves_.assign(std::size_t(ply_count()) + 1, Json());
    decisions_.assign(std::size_t(ply_count()), Json());
    result_reason_.clear();
    notice_.clear();
    hint_ = Json();
    hint_requested_ = false;
    engine_report_ = Json();
    engine_score_.reset();
    analysis_ply_ = std::min(analysis_ply_, ply_count());
    graph_next_ply_ = -1;
    graph_nodes_ = 0;
}

void GameSession::new_game(const GameSetup& setup) {
    Position start;
    if (!setup.fen.empty()) {
        SetupVerdict verdict = judge_setup(setup.fen);
        if (!verdict.valid) throw unprocessable(verdict.reason);
        start = Position::from_fen(setup.fen);
    }
    std::shared_ptr<ComputerPlayer> computers[2];
    make_computer_players(setup, computers);  // may refuse the setup: before anything changes
    std::lock_guard lock(mutex_);
    archive_if_worth_it();
    setup_ = setup;
    computers_[WHITE] = std::move(computers[WHITE]);
    computers_[BLACK] = std::move(computers[BLACK]);
    played_here_ = true;
    archived_ = false;
    PgnGame record = fresh_record();
    if (!setup.fen.empty() && start.fen() != START_FEN) {
        record.headers.set("SetUp", "1");
        record.headers.set("FEN", start.fen());
    }
    if (setup.clock.enabled)
        record.headers.set("TimeControl", std::to_string(setup.clock.base_ms / 1000) + "+" +
                                              std::to_string(setup.clock.increment_ms / 1000));
    reset_game(start, record);
    analysis_on_ = false;
    clock_.reset(setup.clock);
    worker_->clear_before_next_job();
    end_by_rules();
    if (!over()) clock_.start(side_to_move(), std::chrono::steady_clock::now());
    changed();
    replan();
}

void GameSession::load_game(const PgnGame& game) {
    if (game.mainline.moves.size() > MAX_LOADED_PLIES)
        throw unprocessable("the game has " + std::to_string(game.mainline.moves.size()) +
                            " plies; the program loads games of up to " +
                            std::to_string(MAX_LOADED_PLIES));
    Position start;
    try {
        start = game.start_position();
    } catch (const std::exception& e) {
        throw unprocessable(std::string("the game's starting position is invalid: ") + e.what());
    }
    std::lock_guard lock(mutex_);
    archive_if_worth_it();
    setup_.players[WHITE] = setup_.players[BLACK] = PlayerSetup{};
    computers_[WHITE].reset();
    computers_[BLACK].reset();
    setup_.clock = ClockSettings{};
    clock_.reset(setup_.clock);
    played_here_ = false;
    archived_ = true;
    reset_game(start, game);
    if (over()) {
        std::string termination(record_.headers.get("Termination", ""));
        result_reason_ = std::string("Result ") + result_text(record_.result) +
                         (termination.empty() ? "" : " (" + termination + ")");
    }
    changed();
    replan();
}

void GameSession::archive_if_worth_it() {
    if (!store_ || !played_here_ || archived_ || ply_count() == 0) return;
    try {
        store_->append_game(pgn_locked());
        archived_ = true;
    } catch (const std::exception& e) {
        events_.publish(
            "message",
            to_text(Json{{"text", std::string("could not archive the game: ") + e.what()}}));
    }
}

// ---------------------------------------------------------------------------------------------
// Moves and results

void GameSession::play_move(std::string_view uci, std::optional<int> from_ply) {
    std::lock_guard lock(mutex_);
    auto now = std::chrono::steady_clock::now();
    if (from_ply && *from_ply != ply_count()) {
        if (*from_ply < 0 || *from_ply > ply_count())
            throw bad_request("ply must be from 0 to " + std::to_string(ply_count()) + ", got " +
                              std::to_string(*from_ply));
        if (has_computer_player())
            throw conflict(
                "in a game against mneme, moves are made at the end of the game; "
                "use take back to return to an earlier position");
        truncate(*from_ply);
    }
    if (over()) throw conflict("the game is over: " + result_reason_);
    if (end_if_flag_fallen(now)) {
        changed();
        replan();
        throw conflict(result_reason_);
    }
    if (!human_to_move()) throw conflict("it is mneme's turn to move");
    Move move = parse_uci_move(current_, uci);
    if (!move) {
        if (!looks_like_uci(uci))
            throw bad_request(
                "'" + std::string(uci) +
                "' is not a move in UCI notation (such as e2e4, or e7e8q to promote)");
        if (uci.size() == 4) {
            for (Move legal : MoveList<LEGAL>(current_))
                if (legal.kind() == PROMOTION && move_to_uci(current_, legal).substr(0, 4) == uci)
                    throw unprocessable(
                        "a pawn reaching the last rank must promote: add q, r, b "
                        "or n (" +
                        std::string(uci) + "q)");
        }
        throw unprocessable("illegal move " + std::string(uci) + " for " +
                            colour_name(side_to_move()) + " in " + current_.fen());
    }
    apply_move(move, "");
    changed();
    replan();
}

void GameSession::apply_move(Move move, const std::string& comment, Json decision) {
    clock_.press(std::chrono::steady_clock::now());
    record_.mainline.moves.push_back({move, {}, comment, {}});
    current_.do_move(move);
    evaluations_.push_back(Json());
    best_moves_.push_back(Json());
    decisions_.push_back(std::move(decision));
    hint_ = Json();
    hint_requested_ = false;
    end_by_rules();
}

void GameSession::truncate(int ply) {
    while (ply_count() > ply) {
        record_.mainline.moves.pop_back();
        current_.undo_move();
        evaluations_.pop_back();
        best_moves_.pop_back();
        decisions_.pop_back();
    }
    if (over()) {
        record_.result = GameResult::ONGOING;
        record_.headers.set("Result", "*");
        record_.headers.remove("Termination");
        result_reason_.clear();
        archived_ = !played_here_;
    }
    hint_ = Json();
    hint_requested_ = false;
    // The last report was of a search in a position no longer on the board: the status bar
    // showed its line after a take back.
    engine_report_ = Json();
}

void GameSession::take_back() {
    std::lock_guard lock(mutex_);
    if (ply_count() == 0) throw conflict("there is no move to take back");
    if (!setup_.players[WHITE].human() && !setup_.players[BLACK].human())
        throw conflict("take back is for games with a human player");
    bool took_human_move = false;
    int ply = ply_count();
    Position pos = current_;
    while (ply > 0 && (!took_human_move || !setup_.players[pos.side_to_move()].human())) {
        pos.undo_move();
        --ply;
        took_human_move = took_human_move || setup_.players[pos.side_to_move()].human();
    }
    truncate(ply);
    if (clock_.enabled()) clock_.start(side_to_move(), std::chrono::steady_clock::now());
    changed();
    replan();
}

void GameSession::resign() {
    std::lock_guard lock(mutex_);
    if (over()) throw conflict("the game is over: " + result_reason_);
    Color side = side_to_move();
    if (!human_to_move()) {
        if (!setup_.players[~side].human()) throw conflict("there is no human player to resign");
        side = ~side;
    }
    finish(side == WHITE ? GameResult::BLACK_WINS : GameResult::WHITE_WINS,
           std::string(colour_name(side)) + " resigns; " + colour_name(~side) + " wins", "normal");
    changed();
    replan();
}

bool GameSession::offer_draw() {
    std::lock_guard lock(mutex_);
    if (over()) throw conflict("the game is over: " + result_reason_);
    bool accepted = !has_computer_player() || current_.is_insufficient_material() ||
                    (engine_score_ && *engine_score_ <= ACCEPT_DRAW_BELOW_CP);
    if (!accepted) {
        events_.publish("message", to_text(Json{{"text", "mneme declines the draw offer"}}));
        return false;
    }
    finish(GameResult::DRAW, "Draw by agreement", "normal");
    changed();
    replan();
    return true;
}

void GameSession::claim_draw() {
    std::lock_guard lock(mutex_);
    if (over()) throw conflict("the game is over: " + result_reason_);
    if (!human_to_move()) throw conflict("a draw is claimed by the player to move");
    GameOutcome outcome = game_outcome(current_, true);
    if (outcome.termination != Termination::THREEFOLD_REPETITION &&
        outcome.termination != Termination::FIFTY_MOVES)
        throw unprocessable("no draw to claim: the position has occurred " +
                            std::to_string(current_.repetition_count() + 1) + " time(s) and " +
                            std::to_string(current_.halfmove_clock()) +
                            " plies have passed without a capture or pawn move (3 and 100 needed)");
    finish(GameResult::DRAW,
           std::string("Draw by ") + termination_text(outcome.termination) + " (claimed)",
           "normal");
    changed();
    replan();
}

bool GameSession::end_if_flag_fallen(Clock now) {
    if (over() || !clock_.running()) return false;
    Color side = *clock_.running();
    if (clock_.remaining_ms(side, now) > 0) return false;
    std::string lost = std::string(colour_name(side)) + "'s time ran out";
    if (current_.has_insufficient_material(~side))
        finish(GameResult::DRAW, lost + ", but " + colour_name(~side) + " cannot mate: draw",
               "time forfeit");
    else
        finish(side == WHITE ? GameResult::BLACK_WINS : GameResult::WHITE_WINS,
               lost + "; " + colour_name(~side) + " wins", "time forfeit");
    return true;
}

void GameSession::end_by_rules() {
    GameOutcome outcome = game_outcome(current_, false);
    if (!outcome.is_over()) return;
    if (outcome.termination == Termination::CHECKMATE)
        finish(outcome.result,
               std::string("Checkmate; ") +
                   (outcome.result == GameResult::WHITE_WINS ? "White" : "Black") + " wins",
               "normal");
    else
        finish(outcome.result, std::string("Draw by ") + termination_text(outcome.termination),
               "normal");
}

void GameSession::finish(GameResult result, const std::string& reason,
                         const std::string& termination) {
    record_.result = result;
    record_.headers.set("Result", result_text(result));
    record_.headers.set("Termination", termination);
    result_reason_ = reason;
    clock_.stop(std::chrono::steady_clock::now(), false);
    hint_ = Json();
    hint_requested_ = false;
    if (!record_.mainline.moves.empty()) {
        std::string& comment = record_.mainline.moves.back().comment;
        comment += (comment.empty() ? "" : " ") + reason;
    }
    archive_if_worth_it();
}

// ---------------------------------------------------------------------------------------------
// Saving

void GameSession::changed() {
    ++version_;
    events_.publish("state", to_text(state_locked()));
    save();
    changed_signal_.notify_all();
}

void GameSession::save() {
    if (!store_) return;
    auto now = std::chrono::steady_clock::now();
    Json saved = {
        {"players",
         {{"white", player_setup_json(setup_.players[WHITE])},
          {"black", player_setup_json(setup_.players[BLACK])}}},
        {"strength",
         {{"depth", setup_.strength.depth},
          {"movetime_ms", setup_.strength.movetime_ms},
          {"elo", setup_.strength.elo}}},
        {"clock",
         {{"enabled", clock_.enabled()},
          {"base_ms", clock_.settings().base_ms},
          {"increment_ms", clock_.settings().increment_ms},
          {"white_ms", clock_.remaining_ms(WHITE, now)},
          {"black_ms", clock_.remaining_ms(BLACK, now)}}},
        {"played_here", played_here_},
        {"archived", archived_},
        {"result_reason", result_reason_},
        {"pgn", pgn_locked()},
    };
    try {
        store_->save_current(saved.dump(2, ' ', false, Json::error_handler_t::replace));
    } catch (const std::exception& e) {
        std::cerr << "mneme serve: " << e.what() << '\n';
        events_.publish(
            "message",
            to_text(Json{{"text", std::string("could not save the game: ") + e.what()}}));
    }
}

void GameSession::restore(const std::string& text) {
    try {
        Json saved = Json::parse(text);
        PgnReader reader = PgnReader::from_string(saved.at("pgn").get<std::string>());
        std::optional<PgnGame> game = reader.next();
        if (!game) throw std::runtime_error("its PGN holds no readable game");
        // A player whose book, case base or evaluation this server was not given becomes a
        // human; the page says so (a log line alone goes unseen).
        std::string notice;
        for (Color side : {WHITE, BLACK}) {
            const char* name = side == WHITE ? "white" : "black";
            try {
                setup_.players[side] = read_player_setup(saved.at("players").at(name), *library_,
                                                         std::string("players.") + name);
                if (!setup_.players[side].human())
                    ComputerPlayer(setup_.players[side], *library_, 0);
            } catch (const ApiError& e) {
                std::cerr << "mneme serve: the saved game's " << name
                          << " player cannot play here (" << e.what() << "); a human plays " << name
                          << "\n";
                notice += std::string(notice.empty() ? "" : " ") + "The saved game's " + name +
                          " player cannot play here: " + e.what() + ". You play " +
                          (side == WHITE ? "White." : "Black.");
                setup_.players[side] = PlayerSetup{};
            }
        }
        const Json& strength = saved.at("strength");
        setup_.strength = {strength.at("depth").get<int>(),
                           strength.at("movetime_ms").get<std::int64_t>(),
                           strength.at("elo").get<int>()};
        const Json& clock = saved.at("clock");
        setup_.clock = {clock.at("enabled").get<bool>(), clock.at("base_ms").get<std::int64_t>(),
                        clock.at("increment_ms").get<std::int64_t>()};
        played_here_ = saved.at("played_here").get<bool>();
        make_computer_players(setup_, computers_);
        reset_game(game->start_position(), *game);
        notice_ = notice;
        archived_ = saved.at("archived").get<bool>();
        result_reason_ = saved.at("result_reason").get<std::string>();
        clock_.reset(setup_.clock);
        clock_.set_remaining_ms(WHITE, clock.at("white_ms").get<std::int64_t>());
        clock_.set_remaining_ms(BLACK, clock.at("black_ms").get<std::int64_t>());
        if (!over()) clock_.start(side_to_move(), std::chrono::steady_clock::now());
    } catch (const std::exception& e) {
        std::cerr << "mneme serve: could not resume the game saved in " << store_->current_path()
                  << " (" << e.what() << "); starting a new game\n";
        setup_ = GameSetup{};
        make_computer_players(setup_, computers_);
        played_here_ = true;
        archived_ = false;
        reset_game(Position(), fresh_record());
        notice_ = "The game saved in " + store_->current_path() +
                  " could not be resumed: " + e.what() + ". A new game started.";
    }
}

}  // namespace mneme::gui
