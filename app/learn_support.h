// What the learn subcommands share: a progress line, printf-style formatting, loading a
// parameter table for learning, and the command line for provenance notes.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.h"
#include "eval_params_file.h"

namespace mneme::app {

// The arguments of the commands that draw a curve as SVG: the CSV to read, -o OUT.svg, --title,
// --subtitle. `input_name` names the CSV in the usage error when it is missing.
struct ChartArguments {
    std::string input, output, title, subtitle;
};
ChartArguments read_chart_arguments(const Arguments& args, const std::string& default_title,
                                    const std::string& input_name);

// A line that rewrites itself on a terminal; one line every 10 s otherwise.
class ProgressLine {
public:
    explicit ProgressLine(bool enabled) : enabled_(enabled), terminal_(isatty(STDERR_FILENO)) {}
    void show(double seconds, const std::string& text) {
        if (!enabled_ || (!terminal_ && seconds < next_line_seconds_)) return;
        next_line_seconds_ = seconds + 10;
        std::fprintf(stderr, "%s%s%s", terminal_ ? "\r" : "", text.c_str(),
                     terminal_ ? "   " : "\n");
        shown_ = terminal_;
    }
    void clear() {
        if (shown_) std::fprintf(stderr, "\r\033[K");
        shown_ = false;
    }

private:
    bool enabled_, terminal_, shown_ = false;
    double next_line_seconds_ = 0;
};

inline std::string format(const char* pattern, auto... values) {
    char text[256];
    std::snprintf(text, sizeof text, pattern, values...);
    return text;
}

inline std::string joined_command(const std::string& name, const Arguments& args) {
    std::string text = "mneme learn " + name;
    for (const std::string& a : args) text += " " + a;
    return text;
}

// The subcommands that live in their own files.
int learn_positions_command(const Arguments& args);
int learn_positions_merge_command(const Arguments& args);
int learn_relabel_command(const Arguments& args);
int learn_ga_command(const Arguments& args);
int learn_spsa_command(const Arguments& args);
int learn_datagen_command(const Arguments& args);
int learn_data_merge_command(const Arguments& args);
int learn_label_games_command(const Arguments& args);
int learn_data_info_command(const Arguments& args);
int learn_nnue_command(const Arguments& args);
int learn_nnue_rescale_command(const Arguments& args);
int learn_loss_curve_command(const Arguments& args);
int learn_wdl_fit_command(const Arguments& args);

}  // namespace mneme::app
