// mneme with no arguments (or "uci", "xboard", "engine"): the engine on stdin and stdout,
// optionally with another evaluation table or an experimental evaluation.
// "mneme uci --player cbr --cases FILE" serves an in-process player over UCI instead.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.h"
#include "eval_params_file.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/bayes_evaluation.h"
#include "mneme/match/player_spec.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/protocol/uci_player_protocol.h"

namespace mneme::app {

namespace {

// Serves one of the match runner's in-process players (CBR, random, greedy) over UCI.
int run_player(const std::vector<std::string>& words) {
    PlayerSpec spec;
    try {
        spec = parse_player_spec(words);
    } catch (const std::exception& e) {
        throw UsageError(e.what());
    }
    std::cin.tie(nullptr);
    std::string error;
    if (!run_player_uci(spec, std::cin, std::cout, error)) {
        std::cerr << "mneme: cannot start the " << spec.name << " player: " << error << '\n';
        return 1;
    }
    return 0;
}

void select_evaluation(const std::string& evaluation, const std::string& model_path) {
    if (evaluation == "classic") return;
    if (evaluation != "bayes" && evaluation != "mixed-bayes")
        throw UsageError("--eval: '" + evaluation + "' is not classic, bayes or mixed-bayes");
    if (model_path.empty()) throw UsageError("--eval " + evaluation + " needs --bayes-model");
    auto model = std::make_shared<const BayesModel>(BayesModel::load(model_path));
    const EvalParams& params = active_eval_params();
    bool mixed = evaluation == "mixed-bayes";
    set_evaluation_override([model, &params, mixed](const Position& pos) {
        return mixed ? mixed_bayes_evaluate(pos, params, *model) : model->evaluate(pos, params);
    });
}

}  // namespace

int engine_command(const Arguments& args) {
    std::string evaluation = "classic", model_path;
    std::vector<std::string> player_words;  // the match runner's KEY=VALUE form
    bool in_process_player = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size()) throw UsageError(args[i] + " needs a value");
            return args[++i];
        };
        const std::string& a = args[i];
        if (a == "--params")
            use_eval_params_file(value());
        else if (a == "--eval")
            evaluation = value();
        else if (a == "--bayes-model")
            model_path = value();
        else if (a == "--player") {
            const std::string& player = value();
            // Checked here: the match runner's own message would list its other players too.
            if (player != "cbr" && player != "random" && player != "greedy")
                throw UsageError("--player must be cbr, random or greedy, got '" + player + "'");
            player_words.push_back("proto=" + player);
            in_process_player = true;
        } else if (a == "--cases")
            player_words.push_back("cases=" + value());
        else if (a == "--seed")
            player_words.push_back("seed=" + value());
        else if (a == "--name")
            player_words.push_back("name=" + value());
        else if (a == "--option")
            player_words.push_back("option." + value());
        else
            throw UsageError("unexpected argument '" + a + "'");
    }
    if (!player_words.empty() && !in_process_player)
        throw UsageError("--cases, --seed, --name and --option need --player");
    select_evaluation(evaluation, model_path);
    if (in_process_player) return run_player(player_words);
    // A person who typed "mneme" at a terminal would otherwise face a silent prompt; a chess GUI
    // (pipes) sees nothing of this.
    if (isatty(STDIN_FILENO) && isatty(STDERR_FILENO))
        std::fputs(
            "mneme, a chess engine: it speaks UCI or XBoard here (type 'uci' or 'xboard', "
            "'quit' to leave).\n'mneme serve' starts the graphical program, 'mneme play' "
            "a game in the terminal, 'mneme help' lists every command.\n",
            stderr);
    run_engine(std::cin, std::cout);
    return 0;
}

}  // namespace mneme::app
