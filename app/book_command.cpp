// mneme book: build a book from PGN, merge books; probe and export are in
// book_policy_commands.cpp.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "book_arguments.h"
#include "commands.h"
#include "mneme/book/book_builder.h"
#include "mneme/book/book_file.h"
#include "mneme/book/book_merge.h"
#include "mneme/book/entry_source.h"
#include "mneme/core/position.h"
#include "mneme/util/builtin_files.h"
#include "progress_line.h"
#include "required_inputs.h"
#include "shard_argument.h"
#include "unwritten_output.h"

namespace mneme::app {

namespace {

// A build's progress: games, speed, share of the input and runs spilled to disk.
class BuildProgressLine {
public:
    explicit BuildProgressLine(bool quiet) : line_(!quiet) {}

    void show(const BookBuildProgress& p) {
        if (!line_.due(p.seconds)) return;
        char text[200];
        int length = std::snprintf(text, sizeof text, "%llu games, %.0f games/s",
                                   static_cast<unsigned long long>(p.games_seen),
                                   p.games_seen / std::max(p.seconds, 1e-9));
        if (p.bytes_total > 0 && p.bytes_read > 0) {
            double fraction = double(p.bytes_read) / double(p.bytes_total);
            length += std::snprintf(text + length, sizeof text - length, ", %.0f%%, ETA %.0f s",
                                    100 * fraction,
                                    p.seconds * (1 - fraction) / std::max(fraction, 1e-9));
        }
        if (p.runs)
            std::snprintf(text + length, sizeof text - length, ", %llu runs spilled",
                          static_cast<unsigned long long>(p.runs));
        line_.show(p.seconds, text);
    }
    // Erases the progress line before other output.
    void clear() { line_.clear(); }

private:
    ProgressLine line_;
};

std::string megabytes(const std::string& path) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MB", double(data_file_bytes(path)) / (1 << 20));
    return text;
}

int build_command(const Arguments& args) {
    std::vector<std::string> inputs;
    std::string output;
    BookBuildOptions options;
    bool quiet = false;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (a == "--max-ply")
            options.max_ply = int(reader.integer(a, 0, 100000));
        else if (a == "--min-elo")
            options.filter.min_mover_elo = int(reader.integer(a, 0, 10000));
        else if (a == "--min-both-elo")
            options.filter.min_both_elo = int(reader.integer(a, 0, 10000));
        else if (a == "--from-date")
            options.filter.from_date = reader.date(a);
        else if (a == "--to-date")
            options.filter.to_date = reader.date(a);
        else if (a == "--eco") {
            std::string error;
            if (!parse_eco_ranges(reader.value(a), options.filter.eco, &error))
                throw UsageError("--eco: " + error);
        } else if (a == "--time-class") {
            std::string value = reader.value(a);
            if (!parse_time_class(value, options.filter.time_class))
                throw UsageError("--time-class: '" + value + "' is not classical, rapid or blitz");
        } else if (a == "--min-count")
            options.min_count = std::uint64_t(reader.integer(a, 1, 1LL << 40));
        else if (a == "--memory")
            options.memory_bytes = std::size_t(reader.integer(a, 1, 1 << 20)) << 20;
        else if (a == "--shard") {
            read_shard("--shard", reader.value(a), options.shard, options.shards);
        } else if (a == "--quiet")
            quiet = true;
        else if (a == "-" || a.rfind("-", 0) != 0)
            inputs.push_back(a);
        else
            reader.unexpected(a);
    }
    require_arguments({{!inputs.empty(), "IN.pgn..."}, {!output.empty(), "-o OUT.mbook"}});
    require_distinct_inputs(inputs);
    require_output_apart(inputs, output);
    require_writable_outputs({output});
    if (options.shards > 1 && options.min_count > 1)
        throw UsageError(
            "--min-count with --shard would drop entries that the merged book keeps; "
            "give it to 'book merge' instead");

    BuildProgressLine progress(quiet);
    options.progress = [&](const BookBuildProgress& p) { progress.show(p); };
    options.report = [&](const std::string& message) {
        progress.clear();
        std::cerr << message << '\n';
    };
    // The first signal lets the builder remove its runs; a second one leaves at once.
    options.stop = catch_build_interrupts();
    BookBuildStats stats;
    try {
        stats = build_book(inputs, output, options);
    } catch (const BookBuildInterrupted& e) {
        progress.clear();
        std::cerr << "mneme book build: " << e.what() << '\n';
        return build_interrupt_status();
    }
    progress.clear();

    if (stats.written)
        std::printf("book     %s: %llu entries, %s\n", output.c_str(),
                    static_cast<unsigned long long>(stats.entries), megabytes(output).c_str());
    else
        std::printf("book     %s: 0 entries, not written\n", output.c_str());
    std::printf(
        "games    %llu seen, %llu used; skipped: %llu unreadable, %llu without result, "
        "%llu filtered out",
        static_cast<unsigned long long>(stats.games_seen),
        static_cast<unsigned long long>(stats.games_used),
        static_cast<unsigned long long>(stats.unreadable),
        static_cast<unsigned long long>(stats.no_result),
        static_cast<unsigned long long>(stats.filtered));
    if (options.shards > 1)
        std::printf(", %llu in other shards", static_cast<unsigned long long>(stats.other_shards));
    std::printf("\n");
    std::printf("moves    %llu counted, %llu runs spilled to disk\n",
                static_cast<unsigned long long>(stats.moves_counted),
                static_cast<unsigned long long>(stats.runs));
    std::printf("time     %.2f s (%.0f games/s)\n", stats.seconds,
                double(stats.games_seen) / std::max(stats.seconds, 1e-9));
    // A whole build without an entry is a mistake (random bytes, a file of another kind,
    // filters that leave nothing), not a book.
    if (!stats.written) {
        std::fprintf(stderr, "mneme book build: no game gave an entry; %s\n",
                     nothing_written(output).c_str());
        return 1;
    }
    return stats.input_failed ? 1 : 0;
}

int merge_command(const Arguments& args) {
    std::vector<std::string> inputs;
    std::string output;
    std::uint64_t min_count = 1;
    bool partial = false;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (a == "--min-count")
            min_count = std::uint64_t(reader.integer(a, 1, 1LL << 40));
        else if (a == "--partial")
            partial = true;
        else if (a.rfind("-", 0) != 0)
            inputs.push_back(a);
        else
            reader.unexpected(a);
    }
    require_arguments({{!inputs.empty(), "A.mbook B.mbook..."}, {!output.empty(), "-o OUT.mbook"}});
    require_distinct_inputs(inputs);
    require_output_apart(inputs, output);
    require_writable_outputs({output});

    BookMergeStats stats = merge_books(inputs, output, min_count, partial);
    std::printf("book     %s: %llu entries, %s, merged from %zu books", output.c_str(),
                static_cast<unsigned long long>(stats.entries), megabytes(output).c_str(),
                inputs.size());
    if (stats.shards && stats.partial.empty())
        std::printf(" (the %d shards of one build)", stats.shards);
    else if (stats.shards)
        std::printf(" (shards %s of %d: merge it with the others' merges)", stats.partial.c_str(),
                    stats.shards);
    std::printf("\n");
    return 0;
}

// The header of a native book; its checksum identifies the entries.
int info_command(const Arguments& args) {
    if (args.size() != 1) throw UsageError("needs exactly one BOOK.mbook");
    BookFile book = BookFile::open(args[0]);
    std::uint64_t positions = 0, games = 0;
    for (std::size_t i = 0; i < book.size(); ++i) {
        const BookEntry& e = book.entries()[i];
        if (i == 0 || e.key != book.entries()[i - 1].key) ++positions;
    }
    for (const BookEntry& e : book.lookup(Position().key())) games += e.games();
    std::printf("book         %s, %s\n", book.path().c_str(), megabytes(book.path()).c_str());
    std::printf("built by     %s\n", book.description().c_str());
    std::printf("entries      %zu in %llu positions\n", book.size(),
                static_cast<unsigned long long>(positions));
    std::printf("start games  %llu (through the standard starting position)\n",
                static_cast<unsigned long long>(games));
    std::printf("checksum     0x%016llx\n", static_cast<unsigned long long>(book.checksum()));
    return 0;
}

}  // namespace

int book_command(const Arguments& args) {
    // The command line has checked that args[0] names a subcommand (usage.cpp).
    if (args.empty()) throw UsageError("a subcommand is needed");
    Arguments rest(args.begin() + 1, args.end());
    if (args[0] == "build") return build_command(rest);
    if (args[0] == "merge") return merge_command(rest);
    if (args[0] == "info") return info_command(rest);
    if (args[0] == "export") return book_export_command(rest);
    if (args[0] == "probe") return book_probe_command(rest);
    if (args[0] == "ophista") return book_ophista_command(rest);
    if (args[0] == "learn") return book_learn_command(rest);
    if (args[0] == "exits") return book_exits_command(rest);
    if (args[0] == "nodes") return book_nodes_command(rest);
    throw UsageError("unknown subcommand '" + args[0] + "'");
}

}  // namespace mneme::app
