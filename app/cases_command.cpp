// mneme cases: build a case base from PGN, print its statistics, time its retrieval.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>

#include "book_arguments.h"
#include "commands.h"
#include "mneme/cbr/case_base.h"
#include "mneme/cbr/case_base_builder.h"
#include "mneme/cbr/case_base_merge.h"
#include "mneme/cbr/cbr_agent.h"
#include "mneme/pgn/pgn_reader.h"
#include "mneme/util/builtin_files.h"
#include "required_inputs.h"
#include "shard_argument.h"
#include "unwritten_output.h"

namespace mneme::app {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// CPU time of this thread: latencies stay meaningful while other jobs share the cores.
double thread_cpu_seconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) + 1e-9 * double(now.tv_nsec);
}

std::string megabytes(double bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MB", bytes / (1 << 20));
    return text;
}

std::pair<int, int> parse_bucket(const std::string& text) {
    int low = 0, high = 0;
    char dash = 0;
    std::istringstream in(text);
    if (!(in >> low >> dash >> high) || dash != '-' || !in.eof() || low < 1 || high < low)
        throw UsageError("--bucket: '" + text + "' is not a rating range LOW-HIGH");
    return {low, high};
}

// OUT.mcases -> OUT-LOW-HIGH.mcases
std::string bucket_path(const std::string& output, std::pair<int, int> bucket) {
    std::string stem = output;
    if (stem.size() > 7 && stem.compare(stem.size() - 7, 7, ".mcases") == 0)
        stem.resize(stem.size() - 7);
    return stem + "-" + std::to_string(bucket.first) + "-" + std::to_string(bucket.second) +
           ".mcases";
}

int build_command(const Arguments& args) {
    std::vector<std::string> inputs;
    std::string output;
    CaseBuildOptions options;
    bool quiet = false;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (a == "--player")
            options.players.push_back(reader.value(a));
        else if (a == "--min-elo")
            options.min_elo = int(reader.integer(a, 1, 5000));
        else if (a == "--max-elo")
            options.max_elo = int(reader.integer(a, 1, 5000));
        else if (a == "--max-cases")
            options.max_cases = std::uint64_t(reader.integer(a, 1, 1LL << 32));
        else if (a == "--sample-seed")
            options.sample_seed = std::uint64_t(reader.integer(a, 0, 1LL << 62));
        else if (a == "--bucket")
            options.elo_buckets.push_back(parse_bucket(reader.value(a)));
        else if (a == "--max-games")
            options.max_games = std::uint64_t(reader.integer(a, 1, 1LL << 40));
        else if (a == "--mirror")
            options.mirror = true;
        else if (a == "--shard") {
            read_shard("--shard", reader.value(a), options.shard, options.shards);
        } else if (a == "--quiet")
            quiet = true;
        else if (a == "-" || a.rfind("-", 0) != 0)
            inputs.push_back(a);
        else
            reader.unexpected(a);
    }
    require_arguments({{!inputs.empty(), "IN.pgn..."}, {!output.empty(), "-o OUT.mcases"}});
    require_readable_files(inputs);
    require_distinct_inputs(inputs);
    std::vector<std::string> outputs;
    for (const auto& bucket : options.elo_buckets) outputs.push_back(bucket_path(output, bucket));
    if (outputs.empty()) outputs.push_back(output);
    require_outputs_apart(inputs, outputs);
    require_writable_outputs(outputs);
    if (!options.elo_buckets.empty() && (options.min_elo || options.max_elo))
        throw UsageError("--bucket replaces --min-elo and --max-elo");
    if (options.max_elo && options.min_elo > options.max_elo)
        throw UsageError("--min-elo " + std::to_string(options.min_elo) + " is above --max-elo " +
                         std::to_string(options.max_elo));

    bool terminal = isatty(STDERR_FILENO);
    bool shown = false;
    double next_line = 0;
    auto clear = [&] {
        if (shown) std::fprintf(stderr, "\r\033[K");
        shown = false;
    };
    if (!quiet)
        options.progress = [&](const CaseBuildProgress& p) {
            if (!terminal && p.seconds < next_line) return;
            next_line = p.seconds + 10;
            std::fprintf(stderr, "%s%llu games, %llu cases, %.0f games/s", terminal ? "\r" : "",
                         static_cast<unsigned long long>(p.games_seen),
                         static_cast<unsigned long long>(p.cases),
                         p.games_seen / std::max(p.seconds, 1e-9));
            if (p.bytes_total > 0 && p.bytes_read > 0) {
                double fraction = double(p.bytes_read) / double(p.bytes_total);
                std::fprintf(stderr, ", %.0f%%, ETA %.0f s", 100 * fraction,
                             p.seconds * (1 - fraction) / std::max(fraction, 1e-9));
            }
            std::fprintf(stderr, terminal ? "   " : "\n");
            shown = terminal;
        };
    options.report = [&](const std::string& message) {
        clear();
        std::cerr << message << '\n';
    };
    options.stop = catch_build_interrupts();
    CaseBuild build;
    try {
        build = build_cases(inputs, options);
    } catch (const CaseBuildInterrupted& e) {
        clear();
        std::cerr << "mneme cases build: " << e.what() << '\n';
        return build_interrupt_status();
    }
    clear();
    const CaseBuildStats& s = build.stats;
    const bool sample_at_merge = options.shards > 1 && options.max_cases;
    // A shard may hold none of a small input's games, and its empty base is still one of the
    // set to merge; any other empty base would only replace the old file.
    bool unwritten = false;
    auto write = [&](const std::string& path, const std::vector<CaseRecord>& cases,
                     std::uint64_t selected, int bucket) {
        if (cases.empty() && options.shards == 1) {
            std::printf("cases    %s: no case, not written\n", path.c_str());
            std::fprintf(stderr, "mneme cases build: no case; %s\n", nothing_written(path).c_str());
            unwritten = true;
            return;
        }
        std::set<std::uint32_t> games;
        for (const CaseRecord& c : cases) games.insert(c.game);
        write_case_base(path, case_build_description(inputs, options, bucket), cases, games.size());
        std::printf("cases    %s: %zu cases from %zu games, %s", path.c_str(), cases.size(),
                    games.size(), megabytes(double(std::filesystem::file_size(path))).c_str());
        if (sample_at_merge)
            std::printf(" (every selected move: 'cases merge' of the shards draws the sample)");
        else if (options.max_cases)
            std::printf(" (a sample of %llu selected moves)",
                        static_cast<unsigned long long>(selected));
        std::printf("\n");
    };
    if (options.elo_buckets.empty()) {
        write(output, build.cases, s.moves_selected, -1);
    } else {
        for (std::size_t b = 0; b < options.elo_buckets.size(); ++b) {
            write(bucket_path(output, options.elo_buckets[b]), build.buckets[b],
                  build.bucket_moves_selected[b], int(b));
        }
    }
    std::printf("games    %llu seen, %llu unreadable, %llu matched, %llu unmatched\n",
                static_cast<unsigned long long>(s.games_seen),
                static_cast<unsigned long long>(s.unreadable),
                static_cast<unsigned long long>(s.games_matched),
                static_cast<unsigned long long>(s.games_unmatched));
    if (!options.players.empty()) {
        std::vector<std::pair<std::uint64_t, std::string>> spellings;
        for (const auto& [name, count] : s.spellings) spellings.emplace_back(count, name);
        std::sort(spellings.rbegin(), spellings.rend());
        std::printf("names    %zu spellings matched:", spellings.size());
        for (std::size_t i = 0; i < spellings.size() && i < 8; ++i)
            std::printf("%s \"%s\" (%llu)", i ? "," : "", spellings[i].second.c_str(),
                        static_cast<unsigned long long>(spellings[i].first));
        std::printf("%s\n", spellings.size() > 8 ? ", ..." : "");
        if (spellings.empty())
            std::fprintf(stderr, "mneme cases build: no game matched the names\n");
    }
    std::printf("time     %.2f s (%.0f games/s)\n", s.seconds,
                double(s.games_seen) / std::max(s.seconds, 1e-9));
    return s.input_failed || unwritten ? 1 : 0;
}

int merge_command(const Arguments& args) {
    Arguments files;
    bool partial = false;
    for (const std::string& a : args) {
        if (a == "--partial")
            partial = true;
        else
            files.push_back(a);
    }
    auto [inputs, output] = read_merge_arguments(files, "A.mcases B.mcases...", "-o OUT.mcases");
    CaseMergeStats stats = merge_case_bases(inputs, output, partial);
    std::printf("cases    %s: %llu cases from %llu games, merged from %zu bases", output.c_str(),
                static_cast<unsigned long long>(stats.cases),
                static_cast<unsigned long long>(stats.games), inputs.size());
    if (stats.shards && stats.partial.empty())
        std::printf(" (the %d shards of one build)", stats.shards);
    else if (stats.shards)
        std::printf(" (shards %s of %d: merge it with the others' merges)", stats.partial.c_str(),
                    stats.shards);
    if (stats.sampled_from)
        std::printf(", a sample of %llu selected moves",
                    static_cast<unsigned long long>(stats.sampled_from));
    std::printf("\n");
    return 0;
}

int info_command(const Arguments& args) {
    if (args.size() != 1) throw UsageError("needs exactly one BASE.mcases");
    auto started = Clock::now();
    CaseBaseFile file = CaseBaseFile::open(args[0]);
    double open_seconds = seconds_since(started);
    std::uint64_t rated = 0, elo_sum = 0, results[4] = {};
    int elo_min = 0, elo_max = 0;
    std::set<std::tuple<Bitboard, Bitboard, Bitboard, Bitboard, Bitboard>> boards;
    for (const CaseRecord& c : file.cases()) {
        if (c.mover_elo) {
            elo_min = rated ? std::min<int>(elo_min, c.mover_elo) : c.mover_elo;
            elo_max = std::max<int>(elo_max, c.mover_elo);
            elo_sum += c.mover_elo;
            ++rated;
        }
        ++results[c.result & 3];
        boards.emplace(c.board.occupied, c.board.white, c.board.type_bits[0], c.board.type_bits[1],
                       c.board.type_bits[2]);
    }
    started = Clock::now();
    CaseIndex index(file.cases());
    double index_seconds = seconds_since(started);

    std::printf("cases        %s, %s\n", file.path().c_str(),
                megabytes(double(data_file_bytes(file.path()))).c_str());
    std::printf("built by     %s\n", file.description().c_str());
    std::printf("cases        %zu (%llu with White to move, %llu with Black)\n", file.size(),
                static_cast<unsigned long long>(file.white_cases()),
                static_cast<unsigned long long>(file.size() - file.white_cases()));
    std::printf("games        %llu\n", static_cast<unsigned long long>(file.games()));
    std::printf("boards       %zu distinct (%.1f cases per board)\n", boards.size(),
                double(file.size()) / std::max<std::size_t>(boards.size(), 1));
    if (rated)
        std::printf("mover Elo    %d to %d, mean %.0f (%llu cases rated)\n", elo_min, elo_max,
                    double(elo_sum) / double(rated), static_cast<unsigned long long>(rated));
    std::printf("results      %llu white wins, %llu draws, %llu black wins, %llu unknown\n",
                static_cast<unsigned long long>(results[int(GameResult::WHITE_WINS)]),
                static_cast<unsigned long long>(results[int(GameResult::DRAW)]),
                static_cast<unsigned long long>(results[int(GameResult::BLACK_WINS)]),
                static_cast<unsigned long long>(results[int(GameResult::ONGOING)]));
    std::printf("checksum     0x%016llx (checked in %.3f s)\n",
                static_cast<unsigned long long>(file.checksum()), open_seconds);
    std::printf("index        %s, built in %.3f s\n", megabytes(double(index.bytes())).c_str(),
                index_seconds);
    return 0;
}

// A FEN of the case's board and mover: all that retrieval and adaptation look at.
std::string case_fen(const CaseRecord& c) {
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file_index = 0; file_index < 8; ++file_index) {
            Piece p = c.board.piece_on(make_square(file_index, rank));
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + empty), empty = 0;
            fen += " PNBRQK  pnbrqk"[p];
        }
        if (empty) fen += char('0' + empty);
        if (rank) fen += '/';
    }
    return fen + (c.mover == WHITE ? " w - - 0 1" : " b - - 0 1");
}

std::vector<std::size_t> parse_sizes(const std::string& text) {
    std::vector<std::size_t> sizes;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = std::min(text.find(',', start), text.size());
        std::string part = text.substr(start, comma - start);
        try {
            std::size_t used = 0;
            long long n = std::stoll(part, &used);
            if (used != part.size() || n < 1) throw std::invalid_argument(part);
            sizes.push_back(std::size_t(n));
        } catch (const std::exception&) {
            throw UsageError("--sizes: '" + part + "' is not a positive whole number");
        }
        start = comma + 1;
    }
    return sizes;
}

// Per-move latency of the thesis agent with the index and with the linear scan, on the first
// N cases of a base, and whether both gave the same cases for every query.
int latency_command(const Arguments& args) {
    std::string path;
    std::vector<std::size_t> sizes = {10000, 100000, 1000000, 10000000};
    std::size_t query_count = 200;
    CbrSettings settings;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "--sizes")
            sizes = parse_sizes(reader.value(a));
        else if (a == "--queries")
            query_count = std::size_t(reader.integer(a, 1, 1000000));
        else if (a == "--k")
            settings.neighbours = std::size_t(reader.integer(a, 1, 1 << 20));
        else if (a == "--mirror")
            settings.mirror = true;
        else if (a.rfind("-", 0) != 0 && path.empty())
            path = a;
        else
            reader.unexpected(a);
    }
    if (path.empty()) throw UsageError("needs BASE.mcases");
    if (settings.neighbours > 1) settings.choice = CaseChoice::VOTE;
    CaseBaseFile file = CaseBaseFile::open(path);
    std::span<const CaseRecord> all = file.cases();
    if (all.size() < 2 * query_count)
        throw std::runtime_error(path + ": too few cases (" + std::to_string(all.size()) +
                                 ") for " + std::to_string(query_count) + " queries");
    // Queries: evenly spread over the last games, which the smaller bases do not contain.
    std::size_t query_pool = std::max(query_count, all.size() / 10);
    std::vector<Position> queries;
    for (std::size_t q = 0; q < query_count; ++q) {
        const CaseRecord& c = all[all.size() - query_pool + q * query_pool / query_count];
        Position pos;
        std::string error;
        if (pos.set_fen(case_fen(c), false, &error)) queries.push_back(pos);
    }

    std::printf("CPU time per move (thread CPU clock), %zu queries\n", queries.size());
    std::printf("%10s %12s %12s %9s %10s %s\n", "cases", "index ms", "linear ms", "speed-up",
                "identical", "index build");
    for (std::size_t size : sizes) {
        if (size > all.size() - query_pool) {
            std::printf("%10zu (the base has only %zu cases before the query games)\n", size,
                        all.size() - query_pool);
            continue;
        }
        auto started = Clock::now();
        auto base = std::make_shared<CaseBase>(
            std::vector<CaseRecord>(all.begin(), all.begin() + std::ptrdiff_t(size)));
        double build_seconds = seconds_since(started);
        CbrSettings linear_settings = settings;
        linear_settings.linear_scan = true;
        CbrAgent indexed(base, settings), linear(base, linear_settings);
        std::size_t identical = 0;
        double indexed_seconds = 0, linear_seconds = 0;
        for (const Position& pos : queries) {
            indexed.seed(1);
            linear.seed(1);
            double before = thread_cpu_seconds();
            Move a = indexed.choose(pos).move;
            double between = thread_cpu_seconds();
            Move b = linear.choose(pos).move;
            indexed_seconds += between - before;
            linear_seconds += thread_cpu_seconds() - between;
            identical += a == b;
        }
        double n = double(queries.size());
        std::printf("%10zu %12.3f %12.3f %8.1fx %6zu/%zu %8.2f s\n", size,
                    1000 * indexed_seconds / n, 1000 * linear_seconds / n,
                    linear_seconds / std::max(indexed_seconds, 1e-12), identical, queries.size(),
                    build_seconds);
        std::fflush(stdout);
    }
    return 0;
}

}  // namespace

int cases_command(const Arguments& args) {
    // The command line has checked that args[0] names a subcommand (usage.cpp).
    if (args.empty()) throw UsageError("a subcommand is needed");
    Arguments rest(args.begin() + 1, args.end());
    if (args[0] == "build") return build_command(rest);
    if (args[0] == "merge") return merge_command(rest);
    if (args[0] == "info") return info_command(rest);
    if (args[0] == "latency") return latency_command(rest);
    throw UsageError("unknown subcommand '" + args[0] + "'");
}

}  // namespace mneme::app
