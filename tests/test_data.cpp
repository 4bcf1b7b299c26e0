#include "test_data.h"

#include <cstdlib>
#include <filesystem>

namespace mneme::test {

std::string data_path(const std::string& relative) {
    if (const char* env = std::getenv("MNEME_DATA_DIR")) return std::string(env) + "/" + relative;
    return std::string(MNEME_SOURCE_DIR) + "/../shared/data/" + relative;
}

bool have_data() { return std::filesystem::exists(data_path("MANIFEST.md")); }

bool sanitized_build() { return std::getenv("MNEME_SANITIZED") != nullptr; }

}  // namespace mneme::test
