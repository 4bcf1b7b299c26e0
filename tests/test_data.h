// Locating the shared data set (../shared/data beside the project) from tests.
#pragma once

#include <string>

namespace mneme::test {

// Absolute path of a file under ../shared/data, e.g. data_path("epd/perft/perftsuite.epd").
std::string data_path(const std::string& relative);
// True when the shared data folder exists (tests needing it skip with a message otherwise).
bool have_data();
// True in the sanitizer build, where slow data-heavy tests use smaller samples.
bool sanitized_build();

}  // namespace mneme::test
