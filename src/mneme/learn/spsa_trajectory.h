// An SPSA run's trajectory as CSV: the run's settings on a comment line, a header, then one row
// per iteration (0 is the start) with the iteration's games and theta after it. The file is
// both the run's result and what an interrupted run resumes from, so values are written
// exactly (shortest round-trip form) and a damaged file is refused with its line.
#pragma once

#include <istream>
#include <string>
#include <vector>

namespace mneme {

struct SpsaTrajectoryRow {
    int iteration = 0;
    double wins = 0, draws = 0, losses = 0;  // the plus side's games in this iteration
    std::vector<double> theta;               // after the iteration
};

struct SpsaTrajectory {
    std::string settings;            // the run's settings, one line (the comment without "# ")
    std::vector<std::string> names;  // the parameters, in order
    std::vector<SpsaTrajectoryRow> rows;
};

std::string spsa_trajectory_csv(const SpsaTrajectory& trajectory);

// Reads what spsa_trajectory_csv wrote. Throws std::runtime_error "SOURCE:LINE: reason" for a
// missing settings line or header, a row with the wrong number of fields, a field that is not
// a number, or iterations out of sequence (0, 1, 2, ...).
SpsaTrajectory read_spsa_trajectory(std::istream& in, const std::string& source);

}  // namespace mneme
