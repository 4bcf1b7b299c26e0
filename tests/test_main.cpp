// The test binary's entry point: GoogleTest, plus a note for every skipped test so that a ctest
// run can end by saying how many tests skipped and why (tests/skip_summary.cmake).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

// Writes one file per skipped test into a folder (named by $MNEME_SKIP_MARKERS, which ctest sets)
// holding the first line of the skip message. One file per test keeps parallel test processes
// from interleaving their writes.
class SkipRecorder : public testing::EmptyTestEventListener {
public:
    explicit SkipRecorder(std::filesystem::path folder) : folder_(std::move(folder)) {}

    void OnTestEnd(const testing::TestInfo& test) override {
        const testing::TestResult& result = *test.result();
        if (!result.Skipped()) return;
        std::string reason;
        for (int i = 0; i < result.total_part_count(); ++i)
            if (result.GetTestPartResult(i).skipped()) {
                reason = result.GetTestPartResult(i).message();
                break;
            }
        reason = reason.substr(0, reason.find('\n'));
        if (reason.empty()) reason = "no reason given";

        std::string name = std::string(test.test_suite_name()) + "." + test.name();
        for (char& c : name)
            if (c == '/') c = '_';
        std::error_code ignored;
        std::filesystem::create_directories(folder_, ignored);
        std::ofstream(folder_ / name) << reason << '\n';
    }

private:
    std::filesystem::path folder_;
};

}  // namespace

int main(int argc, char** argv) {
    testing::InitGoogleTest(&argc, argv);
    if (const char* folder = std::getenv("MNEME_SKIP_MARKERS"); folder && *folder)
        testing::UnitTest::GetInstance()->listeners().Append(new SkipRecorder(folder));
    return RUN_ALL_TESTS();
}
