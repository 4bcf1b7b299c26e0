#include "mneme/gui/game_accuracy.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace mneme::gui {
namespace {

double standard_deviation(const std::vector<double>& values, std::size_t first, std::size_t count) {
    double mean = 0;
    for (std::size_t i = first; i < first + count; ++i) mean += values[i];
    mean /= double(count);
    double variance = 0;
    for (std::size_t i = first; i < first + count; ++i)
        variance += (values[i] - mean) * (values[i] - mean);
    return std::sqrt(variance / double(count));
}

// A score as centipawns from White's side for the average loss: mates count as 10 pawns, and
// larger scores are capped there too, so that one lost won position does not swamp the rest.
double white_centipawns(const Json& score) {
    if (score.contains("mate")) {
        int mate = score["mate"].get<int>();
        return mate > 0 ? 1000 : mate < 0 ? -1000 : 0;
    }
    return std::clamp(score["cp"].get<double>(), -1000.0, 1000.0);
}

}  // namespace

double move_accuracy(double chances_before, double chances_after) {
    if (chances_after >= chances_before) return 100;
    double raw =
        103.1668100711649 * std::exp(-0.04354415386753951 * (chances_before - chances_after)) -
        3.166924740191411;
    return std::clamp(raw + 1, 0.0, 100.0);
}

Json accuracy_json(const std::vector<Json>& evaluations, const std::vector<ReviewedMove>& moves) {
    if (moves.empty() || evaluations.size() < moves.size() + 1) return Json();
    // White's winning chances in percent at every position, the start included.
    std::vector<double> white_chances;
    for (std::size_t ply = 0; ply <= moves.size(); ++ply) {
        auto chances = white_winning_chances(evaluations[ply]);
        if (!chances) return Json();
        white_chances.push_back(100 * *chances);
    }
    // A weight per move: the spread of White's chances over the window of positions that ends
    // at it (the first moves share the first window), from half a point to twelve.
    std::size_t window = std::clamp<std::size_t>(moves.size() / 10, 2, 8);
    window = std::min(window, white_chances.size());
    std::vector<double> weights;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        std::size_t first = i + 2 > window ? i + 2 - window : 0;
        weights.push_back(std::clamp(standard_deviation(white_chances, first, window), 0.5, 12.0));
    }
    struct Sums {
        double weighted = 0, weight = 0, reciprocal = 0, loss = 0;
        int moves = 0;
    } sums[2];
    for (std::size_t i = 0; i < moves.size(); ++i) {
        bool white = moves[i].white_moved;
        double before = white ? white_chances[i] : 100 - white_chances[i];
        double after = white ? white_chances[i + 1] : 100 - white_chances[i + 1];
        double accuracy = move_accuracy(before, after);
        Sums& side = sums[white ? 0 : 1];
        side.weighted += accuracy * weights[i];
        side.weight += weights[i];
        side.reciprocal += 1 / std::max(accuracy, 1.0);  // a 0% move counts as 1%
        double cp_before = white_centipawns(evaluations[i]),
               cp_after = white_centipawns(evaluations[i + 1]);
        side.loss += std::max(0.0, white ? cp_before - cp_after : cp_after - cp_before);
        ++side.moves;
    }
    Json result = Json::object();
    for (int side = 0; side < 2; ++side) {
        const Sums& s = sums[side];
        Json entry;
        if (s.moves > 0) {
            double accuracy = (s.weighted / s.weight + s.moves / s.reciprocal) / 2;
            entry = {{"accuracy", std::round(accuracy * 10) / 10},
                     {"acpl", std::lround(s.loss / s.moves)}};
        }
        result[side == 0 ? "white" : "black"] = entry;
    }
    return result;
}

}  // namespace mneme::gui
