#include "mneme/protocol/uci_player_protocol.h"

#include "mneme/core/movegen.h"
#include "mneme/match/cbr_player.h"
#include "mneme/notation/uci_move.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/util/text.h"

namespace mneme {

UciPlayerProtocol::UciPlayerProtocol(std::ostream& out, PlayerSpec spec)
    : out_(out), spec_(std::move(spec)), position_(start_) {}

bool UciPlayerProtocol::handle(const std::string& text) {
    Words words = split_words(text);
    if (words.empty()) return true;
    const std::string& command = words.front();
    if (command == "quit") return false;
    if (command == "uci") {
        line("id name mneme " + spec_.name);
        line("id author the mneme team");
        line("option name UCI_Chess960 type check default false");
        if (spec_.kind == PlayerKind::CBR) {
            // The CBR settings, as strings: the player checks them when it starts.
            for (const char* name : {"weights", "k", "choice", "penalty", "mirror", "repetition",
                                     "exact", "verify", "margin", "candidates", "trace"})
                line(std::string("option name ") + name + " type string default <default>");
        }
        line("uciok");
    } else if (command == "isready") {
        ensure_started();
        line("readyok");
    } else if (command == "ucinewgame") {
        // Every game gets the next seed, so a series of games is reproducible.
        if (ensure_started()) player_->set_game_seed(games_++);
    } else if (command == "setoption") {
        set_option(words);
    } else if (command == "position") {
        set_position(words);
    } else if (command == "go") {
        go();
    } else if (command == "stop" || command == "ponderhit" || command == "debug") {
        // The move was given at once; nothing runs.
    } else {
        line("info string unknown command: " + command);
    }
    return true;
}

bool UciPlayerProtocol::start(std::string& error) {
    player_ = make_player(spec_);
    if (!player_->start(error)) {
        player_.reset();
        started_ = false;
        return false;
    }
    started_ = true;
    return true;
}

bool UciPlayerProtocol::ensure_started() {
    if (started_) return true;
    std::string error;
    if (!start(error)) {
        line("info string error: " + error);
        return false;
    }
    return true;
}

void UciPlayerProtocol::set_option(const Words& words) {
    std::string name, value;
    std::string* target = nullptr;
    for (std::size_t i = 1; i < words.size(); ++i) {
        if (words[i] == "name" && !target)
            target = &name;
        else if (words[i] == "value" && target == &name)
            target = &value;
        else if (target)
            *target += (target->empty() ? "" : " ") + words[i];
    }
    if (lower_case(name) == "uci_chess960") {
        chess960_ = lower_case(value) == "true";
        return;
    }
    if (value == "<default>") return;
    std::erase_if(spec_.options,
                  [&](const auto& option) { return lower_case(option.first) == lower_case(name); });
    spec_.options.emplace_back(name, value);
    started_ = false;  // the next isready or go starts the player with the new options
}

void UciPlayerProtocol::set_position(const Words& words) {
    std::size_t i = 1;
    Position start;
    std::string error;
    if (i < words.size() && words[i] == "startpos") {
        start.set_fen(START_FEN, chess960_, &error);
        ++i;
    } else if (i < words.size() && words[i] == "fen") {
        std::string fen;
        for (++i; i < words.size() && words[i] != "moves"; ++i) fen += words[i] + ' ';
        if (!start.set_fen(fen, chess960_, &error))
            return line("info string error: bad FEN '" + fen + "': " + error);
    } else {
        return line("info string error: position needs 'startpos' or 'fen FEN'");
    }
    Position pos = start;
    std::vector<Move> moves;
    if (i < words.size() && words[i] == "moves") {
        for (++i; i < words.size(); ++i) {
            Move m = parse_uci_move(pos, words[i]);
            if (!m) {
                line("info string error: illegal move '" + words[i] + "' in " + pos.fen() +
                     "; the moves after it are ignored");
                break;
            }
            pos.do_move(m);
            moves.push_back(m);
        }
    }
    start_ = start;
    moves_ = moves;
    position_ = pos;
}

void UciPlayerProtocol::go() {
    MoveList<LEGAL> legal(position_);
    // Mate or stalemate: the null move is the only honest answer.
    if (legal.size() == 0) return line("bestmove 0000");
    Move move = Move::none();
    if (ensure_started()) {
        MoveRequest request;
        request.start = start_;
        request.moves = moves_;
        request.position = position_;
        MoveReply reply = player_->play(request);
        if (auto* cbr = dynamic_cast<CbrPlayer*>(player_.get()))
            for (const std::string& text : cbr->last_trace()) line("info string " + text);
        if (reply.has_score)
            line("info depth " + std::to_string(reply.depth) + " score cp " +
                 std::to_string(reply.score));
        move = reply.move;
    }
    if (!legal.contains(move)) {
        // A GUI takes "bestmove 0000" as resignation or a crash; any legal move is better.
        Move fallback = *legal.begin();
        line("info string the " + spec_.name + " player gave no move; playing " +
             move_to_uci(position_, fallback) + ", the first legal move, instead");
        move = fallback;
    }
    line("bestmove " + move_to_uci(position_, move));
}

bool run_player_uci(const PlayerSpec& spec, std::istream& in, std::ostream& out,
                    std::string& error) {
    UciPlayerProtocol protocol(out, spec);
    if (!protocol.start(error)) return false;
    std::string text;
    while (std::getline(in, text))
        if (!protocol.handle(text)) break;
    return true;
}

}  // namespace mneme
