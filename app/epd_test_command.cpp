// mneme epd-test: solves a test suite (bm/am opcodes) at a fixed time or depth per position.
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>

#include "book_arguments.h"
#include "commands.h"
#include "eval_params_file.h"
#include "evaluation_argument.h"
#include "mneme/notation/epd.h"
#include "mneme/notation/san.h"
#include "mneme/search/search.h"
#include "mneme/search/search_options.h"
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
};

EpdTestOptions parse_options(const Arguments& args) {
    EpdTestOptions options;
    int limits_given = 0;  // --movetime, --depth and --nodes are alternatives
    ArgumentReader reader(args);
    while (reader.more()) {
        const std::string& a = reader.next();
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
            options.evaluation.name = reader.value(a);
        else if (a == "--net")
            options.evaluation.use_network(reader.value(a));
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
                problems->append(" ")
                    .append(opcode)
                    .append(" '")
                    .append(text)
                    .append("': ")
                    .append(san_error_text(error))
                    .append(";");
        }
    }
    return moves;
}

bool contains(const std::vector<Move>& moves, Move m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
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

    Searcher searcher{std::size_t(options.hash_mb)};
    searcher.set_options(options.search);
    searcher.set_threads(options.threads);
    searcher.set_evaluator(options.evaluation.make());
    int tested = 0, solved = 0, skipped = 0;
    std::vector<std::string> failures;
    auto start = std::chrono::steady_clock::now();

    for (std::size_t i = 0; i < records.size(); ++i) {
        const EpdRecord& record = records[i];
        std::string id = record.operand("id");
        if (id.empty()) id = std::string("#").append(std::to_string(i + 1));
        Position pos;
        try {
            pos = record.position();
        } catch (const FenError& e) {
            std::cerr << options.path << ": " << id << ": " << e.what() << '\n';
            ++skipped;
            continue;
        }
        std::string problems;
        std::vector<Move> best = operand_moves(pos, record, "bm", &problems);
        std::vector<Move> avoid = operand_moves(pos, record, "am", &problems);
        if (!problems.empty()) std::cerr << options.path << ": " << id << ":" << problems << '\n';
        if (best.empty() && avoid.empty()) {
            ++skipped;
            continue;
        }

        SearchLimits limits;
        limits.depth = options.depth;
        limits.nodes = options.nodes;
        limits.movetime_ms = options.movetime_ms;
        searcher.clear();
        // The first iteration from which the engine's choice stayed right: the solve time.
        std::int64_t solved_at_ms = -1;
        int solved_at_depth = 0;
        auto right = [&](Move m) {
            return (best.empty() || contains(best, m)) && !contains(avoid, m);
        };
        SearchResult result = searcher.search(pos, limits, [&](const SearchInfo& info) {
            if (info.current_move || info.multipv != 1 || info.pv.empty()) return;
            if (right(info.pv.front())) {
                if (solved_at_ms < 0) solved_at_ms = info.time_ms, solved_at_depth = info.depth;
            } else {
                solved_at_ms = -1;
            }
        });
        ++tested;
        bool ok = result.best && right(result.best);
        solved += ok;
        if (!ok) failures.push_back(id);
        if (!options.quiet) {
            std::cout << std::left << std::setw(14) << id << std::right
                      << (ok ? "  solved " : "  FAILED ") << std::setw(7)
                      << move_to_san(pos, result.best) << "  expected";
            for (Move m : best) std::cout << ' ' << move_to_san(pos, m);
            for (Move m : avoid) std::cout << " !" << move_to_san(pos, m);
            if (ok && solved_at_ms >= 0)
                std::cout << "  (at depth " << solved_at_depth << ", " << solved_at_ms << " ms)";
            else if (ok)  // the move of an iteration the limit cut off: no finished depth chose it
                std::cout << "  (in the last, unfinished iteration)";
            std::cout << "  depth " << result.depth << '\n';
        }
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << options.path << ": solved " << solved << "/" << tested;
    if (skipped) std::cout << " (" << skipped << " without bm/am or unreadable, skipped)";
    std::cout << " at "
              << (options.depth   ? "depth " + std::to_string(options.depth)
                  : options.nodes ? std::to_string(options.nodes) + " nodes"
                                  : std::to_string(options.movetime_ms) + " ms")
              << " per position, " << options.threads << " thread(s), "
              << searcher.evaluator().name() << " evaluation, " << std::fixed
              << std::setprecision(1) << seconds << " s\n";
    if (!failures.empty()) {
        std::cout << "failed:";
        for (const auto& f : failures) std::cout << ' ' << f;
        std::cout << '\n';
    }
    return 0;
}

}  // namespace mneme::app
