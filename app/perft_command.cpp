// mneme perft: node counts for one position, or every ;Dn entry of an EPD suite.
#include <chrono>
#include <iostream>
#include <optional>

#include "commands.h"
#include "mneme/core/perft.h"
#include "mneme/notation/epd.h"
#include "mneme/notation/uci_move.h"

namespace mneme::app {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int run_suite(const std::string& path, int max_depth) {
    std::vector<std::string> errors;
    auto records = read_epd_file(path, &errors);
    for (const auto& e : errors) std::cerr << e << '\n';
    if (!errors.empty() && records.empty()) return 1;

    int checked = 0, failed = 0, positions = 0;
    std::uint64_t nodes = 0;
    auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < records.size(); ++i) {
        const EpdRecord& record = records[i];
        Position pos;
        try {
            pos = record.position();
        } catch (const FenError& e) {
            std::cerr << path << ": record " << i + 1 << ": " << e.what() << '\n';
            ++failed;
            continue;
        }
        bool any = false;
        for (const auto& op : record.operations) {
            if (op.opcode.size() < 2 || op.opcode[0] != 'D' || op.operands.empty()) continue;
            int depth = std::stoi(op.opcode.substr(1));
            if (max_depth > 0 && depth > max_depth) continue;
            std::uint64_t expected = std::stoull(op.operands.front());
            std::uint64_t got = perft(pos, depth);
            nodes += got;
            ++checked;
            any = true;
            if (got != expected) {
                ++failed;
                std::cout << "FAIL " << record.position_fields << " depth " << depth
                          << ": expected " << expected << ", got " << got << '\n';
            }
        }
        positions += any;
    }
    double elapsed = seconds_since(start);
    std::cout << path << ": " << checked - failed << "/" << checked << " counts passed over "
              << positions << " positions, " << nodes << " nodes in " << elapsed << " s ("
              << static_cast<std::uint64_t>(nodes / std::max(elapsed, 1e-9)) << " nodes/s)\n";
    return failed || !errors.empty() ? 1 : 0;
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
        if (a == "--fen") fen = value();
        else if (a == "--suite") suite = value();
        else if (a == "--depth") depth = std::stoi(value());
        else if (a == "--divide") divide = true;
        else if (a == "--chess960") chess960 = true;
        else if (!a.empty() && std::isdigit(static_cast<unsigned char>(a[0]))) depth = std::stoi(a);
        else
            throw UsageError("unexpected argument '" + a + "'");
    }
    if (!suite.empty()) return run_suite(suite, depth.value_or(0));
    if (!depth) throw UsageError("needs a DEPTH or --suite FILE");

    Position pos = Position::from_fen(fen, chess960);
    auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    if (divide) {
        for (auto [move, count] : perft_divide(pos, *depth)) {
            std::cout << move_to_uci(pos, move) << ": " << count << '\n';
            nodes += count;
        }
        std::cout << '\n';
    } else {
        nodes = perft(pos, *depth);
    }
    double elapsed = seconds_since(start);
    std::cout << "Nodes: " << nodes << "\nTime: " << elapsed << " s\nNPS: "
              << static_cast<std::uint64_t>(nodes / std::max(elapsed, 1e-9)) << '\n';
    return 0;
}

}  // namespace mneme::app
