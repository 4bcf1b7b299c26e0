// mneme: with no arguments an engine on stdin (UCI or XBoard); otherwise a subcommand
// (command_line.h; 'mneme help' lists them).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "command_line.h"

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    int status = mneme::app::run_command_line(mneme::app::Arguments(argv + 1, argv + argc),
                                              std::cout, std::cerr);
    // Output lost to a full disk must not pass for success (`pgn convert in.pgn - > out` on a
    // full disk reported its games written, with status 0). The reason is known only when the
    // last write failed; an earlier one leaves just the stream's error state.
    errno = 0;
    std::cout.flush();
    if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::cerr << "mneme: cannot write to standard output"
                  << (errno != 0 ? std::string(": ") + std::strerror(errno) : std::string())
                  << '\n';
        return status == 0 ? 1 : status;
    }
    return status;
}
