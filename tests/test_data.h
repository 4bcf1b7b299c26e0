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

// PGN text of `count` copies of one game (`moves` in movetext, `result` as tag and terminator),
// the building block of the small hand-counted books and databases of the tests.
std::string repeated_games(int count, const std::string& moves, const std::string& result);

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
