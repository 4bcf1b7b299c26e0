#include "mneme/util/atomic_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace mneme {

void write_file_atomically(const std::string& path,
                           const std::function<void(std::ostream&)>& write) {
    // The process id keeps two writers of the same path from sharing a temporary.
    const std::string temporary = path + ".tmp." + std::to_string(::getpid());
    try {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out)
            throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno) +
                                     " (creating " + temporary + ")");
        write(out);
        out.close();
        if (!out) throw std::runtime_error("error while writing " + temporary);
        std::error_code error;
        std::filesystem::rename(temporary, path, error);
        if (error)
            throw std::runtime_error("cannot rename " + temporary + " to " + path + ": " +
                                     error.message());
    } catch (...) {
        std::remove(temporary.c_str());
        throw;
    }
}

}  // namespace mneme
