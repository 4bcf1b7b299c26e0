// An exclusive lock on a file shared by several processes (on one machine, or on the nodes of a
// cluster sharing a file system), held for the object's lifetime: e.g. the workers of one SPSA
// run reading and extending its trajectory one at a time.
#pragma once

#include <string>

namespace mneme {

class FileLock {
public:
    // Creates `path` if it is missing and waits until no other process holds its lock. Throws
    // std::runtime_error naming the file and the reason when it cannot be opened or locked.
    explicit FileLock(const std::string& path);
    ~FileLock();
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

private:
    int descriptor_ = -1;
};

}  // namespace mneme
