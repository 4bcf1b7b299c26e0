#include "mneme/protocol/uci_protocol.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <optional>
#include <sstream>

#include "mneme/core/movegen.h"
#include "mneme/core/perft.h"
#include "mneme/eval/evaluate.h"
#include "mneme/nnue/builtin_network.h"
#include "mneme/nnue/nnue_evaluator.h"
#include "mneme/notation/uci_move.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/search/reported_score.h"
#include "mneme/util/text.h"

namespace mneme {

namespace {

// Every command handle() knows, for skipping unknown words in front of one.
constexpr const char* COMMANDS[] = {"quit",  "uci",      "isready",    "stop",      "ponderhit",
                                    "debug", "register", "ucinewgame", "setoption", "position",
                                    "go",    "d",        "eval",       "perft"};

// Where the `index`-th word (from 0) of `line` starts, as split_words() splits it.
std::size_t word_start(const std::string& line, std::size_t index) {
    std::vector<std::string_view> words = split_whitespace(line);
    return index < words.size() ? std::size_t(words[index].data() - line.data()) : line.size();
}

// Deeper counts from an ordinary position take hours; `mneme perft` has no such cap.
constexpr int MAX_PERFT_DEPTH = 8;

std::optional<std::int64_t> parse_integer(const std::string& text) {
    std::int64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// An integer, with one too large for 64 bits taken as the largest (or smallest) there is: a
// clock of "99999999999999999999" ms is a very long time, not a missing clock. The smallest
// is never SearchLimits::NO_CLOCK.
std::optional<std::int64_t> parse_saturating_integer(const std::string& text) {
    constexpr std::int64_t lowest = SearchLimits::NO_CLOCK + 1;
    std::int64_t value = 0;
    const char* last = text.data() + text.size();
    auto [end, error] = std::from_chars(text.data(), last, value);
    if (end != last) return std::nullopt;
    if (error == std::errc::result_out_of_range)
        return text.front() == '-' ? lowest : std::numeric_limits<std::int64_t>::max();
    if (error != std::errc()) return std::nullopt;
    return std::max(value, lowest);
}

// "name Move Overhead value 30" -> {"move overhead", "30"}; names are case-insensitive.
std::pair<std::string, std::string> option_name_and_value(const std::vector<std::string>& words) {
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
    return {lower_case(name), value};
}

// How scores are shown: normalised by the evaluation's win-rate model at the root's material,
// with win/draw/loss chances when UCI_ShowWDL is on.
struct ScoreDisplay {
    WinRateParameters model;
    bool show_wdl = false;
};

std::string info_line(const SearchInfo& info, bool chess960, const ScoreDisplay& display) {
    std::ostringstream line;
    if (info.current_move) {
        line << "info depth " << info.depth << " currmove "
             << move_to_uci(info.current_move, chess960) << " currmovenumber "
             << info.current_move_number << " nodes " << info.nodes << " time " << info.time_ms;
        return line.str();
    }
    line << "info depth " << info.depth << " seldepth " << info.seldepth << " multipv "
         << info.multipv;
    if (info.score != VALUE_NONE && info.score != -VALUE_INFINITE) {
        line << " score " << uci_score(info.score, display.model);
        if (info.bound == Bound::LOWER) line << " lowerbound";
        if (info.bound == Bound::UPPER) line << " upperbound";
        if (display.show_wdl) {
            WinDrawLoss chances = win_draw_loss(info.score, display.model);
            line << " wdl " << chances.win << ' ' << chances.draw << ' ' << chances.loss;
        }
    }
    line << " nodes " << info.nodes << " nps " << info.nps << " hashfull " << info.hashfull
         << " time " << info.time_ms;
    if (!info.pv.empty()) {
        line << " pv";
        for (Move m : info.pv) line << ' ' << move_to_uci(m, chess960);
    }
    return line.str();
}

// The end-of-search counters: how well the moves were ordered and how much was pruned.
std::string statistics_line(const SearchResult& result) {
    const SearchStatistics& s = result.statistics;
    std::ostringstream line;
    line << "info string cutoffs " << s.beta_cutoffs << " first-move-cutoff-rate "
         << (s.beta_cutoffs ? s.first_move_cutoffs * 1000 / s.beta_cutoffs : 0) / 10.0
         << "% reductions " << s.reductions << " re-searches " << s.re_searches
         << " futility-prunes " << s.futility_prunes << " aspiration-fails " << s.aspiration_fails
         << " quiescence-checks " << s.quiescence_checks << " double-extensions "
         << s.double_extensions << " deeper-re-searches " << s.deeper_re_searches
         << " shallower-re-searches " << s.shallower_re_searches << " table-score-evals "
         << s.table_score_evals;
    return line.str();
}

}  // namespace

std::string uci_score(Value internal, const WinRateParameters& model) {
    if (is_mate_score(internal)) return "mate " + std::to_string(mate_in_moves(internal));
    return "cp " + std::to_string(reported_score(internal, model));
}

UciProtocol::UciProtocol(std::ostream& out, Searcher* searcher)
    : out_(out), searcher_(lent_or_new(searcher, own_searcher_)) {
    searcher_.set_evaluator(evaluation_.initial_evaluator());
}

void UciProtocol::apply(nnue::EvaluationChoice::Change change) {
    if (change.evaluator) {
        thread_.stop_and_wait();
        searcher_.set_evaluator(std::move(change.evaluator));
    }
    if (!change.message.empty()) info_string((change.error ? "error: " : "") + change.message);
}

bool UciProtocol::handle(const std::string& line) {
    Words words = split_words(line);
    if (words.empty()) return true;
    const std::string& command = words.front();

    if (command == "quit") {
        thread_.stop_and_wait();
        return false;
    }
    if (command == "uci")
        identify();
    else if (command == "isready")
        out_.line("readyok");
    else if (command == "stop")
        thread_.stop();
    else if (command == "ponderhit")
        thread_.ponderhit();
    else if (command == "debug") {
        // Debug mode adds the search's counters after each search.
        debug_ = words.size() < 2 || lower_case(words[1]) != "off";
    } else if (command == "register") {
        // Accepted and ignored: there is nothing to register.
    } else if (command == "ucinewgame") {
        thread_.stop_and_wait();
        searcher_.clear();
    } else if (command == "setoption") {
        set_option(words);
    } else if (command == "position") {
        set_position(words);
    } else if (command == "go") {
        go(words);
    } else if (command == "d") {
        std::istringstream board(pos_.to_string());
        for (std::string row; std::getline(board, row);) out_.line(row);
    } else if (command == "eval") {
        std::istringstream report(evaluation_report(pos_));
        for (std::string row; std::getline(report, row);) out_.line(row);
        // The evaluator is replaced only between searches: no need to wait for one.
        int internal = evaluate(pos_);
        if (evaluation_.active() == "nnue") {
            // The network is read-only.
            const auto& net =
                static_cast<const nnue::NnueEvaluator&>(searcher_.evaluator()).network();
            internal = nnue::evaluate_position(net, pos_);
            out_.line("network " + std::to_string(internal) + " (side to move)");
        }
        WinRateParameters scale = searcher_.evaluator().win_rate_model().at(pos_);
        out_.line("reported " + uci_score(internal, scale) +
                  " (side to move; cp 100 = half the games won)");
    } else if (command == "perft") {
        perft(words);
    } else {
        // UCI: an unknown word is skipped and the rest of the line read ("joho debug on" turns
        // debug mode on). The rest starts with a known command, so this recurses once at most.
        for (std::size_t i = 1; i < words.size(); ++i) {
            if (std::find(std::begin(COMMANDS), std::end(COMMANDS), words[i]) == std::end(COMMANDS))
                continue;
            info_string("skipped unknown words before '" + words[i] + "'");
            return handle(line.substr(word_start(line, i)));
        }
        info_string("unknown command: " + line.substr(0, line.find_last_not_of(" \t\r") + 1));
    }
    return true;
}

void UciProtocol::end_of_input() {
    if (search_unlimited_) thread_.stop();
    thread_.wait();
}

void UciProtocol::identify() {
    out_.line("id name mneme");
    out_.line("id author the mneme team");
    out_.line("option name Hash type spin default " +
              std::to_string(TranspositionTable::DEFAULT_SIZE_MB) + " min 1 max " +
              std::to_string(TranspositionTable::MAX_SIZE_MB));
    out_.line("option name Clear Hash type button");
    out_.line(std::string("option name Eval type combo default ") +
              nnue::default_evaluation_name() + " var classic var nnue");
    out_.line("option name EvalFile type string default <built-in>");
    out_.line("option name Threads type spin default 1 min 1 max " +
              std::to_string(Searcher::MAX_THREADS));
    out_.line("option name MultiPV type spin default 1 min 1 max 256");
    out_.line("option name Contempt type spin default 0 min -200 max 200");
    const SearchMargins default_margins;
    for (const SearchMarginOption& m : SEARCH_MARGIN_OPTIONS)
        out_.line(std::string("option name ") + m.name + " type spin default " +
                  std::to_string(default_margins.*(m.field)) + " min " + std::to_string(m.min) +
                  " max " + std::to_string(m.max));
    const SearchOptions default_options;
    for (const SearchRefinementOption& r : SEARCH_REFINEMENT_OPTIONS)
        out_.line(std::string("option name ") + r.name + " type check default " +
                  (default_options.*(r.field) ? "true" : "false"));
    out_.line("option name Skill Level type spin default 20 min 0 max 20");
    out_.line("option name UCI_LimitStrength type check default false");
    out_.line("option name UCI_Elo type spin default " + std::to_string(Skill::MAX_ELO) + " min " +
              std::to_string(Skill::MIN_ELO) + " max " + std::to_string(Skill::MAX_ELO));
    out_.line("option name Ponder type check default false");
    out_.line("option name Move Overhead type spin default 10 min 0 max 5000");
    out_.line("option name UCI_Chess960 type check default false");
    out_.line("option name UCI_ShowWDL type check default false");
    out_.line("option name OwnBook type check default false");
    out_.line("option name BookFile type string default <empty>");
    std::string names = book_policy_names(' ');
    std::string policies = "option name BookPolicy type combo default opta3";
    for (std::string_view name : split_whitespace(names)) policies += " var " + std::string(name);
    out_.line(policies);
    out_.line("option name BookDepth type spin default " +
              std::to_string(EngineBook::DEFAULT_DEPTH) + " min 0 max " +
              std::to_string(EngineBook::MAX_DEPTH));
    out_.line("option name BookExperience type string default <empty>");
    out_.line("option name BookOrdering type check default false");
    out_.line("option name OphistaFile type string default <empty>");
    // A spin's range must fit the GUIs' 32-bit integers.
    out_.line("option name BookSeed type spin default 0 min 0 max 2147483647");
    out_.line("uciok");
}

void UciProtocol::set_option(const Words& words) {
    // Not a structured binding: the lambdas below use `value`, which clang 14 cannot capture
    // from one (the fuzz build's compiler).
    const auto name_and_value = option_name_and_value(words);
    const std::string& name = name_and_value.first;
    const std::string& value = name_and_value.second;
    std::string message;
    BookOptionResult book_result = book_.set_option(name, value, message);
    if (book_result != BookOptionResult::NOT_BOOK_OPTION) {
        if (!message.empty())
            info_string((book_result == BookOptionResult::FAILED ? "error: " : "") + message);
        return;
    }
    auto number = parse_integer(value);
    // A check option is true or false; anything else leaves it as it was, with the reason.
    auto check = [&](const char* option, bool& field) {
        std::string wanted = lower_case(value);
        if (wanted != "true" && wanted != "false")
            return info_string(std::string(option) + " needs true or false, got '" + value + "'");
        field = wanted == "true";
    };
    // A spin option beyond its range takes the nearest end, and says so.
    auto spin = [&](const char* option, std::int64_t low, std::int64_t high) {
        std::int64_t clamped = std::clamp<std::int64_t>(*number, low, high);
        if (clamped != *number)
            info_string(std::string(option) + " is " + std::to_string(low) + " to " +
                        std::to_string(high) + "; " + value + " taken as " +
                        std::to_string(clamped));
        return clamped;
    };
    if (name == "eval") {
        apply(evaluation_.set_eval(value));
    } else if (name == "evalfile") {
        apply(evaluation_.set_file(value));
    } else if (name == "hash") {
        if (!number || *number < 1)
            return info_string("Hash needs a size in MB, got '" + value + "'");
        auto wanted = std::size_t(spin("Hash", 1, TranspositionTable::MAX_SIZE_MB));
        thread_.stop_and_wait();
        if (!searcher_.set_hash_size(wanted))
            info_string("not enough memory for " + std::to_string(wanted) + " MB of hash; " +
                        std::to_string(searcher_.hash_size()) + " MB kept");
    } else if (name == "clear hash") {
        thread_.stop_and_wait();
        searcher_.clear();
    } else if (name == "threads") {
        if (!number || *number < 1 || *number > Searcher::MAX_THREADS)
            return info_string("Threads needs 1 to " + std::to_string(Searcher::MAX_THREADS) +
                               ", got '" + value + "'");
        thread_.stop_and_wait();
        searcher_.set_threads(int(*number));
    } else if (name == "move overhead") {
        if (!number || *number < 0)
            return info_string("Move Overhead needs milliseconds, got '" + value + "'");
        move_overhead_ms_ = *number;
    } else if (name == "uci_chess960") {
        bool before = chess960_;
        check("UCI_Chess960", chess960_);
        if (chess960_ == before) return;
        // Castling moves are spelled differently now; the board itself does not change.
        std::string error;
        Position reread;
        if (reread.set_fen(pos_.fen(), chess960_, &error)) pos_ = reread;
    } else if (name == "uci_showwdl") {
        check("UCI_ShowWDL", show_wdl_);
    } else if (name == "multipv") {
        if (!number)
            return info_string("MultiPV needs a number from 1 to 256, got '" + value + "'");
        multi_pv_ = int(spin("MultiPV", 1, 256));
    } else if (name == "contempt") {
        if (!number) return info_string("Contempt needs centipawns, got '" + value + "'");
        contempt_ = Value(spin("Contempt", -200, 200));
    } else if (const SearchMarginOption* margin = find_search_margin(name)) {
        std::string error;
        if (!set_search_margin(*margin, value, &margins_, &error)) return info_string(error);
    } else if (const SearchRefinementOption* refinement = find_search_refinement(name)) {
        std::string wanted = lower_case(value);
        if (wanted != "true" && wanted != "false")
            return info_string(std::string(refinement->name) + " needs true or false, got '" +
                               value + "'");
        refinements_.*(refinement->field) = wanted == "true";
    } else if (name == "skill level") {
        if (!number) return info_string("Skill Level needs 0 to 20, got '" + value + "'");
        skill_level_ = int(spin("Skill Level", 0, Skill::MAX_LEVEL));
    } else if (name == "uci_limitstrength") {
        check("UCI_LimitStrength", limit_strength_);
    } else if (name == "uci_elo") {
        if (!number) return info_string("UCI_Elo needs a rating, got '" + value + "'");
        elo_ = int(spin("UCI_Elo", Skill::MIN_ELO, Skill::MAX_ELO));
    } else if (name == "ponder") {
        // The GUI decides when to ponder; nothing to set up but the value's check.
        bool ponder = false;
        check("Ponder", ponder);
    } else {
        info_string("unknown option: " + name);
    }
}

void UciProtocol::set_position(const Words& words) {
    std::size_t i = 1;
    Position pos;
    std::string error;
    if (i < words.size() && words[i] == "startpos") {
        pos.set_fen(START_FEN, chess960_, &error);
        ++i;
    } else if (i < words.size() && words[i] == "fen") {
        std::string fen;
        for (++i; i < words.size() && words[i] != "moves"; ++i)
            fen += (fen.empty() ? "" : " ") + words[i];
        // The reason quotes the FEN itself.
        if (!pos.set_fen(fen, chess960_, &error)) return info_string("error: bad FEN: " + error);
    } else {
        return info_string("error: position needs 'startpos' or 'fen FEN'");
    }
    if (i < words.size() && words[i] != "moves")
        info_string("error: '" + words[i] + "' after the position; expected 'moves'; ignored");
    if (i < words.size() && words[i] == "moves") {
        for (++i; i < words.size(); ++i) {
            Move m = parse_uci_move(pos, words[i]);
            if (!m) {
                info_string("error: illegal move '" + words[i] + "' in " + pos.fen() +
                            "; the moves after it are ignored");
                break;
            }
            pos.do_move(m);
        }
    }
    pos_ = pos;
}

void UciProtocol::go(const Words& words) {
    // Stockfish's spelling of the count: "go perft 5" took "perft" and "5" for unknown limits
    // and searched until stopped.
    if (words.size() > 1 && words[1] == "perft")
        return perft(Words(words.begin() + 1, words.end()));
    SearchLimits limits;
    // The clock runs from here: waiting for a previous search and setting up count too.
    limits.start_time = std::chrono::steady_clock::now();
    thread_.stop_and_wait();
    if (std::string warning = evaluation_.waiting_warning(); !warning.empty())
        info_string("warning: " + warning);
    limits.move_overhead_ms = move_overhead_ms_;
    bool any_limit = false;
    static const char* const LIMITS[] = {"depth", "nodes", "movetime",  "wtime", "btime",
                                         "winc",  "binc",  "movestogo", "mate"};
    auto is_parameter = [](const std::string& word) {
        return word == "infinite" || word == "ponder" || word == "searchmoves" ||
               std::find(std::begin(LIMITS), std::end(LIMITS), word) != std::end(LIMITS);
    };
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::string& key = words[i];
        if (key == "infinite") {
            limits.infinite = true;
            continue;
        }
        if (key == "ponder") {
            limits.ponder = true;
            continue;
        }
        if (key == "searchmoves") {
            // The moves run to the next parameter; one that is not legal here is left out and
            // named, and the moves after it still count.
            for (; i + 1 < words.size() && !is_parameter(words[i + 1]); ++i) {
                if (Move m = parse_uci_move(pos_, words[i + 1]))
                    limits.search_moves.push_back(m);
                else
                    info_string("error: searchmoves " + words[i + 1] +
                                " is not a legal move here; left out");
            }
            continue;
        }
        if (!is_parameter(key)) {
            info_string("unknown go parameter: " + key);
            continue;
        }
        if (i + 1 >= words.size()) {
            info_string("error: go " + key + " needs a value");
            break;
        }
        auto value = parse_saturating_integer(words[++i]);
        if (!value) {
            // The GUI meant a limit: searching without it might never answer, so a garbled
            // one counts as the smallest (a clock of 0 means "move now").
            info_string("error: go " + key + " needs a whole number, got '" + words[i] +
                        "'; taken as 0");
            value = 0;
        }
        // Zero or less means "as little as possible" for a limit (inside SearchLimits zero is
        // "no limit"); a clock may be negative (it has run out: move at once); an increment
        // below zero counts as none.
        std::int64_t at_least_one = std::max<std::int64_t>(*value, 1);
        if (key == "movestogo") {
            limits.moves_to_go = int(std::clamp<std::int64_t>(*value, 0, 1'000'000));
            continue;  // not a limit by itself
        }
        any_limit = true;
        if (key == "depth")
            limits.depth = int(std::min<std::int64_t>(at_least_one, MAX_PLY));
        else if (key == "nodes")
            limits.nodes = std::uint64_t(at_least_one);
        else if (key == "movetime")
            limits.movetime_ms = at_least_one;
        else if (key == "wtime")
            limits.time_ms[WHITE] = *value;
        else if (key == "btime")
            limits.time_ms[BLACK] = *value;
        else if (key == "winc")
            limits.increment_ms[WHITE] = std::max<std::int64_t>(*value, 0);
        else if (key == "binc")
            limits.increment_ms[BLACK] = std::max<std::int64_t>(*value, 0);
        else  // mate
            limits.mate = int(std::min<std::int64_t>(at_least_one, MAX_PLY / 2));
    }
    // A bare "go" means "until stop", like "go infinite".
    if (!any_limit && !limits.ponder) limits.infinite = true;
    // Analysis, pondering and mate searches want a search; a game move may come from the book.
    if (!limits.infinite && !limits.ponder && !limits.mate) {
        if (auto decision = book_.choose(pos_, limits.search_moves)) {
            search_unlimited_ = false;
            info_string(decision->description);
            out_.line("bestmove " + move_to_uci(decision->move, chess960_));
            return;
        }
    }
    bool has_own_limit = limits.depth || limits.nodes || limits.movetime_ms || limits.mate ||
                         limits.has_clock(pos_.side_to_move());
    search_unlimited_ = limits.infinite || limits.ponder || !has_own_limit;

    // Strength limiting: UCI_LimitStrength with UCI_Elo overrides Skill Level.
    if (limit_strength_)
        skill_.set_elo(elo_);
    else
        skill_.set_level(skill_level_);
    SearchOptions options = searcher_.options();
    options.contempt = contempt_;
    options.margins = margins_;
    for (const SearchRefinementOption& r : SEARCH_REFINEMENT_OPTIONS)
        options.*(r.field) = refinements_.*(r.field);
    options.progress_reports = true;
    options.multi_pv = std::max(multi_pv_, skill_.candidate_lines());
    if (std::uint64_t budget = skill_.node_limit())
        limits.nodes = limits.nodes ? std::min(limits.nodes, budget) : budget;
    searcher_.set_options(options);
    searcher_.set_ordering_hint(book_.ordering_hint());

    bool chess960 = chess960_;
    bool debug = debug_;
    ScoreDisplay display{searcher_.evaluator().win_rate_model().at(pos_), show_wdl_};
    thread_.start(
        pos_, limits,
        [this, chess960, display](const SearchInfo& info) {
            out_.line(info_line(info, chess960, display));
        },
        [this, chess960, debug](const SearchResult& result) {
            if (debug) out_.line(statistics_line(result));
            Move best = result.best;
            Move ponder = result.ponder;
            if (skill_.limits_strength() && !result.lines.empty()) {
                best = skill_.choose(result.lines);
                if (best != result.best) ponder = Move::none();
            }
            std::string text = "bestmove " + move_to_uci(best, chess960);
            if (ponder) text += " ponder " + move_to_uci(ponder, chess960);
            out_.line(text);
        });
}

void UciProtocol::perft(const Words& words) {
    auto depth = words.size() > 1 ? parse_integer(words[1]) : std::nullopt;
    if (!depth || *depth < 1)
        return info_string("error: perft needs a depth from 1 to " +
                           std::to_string(MAX_PERFT_DEPTH));
    if (*depth > MAX_PERFT_DEPTH)
        return info_string("error: perft " + words[1] + " is too deep: at most " +
                           std::to_string(MAX_PERFT_DEPTH) +
                           " plies here (deeper counts take hours; mneme perft has no cap)");
    // On the search thread, so that "stop", "isready" and "quit" are still answered.
    thread_.stop_and_wait();
    search_unlimited_ = false;  // a count ends by itself: the end of input lets it finish
    thread_.start_job(
        [this, pos = pos_, plies = int(*depth)](const std::atomic<bool>& stop) mutable {
            bool stopped = false;
            std::uint64_t total = 0;
            // Each root move's count as soon as it is known: a deep count shows it is going.
            auto counted = [&](Move move, std::uint64_t count) {
                out_.line(move_to_uci(pos, move) + ": " + std::to_string(count));
                total += count;
            };
            auto counts = perft_divide(pos, plies, &stop, &stopped, counted);
            if (stopped) {
                info_string("perft stopped after " + std::to_string(counts.size()) + " root moves");
                return;
            }
            out_.line("");
            out_.line("Nodes searched: " + std::to_string(total));
        });
}

}  // namespace mneme
