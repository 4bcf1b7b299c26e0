#include "mneme/util/builtin_files.h"

#include <filesystem>

namespace mneme {

bool is_builtin_path(std::string_view path) { return path.starts_with(BUILTIN_PREFIX); }

const BuiltinFile* find_builtin_file(std::string_view path) {
    if (!is_builtin_path(path)) return nullptr;
    std::string_view name = path.substr(BUILTIN_PREFIX.size());
    for (const BuiltinFile& file : builtin_files())
        if (file.name == name) return &file;
    return nullptr;
}

std::string builtin_path(const BuiltinFile& file) {
    return std::string(BUILTIN_PREFIX) + std::string(file.name);
}

std::vector<std::string> builtin_paths(std::string_view extension) {
    std::vector<std::string> paths;
    for (const BuiltinFile& file : builtin_files())
        if (file.name.ends_with(extension)) paths.push_back(builtin_path(file));
    return paths;
}

std::uint64_t data_file_bytes(const std::string& path) {
    if (const BuiltinFile* file = find_builtin_file(path)) return file->bytes.size();
    std::error_code error;
    std::uint64_t size = std::filesystem::file_size(path, error);
    return error ? 0 : size;
}

std::string builtin_file_names() {
    std::string names;
    for (const BuiltinFile& file : builtin_files())
        names += (names.empty() ? "" : ", ") + std::string(file.name);
    return names.empty() ? "none" : names;
}

}  // namespace mneme
