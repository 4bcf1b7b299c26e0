// An engine running as a child process, talked to line by line over its stdin and stdout.
// The runner must survive anything the child does: dying, hanging, closing its pipes.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace mneme {

class EngineProcess {
public:
    using Clock = std::chrono::steady_clock;

    enum class ReadStatus {
        LINE,      // a complete line (without "\n" or "\r\n")
        TIMEOUT,   // the deadline passed first
        CLOSED,    // the child closed its output (usually: it exited)
        TOO_LONG,  // a line ran past MAX_LINE_LENGTH: the output is unusable from here on
    };

    // No protocol line comes near this; an engine writing more without a newline is broken.
    static constexpr std::size_t MAX_LINE_LENGTH = std::size_t(1) << 20;

    EngineProcess() = default;
    ~EngineProcess();  // kills the child if it still runs
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Starts argv[0] (searched in PATH) in `working_directory` (empty = ours). The child's
    // stderr is inherited, so an engine's own complaints reach the runner's terminal, unless
    // `discard_stderr` sends it to /dev/null. The child gets its own process group, so a
    // Ctrl-C at the terminal reaches only the runner, which stops the games in order (an
    // engine left behind by a killed runner sees its input close). False with `error` ("cannot run
    // 'x': No such file or directory") when the program cannot be started; any previous child is
    // killed first.
    bool launch(const std::vector<std::string>& argv, const std::string& working_directory,
                std::string& error, bool discard_stderr = false);

    // Sends `text` and a newline. False when the child is gone (never raises SIGPIPE).
    bool write_line(std::string_view text);

    // The next line of output, waiting until `deadline` at most: an engine that writes
    // without pause still times out.
    ReadStatus read_line(std::string& line, Clock::time_point deadline);
    // "line longer than 1048576 bytes": the error for TOO_LONG.
    static std::string line_too_long_error();

    // Whether the child has not exited yet (reaps it if it has).
    bool running();
    // Waits up to `timeout` for the child to exit by itself; true once it has.
    bool wait_for_exit(std::chrono::milliseconds timeout);
    // Ends the child and its process group (a wrapper script's engine with it): SIGTERM
    // (when `terminate_first`), then SIGKILL if the child is still there after `grace`, and
    // SIGKILL for whatever is left in its group; always reaped, so no zombie stays behind.
    // Closes the pipes.
    void kill(std::chrono::milliseconds grace = std::chrono::milliseconds(200),
              bool terminate_first = true);

    // "exit code 3", "killed by signal 9 (Killed)", or "still running" / "not started".
    std::string exit_description();
    // The child's process id while it is not reaped, else -1.
    pid_t pid() const { return reaped_ ? -1 : pid_; }
    bool launched() const { return pid_ > 0; }

private:
    void close_pipes();
    bool try_reap(bool block);
    // Ends whatever is left in the child's process group, once, right after the child is
    // reaped: while the group has members its id cannot be given to anyone else.
    void kill_group();

    pid_t pid_ = -1;
    bool reaped_ = true;
    int status_ = 0;           // waitpid status once reaped
    int to_child_ = -1;        // write end of the child's stdin
    int from_child_ = -1;      // read end of the child's stdout
    std::string buffer_;       // output read but not yet returned as lines
    std::size_t scanned_ = 0;  // bytes of buffer_ known to hold no newline
    bool output_closed_ = false;
    bool line_too_long_ = false;
    // The deadline for which read_line already took what had arrived after it had passed.
    Clock::time_point late_read_deadline_ = Clock::time_point::min();
    bool group_killed_ = true;
};

}  // namespace mneme
