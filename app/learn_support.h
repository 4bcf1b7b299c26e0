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
#include "progress_line.h"

namespace mneme::app {

// The arguments of the commands that draw a curve as SVG: the CSV to read, -o OUT.svg, --title,
// --subtitle. `input_name` names the CSV in the usage error when it is missing.
struct ChartArguments {
    std::string input, output, title, subtitle;
};
ChartArguments read_chart_arguments(const Arguments& args, const std::string& default_title,
                                    const std::string& input_name);

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
