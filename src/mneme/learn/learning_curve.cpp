#include "mneme/learn/learning_curve.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "mneme/util/text.h"

namespace mneme {

namespace {

std::string printed(const char* pattern, double a, double b = 0, double c = 0, double d = 0) {
    char text[256];
    std::snprintf(text, sizeof text, pattern, a, b, c, d);
    return text;
}

}  // namespace

std::string learning_curve_csv_header() {
    return "training_games,games,wins,draws,losses,score,elo,elo_lower,elo_upper";
}

std::string learning_curve_csv_row(const LearningCurvePoint& p) {
    EloEstimate e = trinomial_estimate(p.wdl);
    char text[256];
    std::snprintf(text, sizeof text, "%d,%.0f,%.0f,%.0f,%.0f,%.4f,%.1f,%.1f,%.1f", p.training_games,
                  p.wdl.games(), p.wdl.wins, p.wdl.draws, p.wdl.losses, p.wdl.score(), e.elo + 0.0,
                  e.elo_lower, e.elo_upper);
    return text;
}

std::vector<LearningCurvePoint> read_learning_curve_csv(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(path + ": cannot be opened");
    std::vector<LearningCurvePoint> points;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.empty() || line == learning_curve_csv_header()) continue;
        std::vector<std::string> fields = split_commas(line);
        auto fail = [&](const std::string& why) {
            throw std::runtime_error(path + ":" + std::to_string(number) + ": " + why);
        };
        if (fields.size() != 9)
            fail("expected 9 comma-separated fields, found " + std::to_string(fields.size()));
        LearningCurvePoint p;
        try {
            std::size_t used = 0;
            p.training_games = std::stoi(fields[0], &used);
            if (used != fields[0].size() || p.training_games < 0)
                fail("bad training game count '" + fields[0] + "'");
            p.wdl.wins = std::stod(fields[2]);
            p.wdl.draws = std::stod(fields[3]);
            p.wdl.losses = std::stod(fields[4]);
        } catch (const std::logic_error&) {
            fail("a field is not a number");
        }
        if (p.wdl.wins < 0 || p.wdl.draws < 0 || p.wdl.losses < 0 || p.wdl.games() == 0)
            fail("wins, draws and losses must be counts of at least one game");
        points.push_back(p);
    }
    if (points.empty()) throw std::runtime_error(path + ": no measurements in the file");
    return points;
}

std::string learning_curve_svg(const std::vector<LearningCurvePoint>& points,
                               const std::string& title, const std::string& subtitle) {
    const double width = 720, height = 420, left = 70, right = 70, top = 64, bottom = 56;
    const double plot_w = width - left - right, plot_h = height - top - bottom;
    int max_games = 1;
    for (const LearningCurvePoint& p : points) max_games = std::max(max_games, p.training_games);
    // The vertical range: 0-100% squeezed to the data with a margin, in 10% steps.
    double low = 1, high = 0;
    for (const LearningCurvePoint& p : points) {
        EloEstimate e = trinomial_estimate(p.wdl);
        double spread = std::isfinite(e.elo_lower) ? score_from_elo(e.elo_lower) : 0;
        low = std::min({low, p.wdl.score(), spread});
        high = std::max(
            {high, p.wdl.score(), std::isfinite(e.elo_upper) ? score_from_elo(e.elo_upper) : 1.0});
    }
    low = std::max(0.0, std::floor(std::min(low, 0.5) * 10 - 0.5) / 10);
    high = std::min(1.0, std::ceil(std::max(high, 0.5) * 10 + 0.5) / 10);
    auto x = [&](double games) { return left + plot_w * games / max_games; };
    auto y = [&](double score) { return top + plot_h * (high - score) / (high - low); };

    std::ostringstream svg;
    svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
        << "\" viewBox=\"0 0 " << width << ' ' << height
        << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        << "<text x=\"" << width / 2 << "\" y=\"22\" text-anchor=\"middle\" font-size=\"16\">"
        << xml_escaped(title) << "</text>\n"
        << "<text x=\"" << width / 2 << "\" y=\"42\" text-anchor=\"middle\" fill=\"#555\">"
        << xml_escaped(subtitle) << "</text>\n";
    // Grid and axes: score on the left, the same lines in Elo on the right.
    for (int step = int(std::lround(low * 10)); step <= int(std::lround(high * 10)); ++step) {
        double s = step / 10.0;
        svg << "<line x1=\"" << left << "\" x2=\"" << left + plot_w << "\" y1=\"" << y(s)
            << "\" y2=\"" << y(s) << "\" stroke=\"" << (step == 5 ? "#888" : "#e4e4e4") << "\""
            << (step == 5 ? " stroke-dasharray=\"6 4\"" : "") << "/>\n"
            << "<text x=\"" << left - 8 << "\" y=\"" << y(s) + 4 << "\" text-anchor=\"end\">"
            << step * 10 << "%</text>\n";
        // Adding 0.0 turns -0 into 0, so the 50% line reads "+0".
        std::string elo = s <= 0   ? "-inf"
                          : s >= 1 ? "+inf"
                                   : printed("%+.0f", elo_from_score(s) + 0.0);
        svg << "<text x=\"" << left + plot_w + 8 << "\" y=\"" << y(s) + 4 << "\" fill=\"#555\">"
            << elo << "</text>\n";
    }
    int x_step = std::max(1, max_games / 8);
    for (int magnitude : {1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000})
        if (magnitude >= x_step) {
            x_step = magnitude;
            break;
        }
    for (int g = 0; g <= max_games; g += x_step)
        svg << "<line x1=\"" << x(g) << "\" x2=\"" << x(g) << "\" y1=\"" << top + plot_h
            << "\" y2=\"" << top + plot_h + 5 << "\" stroke=\"#333\"/>\n"
            << "<text x=\"" << x(g) << "\" y=\"" << top + plot_h + 19
            << "\" text-anchor=\"middle\">" << g << "</text>\n";
    svg << "<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << plot_w << "\" height=\""
        << plot_h << "\" fill=\"none\" stroke=\"#333\"/>\n"
        << "<text x=\"" << left + plot_w / 2 << "\" y=\"" << height - 12
        << "\" text-anchor=\"middle\">training games</text>\n"
        << "<text transform=\"translate(18 " << top + plot_h / 2
        << ") rotate(-90)\" text-anchor=\"middle\">score against the untrained table</text>\n"
        << "<text transform=\"translate(" << width - 14 << ' ' << top + plot_h / 2
        << ") rotate(90)\" text-anchor=\"middle\" fill=\"#555\">Elo difference</text>\n";
    // The measurements: 95% intervals, then the line through the scores.
    for (const LearningCurvePoint& p : points) {
        EloEstimate e = trinomial_estimate(p.wdl);
        double lo = std::isfinite(e.elo_lower) ? score_from_elo(e.elo_lower) : 0.0;
        double hi = std::isfinite(e.elo_upper) ? score_from_elo(e.elo_upper) : 1.0;
        lo = std::max(lo, low);
        hi = std::min(hi, high);
        double px = x(p.training_games);
        svg << "<line x1=\"" << px << "\" x2=\"" << px << "\" y1=\"" << y(lo) << "\" y2=\"" << y(hi)
            << "\" stroke=\"#7aa6d6\" stroke-width=\"2\"/>\n";
    }
    svg << "<polyline fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"2\" points=\"";
    bool first = true;
    for (const LearningCurvePoint& p : points) {
        svg << (first ? "" : " ") << printed("%.1f,%.1f", x(p.training_games), y(p.wdl.score()));
        first = false;
    }
    svg << "\"/>\n";
    for (const LearningCurvePoint& p : points)
        svg << "<circle cx=\"" << printed("%.1f", x(p.training_games)) << "\" cy=\""
            << printed("%.1f", y(p.wdl.score())) << "\" r=\"3.5\" fill=\"#1f5fa8\"><title>"
            << p.training_games << " games: " << printed("%.1f%%", 100 * p.wdl.score()) << " ("
            << printed("+%.0f =%.0f -%.0f", p.wdl.wins, p.wdl.draws, p.wdl.losses)
            << ")</title></circle>\n";
    svg << "</svg>\n";
    return svg.str();
}

}  // namespace mneme
