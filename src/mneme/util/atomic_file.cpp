#include "mneme/util/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <streambuf>
#include <vector>

namespace mneme {

namespace {

// A stream buffer on a file descriptor that keeps the first error's errno: an ofstream says
// only that something failed, not "No space left on device".
class DescriptorBuffer : public std::streambuf {
public:
    explicit DescriptorBuffer(int descriptor) : descriptor_(descriptor), buffer_(1 << 16) {
        setp(buffer_.data(), buffer_.data() + buffer_.size());
    }
    int error() const { return error_; }

protected:
    int_type overflow(int_type c) override {
        if (!drain()) return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override { return drain() ? 0 : -1; }
    // A book rewrites its header at the end; a FIFO cannot seek, and says so.
    pos_type seekoff(off_type offset, std::ios_base::seekdir direction,
                     std::ios_base::openmode) override {
        if (!drain()) return pos_type(off_type(-1));
        const int whence = direction == std::ios_base::beg   ? SEEK_SET
                           : direction == std::ios_base::cur ? SEEK_CUR
                                                             : SEEK_END;
        const off_t at = ::lseek(descriptor_, off_t(offset), whence);
        if (at < 0) {
            remember(errno);
            return pos_type(off_type(-1));
        }
        return pos_type(off_type(at));
    }
    pos_type seekpos(pos_type position, std::ios_base::openmode mode) override {
        return seekoff(off_type(position), std::ios_base::beg, mode);
    }

private:
    bool drain() {
        const char* next = pbase();
        bool written_all = true;
        while (next < pptr()) {
            const ssize_t written = ::write(descriptor_, next, std::size_t(pptr() - next));
            if (written < 0 && errno == EINTR) continue;
            if (written <= 0) {
                remember(written < 0 ? errno : EIO);
                written_all = false;
                break;
            }
            next += written;
        }
        setp(buffer_.data(), buffer_.data() + buffer_.size());
        return written_all;
    }
    void remember(int error) {
        if (error_ == 0) error_ = error;
    }

    int descriptor_;
    int error_ = 0;
    std::vector<char> buffer_;
};

// Opens `file` with `flags` and calls `write` on it; `path` is the output as the caller named
// it, for the messages. An I/O error is the reason given, also when `write` noticed the failed
// stream and threw its own exception.
void write_to(const std::string& path, const std::string& file, int flags,
              const std::function<void(std::ostream&)>& write) {
    const int descriptor = ::open(file.c_str(), flags | O_CLOEXEC, 0666);
    if (descriptor < 0)
        throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno) +
                                 (file == path ? "" : " (opening " + file + ")"));
    DescriptorBuffer buffer(descriptor);
    std::ostream out(&buffer);
    std::exception_ptr failure;
    try {
        write(out);
        out.flush();
    } catch (...) {
        failure = std::current_exception();
    }
    int error = buffer.error();
    if (::close(descriptor) != 0 && error == 0) error = errno;
    if (error != 0) throw std::runtime_error("cannot write " + path + ": " + std::strerror(error));
    if (failure) std::rethrow_exception(failure);
    if (!out) throw std::runtime_error("cannot write " + path);
}

// The file `path` names once symbolic links are followed (a link to a file not made yet names
// that file): a rename over the link would replace the link, not the file.
std::string link_target(const std::string& path) {
    namespace fs = std::filesystem;
    fs::path target = path;
    for (int links = 0;; ++links) {
        std::error_code error;
        if (!fs::is_symlink(fs::symlink_status(target, error))) return target.string();
        if (links == 40)
            throw std::runtime_error("cannot write " + path + ": too many symbolic links");
        fs::path next = fs::read_symlink(target, error);
        if (error) throw std::runtime_error("cannot write " + path + ": " + error.message());
        target = next.is_absolute() ? next : target.parent_path() / next;
    }
}

}  // namespace

void write_file_atomically(const std::string& path,
                           const std::function<void(std::ostream&)>& write) {
    // stat follows the links, /proc/self/fd/1 too (whose target, "pipe:[...]", is no path).
    struct stat status;
    if (::stat(path.c_str(), &status) == 0 && !S_ISREG(status.st_mode)) {
        if (S_ISDIR(status.st_mode))
            throw std::runtime_error("cannot write " + path + ": it is a directory");
        write_to(path, path, O_WRONLY | O_NOCTTY, write);
        return;
    }
    const std::string target = link_target(path);
    // The process id keeps two writers of the same path from sharing a temporary.
    const std::string temporary = target + ".tmp." + std::to_string(::getpid());
    try {
        write_to(path, temporary, O_WRONLY | O_CREAT | O_TRUNC, write);
        std::error_code error;
        std::filesystem::rename(temporary, target, error);
        if (error)
            throw std::runtime_error("cannot rename " + temporary + " to " + target + ": " +
                                     error.message());
    } catch (...) {
        std::remove(temporary.c_str());
        throw;
    }
}

}  // namespace mneme
