// A build that writes its output only at the end (book build, cases build), ending without
// writing it: stopped by a signal, or with nothing to write. Either way a file already there is
// kept as it was.
#pragma once

#include <atomic>
#include <string>

namespace mneme::app {

// Installs handlers for SIGINT (Ctrl-C) and SIGTERM (a kill) and returns the flag they set,
// cleared (a command run again in the same process, as in the tests, starts afresh). The first
// signal asks the build to stop; a second one leaves at once.
const std::atomic<bool>* catch_build_interrupts();

// The exit status of a build stopped by a signal: the shell's for a process the signal ended,
// 128 + its number (130 for SIGINT, 143 for SIGTERM).
int build_interrupt_status();

// "nothing written to OUT", or "nothing written (OUT kept as it was)" when OUT is there.
std::string nothing_written(const std::string& output);

}  // namespace mneme::app
