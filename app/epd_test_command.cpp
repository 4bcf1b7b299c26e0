// mneme epd-test: solves a test suite (bm/am opcodes) at a fixed time or depth per position.
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>

#include "book_arguments.h"
#include "commands.h"
#include "eval_params_file.h"
#include "evaluation_argument.h"
#include "mneme/match/player.h"
#include "mneme/match/player_spec.h"
#include "mneme/notation/epd.h"
#include "mneme/notation/san.h"
#include "mneme/search/search.h"
#include "mneme/search/search_options.h"
#include "mneme/util/text.h"
#include "required_inputs.h"
#include "search_option_argument.h"

namespace mneme::app {

namespace {

struct EpdTestOptions {
    std::string path;
    std::int64_t movetime_ms = 1000;
    int depth = 0;
    std::uint64_t nodes = 0;  // a load-independent limit, for comparing settings
    int threads = 1;
    int hash_mb = 64;
    std::size_t limit = 0;  // 0 = every position
    bool quiet = false;
    SearchOptions search;  // the margins and refinement switches given with --option
    EvaluationArgument evaluation;
    // Another engine to put to the same test (--engine "cmd=stockfish ..."), so that a suite's
    // figures for mneme and a reference are read on the same machine in the same run.
    std::string engine_spec;
};

EpdTestOptions parse_options(const Arguments& args) {
    EpdTestOptions options;
    int limits_given = 0;               // --movetime, --depth and --nodes are alternatives
    bool mneme_settings_given = false;  // options that only mneme's own search takes
    ArgumentReader reader(args);
    while (reader.more()) {
        const std::string& a = reader.next();
        if (a == "--option" || a == "--params" || a == "--hand-written" || a == "--eval" ||
            a == "--net")
            mneme_settings_given = true;
        if (a == "--movetime" || a == "--depth" || a == "--nodes") {
            ++limits_given;
            if (a == "--movetime")
                options.movetime_ms = reader.integer(a, 1, 24LL * 3600 * 1000);
            else if (a == "--depth")
                options.depth = int(reader.integer(a, 1, MAX_PLY - 1));
            else
                options.nodes = std::uint64_t(reader.integer(a, 1, 1LL << 50));
        } else if (a == "--option")
            set_search_option(reader.value(a), &options.search);
        else if (a == "--threads")
            options.threads = int(reader.integer(a, 1, Searcher::MAX_THREADS));
        else if (a == "--hash")
            options.hash_mb = int(reader.integer(a, 1, TranspositionTable::MAX_SIZE_MB));
        else if (a == "--limit")
            options.limit = std::size_t(reader.integer(a, 1, 1LL << 40));
        else if (a == "--quiet")
            options.quiet = true;
        else if (a == "--params")
            use_eval_params_file(reader.value(a));
        else if (a == "--hand-written")
            set_active_eval_params(EvalParams::hand_written());
        else if (a == "--eval")
            options.evaluation.choose(reader.value(a));
        else if (a == "--net")
            options.evaluation.use_network(reader.value(a));
        else if (a == "--engine")
            options.engine_spec = reader.value(a);
        else if (options.path.empty() && a.rfind("--", 0) != 0)
            options.path = a;
        else
            reader.unexpected(a);
    }
    if (limits_given > 1)
        throw UsageError("give one of --movetime, --depth and --nodes (they are alternatives)");
    require_arguments({{!options.path.empty(), "FILE.epd"}});
    require_readable_files({options.path});
    if (options.depth > 0 || options.nodes > 0) options.movetime_ms = 0;
    if (!options.engine_spec.empty() && mneme_settings_given)
        throw UsageError(
            "--option, --eval and --net set mneme's search; with --engine give the "
            "engine's options as option.NAME=VALUE in its spec");
    return options;
}

// The moves an opcode's operands name (SAN, tolerant); unparseable ones are reported.
std::vector<Move> operand_moves(const Position& pos, const EpdRecord& record,
                                std::string_view opcode, std::string* problems) {
    std::vector<Move> moves;
    if (const EpdOperation* op = record.find(opcode)) {
        for (const std::string& text : op->operands) {
            SanError error;
            if (Move m = parse_san(pos, text, &error))
                moves.push_back(m);
            else if (text != "+" && text != "?" && text != "!")
                problems->append(problems->empty() ? " " : "; ")
                    .append(opcode)
                    .append(" '")
                    .append(printable(text))
                    .append("': ")
                    .append(san_error_text(error));
        }
    }
    return moves;
}

// The engine named by --engine, started, with the run's threads and table unless its spec sets
// them. Throws std::runtime_error when it cannot be had.
std::unique_ptr<Player> start_engine(const EpdTestOptions& options) {
    PlayerSpec spec;
    try {
        spec = parse_player_spec(split_command_line(options.engine_spec));
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--engine: ") + e.what());
    }
    if (spec.kind != PlayerKind::UCI && spec.kind != PlayerKind::XBOARD)
        throw UsageError("--engine needs an external engine: cmd=PROGRAM [proto=uci|xboard]");
    auto set_unless_given = [&spec](const std::string& name, int value) {
        for (const auto& option : spec.options)
            if (option.first == name) return;
        spec.options.emplace_back(name, std::to_string(value));
    };
    if (spec.kind == PlayerKind::UCI) {
        set_unless_given("Threads", options.threads);
        set_unless_given("Hash", options.hash_mb);
    }
    auto engine = make_player(spec);
    std::string error;
    if (!engine->start(error))
        throw std::runtime_error("--engine: " + engine->name() + " did not start: " + error);
    return engine;
}

bool contains(const std::vector<Move>& moves, Move m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// One position's answer: the move chosen, the depth reached and, for mneme's own search, the
// first iteration from which its choice stayed right (the solve time; another engine reports
// only its last).
struct Attempt {
    Move chosen;
    int depth = 0;
    std::int64_t solved_at_ms = -1;
    int solved_at_depth = 0;
    bool engine_fault = false;  // the --engine crashed, hung or answered wrongly
};

template <typename IsRight>
Attempt search_position(Searcher& searcher, const Position& pos, const EpdTestOptions& options,
                        const IsRight& right) {
    SearchLimits limits;
    limits.depth = options.depth;
    limits.nodes = options.nodes;
    limits.movetime_ms = options.movetime_ms;
    searcher.clear();
    Attempt attempt;
    SearchResult result = searcher.search(pos, limits, [&](const SearchInfo& info) {
        if (info.current_move || info.multipv != 1 || info.pv.empty()) return;
        if (!right(info.pv.front()))
            attempt.solved_at_ms = -1;
        else if (attempt.solved_at_ms < 0)
            attempt.solved_at_ms = info.time_ms, attempt.solved_at_depth = info.depth;
    });
    attempt.chosen = result.best;
    attempt.depth = result.depth;
    return attempt;
}

// The engine of --engine on one position; a fault is reported, counts as no move, and the
// engine is started again for the next position.
Attempt ask_engine(Player& engine, const Position& pos, const EpdTestOptions& options,
                   const std::string& id) {
    MoveRequest request;
    request.start = pos;
    request.position = pos;
    request.time_control.movetime_ms = options.movetime_ms;
    request.time_control.depth = options.depth;
    request.time_control.nodes = options.nodes;
    // A timed search that overruns by far has hung; a depth or node search may not.
    if (options.movetime_ms > 0)
        request.deadline = std::chrono::milliseconds(options.movetime_ms * 3 + 5000);
    engine.new_game(pos, false);
    MoveReply reply = engine.play(request);
    if (reply.fault != PlayerFault::NONE) {
        std::cerr << options.path << ": " << id << ": " << engine.name() << ": "
                  << fault_text(reply.fault) << " (" << reply.detail
                  << "); counted as not solved\n";
        std::string error;
        if (!engine.healthy() && !engine.restart(error))
            throw std::runtime_error("--engine: " + engine.name() +
                                     " could not be restarted: " + error);
    }
    Attempt attempt;
    attempt.chosen = reply.move;
    attempt.depth = reply.depth;
    attempt.engine_fault = reply.fault != PlayerFault::NONE;
    return attempt;
}

}  // namespace

int epd_test_command(const Arguments& args) {
    EpdTestOptions options = parse_options(args);
    std::vector<std::string> errors;
    std::vector<EpdRecord> records = read_epd_file(options.path, &errors);
    for (const auto& e : errors) std::cerr << e << '\n';
    if (records.empty()) {
        std::cerr << options.path << ": no EPD positions to test\n";
        return 1;
    }
    if (options.limit && records.size() > options.limit) records.resize(options.limit);

    // mneme's own searcher, or the engine of --engine in its place.
    std::unique_ptr<Searcher> searcher;
    std::unique_ptr<Player> engine;
    if (options.engine_spec.empty()) {
        searcher = std::make_unique<Searcher>(std::size_t(options.hash_mb));
        searcher->set_options(options.search);
        searcher->set_threads(options.threads);
        searcher->set_evaluator(options.evaluation.make());
    } else {
        engine = start_engine(options);
    }
    int tested = 0, solved = 0, without_moves = 0, bad_operands = 0, engine_faults = 0;
    // Lines the reader could not use are skipped as well, and counted in the summary.
    int unreadable = int(errors.size());
    std::vector<std::string> failures;
    auto start = std::chrono::steady_clock::now();

    for (std::size_t i = 0; i < records.size(); ++i) {
        const EpdRecord& record = records[i];
        // The id is printed on every line about the position; it may hold any byte.
        std::string id = printable(record.operand("id"));
        if (id.empty()) id = std::string("#").append(std::to_string(i + 1));
        Position pos;
        try {
            pos = record.position();
        } catch (const FenError& e) {
            std::cerr << options.path << ": " << id << ": " << e.what() << '\n';
            ++unreadable;
            continue;
        }
        std::string problems;
        std::vector<Move> best = operand_moves(pos, record, "bm", &problems);
        std::vector<Move> avoid = operand_moves(pos, record, "am", &problems);
        if (!problems.empty()) {
            std::cerr << options.path << ": " << id << ":" << problems << '\n';
            ++bad_operands;
        }
        if (best.empty() && avoid.empty()) {
            ++without_moves;
            continue;
        }

        auto right = [&](Move m) {
            return (best.empty() || contains(best, m)) && !contains(avoid, m);
        };
        Attempt attempt = searcher ? search_position(*searcher, pos, options, right)
                                   : ask_engine(*engine, pos, options, id);
        const Move chosen = attempt.chosen;
        const std::int64_t solved_at_ms = attempt.solved_at_ms;
        const int solved_at_depth = attempt.solved_at_depth, depth_reached = attempt.depth;
        ++tested;
        engine_faults += attempt.engine_fault;
        bool ok = chosen && right(chosen);
        solved += ok;
        if (!ok) failures.push_back(id);
        if (!options.quiet) {
            std::cout << std::left << std::setw(14) << id << std::right
                      << (ok ? "  solved " : "  FAILED ") << std::setw(7)
                      << (chosen ? move_to_san(pos, chosen) : std::string("-")) << "  expected";
            for (Move m : best) std::cout << ' ' << move_to_san(pos, m);
            for (Move m : avoid) std::cout << " !" << move_to_san(pos, m);
            if (ok && solved_at_ms >= 0)
                std::cout << "  (at depth " << solved_at_depth << ", " << solved_at_ms << " ms)";
            else if (ok && searcher)  // an iteration the limit cut off: no finished depth chose it
                std::cout << "  (in the last, unfinished iteration)";
            std::cout << "  depth " << depth_reached << std::endl;  // a long run shows progress
        }
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << options.path << ": solved " << solved << "/" << tested << " at "
              << (options.depth   ? "depth " + std::to_string(options.depth)
                  : options.nodes ? std::to_string(options.nodes) + " nodes"
                                  : std::to_string(options.movetime_ms) + " ms")
              << " per position, " << options.threads << " thread(s), "
              << (searcher ? searcher->evaluator().name() + " evaluation"
                           : engine->name() + " (--engine)")
              << ", " << std::fixed << std::setprecision(1) << seconds << " s";
    // After the figures, so that "solved N/M at" reads the same whatever was skipped.
    if (without_moves || unreadable) {
        std::cout << "; skipped:";
        if (without_moves)
            std::cout << ' ' << without_moves << " without a usable bm or am"
                      << (unreadable ? "," : "");
        if (unreadable) std::cout << ' ' << unreadable << " unreadable";
    }
    std::cout << '\n';
    if (!failures.empty()) {
        std::cout << "failed:";
        for (const auto& f : failures) std::cout << ' ' << f;
        std::cout << '\n';
    }
    // Unsolved positions are the figures; a suite read or tested only in part is a failure,
    // so that a script sees it (positions may be missing from the figures).
    std::vector<std::string> faults;
    auto count = [](int n, const std::string& what) {
        return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
    };
    if (unreadable) faults.push_back(count(unreadable, "unreadable line"));
    if (bad_operands) faults.push_back(count(bad_operands, "line") + " with a bad bm or am move");
    if (engine_faults) faults.push_back(count(engine_faults, "engine fault"));
    if (tested == 0) faults.push_back("no position with a usable bm or am to test");
    if (faults.empty()) return 0;
    std::cerr << options.path << ": exit status 1:";
    for (std::size_t i = 0; i < faults.size(); ++i) std::cerr << (i ? ", " : " ") << faults[i];
    std::cerr << '\n';
    return 1;
}

}  // namespace mneme::app
