// Locating the shared data set (../shared/data beside the project) from tests.
#pragma once

#include <string>

namespace mneme::test {

// The shared data set's folder: $MNEME_DATA_DIR, or ../shared/data beside the project.
std::string data_directory();
// Absolute path of a file under ../shared/data, e.g. data_path("epd/perft/perftsuite.epd").
std::string data_path(const std::string& relative);
// True when the shared data folder exists (tests needing it skip with a message otherwise).
bool have_data();
// The one reason every test that needs the data set gives when it skips, so the summary at the
// end of a ctest run counts them together.
std::string missing_data_reason();
// A small file committed under tests/data, present in every clone.
std::string fixture_path(const std::string& relative);
// True in the sanitizer build, where slow data-heavy tests use smaller samples.
bool sanitized_build();

// PGN text of `count` copies of one game (`moves` in movetext, `result` as tag and terminator),
// the building block of the small hand-counted books and databases of the tests.
std::string repeated_games(int count, const std::string& moves, const std::string& result);

// The whole content of a file ("" when it cannot be read), for byte-for-byte comparisons.
std::string file_bytes(const std::string& path);

// A directory of its own for one test process ("mneme_PURPOSE_PID" in the temporary
// directory), removed with its contents when the object goes.
class ScratchDirectory {
public:
    explicit ScratchDirectory(const std::string& purpose);
    ~ScratchDirectory();
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;

    // The path of `name` inside (the file need not exist).
    std::string file(const std::string& name) const;
    // Writes `text` to `name` inside and returns its path.
    std::string write(const std::string& name, const std::string& text) const;

private:
    std::string root_;
};

}  // namespace mneme::test

// Skips the current test when the shared data set is absent, giving missing_data_reason().
#define MNEME_REQUIRE_DATA()                                                                   \
    do {                                                                                       \
        if (!::mneme::test::have_data()) GTEST_SKIP() << ::mneme::test::missing_data_reason(); \
    } while (false)
