// A learning curve: the learner's score against a fixed opponent, measured every so many
// training games; kept as CSV and drawn as an SVG chart (written directly, no plotting tool).
#pragma once

#include <string>
#include <vector>

#include "mneme/match/elo_statistics.h"

namespace mneme {

struct LearningCurvePoint {
    int training_games = 0;  // games played by the learner before this measurement
    WdlCounts wdl;           // the measurement match, from the learner's side
};

// "training_games,games,wins,draws,losses,score,elo,elo_lower,elo_upper"
std::string learning_curve_csv_header();
std::string learning_curve_csv_row(const LearningCurvePoint& point);

// Reads a file written with the two functions above; throws std::runtime_error naming the
// file, line and reason for a line that is not such a row.
std::vector<LearningCurvePoint> read_learning_curve_csv(const std::string& path);

// The chart: score (%) with its 95% interval per measurement, the 50% line, Elo on the right.
std::string learning_curve_svg(const std::vector<LearningCurvePoint>& points,
                               const std::string& title, const std::string& subtitle);

}  // namespace mneme
