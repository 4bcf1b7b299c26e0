#include "required_inputs.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
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

namespace {

// Two names of one existing file ("-", standard input or output, is no file).
bool same_file(const std::string& a, const std::string& b) {
    if (a == "-" || b == "-") return false;
    std::error_code error;
    return std::filesystem::equivalent(a, b, error) && !error;
}

// Two names of one output, which need not exist yet.
bool same_output(const std::string& a, const std::string& b) {
    if (same_file(a, b)) return true;
    if (a == "-" || b == "-") return false;
    namespace fs = std::filesystem;
    std::error_code error_a, error_b;
    const fs::path path_a = fs::weakly_canonical(fs::absolute(a, error_a), error_a);
    const fs::path path_b = fs::weakly_canonical(fs::absolute(b, error_b), error_b);
    return !error_a && !error_b && path_a == path_b;
}

}  // namespace

void require_output_apart(const std::vector<std::string>& inputs, const std::string& output) {
    for (const std::string& input : inputs)
        if (same_file(input, output))
            throw UsageError("the output " + output + " is the input " + input +
                             ": it would be replaced and its contents lost; write to another "
                             "file");
}

void require_outputs_apart(const std::vector<std::string>& inputs,
                           const std::vector<std::string>& outputs) {
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        if (outputs[i].empty()) continue;
        require_output_apart(inputs, outputs[i]);
        for (std::size_t j = 0; j < i; ++j)
            if (!outputs[j].empty() && same_output(outputs[j], outputs[i]))
                throw UsageError("the outputs " + outputs[j] + " and " + outputs[i] +
                                 " are the same file: one would replace the other; give each "
                                 "its own file");
    }
}

std::vector<std::string> with_file(std::vector<std::string> files, const std::string& file) {
    if (!file.empty()) files.push_back(file);
    return files;
}

void require_distinct_inputs(const std::vector<std::string>& inputs) {
    for (std::size_t i = 0; i < inputs.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (same_file(inputs[i], inputs[j]))
                throw UsageError(inputs[j] + " and " + inputs[i] +
                                 " are the same file: each input counts once");
}

void require_writable_outputs(const std::vector<std::string>& outputs) {
    namespace fs = std::filesystem;
    for (const std::string& output : outputs) {
        if (output.empty() || output == "-") continue;
        std::error_code error;
        const fs::file_status status = fs::status(output, error);
        if (fs::is_directory(status))
            throw std::runtime_error("cannot write " + output + ": it is a directory");
        // A device or FIFO is written in place, not through a temporary beside it.
        if (fs::exists(status) && !fs::is_regular_file(status)) continue;
        // The temporary goes beside the file a link points to.
        const fs::path file = fs::exists(status) ? fs::canonical(output, error) : fs::path(output);
        const fs::path parent = (error ? fs::path(output) : file).parent_path();
        const std::string folder = parent.empty() ? "." : parent.string();
        if (!fs::exists(folder, error))
            throw std::runtime_error("cannot write " + output + ": the folder " + folder +
                                     " does not exist");
        if (!fs::is_directory(folder, error))
            throw std::runtime_error("cannot write " + output + ": " + folder + " is not a folder");
        if (::access(folder.c_str(), W_OK | X_OK) != 0)
            throw std::runtime_error("cannot write " + output + ": the folder " + folder +
                                     " cannot be written (" + std::strerror(errno) + ")");
    }
}

}  // namespace mneme::app
