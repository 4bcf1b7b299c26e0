#include "test_data.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace mneme::test {

std::string data_directory() {
    if (const char* env = std::getenv("MNEME_DATA_DIR"); env && *env) return env;
    return (std::filesystem::path(MNEME_SOURCE_DIR) / ".." / "shared" / "data")
        .lexically_normal()
        .string();
}

std::string data_path(const std::string& relative) { return data_directory() + "/" + relative; }

bool have_data() { return std::filesystem::exists(data_path("MANIFEST.md")); }

std::string missing_data_reason() {
    const bool from_environment = std::getenv("MNEME_DATA_DIR") && *std::getenv("MNEME_DATA_DIR");
    return "the data set was not found at " + data_directory() +
           (from_environment ? " (MNEME_DATA_DIR)"
                             : "; put it at ../shared/data or set MNEME_DATA_DIR to its folder");
}

std::string fixture_path(const std::string& relative) {
    return std::string(MNEME_SOURCE_DIR) + "/tests/data/" + relative;
}

bool sanitized_build() { return std::getenv("MNEME_SANITIZED") != nullptr; }

ScratchDirectory::ScratchDirectory(const std::string& purpose)
    : root_((std::filesystem::temp_directory_path() /
             ("mneme_" + purpose + "_" + std::to_string(::getpid())))
                .string()) {
    std::filesystem::create_directories(root_);
}

ScratchDirectory::~ScratchDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(root_, ignored);
}

std::string ScratchDirectory::file(const std::string& name) const {
    return (std::filesystem::path(root_) / name).string();
}

std::string ScratchDirectory::write(const std::string& name, const std::string& text) const {
    std::string path = file(name);
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string repeated_games(int count, const std::string& moves, const std::string& result) {
    std::string pgn;
    for (int i = 0; i < count; ++i)
        pgn += "[Event \"t\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"" + result + "\"]\n\n" +
               moves + " " + result + "\n\n";
    return pgn;
}

}  // namespace mneme::test
