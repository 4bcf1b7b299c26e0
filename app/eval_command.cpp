// mneme eval: the static evaluation of one position, term by term, for both sides.
#include <cstdio>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.h"
#include "eval_params_file.h"
#include "mneme/eval/eval_params.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/bayes_evaluation.h"
#include "mneme/nnue/builtin_network.h"
#include "mneme/nnue/inference.h"
#include "mneme/nnue/nnue_evaluator.h"
#include "mneme/search/reported_score.h"
#include "required_inputs.h"

namespace mneme::app {

namespace {

// "+1.85 for White": an evaluation as the engine reports scores (normalised by the evaluation's
// win-rate model: +1.00 when the side to move wins half its games).
std::string reported_for_white(int score, const Position& pos, const WinRateModel& model) {
    int white = reported_score(pos.side_to_move() == WHITE ? score : -score, model.at(pos));
    char text[48];
    std::snprintf(text, sizeof text, "%+.2f for White", white / 100.0);
    return text;
}

}  // namespace

// The options are described in usage.cpp. With no FEN, the starting position; the FEN may be
// one argument or its six fields unquoted.
int eval_command(const Arguments& args) {
    EvalParams params = EvalParams::defaults();
    std::string fen, write_path, bayes_path, net_path;
    std::vector<std::string> params_paths;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if ((arg == "--params" || arg == "--write-params") && i + 1 < args.size()) {
            if (arg == "--write-params") {
                write_path = args[++i];
                continue;
            }
            params_paths.push_back(args[++i]);
            params = load_params_or_throw(params_paths.back(), params);
        } else if (arg == "--hand-written") {
            params = EvalParams::hand_written();
        } else if (arg == "--bayes" && i + 1 < args.size()) {
            bayes_path = args[++i];
        } else if (arg == "--net" && i + 1 < args.size()) {
            net_path = args[++i];
        } else if (arg == "--fen") {
            continue;  // the FEN fields follow
        } else if (arg.rfind("--", 0) == 0) {
            throw UsageError("unknown or incomplete option '" + arg + "'");
        } else {
            fen += (fen.empty() ? "" : " ") + arg;
        }
    }
    require_outputs_apart(with_file(with_file(params_paths, bayes_path), net_path), {write_path});
    Position pos = fen.empty() ? Position() : Position::from_fen(fen);
    // Every input is read before anything is printed or written: a bad one stops the command
    // at once.
    std::optional<BayesModel> model;
    if (!bayes_path.empty()) model = BayesModel::load(bayes_path);
    std::shared_ptr<const nnue::QuantisedNetwork> net =
        net_path.empty()
            ? nnue::builtin_network()
            : std::make_shared<const nnue::QuantisedNetwork>(nnue::load_network_file(net_path));
    if (!write_path.empty()) {
        save_eval_params(write_path, params);
        std::cerr << "wrote " << EvalParams::size() << " values to " << write_path << '\n';
    }
    std::cout << pos.fen() << "\n\n" << evaluation_report(pos, params);
    std::cout << "reported as "
              << reported_for_white(evaluate(pos, params), pos, CLASSIC_WIN_RATE_MODEL)
              << " (+1.00: the side to move wins half its games)\n";
    if (model) {
        int stage = 0;
        BayesFeatures features = bayes_features(pos, params, stage);
        std::cout << "Bayesian evaluation (stage " << stage
                  << "): E = " << model->expected_score(features, stage) << ", score "
                  << model->evaluate(pos, params) << " of +-256, mixed "
                  << mixed_bayes_evaluate(pos, params, *model) << " (side to move)\n";
    }
    if (net) {
        int score = nnue::evaluate_position(*net, pos);
        std::cout << "Network (" << (net_path.empty() ? "built-in" : net_path) << ", "
                  << net->architecture.describe() << "): " << score << " for the side to move, "
                  << (pos.side_to_move() == WHITE ? score : -score) << " for White, reported as "
                  << reported_for_white(score, pos, nnue::win_rate_model_for(*net)) << "\n";
    } else {
        std::cout << "Network: none built in (--net FILE evaluates with one)\n";
    }
    return 0;
}

}  // namespace mneme::app
