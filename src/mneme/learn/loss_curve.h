// The network trainer's log: training and validation loss per epoch, kept as CSV (one row
// appended per epoch, so an interrupted run keeps its history) and drawn as an SVG chart.
#pragma once

#include <string>
#include <vector>

namespace mneme {

struct LossCurvePoint {
    int epoch = 0;
    double training_loss = 0;
    double validation_loss = 0;
    double seconds = 0;  // training time when the epoch ended
    double positions_per_second = 0;
};

// "epoch,train_loss,validation_loss,seconds,positions_per_second"
std::string loss_curve_csv_header();
std::string loss_curve_csv_row(const LossCurvePoint& point);

// Reads a file written with the two functions above; throws std::runtime_error naming the
// file, line and reason for a line that is not such a row. A header line may recur (resumed runs).
std::vector<LossCurvePoint> read_loss_curve_csv(const std::string& path);

// Training and validation loss against the epoch, on a vertical scale fitted to the data.
std::string loss_curve_svg(const std::vector<LossCurvePoint>& points, const std::string& title,
                           const std::string& subtitle);

}  // namespace mneme
