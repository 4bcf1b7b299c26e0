// mneme learn spsa on games: an interrupted run, started again with the same command, goes on
// from its trajectory file and ends with the file an uninterrupted run writes; a trajectory of
// another run is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "command_line.h"
#include "test_data.h"

namespace mneme::app {
namespace {

struct Outcome {
    int status = -1;
    std::string printed, err;
};

Outcome run(const Arguments& args) {
    std::ostringstream out, err;
    testing::internal::CaptureStdout();
    Outcome outcome;
    outcome.status = run_command_line(args, out, err);
    outcome.printed = testing::internal::GetCapturedStdout();
    outcome.err = err.str();
    return outcome;
}

TEST(LearnSpsaCommand, AnInterruptedRunGoesOnFromItsTrajectory) {
    test::ScratchDirectory dir("spsa_command");
    const std::string openings =
        dir.write("openings.epd",
                  "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
                  "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n");
    auto command = [&](const std::string& output, const std::string& seed) {
        return Arguments{"learn",
                         "spsa",
                         "--param",
                         "FutilityBase=100,0,300,20,0.002",
                         "--param",
                         "LmrDivisor=220,100,400,15,0.002",
                         "--iterations",
                         "3",
                         "--games-per-iteration",
                         "2",
                         "--tc",
                         "depth=2",
                         "--openings",
                         openings,
                         "--seed",
                         seed,
                         "-o",
                         output};
    };
    const std::string whole = dir.file("whole.csv"), cut = dir.file("cut.csv");
    Outcome outcome = run(command(whole, "7"));
    ASSERT_EQ(outcome.status, 0) << outcome.err;
    const std::string finished = test::file_bytes(whole);
    // The settings, the header and the rows of iterations 0 to 3.
    ASSERT_EQ(std::count(finished.begin(), finished.end(), '\n'), 6) << finished;
    EXPECT_EQ(finished.find("# mneme learn spsa: iterations 3, games per iteration 2, limit "
                            "depth=2, seed 7"),
              0u)
        << finished;

    // Cut after iteration 1, as if the run had been stopped during iteration 2.
    std::size_t end_of_iteration_1 = 0;
    for (int line = 0; line < 4; ++line)
        end_of_iteration_1 = finished.find('\n', end_of_iteration_1) + 1;
    std::ofstream(cut) << finished.substr(0, end_of_iteration_1);
    outcome = run(command(cut, "7"));
    ASSERT_EQ(outcome.status, 0) << outcome.err;
    EXPECT_EQ(test::file_bytes(cut), finished);
    EXPECT_NE(outcome.printed.find("resumed    " + cut + " after iteration 1 of 3 (2 games)"),
              std::string::npos)
        << outcome.printed;
    EXPECT_EQ(outcome.printed.find("iteration    1"), std::string::npos) << outcome.printed;
    EXPECT_NE(outcome.printed.find("iteration    3"), std::string::npos) << outcome.printed;

    // A finished run started again plays nothing and leaves the file as it is.
    outcome = run(command(cut, "7"));
    ASSERT_EQ(outcome.status, 0) << outcome.err;
    EXPECT_EQ(test::file_bytes(cut), finished);
    EXPECT_EQ(outcome.printed.find("iteration    "), std::string::npos) << outcome.printed;

    // Other settings: the file is not this run's to continue.
    outcome = run(command(cut, "8"));
    EXPECT_EQ(outcome.status, 1);
    EXPECT_NE(outcome.err.find(cut + " belongs to another run"), std::string::npos) << outcome.err;
    EXPECT_EQ(test::file_bytes(cut), finished);

    // A damaged file is named with its line.
    std::ofstream(cut) << finished.substr(0, end_of_iteration_1) << "2,1,x,0,100,220\n";
    outcome = run(command(cut, "7"));
    EXPECT_EQ(outcome.status, 1);
    EXPECT_NE(outcome.err.find(cut + ":5: 'x' is not a number"), std::string::npos) << outcome.err;

    // Options for both players are checked before any game.
    Arguments bad_option = command(dir.file("other.csv"), "7");
    bad_option.insert(bad_option.end(), {"--option", "Eval=fancy"});
    outcome = run(bad_option);
    EXPECT_NE(outcome.err.find("option Eval=fancy: needs classic or nnue"), std::string::npos)
        << outcome.err;

    // Workers share a run through its trajectory, so one without it is refused.
    Arguments lone_worker = command("", "7");
    lone_worker.erase(std::find(lone_worker.begin(), lone_worker.end(), "-o"), lone_worker.end());
    lone_worker.insert(lone_worker.end(), {"--worker", "1"});
    outcome = run(lone_worker);
    EXPECT_EQ(outcome.status, 2);
    EXPECT_NE(outcome.err.find("--worker needs -o TRAJECTORY.csv"), std::string::npos)
        << outcome.err;
}

}  // namespace
}  // namespace mneme::app
