// mneme pgn: statistics over PGN files, validation of every game, conversion to export format.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "mneme/core/game_outcome.h"
#include "mneme/pgn/pgn_reader.h"
#include "mneme/pgn/pgn_writer.h"
#include "mneme/util/atomic_file.h"
#include "pgn_progress.h"
#include "required_inputs.h"

namespace mneme::app {

namespace {

void print_errors(PgnReader& reader, std::ostream& out, Progress& progress) {
    if (reader.errors().empty()) return;
    progress.clear();
    for (const PgnError& e : reader.errors()) out << e.message() << '\n';
    reader.clear_errors();
}

struct Totals {
    std::uint64_t games_read = 0, games_skipped = 0, plies = 0, warnings = 0;
    std::uint64_t white_wins = 0, black_wins = 0, draws = 0, unfinished = 0;
    double seconds = 0;
    bool failed = false;

    void add(const Totals& t) {
        games_read += t.games_read;
        games_skipped += t.games_skipped;
        plies += t.plies;
        warnings += t.warnings;
        white_wins += t.white_wins;
        black_wins += t.black_wins;
        draws += t.draws;
        unfinished += t.unfinished;
        seconds += t.seconds;
        failed = failed || t.failed;
    }
    void count_result(GameResult result) {
        switch (result) {
            case GameResult::WHITE_WINS:
                ++white_wins;
                break;
            case GameResult::BLACK_WINS:
                ++black_wins;
                break;
            case GameResult::DRAW:
                ++draws;
                break;
            case GameResult::ONGOING:
                ++unfinished;
                break;
        }
    }
    void take(const PgnReader& reader, Clock::time_point start) {
        seconds = seconds_since(start);
        games_read = reader.stats().games_read;
        games_skipped = reader.stats().games_skipped;
        plies = reader.stats().plies;
        warnings = reader.stats().warnings;
        failed = reader.failed();
    }
};

void print_stats(const std::string& title, const Totals& t) {
    double seconds = std::max(t.seconds, 1e-9);
    std::printf("%s\n", title.c_str());
    std::printf("  games    %llu (%llu read, %llu skipped)\n",
                static_cast<unsigned long long>(t.games_read + t.games_skipped),
                static_cast<unsigned long long>(t.games_read),
                static_cast<unsigned long long>(t.games_skipped));
    std::printf("  plies    %llu\n", static_cast<unsigned long long>(t.plies));
    std::printf("  results  1-0 %llu, 0-1 %llu, 1/2-1/2 %llu, * %llu\n",
                static_cast<unsigned long long>(t.white_wins),
                static_cast<unsigned long long>(t.black_wins),
                static_cast<unsigned long long>(t.draws),
                static_cast<unsigned long long>(t.unfinished));
    std::printf("  time     %.3f s (%.0f games/s, %.0f plies/s)\n", t.seconds,
                double(t.games_read + t.games_skipped) / seconds, double(t.plies) / seconds);
}

int stats_command(const Arguments& args) {
    if (std::find(args.begin(), args.end(), "--by") != args.end())
        return pgn_eco_stats_command(args);
    const Arguments& files = args;
    require_readable_files(files);
    Totals all;
    Progress progress;
    for (const std::string& path : files) {
        auto start = Clock::now();
        PgnReaderOptions options;
        options.mainline_only = true;
        PgnReader reader(path, options);
        PgnMainline game;
        Totals totals;
        while (reader.next_mainline(game)) {
            totals.count_result(game.result);
            print_errors(reader, std::cerr, progress);
            progress.update(reader, reader.stats().games_seen());
        }
        print_errors(reader, std::cerr, progress);
        progress.finish();
        totals.take(reader, start);
        print_stats(reader.name(), totals);
        all.add(totals);
    }
    if (files.size() > 1) print_stats("total (" + std::to_string(files.size()) + " files)", all);
    // Statistics of a file without one game are no statistics of games (random bytes, a wrong
    // file).
    if (all.games_read + all.games_skipped == 0) {
        std::cerr << "no game found in " << (files.size() > 1 ? "the files" : files[0]) << '\n';
        return 1;
    }
    return all.failed ? 1 : 0;
}

// A game that ends in checkmate or stalemate must carry the result that position decides.
std::string result_contradiction(const Position& end, GameResult result) {
    GameOutcome outcome = game_outcome(end);
    if (outcome.termination != Termination::CHECKMATE &&
        outcome.termination != Termination::STALEMATE)
        return "";
    if (outcome.result == result) return "";
    std::string what = outcome.termination == Termination::STALEMATE ? "stalemate"
                       : outcome.result == GameResult::WHITE_WINS    ? "checkmate by White"
                                                                     : "checkmate by Black";
    return std::string("result ") + result_text(result) + " contradicts the final position (" +
           what + ")";
}

int check_command(const Arguments& files) {
    require_readable_files(files);
    Totals all;
    std::uint64_t inconsistent = 0;
    Progress progress;
    for (const std::string& path : files) {
        auto start = Clock::now();
        PgnReader reader(path);
        PgnGame game;
        Totals totals;
        std::uint64_t result_warnings = 0;
        while (reader.next(game)) {
            totals.count_result(game.result);
            // The incremental key and board must equal a from-scratch computation.
            std::string why;
            if (!reader.position().is_consistent(&why)) {
                ++inconsistent;
                progress.clear();
                std::cout << reader.name() << ": game " << game.source.game_number << " (line "
                          << game.source.line
                          << "): position after the last move is inconsistent: " << why << '\n';
            }
            if (std::string why_not = result_contradiction(reader.position(), game.result);
                !why_not.empty()) {
                ++result_warnings;
                progress.clear();
                std::cout << reader.name() << ": game " << game.source.game_number << " (line "
                          << game.source.line << "): warning: " << why_not << '\n';
            }
            print_errors(reader, std::cout, progress);
            progress.update(reader, reader.stats().games_seen());
        }
        print_errors(reader, std::cout, progress);
        progress.finish();
        totals.take(reader, start);
        totals.warnings += result_warnings;
        all.add(totals);
        std::cout << reader.name() << ": " << totals.games_read + totals.games_skipped << " games, "
                  << totals.games_read << " read, " << totals.games_skipped << " skipped, "
                  << totals.plies << " plies, " << totals.warnings << " warnings\n";
    }
    if (files.size() > 1)
        std::cout << "total: " << all.games_read + all.games_skipped << " games, " << all.games_read
                  << " read, " << all.games_skipped << " skipped, " << all.plies << " plies, "
                  << all.warnings << " warnings\n";
    // A file without one game is no PGN to pass (random bytes give only "text between games").
    bool no_game = all.games_read + all.games_skipped == 0;
    if (no_game)
        std::cout << "no game found in " << (files.size() > 1 ? "the files" : files[0]) << '\n';
    return all.games_skipped || all.failed || inconsistent || no_game ? 1 : 0;
}

// Rewrites games in export format; the output appears only once complete (temporary + rename).
int convert_command(const Arguments& args) {
    require_arguments({{!args.empty(), "IN"}, {args.size() >= 2, "OUT"}});
    if (args.size() > 2) throw UsageError("unexpected argument '" + args[2] + "'");
    require_readable_files({args[0]});
    const std::string& out_path = args[1];
    require_output_apart({args[0]}, out_path);
    PgnReader reader(args[0]);
    auto convert = [&](std::ostream& out) {
        PgnGame game;
        Progress progress;
        while (reader.next(game)) {
            out << write_pgn(game) << '\n';
            print_errors(reader, std::cerr, progress);
            progress.update(reader, reader.stats().games_seen());
        }
        print_errors(reader, std::cerr, progress);
        progress.finish();
        // An empty file is no conversion: nothing is written (the temporary is removed).
        if (reader.stats().games_seen() == 0)
            throw std::runtime_error("no game found in " + args[0] + "; nothing written");
    };
    if (out_path == "-")
        convert(std::cout);
    else
        write_file_atomically(out_path, convert);
    std::cerr << reader.name() << ": " << reader.stats().games_read << " games written, "
              << reader.stats().games_skipped << " skipped\n";
    return reader.stats().games_skipped || reader.failed() ? 1 : 0;
}

}  // namespace

int pgn_command(const Arguments& args) {
    // The command line has checked that args[0] names a subcommand (usage.cpp).
    if (args.empty()) throw UsageError("a subcommand is needed");
    Arguments rest(args.begin() + 1, args.end());
    const std::string& action = args.front();
    if (action == "convert") return convert_command(rest);
    require_arguments({{!rest.empty(), "FILE..."}});
    if (action == "stats") return stats_command(rest);
    if (action == "check") return check_command(rest);
    throw UsageError("unknown subcommand '" + action + "'");
}

}  // namespace mneme::app
