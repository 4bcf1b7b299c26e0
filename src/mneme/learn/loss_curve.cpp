#include "mneme/learn/loss_curve.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "mneme/util/text.h"

namespace mneme {

namespace {

std::string printed(const char* pattern, double a, double b = 0) {
    char text[128];
    std::snprintf(text, sizeof text, pattern, a, b);
    return text;
}

// A "nice" grid step (1, 2 or 5 times a power of ten) giving about `lines` lines over `range`.
double grid_step(double range, int lines) {
    double raw = range / lines, magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double factor : {1.0, 2.0, 5.0})
        if (factor * magnitude >= raw) return factor * magnitude;
    return 10 * magnitude;
}

}  // namespace

std::string loss_curve_csv_header() {
    return "epoch,train_loss,validation_loss,seconds,positions_per_second";
}

std::string loss_curve_csv_row(const LossCurvePoint& p) {
    char text[256];
    std::snprintf(text, sizeof text, "%d,%.8f,%.8f,%.1f,%.0f", p.epoch, p.training_loss,
                  p.validation_loss, p.seconds, p.positions_per_second);
    return text;
}

std::vector<LossCurvePoint> read_loss_curve_csv(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(path + ": cannot be opened");
    std::vector<LossCurvePoint> points;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.empty() || line == loss_curve_csv_header()) continue;
        auto fail = [&](const std::string& why) {
            throw std::runtime_error(path + ":" + std::to_string(number) + ": " + why);
        };
        std::vector<std::string> fields = split_commas(line);
        if (fields.size() != 5)
            fail("expected 5 comma-separated fields, found " + std::to_string(fields.size()));
        LossCurvePoint p;
        try {
            p.epoch = std::stoi(fields[0]);
            p.training_loss = std::stod(fields[1]);
            p.validation_loss = std::stod(fields[2]);
            p.seconds = std::stod(fields[3]);
            p.positions_per_second = std::stod(fields[4]);
        } catch (const std::logic_error&) {
            fail("a field is not a number");
        }
        if (p.epoch < 1 || !std::isfinite(p.training_loss) || !std::isfinite(p.validation_loss))
            fail("epoch below 1 or a loss that is not a number");
        points.push_back(p);
    }
    if (points.empty()) throw std::runtime_error(path + ": no epochs in the file");
    return points;
}

std::string loss_curve_svg(const std::vector<LossCurvePoint>& points, const std::string& title,
                           const std::string& subtitle) {
    const double width = 720, height = 420, left = 80, right = 30, top = 64, bottom = 56;
    const double plot_w = width - left - right, plot_h = height - top - bottom;
    int first_epoch = points.front().epoch, last_epoch = points.front().epoch;
    double low = points.front().training_loss, high = low;
    for (const LossCurvePoint& p : points) {
        first_epoch = std::min(first_epoch, p.epoch);
        last_epoch = std::max(last_epoch, p.epoch);
        low = std::min({low, p.training_loss, p.validation_loss});
        high = std::max({high, p.training_loss, p.validation_loss});
    }
    double step = grid_step(std::max(high - low, 1e-6), 6);
    low = std::floor(low / step) * step;
    high = std::max(std::ceil(high / step) * step, low + step);
    double epoch_span = std::max(1, last_epoch - first_epoch + (first_epoch == last_epoch));
    auto x = [&](double epoch) { return left + plot_w * (epoch - first_epoch) / epoch_span; };
    auto y = [&](double loss) { return top + plot_h * (high - loss) / (high - low); };

    std::ostringstream svg;
    svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
        << "\" viewBox=\"0 0 " << width << ' ' << height
        << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        << "<text x=\"" << width / 2 << "\" y=\"22\" text-anchor=\"middle\" font-size=\"16\">"
        << xml_escaped(title) << "</text>\n"
        << "<text x=\"" << width / 2 << "\" y=\"42\" text-anchor=\"middle\" fill=\"#555\">"
        << xml_escaped(subtitle) << "</text>\n";
    int decimals = std::max(0, int(-std::floor(std::log10(step))));
    for (double v = low; v <= high + step / 2; v += step) {
        svg << "<line x1=\"" << left << "\" x2=\"" << left + plot_w << "\" y1=\""
            << printed("%.1f", y(v)) << "\" y2=\"" << printed("%.1f", y(v))
            << "\" stroke=\"#e4e4e4\"/>\n"
            << "<text x=\"" << left - 8 << "\" y=\"" << printed("%.1f", y(v) + 4)
            << "\" text-anchor=\"end\">" << printed("%.*f", decimals, v) << "</text>\n";
    }
    int epoch_step = std::max(1, int(grid_step(epoch_span, 8)));
    for (int e = first_epoch; e <= last_epoch; e += epoch_step)
        svg << "<line x1=\"" << x(e) << "\" x2=\"" << x(e) << "\" y1=\"" << top + plot_h
            << "\" y2=\"" << top + plot_h + 5 << "\" stroke=\"#333\"/>\n"
            << "<text x=\"" << x(e) << "\" y=\"" << top + plot_h + 19
            << "\" text-anchor=\"middle\">" << e << "</text>\n";
    svg << "<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << plot_w << "\" height=\""
        << plot_h << "\" fill=\"none\" stroke=\"#333\"/>\n"
        << "<text x=\"" << left + plot_w / 2 << "\" y=\"" << height - 12
        << "\" text-anchor=\"middle\">epoch</text>\n"
        << "<text transform=\"translate(18 " << top + plot_h / 2
        << ") rotate(-90)\" text-anchor=\"middle\">loss (mean squared error)</text>\n";
    auto line = [&](bool validation, const char* colour, const char* name, double legend_y) {
        svg << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\" points=\"";
        bool first = true;
        for (const LossCurvePoint& p : points) {
            double loss = validation ? p.validation_loss : p.training_loss;
            svg << (first ? "" : " ") << printed("%.1f,%.1f", x(p.epoch), y(loss));
            first = false;
        }
        svg << "\"/>\n";
        for (const LossCurvePoint& p : points) {
            double loss = validation ? p.validation_loss : p.training_loss;
            svg << "<circle cx=\"" << printed("%.1f", x(p.epoch)) << "\" cy=\""
                << printed("%.1f", y(loss)) << "\" r=\"3\" fill=\"" << colour << "\"><title>epoch "
                << p.epoch << ": " << printed("%.6f", loss) << "</title></circle>\n";
        }
        double lx = left + plot_w - 150;
        svg << "<line x1=\"" << lx << "\" x2=\"" << lx + 24 << "\" y1=\"" << legend_y << "\" y2=\""
            << legend_y << "\" stroke=\"" << colour << "\" stroke-width=\"2\"/>\n"
            << "<text x=\"" << lx + 30 << "\" y=\"" << legend_y + 4 << "\">" << name << "</text>\n";
    };
    line(false, "#1f5fa8", "training", top + 18);
    line(true, "#c0392b", "validation", top + 36);
    svg << "</svg>\n";
    return svg.str();
}

}  // namespace mneme
