// mneme: with no arguments an engine on stdin (UCI or XBoard); otherwise a subcommand.
#include <cstring>
#include <iostream>

#include "commands.h"

namespace {

void print_usage() {
    std::cout <<
        "usage: mneme [COMMAND [ARGS...]]\n"
        "\n"
        "With no command, mneme is a chess engine speaking UCI or XBoard on stdin; 'mneme engine'\n"
        "takes --params FILE and --eval classic|bayes|mixed-bayes --bayes-model FILE.\n"
        "\n"
        "commands:\n"
        "  serve [--port N] [--host ADDRESS] [--games-dir DIR] [--no-save] [--book FILE]... [--cases FILE]...\n"
        "                         the graphical program: play, edit, analyse and load games in a\n"
        "                         browser at http://127.0.0.1:8080/ (--port 0: any free port)\n"
        "  play [--depth N] [--movetime MS] [--black] [--fen FEN] [--chess960 N]\n"
        "                         play a game against the engine in the terminal\n"
        "  bench [DEPTH] [--hash MB] [--threads N]\n"
        "                         search 42 fixed positions; prints nodes and nodes/s\n"
        "  search-compare --epd FILE --depth N [--limit K]\n"
        "                         node counts of each search variant at a fixed depth\n"
        "  eval [--hand-written] [--params FILE] [--write-params FILE] [--bayes MODEL] [--fen] [FEN]\n"
        "                         the static evaluation term by term (default: start position)\n"
        "  epd-test FILE.epd [--movetime MS | --depth N] [--threads N] [--limit K]\n"
        "                         solve a test suite (bm/am) and count the solutions\n"
        "  perft DEPTH [--fen FEN] [--divide] [--chess960]\n"
        "                         count the leaf nodes of the legal move tree\n"
        "  perft --suite FILE.epd [--depth N]\n"
        "                         check every ;Dn count of an EPD perft suite\n"
        "  match -engine ... -engine ... [options]\n"
        "                         play a match (cutechess-style options; 'mneme match --help')\n"
        "  tournament -engine ... (two or more) [-gauntlet] [options]\n"
        "                         round robin or gauntlet with ratings and a crosstable\n"
        "  report FILE.pgn... [--json FILE]\n"
        "                         match statistics (Elo, intervals, LOS) recomputed from PGN\n"
        "  pgn stats FILE...      games, plies, results, skipped games, games/s\n"
        "  pgn stats --by eco|family FILE... [--eco-dir DIR]\n"
        "                         results per ECO code and opening family (thesis Table B.3)\n"
        "  pgn check FILE...      report every unreadable game; exit 1 if any\n"
        "  pgn convert IN OUT     rewrite games in PGN export format (80 columns)\n"
        "  book build IN.pgn[.zst]... -o OUT.mbook [--max-ply N] [--min-elo N] [--min-both-elo N]\n"
        "       [--from-date D] [--to-date D] [--eco C00-C19,...] [--time-class classical|rapid|blitz]\n"
        "       [--min-count N] [--memory MB] [--quiet]\n"
        "                         an opening book of W/D/L counts per (position, move)\n"
        "  book merge A.mbook B.mbook... -o OUT.mbook [--min-count N]\n"
        "                         add the counts of books built separately\n"
        "  book export IN.mbook -o OUT.bin [--policy P] [--min-games N] ...\n"
        "                         write a Polyglot book weighted by a policy\n"
        "  book probe BOOK.mbook|BOOK.bin FEN|startpos [moves M...] [--policy P] [--seed S] [--all]\n"
        "                         the book moves of a position and the policy's choice;\n"
        "                         policies: opta1|opta2|opta3|wilson|best|weighted\n"
        "  book info BOOK.mbook   entries, positions, description and checksum of a book\n"
        "  book ophista IN.pgn... --book BOOK.mbook -o OUT.mhist [--min-games N] [--max-ply N]\n"
        "                         OPHISTA move-ordering tables for the plies after the book\n"
        "  book learn GAMES.pgn... --experience EXP.mbook [--weight N] [--max-ply N]\n"
        "                         add games' results to an experience file (OPTA FB)\n"
        "  book exits BOOK -o OUT.txt [--count N] [--seed S] [--policy P]\n"
        "                         positions just out of book, with the moves that led there\n"
        "  book nodes --positions FILE --book BOOK.mbook [--ophista F.mhist] [--depths 4,5,6]\n"
        "       [--search engine|classic]\n"
        "                         search nodes with and without the database move ordering\n"
        "  cases build IN.pgn[.zst]... -o OUT.mcases [--player NAME]... [--min-elo N] [--max-elo N]\n"
        "       [--bucket LOW-HIGH]... [--max-cases N] [--sample-seed S] [--max-games N] [--mirror]\n"
        "       [--quiet]\n"
        "                         a case base of an expert's (position, move) pairs\n"
        "  cases info BASE.mcases counts, ratings, results, checksum and index size\n"
        "  cases latency BASE.mcases [--sizes N,N,...] [--queries N] [--k N] [--mirror]\n"
        "                         per-move time of the CBR player, indexed against linear\n"
        "  cbr experiment EXPERT.mcases|random|greedy... [--rounds N] [--threads N] [--configs C]\n"
        "       [--option NAME=VALUE]... [--pgn OUT]\n"
        "                         the thesis's expert-ranking tournament: showdowns, orderings, ratings\n"
        "  cbr predict BASE.mcases GAMES.pgn [--player NAME] [--from-game N] [--depth D]\n"
        "                         how often the CBR player (and the engine) finds the played move\n"
        "  uci --player cbr --cases FILE [--seed N] [--option NAME=VALUE]...\n"
        "                         the CBR player (or random, greedy) as a UCI engine\n"
        "  learn positions IN.pgn[.zst]... -o OUT.mpos [--skip-plies N] [--min-elo E]\n"
        "       [--quiet none|stable|resolve] [--sample-rate R] [--max-per-game N]\n"
        "       [--relabel-depth D --lambda L] ...\n"
        "                         training positions labelled by game result (and search)\n"
        "  learn tune IN.mpos... -o OUT.params [--source OUT.cpp] [--epochs N] [--only REGEX] ...\n"
        "                         logistic (Texel) tuning of the evaluation weights\n"
        "  learn bayes IN.mpos... -o OUT.bayes [--exclude-draws] [--independent] [--ridge R]\n"
        "                         fit the thesis's Bayesian evaluation (W/D/L normal models)\n"
        "  learn td --games N -o OUT.params [--depth D] [--alpha A] [--lambda L] [--root] ...\n"
        "                         TDLeaf(lambda) from self-play, weights saved after every game\n"
        "  learn info FILE.mpos [--show N]\n"
        "                         count, provenance and labels of a training position file\n"
        "  help                   this text\n";
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    mneme::app::Arguments args(argv + 1, argv + argc);
    if (args.empty()) return mneme::app::engine_command(args);

    std::string command = args.front();
    args.erase(args.begin());
    try {
        if (command == "perft") return mneme::app::perft_command(args);
        if (command == "epd-test") return mneme::app::epd_test_command(args);
        if (command == "pgn") return mneme::app::pgn_command(args);
        if (command == "book") return mneme::app::book_command(args);
        if (command == "cases") return mneme::app::cases_command(args);
        if (command == "cbr") return mneme::app::cbr_command(args);
        if (command == "play") return mneme::app::play_command(args);
        if (command == "serve") return mneme::app::serve_command(args);
        if (command == "bench") return mneme::app::bench_command(args);
        if (command == "eval") return mneme::app::eval_command(args);
        if (command == "learn") return mneme::app::learn_command(args);
        if (command == "match") return mneme::app::match_command(args, false);
        if (command == "tournament") return mneme::app::match_command(args, true);
        if (command == "report") return mneme::app::report_command(args);
        if (command == "search-compare") return mneme::app::search_compare_command(args);
        if (command == "uci" || command == "xboard" || command == "engine")
            return mneme::app::engine_command(args);
        if (command == "help" || command == "--help" || command == "-h") {
            print_usage();
            return 0;
        }
    } catch (const std::exception& e) {
        std::cerr << "mneme " << command << ": " << e.what() << '\n';
        return 1;
    }
    std::cerr << "mneme: unknown command '" << command << "'\n\n";
    print_usage();
    return 2;
}
