// mneme learn wdl-fit: the win-rate model of an evaluation (eval/win_rate_model.h), fitted to
// the scores and results of training data it made, with the fit per amount of material and a
// calibration table.
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "book_arguments.h"
#include "learn_support.h"
#include "mneme/learn/training_data_file.h"
#include "mneme/learn/win_rate_fit.h"
#include "required_inputs.h"

namespace mneme::app {

namespace {

// The line of a data file's description that names the command that made it.
std::string command_line_of(const std::string& description) {
    for (std::size_t start = 0; start < description.size();) {
        std::size_t end = description.find('\n', start);
        if (end == std::string::npos) end = description.size();
        std::string line = description.substr(start, end - start);
        if (line.rfind("command: ", 0) == 0) return line.substr(9);
        start = end + 1;
    }
    return "(not recorded)";
}

std::string percent(double part, double whole) {
    return format("%5.1f", whole > 0 ? 100.0 * part / whole : 0.0);
}

// Each band's fit: the model's knots.
void print_bands(const MaterialWinRateCounts& counts, const MaterialWinRateFit& fit) {
    std::printf(
        "\nby material (pawn 1, knight, bishop 3, rook 5, queen 9; both sides; 78 at first):\n"
        "  material  positions   mean       a       b   log loss\n");
    for (const auto& band : WIN_RATE_ENDGAME_BANDS) {
        WinRateCounts here = counts.range(band[0], band[1]);
        if (here.positions() < 1000) continue;
        WinRateFit alone = fit_win_rate_parameters(here);
        std::printf("  %2d-%-2d     %9llu         %6.1f  %6.1f    %.4f  (below the floor)\n",
                    band[0], band[1], (unsigned long long)alone.positions, alone.parameters.a,
                    alone.parameters.b, alone.log_loss);
    }
    std::size_t knot = 0;
    for (const auto& band : WIN_RATE_BANDS) {
        if (knot < fit.model.knots.size() && fit.model.knots[knot].material >= band[0] &&
            fit.model.knots[knot].material <= band[1]) {
            const WinRateModel::Knot& k = fit.model.knots[knot];
            std::printf("  %2d-%-2d     %9llu  %5.1f  %6.1f  %6.1f    %.4f\n", band[0], band[1],
                        (unsigned long long)fit.bands[knot].positions, k.material, k.a, k.b,
                        fit.bands[knot].log_loss);
            ++knot;
        } else {
            std::printf("  %2d-%-2d     (too few positions: no knot)\n", band[0], band[1]);
        }
    }
}

// Observed and predicted results by reported score, in steps of a pawn.
void print_calibration(const MaterialWinRateCounts& counts, const WinRateModel& model) {
    std::printf(
        "\ncalibration by reported cp = 100 s / a(material), side to move, material %d up:\n"
        "  reported       positions   won%%  drawn%%  lost%%    model won%%  drawn%%  lost%%\n",
        WIN_RATE_BANDS[0][0]);
    for (int centre = -400; centre <= 400; centre += 100) {
        double seen[3] = {0, 0, 0}, predicted[3] = {0, 0, 0}, n = 0;
        for (int m = WIN_RATE_BANDS[0][0]; m <= MaterialWinRateCounts::MAX_MATERIAL; ++m) {
            WinRateParameters here = model.at_material(m);
            for (const auto& [score, results] : counts.at(m).by_score()) {
                int cp = here.to_centipawns(score);
                if (cp < centre - 50 || cp >= centre + 50) continue;
                double count = double(results[0] + results[1] + results[2]);
                double win = here.win_probability(score), loss = here.loss_probability(score);
                for (int r = 0; r < 3; ++r) seen[r] += double(results[r]);
                predicted[0] += count * loss;
                predicted[1] += count * (1 - win - loss);
                predicted[2] += count * win;
                n += count;
            }
        }
        if (n == 0) continue;
        std::printf("  %+5d..%+5d %11.0f  %s  %s  %s       %s  %s  %s\n", centre - 50, centre + 49,
                    n, percent(seen[2], n).c_str(), percent(seen[1], n).c_str(),
                    percent(seen[0], n).c_str(), percent(predicted[2], n).c_str(),
                    percent(predicted[1], n).c_str(), percent(predicted[0], n).c_str());
    }
}

// The knots as win_rate_model.cpp writes them.
std::string knots_text(const WinRateModel& model) {
    std::string text = "{{";
    for (std::size_t i = 0; i < model.knots.size(); ++i)
        text += format("%s{%.1f, %.1f, %.1f}", i ? ", " : "", model.knots[i].material,
                       model.knots[i].a, model.knots[i].b);
    return text + "}}";
}

}  // namespace

int learn_wdl_fit_command(const Arguments& args) {
    std::vector<std::string> paths;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a.rfind("-", 0) != 0)
            paths.push_back(a);
        else
            reader.unexpected(a);
    }
    require_arguments({{!paths.empty(), "FILE.mdata..."}});
    require_readable_files(paths);
    require_distinct_inputs(paths);

    MaterialWinRateCounts counts;
    for (const std::string& path : paths) {
        // A file still being written is read up to its last finished game.
        TrainingDataReader data(path, true, true);
        std::printf("data      %s: %llu positions of %llu games\n          made by %s\n",
                    path.c_str(), (unsigned long long)data.size(),
                    (unsigned long long)data.header().games,
                    command_line_of(data.header().description).c_str());
        for (std::uint64_t i = 0; i < data.size(); ++i) {
            ScoredPosition p = data.at(i);
            counts.add(material_count(p), p.score, p.result);
        }
    }
    std::uint64_t n = counts.positions();
    if (!n) throw std::runtime_error("the data holds no positions");
    WinRateCounts all = counts.range(0, MaterialWinRateCounts::MAX_MATERIAL);
    std::array<std::uint64_t, 3> results = all.results();
    std::printf("positions %llu: %s%% won, %s%% drawn, %s%% lost (side to move)\n",
                (unsigned long long)n, percent(double(results[2]), double(n)).c_str(),
                percent(double(results[1]), double(n)).c_str(),
                percent(double(results[0]), double(n)).c_str());

    const int floor = WIN_RATE_BANDS[0][0];
    MaterialWinRateFit fit = fit_win_rate_model(counts);
    WinRateFit single =
        fit_win_rate_parameters(counts.range(floor, MaterialWinRateCounts::MAX_MATERIAL));
    std::printf(
        "model     p_win(s) = 1 / (1 + exp((a - s) / b)), p_loss(s) = p_win(-s), draw the rest;\n"
        "          s = the search score in the evaluation's units, side to move; reported\n"
        "          cp = 100 s / a, so s = a is +1.00 (half the games won)\n"
        "log loss  over the %llu positions with material %d up, nats per position:\n"
        "          %.4f from the result rates alone\n"
        "          %.4f with one a = %.1f, b = %.1f\n"
        "          %.4f with a and b fitted per band of material, linear between the bands\n",
        (unsigned long long)fit.positions, floor, single.baseline_log_loss, single.log_loss,
        single.parameters.a, single.parameters.b, fit.log_loss);
    std::uint64_t below = counts.range(0, floor - 1).positions();
    if (below)
        std::printf(
            "          %.4f for the %llu positions below %d, with the first band's a and b\n",
            -counts.log_likelihood(fit.model, 0, floor - 1) / double(below),
            (unsigned long long)below, floor);
    print_bands(counts, fit);
    print_calibration(counts, fit.model);
    std::printf("\nknots {material, a, b}: %s\n", knots_text(fit.model).c_str());
    return 0;
}

}  // namespace mneme::app
