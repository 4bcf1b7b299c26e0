// mneme learn spsa: the search's margins tuned by SPSA from games of theta+ against theta-.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "book_arguments.h"
#include "learn_support.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/spsa.h"
#include "mneme/match/tournament.h"
#include "mneme/search/search_options.h"
#include "mneme/util/atomic_file.h"
#include "required_inputs.h"

namespace mneme::app {

namespace {

constexpr const char* DEFAULT_OPENINGS = "../shared/data/openings/2moves_v1.epd";

// A stream that drops everything: the tournament's progress lines are not wanted here.
class NullBuffer : public std::streambuf {
protected:
    int overflow(int c) override { return c; }
};

PlayerSpec spsa_player(const std::string& name, const std::vector<SpsaParameter>& parameters,
                       const std::vector<double>& values,
                       const std::vector<std::string>& limit_words) {
    std::vector<std::string> words = {"proto=mneme", "name=" + name};
    for (std::size_t i = 0; i < parameters.size(); ++i)
        words.push_back("option." + parameters[i].name + "=" +
                        std::to_string(std::lround(values[i])));
    words.insert(words.end(), limit_words.begin(), limit_words.end());
    return parse_player_spec(words);
}

}  // namespace

int learn_spsa_command(const Arguments& args) {
    std::vector<SpsaParameter> parameters;
    SpsaSettings settings;
    settings.iterations = 0;
    int games_per_iteration = 2, concurrency = 1;
    std::string limit = "depth=4", openings_path, output, params_path;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "--param") {
            std::string text = reader.value(a);
            SpsaParameter p;
            try {
                p = parse_spsa_parameter(text);
            } catch (const std::invalid_argument& e) {
                throw UsageError(std::string("--param ") + e.what());
            }
            const SearchMarginOption* margin = find_search_margin(p.name);
            if (!margin)
                throw UsageError("--param " + text + ": '" + p.name + "' is not a search margin");
            p.name = margin->name;
            if (p.min < margin->min || p.max > margin->max)
                throw UsageError("--param " + text + ": " + p.name + " accepts only " +
                                 std::to_string(margin->min) + " to " +
                                 std::to_string(margin->max));
            parameters.push_back(p);
        } else if (a == "--iterations")
            settings.iterations = int(reader.integer(a, 1, 10000000));
        else if (a == "--games-per-iteration")
            games_per_iteration = int(reader.integer(a, 2, 100000));
        else if (a == "--tc")
            limit = reader.value(a);
        else if (a == "--openings")
            openings_path = reader.value(a);
        else if (a == "--concurrency")
            concurrency = int(reader.integer(a, 1, 64));
        else if (a == "--params")
            params_path = reader.value(a);
        else if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (a == "--seed")
            settings.seed = std::uint64_t(reader.integer(a, 0, 1LL << 62));
        else
            reader.unexpected(a);
    }
    require_arguments(
        {{!parameters.empty(), "--param NAME=..."}, {settings.iterations != 0, "--iterations K"}});
    if (games_per_iteration % 2)
        throw UsageError(
            "--games-per-iteration must be even: "
            "each opening is played with both colours");
    if (openings_path.empty()) {
        if (!std::filesystem::exists(DEFAULT_OPENINGS))
            throw std::runtime_error(std::string("--openings FILE is needed (") + DEFAULT_OPENINGS +
                                     " is not here)");
        openings_path = DEFAULT_OPENINGS;
    }
    // Both players evaluate with this table (the engine's, unless given).
    if (!params_path.empty()) set_active_eval_params(load_params_or_throw(params_path));
    // "depth=4", "st=0.05", "nodes=N" are player words; anything else is a clock.
    std::vector<std::string> limit_words = {limit.find('=') != std::string::npos ? limit
                                                                                 : "tc=" + limit};
    spsa_player("check", parameters, std::vector<double>(parameters.size(), 0), limit_words);

    Spsa spsa(parameters, settings);
    std::ostringstream trajectory;
    trajectory << "iteration,wins,draws,losses";
    for (const SpsaParameter& p : parameters) trajectory << ',' << p.name;
    trajectory << '\n' << 0 << ",0,0,0";
    for (double v : spsa.theta()) trajectory << ',' << v;
    trajectory << '\n';
    std::printf("SPSA       %d iterations of %d games, %s per move, openings %s\n",
                settings.iterations, games_per_iteration, limit.c_str(), openings_path.c_str());
    std::fflush(stdout);

    NullBuffer null_buffer;
    std::ostream quiet(&null_buffer);
    auto started = std::chrono::steady_clock::now();
    double total_wins = 0, total_draws = 0, total_losses = 0;
    for (int k = 1; k <= settings.iterations; ++k) {
        SpsaStep step = spsa.next_step();
        TournamentSettings match;
        match.players = {spsa_player("plus", parameters, step.plus, limit_words),
                         spsa_player("minus", parameters, step.minus, limit_words)};
        match.rounds = games_per_iteration / 2;
        match.games_per_encounter = 2;
        match.concurrency = concurrency;
        match.seed = settings.seed * 1000003 + std::uint64_t(k);
        OpeningOptions openings;
        openings.file = openings_path;
        openings.format = opening_format_from_path(openings_path);
        openings.order = OpeningOrder::RANDOM;
        openings.seed = match.seed;
        match.openings = openings;
        match.game.max_plies = 400;
        match.game.event = "mneme learn spsa";
        TournamentOutcome outcome = run_tournament(match, quiet);
        double wins = 0, draws = 0, losses = 0;
        for (const GameSummary& g : outcome.games) {
            double plus_score = g.white == 0 ? g.white_score : 1 - g.white_score;
            (plus_score > 0.75 ? wins : plus_score < 0.25 ? losses : draws) += 1;
        }
        spsa.update(step, wins - losses);
        total_wins += wins;
        total_draws += draws;
        total_losses += losses;

        trajectory << k << ',' << wins << ',' << draws << ',' << losses;
        for (double v : spsa.theta()) trajectory << ',' << v;
        trajectory << '\n';
        if (!output.empty())
            write_file_atomically(output, [&](std::ostream& out) { out << trajectory.str(); });
        double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::string values;
        for (std::size_t i = 0; i < parameters.size(); ++i)
            values += format("  %s %.2f", parameters[i].name.c_str(), spsa.theta()[i]);
        std::printf("iteration %4d  plus-minus +%.0f =%.0f -%.0f%s  %.0f s\n", k, wins, draws,
                    losses, values.c_str(), seconds);
        std::fflush(stdout);
    }
    std::printf("games      %.0f: plus +%.0f =%.0f -%.0f\n",
                total_wins + total_draws + total_losses, total_wins, total_draws, total_losses);
    std::string options;
    for (std::size_t i = 0; i < parameters.size(); ++i)
        options += format("%soption.%s=%ld", i ? " " : "", parameters[i].name.c_str(),
                          std::lround(spsa.theta()[i]));
    std::printf("result     %s\n", options.c_str());
    if (!output.empty()) std::printf("trajectory %s\n", output.c_str());
    return 0;
}

}  // namespace mneme::app
