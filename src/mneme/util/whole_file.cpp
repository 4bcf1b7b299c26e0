#include "mneme/util/whole_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace mneme {

std::string read_whole_file(const std::string& path, std::vector<std::uint8_t>& bytes) {
    // A directory opens as a stream on Linux and fails only on the first read, where the
    // standard library throws a message that names neither the file nor the cause.
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) return "cannot open: it is a directory";
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::string("cannot open: ") + std::strerror(errno);
    try {
        bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    } catch (const std::exception&) {
        return std::string("cannot read: ") + std::strerror(errno);
    }
    if (in.bad()) return "cannot read";
    return "";
}

}  // namespace mneme
