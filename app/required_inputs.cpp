#include "required_inputs.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace mneme::app {

void require_arguments(std::initializer_list<RequiredArgument> required) {
    std::vector<const char*> missing;
    for (const RequiredArgument& argument : required)
        if (!argument.given) missing.push_back(argument.name);
    if (missing.empty()) return;
    std::string text = "missing ";
    for (std::size_t i = 0; i < missing.size(); ++i) {
        if (i > 0) text += i + 1 == missing.size() ? " and " : ", ";
        text += missing[i];
    }
    throw UsageError(text);
}

void require_readable_files(const std::vector<std::string>& paths) {
    for (const std::string& path : paths) {
        if (path == "-") continue;
        struct stat status;
        if (::stat(path.c_str(), &status) == 0 && S_ISDIR(status.st_mode))
            throw std::runtime_error("cannot open " + path + ": it is a directory");
        std::FILE* file = std::fopen(path.c_str(), "rb");
        if (!file) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
        std::fclose(file);
    }
}

}  // namespace mneme::app
