#include "mneme/util/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace mneme {

FileLock::FileLock(const std::string& path) {
    descriptor_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (descriptor_ < 0)
        throw std::runtime_error(path + ": cannot be opened as a lock: " + std::strerror(errno));
    // flock waits for the holder; a signal interrupts the wait, and the wait goes on.
    int result;
    while ((result = ::flock(descriptor_, LOCK_EX)) != 0 && errno == EINTR) {}
    if (result != 0) {
        int error = errno;
        ::close(descriptor_);
        throw std::runtime_error(path + ": cannot be locked: " + std::strerror(error));
    }
}

FileLock::~FileLock() {
    // Closing the descriptor releases the lock.
    ::close(descriptor_);
}

}  // namespace mneme
