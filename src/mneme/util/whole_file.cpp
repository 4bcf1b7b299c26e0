#include "mneme/util/whole_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

namespace mneme {

std::string read_whole_file(const std::string& path, std::vector<std::uint8_t>& bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::string("cannot open: ") + std::strerror(errno);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) return "cannot read";
    return "";
}

}  // namespace mneme
