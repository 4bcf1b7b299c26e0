// Files built into the binary: the opening book and case bases of the project's defaults/
// folder (see defaults/MANIFEST.md), embedded at build time by cmake/builtin_defaults.cmake.
// Wherever mneme maps a data file (MappedFile), the path "builtin:NAME" reads the built-in
// file NAME instead, so every command and option that takes a book or a case base takes them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mneme {

struct BuiltinFile {
    std::string_view name;                 // its name in defaults/, e.g. "masters.mbook"
    std::span<const unsigned char> bytes;  // the whole file, 64-byte aligned
    std::string_view sha256;               // of the bytes, in hex, as defaults/MANIFEST.md lists it
};

inline constexpr std::string_view BUILTIN_PREFIX = "builtin:";

// Every built-in file, sorted by name; empty when the binary was built without defaults/.
std::span<const BuiltinFile> builtin_files();

// True when `path` starts with "builtin:".
bool is_builtin_path(std::string_view path);
// The file "builtin:NAME" names; null when `path` has no such prefix or no such file is built in.
const BuiltinFile* find_builtin_file(std::string_view path);
// "builtin:NAME".
std::string builtin_path(const BuiltinFile& file);
// The paths of the built-in files whose names end with `extension` (".mbook"), in name order.
std::vector<std::string> builtin_paths(std::string_view extension);
// The size of the file at `path`, or of the built-in file it names; 0 when there is neither.
std::uint64_t data_file_bytes(const std::string& path);
// "a.mbook, b.mcases" (or "none"), for messages.
std::string builtin_file_names();

}  // namespace mneme
