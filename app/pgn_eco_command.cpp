// mneme pgn stats --by eco|family: games and 1-0 / draw / 0-1 percentages per ECO code with its
// opening name, and per opening family beside the thesis's Table B.3 (the Deja Vu database).
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include "book_arguments.h"
#include "commands.h"
#include "mneme/pgn/eco_statistics.h"
#include "mneme/pgn/eco_table.h"
#include "pgn_progress.h"
#include "required_inputs.h"

namespace mneme::app {

namespace {

void print_row(const char* label, const std::string& range, const ResultCounts& c,
               const std::string& tail) {
    std::printf("%-26s %-8s %9llu  %6.1f %6.1f %6.1f  %s\n", label, range.c_str(),
                static_cast<unsigned long long>(c.games()), c.white_percent(), c.draw_percent(),
                c.black_percent(), tail.c_str());
}

}  // namespace

int pgn_eco_stats_command(const Arguments& args) {
    std::string by, eco_dir;  // empty: the tables built into the binary
    std::vector<std::string> files;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "--by")
            by = reader.value(a);
        else if (a == "--eco-dir")
            eco_dir = reader.value(a);
        else if (a == "-" || a.rfind("-", 0) != 0)
            files.push_back(a);
        else
            reader.unexpected(a);
    }
    if (by != "eco" && by != "family") throw UsageError("--by: '" + by + "' is not eco or family");
    require_arguments({{!files.empty(), "FILE..."}});
    require_readable_files(files);

    EcoTable names;
    std::uint64_t bad_rows = 0;
    std::string names_source = eco_dir;
    if (eco_dir.empty()) {
        names = EcoTable::builtin();
        names_source = "the built-in lichess tables";
    } else if (std::filesystem::is_directory(eco_dir)) {
        names = EcoTable::load_directory(eco_dir, [&](const std::string& message) {
            ++bad_rows;
            std::cerr << message << '\n';
        });
    } else {
        // A folder given and not there is a mistake, not a wish for no names.
        throw std::runtime_error("--eco-dir " + eco_dir + ": no such folder");
    }

    EcoStatistics statistics;
    std::uint64_t from_tag = 0, from_moves = 0, unfinished = 0, skipped = 0;
    bool failed = false;
    Progress progress;
    for (const std::string& path : files) {
        PgnReaderOptions options;
        options.mainline_only = true;
        PgnReader pgn(path, options);
        PgnMainline game;
        while (pgn.next_mainline(game)) {
            if (game.result == GameResult::ONGOING) {
                ++unfinished;
            } else {
                std::string code(game.headers.get("ECO"));
                if (is_eco_code(code)) {
                    ++from_tag;
                } else if (!game.headers.contains("FEN")) {
                    const EcoOpening* opening = names.classify(game.moves);
                    code = opening ? opening->code : "";
                    if (opening) ++from_moves;
                }
                statistics.add(code, game.result);
            }
            if (!pgn.errors().empty()) {
                progress.clear();
                for (const PgnError& e : pgn.errors()) std::cerr << e.message() << '\n';
                pgn.clear_errors();
            }
            progress.update(pgn, pgn.stats().games_seen());
        }
        progress.clear();
        for (const PgnError& e : pgn.errors()) std::cerr << e.message() << '\n';
        progress.finish();
        skipped += pgn.stats().games_skipped;
        failed = failed || pgn.failed();
    }

    ResultCounts total = statistics.total();
    std::printf(
        "games    %llu finished (%llu ECO tag, %llu by moves, %llu unclassified); "
        "%llu unfinished and %llu unreadable not counted\n",
        static_cast<unsigned long long>(total.games()), static_cast<unsigned long long>(from_tag),
        static_cast<unsigned long long>(from_moves),
        static_cast<unsigned long long>(statistics.unclassified().games()),
        static_cast<unsigned long long>(unfinished), static_cast<unsigned long long>(skipped));
    if (names.size())
        std::printf("names    %zu positions from %s%s\n", names.size(), names_source.c_str(),
                    bad_rows ? " (some rows skipped, see above)" : "");
    std::printf("\n%-26s %-8s %9s  %6s %6s %6s  %s\n", "opening", "ECO", "games", "1-0%", "draw%",
                "0-1%", "Toni 1996, Table B.3 (Deja Vu): 1-0/draw/0-1 %");
    for (const EcoFamily& family : eco_families()) {
        char thesis[48] = "";
        if (family.thesis_white >= 0)
            std::snprintf(thesis, sizeof thesis, "%.0f / %.0f / %.0f", family.thesis_white,
                          family.thesis_draw, family.thesis_black);
        print_row(family.name, std::string(family.first) + "-" + family.last,
                  statistics.range(family.first, family.last), thesis);
    }
    if (statistics.unclassified().games())
        print_row("unclassified", "-", statistics.unclassified(), "");

    if (by == "eco") {
        std::printf("\n%-5s %9s  %6s %6s %6s  %s\n", "ECO", "games", "1-0%", "draw%", "0-1%",
                    "name");
        for (const auto& [code, c] : statistics.by_code())
            std::printf("%-5s %9llu  %6.1f %6.1f %6.1f  %s\n", code.c_str(),
                        static_cast<unsigned long long>(c.games()), c.white_percent(),
                        c.draw_percent(), c.black_percent(), names.code_name(code).c_str());
    }
    return failed ? 1 : 0;
}

}  // namespace mneme::app
