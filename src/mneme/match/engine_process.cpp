#include "mneme/match/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

namespace mneme {

namespace {

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

// What the child reports through the status pipe when it cannot exec: a stage and errno.
struct ExecFailure {
    int stage;  // 0 = chdir, 1 = exec, 2 = stdio setup
    int error_number;
};

// Writes everything, retrying on EINTR; false on any other error.
bool write_all(int fd, const char* data, std::size_t size) {
    while (size > 0) {
        ssize_t n = ::write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        data += n;
        size -= std::size_t(n);
    }
    return true;
}

// Writes with SIGPIPE blocked in this thread only, discarding a SIGPIPE the write raised:
// a dead engine must not kill the runner, and the process-wide disposition stays untouched
// (it would also be inherited by engines we start).
bool write_without_sigpipe(int fd, const char* data, std::size_t size) {
    sigset_t pipe_set, old_mask;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    sigset_t pending;
    sigpending(&pending);
    bool was_pending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old_mask);
    bool ok = write_all(fd, data, size);
    int saved_errno = errno;
    if (!ok && saved_errno == EPIPE && !was_pending) {
        timespec zero{0, 0};
        while (sigtimedwait(&pipe_set, nullptr, &zero) < 0 && errno == EINTR) {}
    }
    pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
    errno = saved_errno;
    return ok;
}

}  // namespace

EngineProcess::~EngineProcess() { kill(); }

bool EngineProcess::launch(const std::vector<std::string>& argv,
                           const std::string& working_directory, std::string& error,
                           bool discard_stderr) {
    kill();
    buffer_.clear();
    scanned_ = 0;
    output_closed_ = false;
    line_too_long_ = false;
    late_read_deadline_ = Clock::time_point::min();
    if (argv.empty() || argv[0].empty()) {
        error = "empty engine command";
        return false;
    }
    // Everything the child needs is prepared before fork: after it only async-signal-safe calls.
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const char* directory = working_directory.empty() ? nullptr : working_directory.c_str();

    int in_pipe[2], out_pipe[2], status_pipe[2];
    // O_CLOEXEC: no engine inherits another engine's pipes (or the status pipe past exec).
    if (pipe2(in_pipe, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        return false;
    }
    if (pipe2(out_pipe, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        ::close(in_pipe[0]);
        ::close(in_pipe[1]);
        return false;
    }
    if (pipe2(status_pipe, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) ::close(fd);
        return false;
    }
    int null_fd = discard_stderr ? ::open("/dev/null", O_WRONLY | O_CLOEXEC) : -1;

    pid_t pid = ::fork();
    if (pid < 0) {
        error = std::string("fork: ") + std::strerror(errno);
        for (int fd :
             {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], status_pipe[0], status_pipe[1]})
            ::close(fd);
        if (null_fd >= 0) ::close(null_fd);
        return false;
    }
    if (pid == 0) {
        // The child: default signal handling (the runner's mask and SIGPIPE state must not
        // leak into the engine), stdio onto the pipes, then exec.
        sigset_t empty;
        sigemptyset(&empty);
        sigprocmask(SIG_SETMASK, &empty, nullptr);
        signal(SIGPIPE, SIG_DFL);
        // Its own process group: a Ctrl-C at the terminal reaches only the runner, which
        // then ends its games in order instead of seeing every engine die at once.
        ::setpgid(0, 0);
        ExecFailure failure{2, 0};
        if (::dup2(in_pipe[0], 0) < 0 || ::dup2(out_pipe[1], 1) < 0 ||
            (null_fd >= 0 && ::dup2(null_fd, 2) < 0)) {
            failure.error_number = errno;
        } else if (directory && ::chdir(directory) != 0) {
            failure = {0, errno};
        } else {
            ::execvp(args[0], args.data());
            failure = {1, errno};
        }
        ssize_t ignored = ::write(status_pipe[1], &failure, sizeof failure);
        (void)ignored;
        ::_exit(127);
    }

    ::close(in_pipe[0]);
    ::close(out_pipe[1]);
    ::close(status_pipe[1]);
    if (null_fd >= 0) ::close(null_fd);
    pid_ = pid;
    reaped_ = false;
    group_killed_ = false;
    to_child_ = in_pipe[1];
    from_child_ = out_pipe[0];

    // The status pipe closes on a successful exec (CLOEXEC) or carries the failure.
    ExecFailure failure{};
    ssize_t n;
    do {
        n = ::read(status_pipe[0], &failure, sizeof failure);
    } while (n < 0 && errno == EINTR);
    ::close(status_pipe[0]);
    if (n == ssize_t(sizeof failure)) {
        const char* what = failure.stage == 0   ? "cannot enter directory '"
                           : failure.stage == 1 ? "cannot run '"
                                                : "cannot set up the pipes of '";
        std::string subject = failure.stage == 0 ? working_directory : argv[0];
        error = what + subject + "': " + std::strerror(failure.error_number);
        try_reap(true);
        close_pipes();
        return false;
    }
    return true;
}

bool EngineProcess::write_line(std::string_view text) {
    if (to_child_ < 0) return false;
    std::string line(text);
    line += '\n';
    return write_without_sigpipe(to_child_, line.data(), line.size());
}

std::string EngineProcess::line_too_long_error() {
    return "line longer than " + std::to_string(MAX_LINE_LENGTH) + " bytes";
}

EngineProcess::ReadStatus EngineProcess::read_line(std::string& line, Clock::time_point deadline) {
    auto take_line = [&](std::size_t length, std::size_t skip) {
        line.assign(buffer_, 0, length);
        buffer_.erase(0, length + skip);
        scanned_ = 0;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return ReadStatus::LINE;
    };
    for (;;) {
        if (line_too_long_) return ReadStatus::TOO_LONG;
        // Only the bytes not looked at before: an engine that writes without newlines must
        // not make every read rescan all it wrote.
        std::size_t newline = buffer_.find('\n', scanned_);
        if (newline != std::string::npos && newline <= MAX_LINE_LENGTH)
            return take_line(newline, 1);
        scanned_ = buffer_.size();
        if (newline != std::string::npos || buffer_.size() > MAX_LINE_LENGTH) {
            line_too_long_ = true;
            buffer_.clear();
            scanned_ = 0;
            return ReadStatus::TOO_LONG;
        }
        if (output_closed_ || from_child_ < 0) {
            // A last line without its newline still counts.
            if (!buffer_.empty()) return take_line(buffer_.size(), 0);
            return ReadStatus::CLOSED;
        }
        // Checked before every wait and read, not only when nothing came: an engine that
        // never stops writing would otherwise hold the runner forever. Past the deadline,
        // what has already arrived is still read, once (one read takes a whole pipe's worth).
        auto now = Clock::now();
        bool late = now >= deadline;
        if (late && late_read_deadline_ == deadline) return ReadStatus::TIMEOUT;
        int timeout_ms = -1;
        if (late) {
            timeout_ms = 0;
        } else if (deadline != Clock::time_point::max()) {
            // Rounded up so that a wait never ends just before the deadline.
            auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
            timeout_ms = int(std::min<long long>(left, 1 << 30));
        }
        pollfd descriptor{from_child_, POLLIN, 0};
        int ready = ::poll(&descriptor, 1, timeout_ms);
        if (ready < 0) {
            if (errno == EINTR) continue;
            output_closed_ = true;
            continue;
        }
        if (late) late_read_deadline_ = deadline;
        if (ready == 0) continue;  // the deadline check above ends the wait
        char chunk[65536];
        ssize_t n = ::read(from_child_, chunk, sizeof chunk);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            output_closed_ = true;
        } else if (n == 0) {
            output_closed_ = true;
        } else {
            buffer_.append(chunk, std::size_t(n));
        }
    }
}

bool EngineProcess::try_reap(bool block) {
    if (reaped_) return true;
    for (;;) {
        int status = 0;
        pid_t r = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
        if (r == pid_) {
            status_ = status;
            reaped_ = true;
            // Anything the engine started and left behind (a wrapper script's engine) goes
            // with it, at once: a group id is only ever reused once the group is empty.
            kill_group();
            return true;
        }
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) {  // not our child any more (someone else reaped it): treat as gone
            status_ = 0;
            reaped_ = true;
            return true;
        }
        return false;
    }
}

bool EngineProcess::running() { return launched() && !try_reap(false); }

bool EngineProcess::wait_for_exit(std::chrono::milliseconds timeout) {
    if (!launched()) return true;
    auto deadline = Clock::now() + timeout;
    for (;;) {
        if (try_reap(false)) return true;
        if (Clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

void EngineProcess::kill(std::chrono::milliseconds grace, bool terminate_first) {
    if (launched() && !reaped_) {
        // Closing stdin first lets an engine that stops on end of input exit cleanly.
        close_fd(to_child_);
        // The whole group (the child leads it, see launch): a wrapper script's engine too.
        if (terminate_first) {
            ::kill(-pid_, SIGTERM);
            wait_for_exit(grace);
        }
        if (!reaped_) {
            ::kill(-pid_, SIGKILL);
            try_reap(true);
        }
    }
    close_pipes();
}

void EngineProcess::kill_group() {
    if (group_killed_ || pid_ <= 0) return;
    group_killed_ = true;
    ::kill(-pid_, SIGKILL);
}

void EngineProcess::close_pipes() {
    close_fd(to_child_);
    close_fd(from_child_);
}

std::string EngineProcess::exit_description() {
    if (!launched()) return "not started";
    if (!try_reap(false)) return "still running";
    if (WIFEXITED(status_)) return "exit code " + std::to_string(WEXITSTATUS(status_));
    if (WIFSIGNALED(status_)) {
        int sig = WTERMSIG(status_);
        const char* name = strsignal(sig);
        return "killed by signal " + std::to_string(sig) +
               (name ? std::string(" (") + name + ")" : "");
    }
    return "exited";
}

}  // namespace mneme
