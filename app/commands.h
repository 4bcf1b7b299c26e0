// The subcommands of the mneme executable; each takes the arguments after its name.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace mneme::app {

using Arguments = std::vector<std::string>;

// A mistake in a command's arguments; the command line prints the message and then the
// command's usage (usage.h), and exits with status 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

int perft_command(const Arguments& args);
int epd_test_command(const Arguments& args);
int pgn_command(const Arguments& args);
// pgn stats --by eco|family: results per ECO code and opening family (Toni 1996, Table B.3).
int pgn_eco_stats_command(const Arguments& args);
int play_command(const Arguments& args);
// The graphical program: a web server on this machine.
int serve_command(const Arguments& args);
int engine_command(const Arguments& args);
int bench_command(const Arguments& args);
int eval_command(const Arguments& args);
int search_compare_command(const Arguments& args);
// match (two players) and tournament (two or more) share one front end.
int match_command(const Arguments& args, bool tournament);
int report_command(const Arguments& args);
// book build|merge|export|probe; export and probe are reached through book_command.
int book_command(const Arguments& args);
int book_export_command(const Arguments& args);
int book_probe_command(const Arguments& args);
int book_ophista_command(const Arguments& args);
int book_learn_command(const Arguments& args);
int book_exits_command(const Arguments& args);
int book_nodes_command(const Arguments& args);
// cases build|info|latency: case bases for the CBR player.
int cases_command(const Arguments& args);
// cbr experiment|predict: the thesis's experiment and move prediction.
int cbr_command(const Arguments& args);
// learn positions|tune|info: training positions and logistic tuning of the evaluation.
int learn_command(const Arguments& args);

}  // namespace mneme::app
