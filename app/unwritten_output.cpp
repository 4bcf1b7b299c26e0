#include "unwritten_output.h"

#include <unistd.h>

#include <csignal>
#include <filesystem>

namespace mneme::app {

namespace {

std::atomic<bool> stop_requested{false};
std::atomic<int> first_signal{0};

extern "C" void on_build_interrupt(int signal) {
    // The signal is kept before the flag is set: whoever sees the stop finds its status.
    int none = 0;
    first_signal.compare_exchange_strong(none, signal);
    if (stop_requested.exchange(true)) _exit(128 + signal);
}

}  // namespace

const std::atomic<bool>* catch_build_interrupts() {
    stop_requested = false;
    first_signal = 0;
    std::signal(SIGINT, on_build_interrupt);
    std::signal(SIGTERM, on_build_interrupt);
    return &stop_requested;
}

int build_interrupt_status() {
    const int signal = first_signal.load();
    return 128 + (signal != 0 ? signal : SIGINT);
}

std::string nothing_written(const std::string& output) {
    std::error_code error;
    if (std::filesystem::exists(output, error))
        return "nothing written (" + output + " kept as it was)";
    return "nothing written to " + output;
}

}  // namespace mneme::app
