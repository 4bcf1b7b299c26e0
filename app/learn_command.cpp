// mneme learn: training positions from games, and logistic tuning of the evaluation on them.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <regex>
#include <sstream>

#include "book_arguments.h"
#include "commands.h"
#include "learn_support.h"
#include "mneme/eval/eval_params.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/bayes_evaluation.h"
#include "mneme/learn/category_weights.h"
#include "mneme/learn/learning_curve.h"
#include "mneme/learn/linear_evaluation.h"
#include "mneme/learn/logistic_tuner.h"
#include "mneme/learn/params_source.h"
#include "mneme/learn/piece_square_centring.h"
#include "mneme/learn/position_file.h"
#include "mneme/learn/position_sampler.h"
#include "mneme/learn/search_relabel.h"
#include "mneme/learn/self_play_training.h"
#include "mneme/learn/table_match.h"
#include "mneme/match/player_spec.h"
#include "mneme/util/atomic_file.h"
#include "required_inputs.h"

namespace mneme::app {

namespace {

// Parameters whose flat name matches `pattern`, among those the tuner can change at all.
std::vector<bool> tunable_matching(const std::string& pattern) {
    std::vector<bool> tunable = default_tunable_parameters();
    std::regex expression;
    try {
        expression = std::regex(pattern);
    } catch (const std::regex_error& e) {
        throw UsageError("--only: '" + pattern + "' is not a regular expression");
    }
    std::size_t count = 0;
    for (std::size_t i = 0; i < tunable.size(); ++i) {
        tunable[i] = tunable[i] && std::regex_search(EvalParams::flat_name(i), expression);
        count += tunable[i];
    }
    if (count == 0)
        throw std::runtime_error("--only: '" + pattern + "' matches no tunable parameter");
    return tunable;
}

EvalParams rounded(const std::vector<double>& weights, const EvalParams& start) {
    EvalParams params = start;
    for (std::size_t i = 0; i < weights.size(); ++i)
        if (param_role(i) != ParamRole::FIXED) params.set(i, int(std::lround(weights[i])));
    return params;
}

// Loads, shuffles and splits position files: (training, held out).
std::pair<std::vector<TrainingPosition>, std::vector<TrainingPosition>> split_positions(
    const std::vector<std::string>& inputs, double held_out_fraction, std::uint64_t seed,
    std::uint64_t max_positions = 0) {
    std::vector<TrainingPosition> all;
    for (const std::string& path : inputs) {
        PositionFile file = load_position_file(path);
        all.insert(all.end(), file.positions.begin(), file.positions.end());
    }
    std::mt19937_64 random(seed);
    std::shuffle(all.begin(), all.end(), random);
    if (max_positions && all.size() > max_positions) all.resize(max_positions);
    std::size_t held_count = std::size_t(double(all.size()) * held_out_fraction);
    return {std::vector<TrainingPosition>(all.begin() + std::ptrdiff_t(held_count), all.end()),
            std::vector<TrainingPosition>(all.begin(), all.begin() + std::ptrdiff_t(held_count))};
}

int tune_command(const Arguments& args) {
    std::vector<std::string> inputs;
    std::string output, source_path, params_path, only;
    TunerOptions options;
    double k = 0, held_out_fraction = 0.1;
    std::uint64_t max_positions = 0, seed = 1;
    int report_every = 0;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (a == "--source")
            source_path = reader.value(a);
        else if (a == "--params")
            params_path = reader.value(a);
        else if (a == "--epochs")
            options.epochs = int(reader.integer(a, 0, 1000000));
        else if (a == "--rate")
            options.learning_rate = reader.real(a, 1e-6, 1000);
        else if (a == "--batch")
            options.batch_size = std::size_t(reader.integer(a, 0, 1LL << 40));
        else if (a == "--l2")
            options.l2 = reader.real(a, 0, 1e6);
        else if (a == "--k")
            k = reader.real(a, 1e-6, 10);
        else if (a == "--only")
            only = reader.value(a);
        else if (a == "--held-out")
            held_out_fraction = reader.real(a, 0, 0.9);
        else if (a == "--max-positions")
            max_positions = reader.integer(a, 1, 1LL << 40);
        else if (a == "--threads")
            options.threads = int(reader.integer(a, 1, 64));
        else if (a == "--seed")
            seed = std::uint64_t(reader.integer(a, 0, 1LL << 62));
        else if (a == "--report-every")
            report_every = int(reader.integer(a, 1, 1000000));
        else if (a.rfind("-", 0) != 0)
            inputs.push_back(a);
        else
            reader.unexpected(a);
    }
    require_arguments({{!inputs.empty(), "IN.mpos..."}, {!output.empty(), "-o OUT.params"}});
    require_distinct_inputs(inputs);
    require_outputs_apart(with_file(inputs, params_path), {output, source_path});
    require_writable_outputs({output, source_path});
    EvalParams start =
        params_path.empty() ? EvalParams::defaults() : load_params_or_throw(params_path);
    if (!only.empty()) options.tunable = tunable_matching(only);

    auto [training, held_out] = split_positions(inputs, held_out_fraction, seed, max_positions);
    if (training.empty()) throw std::runtime_error("no training positions in the input");

    auto started = std::chrono::steady_clock::now();
    LinearDataset training_data = build_linear_dataset(training, start, options.threads);
    LinearDataset held_out_data = build_linear_dataset(held_out, start, options.threads);
    double feature_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("positions %zu training, %zu held out; features in %.1f s (%.1f per position)\n",
                training.size(), held_out.size(), feature_seconds,
                double(training_data.features.size()) / double(training.size()));

    std::vector<int> start_values = start.to_vector();
    std::vector<double> weights(start_values.begin(), start_values.end());
    if (k == 0) k = fit_scaling_constant(training_data, weights, options.threads);
    std::printf("K         %.6f per centipawn (Texel's 10^(-K s/400) form: %.4f)\n", k,
                k * 400 / std::log(10.0));
    double linear_before = mean_squared_error(held_out_data, weights, k, options.threads);
    double real_before = evaluation_error(held_out, start, k, options.threads);
    double training_before = mean_squared_error(training_data, weights, k, options.threads);

    std::fflush(stdout);  // before the epochs' lines on stderr
    if (report_every == 0) report_every = std::max(1, options.epochs / 30);
    options.on_epoch = [&](const TuningEpoch& e) {
        if (e.epoch % report_every == 0 || e.epoch == options.epochs)
            std::fprintf(stderr, "epoch %5d  training %.6f  held-out %.6f  %.1f s\n", e.epoch,
                         e.training_error, e.held_out_error, e.seconds);
    };
    std::vector<double> tuned = tune_weights(training_data, held_out_data, weights, k, options);
    EvalParams result = rounded(tuned, start);
    centre_piece_square_tables(result);

    std::vector<int> rounded_values = result.to_vector();
    std::vector<double> rounded_weights(rounded_values.begin(), rounded_values.end());
    double linear_after = mean_squared_error(held_out_data, rounded_weights, k, options.threads);
    double real_after = evaluation_error(held_out, result, k, options.threads);
    double training_after = mean_squared_error(training_data, rounded_weights, k, options.threads);
    std::size_t changed = 0;
    for (std::size_t i = 0; i < rounded_values.size(); ++i)
        changed += rounded_values[i] != start_values[i];
    std::printf("error     training %.6f -> %.6f (linear model)\n", training_before,
                training_after);
    std::printf("held out  %.6f -> %.6f (linear model), %.6f -> %.6f (evaluate())\n", linear_before,
                linear_after, real_before, real_after);
    std::printf("changed   %zu of %zu values\n", changed, rounded_values.size());

    save_eval_params(output, result);
    std::printf("wrote     %s\n", output.c_str());
    if (!source_path.empty()) {
        std::ostringstream provenance;
        provenance << joined_command("tune", args) << "\n"
                   << training.size() << " training positions, K = " << k << ", held-out error "
                   << real_before << " -> " << real_after;
        save_eval_params_source(source_path, result, provenance.str());
        std::printf("wrote     %s\n", source_path.c_str());
    }
    return 0;
}

int bayes_command(const Arguments& args) {
    std::vector<std::string> inputs;
    std::string output, params_path;
    BayesOptions options;
    double held_out_fraction = 0.1;
    std::uint64_t seed = 1;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (a == "--exclude-draws")
            options.exclude_draws = true;
        else if (a == "--independent")
            options.independent_terms = true;
        else if (a == "--ridge")
            options.ridge = reader.real(a, 1e-9, 1e9);
        else if (a == "--params")
            params_path = reader.value(a);
        else if (a == "--held-out")
            held_out_fraction = reader.real(a, 0, 0.9);
        else if (a == "--seed")
            seed = std::uint64_t(reader.integer(a, 0, 1LL << 62));
        else if (a.rfind("-", 0) != 0)
            inputs.push_back(a);
        else
            reader.unexpected(a);
    }
    require_arguments({{!inputs.empty(), "IN.mpos..."}, {!output.empty(), "-o OUT.bayes"}});
    require_distinct_inputs(inputs);
    require_outputs_apart(with_file(inputs, params_path), {output});
    require_writable_outputs({output});
    EvalParams params =
        params_path.empty() ? EvalParams::defaults() : load_params_or_throw(params_path);
    auto [training, held_out] = split_positions(inputs, held_out_fraction, seed);

    BayesModel model(options);
    for (const TrainingPosition& t : training) {
        int stage = 0;
        BayesFeatures x = bayes_features(t.to_position(), params, stage);
        model.add(x, stage, t.result_value());
    }
    model.finish();
    std::printf("stage   wins  draws losses\n");
    for (int stage = 0; stage <= BAYES_STAGES; ++stage)
        std::printf("%-5s %6llu %6llu %6llu\n",
                    stage == BAYES_STAGES ? "all" : std::to_string(stage).c_str(),
                    (unsigned long long)model.model(stage, BAYES_WIN).count,
                    (unsigned long long)model.model(stage, BAYES_DRAW).count,
                    (unsigned long long)model.model(stage, BAYES_LOSS).count);
    // How well E predicts the results it was not fitted on, against always predicting the mean.
    double error = 0, baseline = 0, mean = 0;
    for (const TrainingPosition& t : training) mean += t.result_value();
    mean /= double(std::max<std::size_t>(training.size(), 1));
    for (const TrainingPosition& t : held_out) {
        int stage = 0;
        BayesFeatures x = bayes_features(t.to_position(), params, stage);
        double d = model.expected_score(x, stage) - t.result_value();
        error += d * d;
        baseline += (mean - t.result_value()) * (mean - t.result_value());
    }
    if (!held_out.empty())
        std::printf("held out %zu positions: error of E %.6f, of the mean result %.6f\n",
                    held_out.size(), error / double(held_out.size()),
                    baseline / double(held_out.size()));
    model.save(output);
    std::printf("wrote    %s\n", output.c_str());
    return 0;
}

int td_command(const Arguments& args) {
    std::string params_path, only, opponent_params_path, curve_path;
    std::vector<std::string> opponent_specs;
    bool material_only = false;
    SelfPlayOptions options;
    options.games = 0;
    int curve_every = 25;
    TableMatchOptions curve;
    curve.depth = 0;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            options.save_path = reader.value(a);
        else if (a == "--games")
            options.games = int(reader.integer(a, 1, 100000000));
        else if (a == "--params")
            params_path = reader.value(a);
        else if (a == "--depth")
            options.depth = int(reader.integer(a, 1, 60));
        else if (a == "--alpha")
            options.td.alpha = reader.real(a, 0, 1e9);
        else if (a == "--lambda")
            options.td.lambda = reader.real(a, 0, 1);
        else if (a == "--k")
            options.td.k = reader.real(a, 1e-6, 10);
        else if (a == "--root")
            options.leaves = false;
        else if (a == "--only")
            only = reader.value(a);
        else if (a == "--random-plies")
            options.random_opening_plies = int(reader.integer(a, 0, 100));
        else if (a == "--max-plies")
            options.max_plies = int(reader.integer(a, 1, 10000));
        else if (a == "--seed")
            options.seed = std::uint64_t(reader.integer(a, 0, 1LL << 62));
        else if (a == "--material-only")
            material_only = true;
        else if (a == "--opponent")
            opponent_specs.push_back(reader.value(a));
        else if (a == "--opponent-params")
            opponent_params_path = reader.value(a);
        else if (a == "--max-in-a-row")
            options.max_in_a_row = int(reader.integer(a, 1, 1000000));
        else if (a == "--curve")
            curve_path = reader.value(a);
        else if (a == "--curve-every")
            curve_every = int(reader.integer(a, 1, 1000000));
        else if (a == "--curve-games")
            curve.games = int(reader.integer(a, 2, 100000));
        else if (a == "--curve-depth")
            curve.depth = int(reader.integer(a, 1, 60));
        else
            reader.unexpected(a);
    }
    require_arguments(
        {{options.games != 0, "--games N"}, {!options.save_path.empty(), "-o OUT.params"}});
    require_outputs_apart(with_file(with_file({}, params_path), opponent_params_path),
                          {options.save_path, curve_path});
    require_writable_outputs({options.save_path, curve_path});
    EvalParams start =
        params_path.empty() ? EvalParams::defaults() : load_params_or_throw(params_path);
    // The 2006 program's start: every weight 0 but the material values.
    if (material_only) start = apply_category_weights(start, {1, 0, 0, 0, 0, 0, 0, 0});
    if (!only.empty()) options.td.tunable = tunable_matching(only);
    EvalParams opponent_params =
        opponent_params_path.empty() ? start : load_params_or_throw(opponent_params_path);

    // The opponents, started once; each thinks to a depth, node count or time per move.
    std::vector<std::unique_ptr<Player>> players;
    for (const std::string& text : opponent_specs) {
        PlayerSpec spec;
        try {
            spec = parse_player_spec(split_command_line(text));
        } catch (const std::invalid_argument& e) {
            throw std::runtime_error("--opponent '" + text + "': " + e.what());
        }
        TrainingOpponent opponent;
        opponent.name = spec.name;
        opponent.params = opponent_params;
        opponent.limit = spec.time_control;
        if (opponent.limit.has_clock())
            throw std::runtime_error("--opponent '" + text +
                                     "': give it depth=, nodes= or st= "
                                     "(seconds per move); training games have no clocks");
        if (!opponent.limit.is_limited()) opponent.limit.depth = options.depth;
        players.push_back(make_player(spec));
        std::string error;
        if (!players.back()->start(error))
            throw std::runtime_error("--opponent '" + text + "' does not start: " + error);
        opponent.player = players.back().get();
        options.opponents.push_back(opponent);
    }
    if (options.opponents.size() == 1)
        std::printf(
            "opponents  %s and self-play in turn, at most %d games in a row (the 2006 "
            "safeguard)\n",
            options.opponents[0].name.c_str(), options.max_in_a_row);
    else if (!options.opponents.empty())
        std::printf("opponents  %zu in turn, at most %d games in a row each\n",
                    options.opponents.size(), options.max_in_a_row);
    std::fflush(stdout);

    // The learning curve: the table so far against the starting table, every K games.
    std::ofstream curve_file;
    if (curve.depth == 0) curve.depth = options.depth;
    auto measure = [&](int trained, const EvalParams& now) {
        auto begun = std::chrono::steady_clock::now();
        LearningCurvePoint point{trained, play_table_match(now, start, curve)};
        curve_file << learning_curve_csv_row(point) << std::endl;
        EloEstimate e = trinomial_estimate(point.wdl);
        std::fprintf(
            stderr,
            "curve      after %d games: %.1f%% (+%.0f =%.0f -%.0f) vs the start table, "
            "Elo %+.0f [%+.0f, %+.0f], %.0f s\n",
            trained, 100 * point.wdl.score(), point.wdl.wins, point.wdl.draws, point.wdl.losses,
            e.elo + 0.0, e.elo_lower, e.elo_upper,
            std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count());
    };
    if (!curve_path.empty()) {
        // Appended line by line so that an interrupted run keeps its measurements.
        curve_file.open(curve_path);
        if (!curve_file) throw std::runtime_error(curve_path + ": cannot be written");
        curve_file << learning_curve_csv_header() << std::endl;
        measure(0, start);
    }

    int white_wins = 0, draws = 0, black_wins = 0;
    std::map<std::string, WdlCounts> learner_results;
    auto started = std::chrono::steady_clock::now();
    options.on_game = [&](const SelfPlayGame& g) {
        (g.result == GameResult::WHITE_WINS   ? white_wins
         : g.result == GameResult::BLACK_WINS ? black_wins
                                              : draws) += 1;
        WdlCounts& r = learner_results[g.opponent];
        if (g.result == GameResult::DRAW)
            r.draws += 1;
        else if ((g.result == GameResult::WHITE_WINS) == (g.learner == WHITE))
            r.wins += 1;
        else
            r.losses += 1;
        double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::fprintf(stderr, "game %d vs %s%s: %s in %d plies%s%s, largest change %.2f; %.0f s\n",
                     g.number, g.opponent.c_str(),
                     g.opponent == "self" ? ""
                     : g.learner == WHITE ? " (learner white)"
                                          : " (learner black)",
                     result_text(g.result), g.plies, g.fault.empty() ? "" : ", ", g.fault.c_str(),
                     g.largest_change, seconds);
        if (!curve_path.empty() && g.number % curve_every == 0) measure(g.number, *g.params);
    };
    train_by_self_play(start, options);
    std::printf("%d games: %d white wins, %d draws, %d black wins; weights in %s\n", options.games,
                white_wins, draws, black_wins, options.save_path.c_str());
    for (const auto& [name, r] : learner_results)
        if (name != "self")
            std::printf("learner vs %s: +%.0f =%.0f -%.0f\n", name.c_str(), r.wins, r.draws,
                        r.losses);
    if (!curve_path.empty()) std::printf("curve in %s\n", curve_path.c_str());
    return 0;
}

int curve_command(const Arguments& args) {
    auto [input, output, title, subtitle] =
        read_chart_arguments(args, "TD(lambda) learning curve", "CURVE.csv");
    std::vector<LearningCurvePoint> points = read_learning_curve_csv(input);
    std::string svg = learning_curve_svg(points, title, subtitle);
    write_file_atomically(output, [&](std::ostream& out) { out << svg; });
    std::printf("wrote %s (%zu measurements)\n", output.c_str(), points.size());
    return 0;
}

int info_command(const Arguments& args) {
    std::string path;
    long long show = 0;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "--show")
            show = reader.integer(a, 0, 1LL << 40);
        else if (a.rfind("-", 0) != 0 && path.empty())
            path = a;
        else
            reader.unexpected(a);
    }
    if (path.empty()) throw UsageError("needs FILE.mpos");
    PositionFile file = load_position_file(path);
    double label_sum = 0;
    std::uint64_t wins = 0, draws = 0, losses = 0, repeated = 0;
    for (const TrainingPosition& t : file.positions) {
        label_sum += t.label_value();
        double r = t.result_value();
        (r > 0.75 ? wins : r < 0.25 ? losses : draws) += 1;
        repeated += t.games > 1;
    }
    std::size_t n = file.positions.size();
    std::printf(
        "file         %s\nmade by      %s\npositions    %zu (%llu met in more than one game)\n"
        "checksum     0x%016llx\n",
        path.c_str(), file.description.c_str(), n, (unsigned long long)repeated,
        (unsigned long long)position_records_checksum(file.positions));
    std::printf(
        "results      %.1f%% won, %.1f%% drawn, %.1f%% lost (side to move; means of "
        "repeated positions rounded)\nmean label   %.4f\n",
        100.0 * wins / std::max<std::size_t>(n, 1), 100.0 * draws / std::max<std::size_t>(n, 1),
        100.0 * losses / std::max<std::size_t>(n, 1), label_sum / std::max<std::size_t>(n, 1));
    for (long long i = 0; i < show && i < (long long)n; ++i)
        std::printf("%s  result %.3f  label %.3f\n", file.positions[i].fen().c_str(),
                    file.positions[i].result_value(), file.positions[i].label_value());
    return 0;
}

}  // namespace

ChartArguments read_chart_arguments(const Arguments& args, const std::string& default_title,
                                    const std::string& input_name) {
    ChartArguments chart{"", "", default_title, ""};
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            chart.output = reader.value(a);
        else if (a == "--title")
            chart.title = reader.value(a);
        else if (a == "--subtitle")
            chart.subtitle = reader.value(a);
        else if (a.rfind("-", 0) != 0 && chart.input.empty())
            chart.input = a;
        else
            reader.unexpected(a);
    }
    require_arguments(
        {{!chart.input.empty(), input_name.c_str()}, {!chart.output.empty(), "-o OUT.svg"}});
    require_readable_files({chart.input});
    require_output_apart({chart.input}, chart.output);
    return chart;
}

int learn_command(const Arguments& args) {
    // The command line has checked that args[0] names a subcommand (usage.cpp).
    if (args.empty()) throw UsageError("a subcommand is needed");
    Arguments rest(args.begin() + 1, args.end());
    if (args[0] == "positions") return learn_positions_command(rest);
    if (args[0] == "positions-merge") return learn_positions_merge_command(rest);
    if (args[0] == "relabel") return learn_relabel_command(rest);
    if (args[0] == "tune") return tune_command(rest);
    if (args[0] == "info") return info_command(rest);
    if (args[0] == "bayes") return bayes_command(rest);
    if (args[0] == "td") return td_command(rest);
    if (args[0] == "ga") return learn_ga_command(rest);
    if (args[0] == "curve") return curve_command(rest);
    if (args[0] == "spsa") return learn_spsa_command(rest);
    if (args[0] == "datagen") return learn_datagen_command(rest);
    if (args[0] == "data-merge") return learn_data_merge_command(rest);
    if (args[0] == "label-games") return learn_label_games_command(rest);
    if (args[0] == "data-info") return learn_data_info_command(rest);
    if (args[0] == "nnue") return learn_nnue_command(rest);
    if (args[0] == "nnue-rescale") return learn_nnue_rescale_command(rest);
    if (args[0] == "loss-curve") return learn_loss_curve_command(rest);
    if (args[0] == "wdl-fit") return learn_wdl_fit_command(rest);
    throw UsageError("unknown subcommand '" + args[0] + "'");
}

}  // namespace mneme::app
