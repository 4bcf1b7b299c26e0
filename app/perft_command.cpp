// mneme perft: node counts for one position, or every ;Dn entry of an EPD suite.
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>

#include "commands.h"
#include "mneme/core/movegen.h"
#include "mneme/core/perft.h"
#include "mneme/notation/epd.h"
#include "mneme/notation/perft_suite.h"
#include "mneme/notation/uci_move.h"
#include "progress_line.h"

namespace mneme::app {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Where a long count stands, on a terminal's stderr (perft 8 counts for minutes), at most four
// times a second; nothing when stderr is a file or a pipe.
class PerftProgress {
public:
    PerftProgress() : line_(isatty(STDERR_FILENO)) {}
    void show(double seconds, const char* pattern, auto... values) {
        if (seconds < next_seconds_) return;
        next_seconds_ = seconds + 0.25;
        char text[200];
        std::snprintf(text, sizeof text, pattern, values...);
        line_.show(seconds, text);
    }
    void clear() { line_.clear(); }

private:
    ProgressLine line_;
    double next_seconds_ = 0;
};

int run_suite(const std::string& path, int max_depth) {
    std::vector<std::string> errors;
    std::vector<PerftSuiteRecord> suite = read_perft_suite(path, &errors);
    for (const auto& e : errors) std::cerr << e << '\n';
    if (suite.empty()) {
        // "0/0 counts passed" would read as a pass.
        std::cerr << path << ": no position with a ;Dn count to check\n";
        return 1;
    }

    int checked = 0, failed = 0, positions = 0, read = 0;
    std::uint64_t nodes = 0;
    auto start = std::chrono::steady_clock::now();
    PerftProgress progress;
    for (const PerftSuiteRecord& entry : suite) {
        progress.show(seconds_since(start), "%s: %d/%zu positions, %d counts checked, %d failed",
                      path.c_str(), read++, suite.size(), checked, failed);
        Position pos;
        try {
            pos = entry.record.position();
        } catch (const FenError& e) {
            progress.clear();
            std::cerr << path << ":" << entry.line_number << ": " << e.what() << '\n';
            ++failed;
            continue;
        }
        bool any = false;
        for (const PerftCount& count : entry.counts) {
            if (max_depth > 0 && count.depth > max_depth) continue;
            std::uint64_t got = perft(pos, count.depth);
            nodes += got;
            ++checked;
            any = true;
            if (got != count.nodes) {
                ++failed;
                progress.clear();
                std::cout << "FAIL " << path << ":" << entry.line_number << ": "
                          << entry.record.position_fields << " depth " << count.depth
                          << ": expected " << count.nodes << ", got " << got << '\n';
            }
        }
        positions += any;
    }
    progress.clear();
    double elapsed = seconds_since(start);
    std::cout << path << ": " << checked - failed << "/" << checked << " counts passed over "
              << positions << " positions, " << nodes << " nodes in " << elapsed << " s ("
              << static_cast<std::uint64_t>(nodes / std::max(elapsed, 1e-9)) << " nodes/s)\n";
    if (!errors.empty())
        std::cout << errors.size() << " unreadable lines or counts skipped (see above)\n";
    if (checked == 0)
        std::cerr << path << ": no count at depth " << max_depth << " or less to check\n";
    return failed || !errors.empty() || checked == 0 ? 1 : 0;
}

// A depth from the command line: a whole number from 1 to MAX_SUITE_PERFT_DEPTH.
int parse_depth(const std::string& text) {
    int depth = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), depth);
    if (error != std::errc() || end != text.data() + text.size() || depth < 1 ||
        depth > MAX_SUITE_PERFT_DEPTH)
        throw UsageError("the depth '" + text + "' is not a number from 1 to " +
                         std::to_string(MAX_SUITE_PERFT_DEPTH));
    return depth;
}

}  // namespace

int perft_command(const Arguments& args) {
    std::optional<int> depth;
    std::string fen(START_FEN), suite;
    bool divide = false, chess960 = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size()) throw UsageError(a + " needs a value");
            return args[++i];
        };
        if (a == "--fen")
            fen = value();
        else if (a == "--suite")
            suite = value();
        else if (a == "--depth" || (!a.empty() && a.rfind("--", 0) != 0 &&
                                    a.find_first_of("0123456789") != std::string::npos)) {
            // A number where the depth goes, even a malformed one ("-1", "1x"), is a depth.
            if (depth) throw UsageError("the depth is given twice");
            depth = parse_depth(a == "--depth" ? value() : a);
        } else if (a == "--divide")
            divide = true;
        else if (a == "--chess960")
            chess960 = true;
        else
            throw UsageError("unexpected argument '" + a + "'");
    }
    if (!suite.empty()) return run_suite(suite, depth.value_or(0));
    if (!depth) throw UsageError("needs a DEPTH or --suite FILE");

    Position pos = Position::from_fen(fen, chess960);
    auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    const std::size_t root_moves = MoveList<LEGAL>(pos).size();
    std::size_t counted_moves = 0;
    PerftProgress progress;
    // Root move by root move, so that a long count shows where it stands (and --divide prints
    // each move's count as soon as it is known).
    perft_divide(pos, *depth, nullptr, nullptr, [&](Move move, std::uint64_t count) {
        nodes += count;
        ++counted_moves;
        if (divide) {
            progress.clear();
            std::cout << move_to_uci(pos, move) << ": " << count << std::endl;
        }
        progress.show(seconds_since(start), "perft %d: %zu/%zu root moves, %llu nodes", *depth,
                      counted_moves, root_moves, static_cast<unsigned long long>(nodes));
    });
    progress.clear();
    if (divide) std::cout << '\n';
    double elapsed = seconds_since(start);
    std::cout << "Nodes: " << nodes << "\nTime: " << elapsed
              << " s\nNPS: " << static_cast<std::uint64_t>(nodes / std::max(elapsed, 1e-9)) << '\n';
    return 0;
}

}  // namespace mneme::app
