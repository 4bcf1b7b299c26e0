// The subcommands of the mneme executable; each takes the arguments after its name.
#pragma once

#include <string>
#include <vector>

namespace mneme::app {

using Arguments = std::vector<std::string>;

int perft_command(const Arguments& args);
int epd_test_command(const Arguments& args);
int pgn_command(const Arguments& args);
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

}  // namespace mneme::app
