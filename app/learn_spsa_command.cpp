// mneme learn spsa: the search's margins tuned by SPSA from games of theta+ against theta-.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "book_arguments.h"
#include "learn_support.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/spsa.h"
#include "mneme/learn/spsa_trajectory.h"
#include "mneme/match/in_process_players.h"
#include "mneme/match/tournament.h"
#include "mneme/search/search_options.h"
#include "mneme/util/atomic_file.h"
#include "mneme/util/file_lock.h"
#include "mneme/util/text.h"
#include "required_inputs.h"

namespace mneme::app {

namespace {

constexpr const char* DEFAULT_OPENINGS = "../shared/data/openings/2moves_v1.epd";

// Ctrl-C or a kill (SIGINT, SIGTERM) ends the iteration being played at once, without counting
// its games, and the run goes on from the last one written when started again. The handler is
// installed even where SIGINT came ignored, as it does for a job started in the background.
std::atomic<bool> spsa_stop_requested{false};

extern "C" void on_spsa_interrupt(int) {
    // The second signal does not wait for the games to stop.
    if (spsa_stop_requested.exchange(true)) _exit(130);
}

// The handlers for the games, and the ones before them back afterwards (the command also runs
// inside the tests' process).
class InterruptHandlers {
public:
    InterruptHandlers()
        : old_int_(std::signal(SIGINT, on_spsa_interrupt)),
          old_term_(std::signal(SIGTERM, on_spsa_interrupt)) {}
    ~InterruptHandlers() {
        std::signal(SIGINT, old_int_);
        std::signal(SIGTERM, old_term_);
    }
    InterruptHandlers(const InterruptHandlers&) = delete;
    InterruptHandlers& operator=(const InterruptHandlers&) = delete;

private:
    void (*old_int_)(int);
    void (*old_term_)(int);
};

// A stream that drops everything: the tournament's progress lines are not wanted here.
class NullBuffer : public std::streambuf {
protected:
    int overflow(int c) override { return c; }
};

PlayerSpec spsa_player(const std::string& name, const std::vector<SpsaParameter>& parameters,
                       const std::vector<double>& values,
                       const std::vector<std::string>& limit_words,
                       const std::vector<std::string>& player_options) {
    std::vector<std::string> words = {"proto=mneme", "name=" + name};
    for (const std::string& option : player_options) words.push_back("option." + option);
    for (std::size_t i = 0; i < parameters.size(); ++i)
        words.push_back("option." + parameters[i].name + "=" +
                        std::to_string(std::lround(values[i])));
    words.insert(words.end(), limit_words.begin(), limit_words.end());
    return parse_player_spec(words);
}

// What decides the run's games and schedule, on one line: a trajectory resumes only under the
// same settings (the concurrency and the output's name do not change the games).
std::string run_settings(const std::vector<SpsaParameter>& parameters, const SpsaSettings& settings,
                         int games_per_iteration, const std::string& limit,
                         const std::string& openings, const std::string& params_path,
                         const std::vector<std::string>& player_options) {
    std::string text = "mneme learn spsa: iterations " + std::to_string(settings.iterations) +
                       ", games per iteration " + std::to_string(games_per_iteration) + ", limit " +
                       limit + ", seed " + std::to_string(settings.seed) + ", openings " + openings;
    if (!params_path.empty()) text += ", params " + params_path;
    for (const std::string& option : player_options) text += ", option " + option;
    for (const SpsaParameter& p : parameters)
        text += ", param " + p.name + "=" + exact_decimal(p.start) + "," + exact_decimal(p.min) +
                "," + exact_decimal(p.max) + "," + exact_decimal(p.c_end) + "," +
                exact_decimal(p.r_end);
    return text;
}

// The trajectory at `path` if there is one, checked against this run; else a new one.
SpsaTrajectory trajectory_to_continue(const std::string& path, const std::string& settings,
                                      const std::vector<SpsaParameter>& parameters) {
    SpsaTrajectory trajectory;
    trajectory.settings = settings;
    for (const SpsaParameter& p : parameters) trajectory.names.push_back(p.name);
    if (path.empty() || !std::filesystem::exists(path)) return trajectory;
    std::ifstream in(path);
    if (!in) throw std::runtime_error(path + ": cannot be read");
    SpsaTrajectory found = read_spsa_trajectory(in, path);
    if (found.settings != settings)
        throw std::runtime_error(path +
                                 " belongs to another run; remove it or choose another -o\n" +
                                 "  its run:  " + found.settings + "\n  this run: " + settings);
    if (found.names != trajectory.names)
        throw std::runtime_error(path + ": its columns do not name this run's parameters");
    return found;
}

// What decides one iteration's games besides the two players.
struct IterationGames {
    int games = 2;
    int concurrency = 1;
    std::uint64_t seed = 1;  // the run's
    std::string openings_path;
    std::vector<std::string> limit_words, player_options;
};

struct IterationResult {
    bool interrupted = false;
    double wins = 0, draws = 0, losses = 0;  // the plus side's
};

// Plays `step`'s two players against each other. A worker's games differ from the other
// workers' in the same iteration (other openings and colours).
IterationResult play_iteration(const std::vector<SpsaParameter>& parameters, const SpsaStep& step,
                               const IterationGames& how, int worker) {
    TournamentSettings match;
    match.players = {
        spsa_player("plus", parameters, step.plus, how.limit_words, how.player_options),
        spsa_player("minus", parameters, step.minus, how.limit_words, how.player_options)};
    match.rounds = how.games / 2;
    match.games_per_encounter = 2;
    match.concurrency = how.concurrency;
    match.seed = how.seed * 1000003 + std::uint64_t(step.k) + (std::uint64_t(worker) << 40);
    OpeningOptions openings;
    openings.file = how.openings_path;
    openings.format = opening_format_from_path(how.openings_path);
    openings.order = OpeningOrder::RANDOM;
    openings.seed = match.seed;
    match.openings = openings;
    match.game.max_plies = 400;
    match.game.event = "mneme learn spsa";
    NullBuffer null_buffer;
    std::ostream quiet(&null_buffer);
    TournamentOutcome outcome = run_tournament(match, quiet, &spsa_stop_requested);
    IterationResult result;
    result.interrupted = outcome.interrupted || spsa_stop_requested;
    for (const GameSummary& g : outcome.games) {
        double plus_score = g.white == 0 ? g.white_score : 1 - g.white_score;
        (plus_score > 0.75 ? result.wins : plus_score < 0.25 ? result.losses : result.draws) += 1;
    }
    return result;
}

// "  NAME VALUE" for each parameter, as the iteration lines print theta.
std::string theta_text(const std::vector<SpsaParameter>& parameters,
                       const std::vector<double>& theta) {
    std::string values;
    for (std::size_t i = 0; i < parameters.size(); ++i)
        values += format("  %s %.2f", parameters[i].name.c_str(), theta[i]);
    return values;
}

// Goes on from the trajectory's last row; `source` names the file in the error.
void resume_from(Spsa& spsa, const SpsaTrajectoryRow& last, const std::string& source) {
    try {
        spsa.resume(last.iteration, last.theta);
    } catch (const std::invalid_argument& e) {
        throw std::runtime_error(source + ": " + e.what());
    }
}

// The plus side's games over the whole trajectory.
struct GameCounts {
    double wins = 0, draws = 0, losses = 0;
    double games() const { return wins + draws + losses; }
};

GameCounts games_in(const SpsaTrajectory& trajectory) {
    GameCounts counts;
    for (const SpsaTrajectoryRow& row : trajectory.rows) {
        counts.wins += row.wins;
        counts.draws += row.draws;
        counts.losses += row.losses;
    }
    return counts;
}

// The run's end: its games, the tuned values and the test that decides whether they are kept.
void print_spsa_result(const SpsaTrajectory& trajectory,
                       const std::vector<SpsaParameter>& parameters, const std::string& output,
                       const std::vector<std::string>& player_options) {
    const GameCounts counts = games_in(trajectory);
    const std::vector<double>& theta = trajectory.rows.back().theta;
    std::printf("games      %.0f: plus +%.0f =%.0f -%.0f\n", counts.games(), counts.wins,
                counts.draws, counts.losses);
    std::string options;
    for (std::size_t i = 0; i < parameters.size(); ++i)
        options += format("%soption.%s=%ld", i ? " " : "", parameters[i].name.c_str(),
                          std::lround(theta[i]));
    std::printf("result     %s\n", options.c_str());
    if (!output.empty()) std::printf("trajectory %s\n", output.c_str());
    // Tuned values are kept only when games against the defaults say so.
    std::string test = "bench/sprt.sh --name spsa-result";
    for (std::size_t i = 0; i < parameters.size(); ++i)
        test += format(" --new-option %s=%ld", parameters[i].name.c_str(), std::lround(theta[i]));
    for (const std::string& option : player_options)
        test += " --new-option " + option + " --base-option " + option;
    std::printf("test with  %s --tc 8+0.08 --elo0 0 --elo1 5\n", test.c_str());
}

// One worker of a run shared by several processes (fishtest's way, on one machine or the nodes
// of a cluster): each plays an iteration from theta as the trajectory has it, then, holding
// the trajectory's lock, moves theta as it is by then and writes the next row. A worker stopped
// loses only its iteration in play; the same command joins the run again.
int run_spsa_worker(Spsa& spsa, const std::string& settings_line, const IterationGames& how,
                    int worker, const std::string& output) {
    const std::vector<SpsaParameter>& parameters = spsa.parameters();
    const std::string lock_path = output + ".lock";
    const std::vector<double> start = spsa.theta();
    // The trajectory as the workers have written it so far, begun by the first one; called
    // with the lock held.
    auto read_shared = [&] {
        SpsaTrajectory trajectory = trajectory_to_continue(output, settings_line, parameters);
        if (trajectory.rows.empty()) {
            trajectory.rows.push_back({0, 0, 0, 0, start});
            write_file_atomically(
                output, [&](std::ostream& out) { out << spsa_trajectory_csv(trajectory); });
        }
        return trajectory;
    };
    SpsaTrajectory trajectory;
    {
        FileLock lock(lock_path);
        trajectory = read_shared();
    }
    const int iterations = spsa.iterations();
    std::printf("worker     %d of the run in %s, after iteration %d of %d (%.0f games)\n", worker,
                output.c_str(), trajectory.rows.back().iteration, iterations,
                games_in(trajectory).games());
    std::fflush(stdout);

    spsa_stop_requested = false;
    InterruptHandlers handlers;
    auto started = std::chrono::steady_clock::now();
    int played_here = 0;
    while (trajectory.rows.back().iteration < iterations) {
        resume_from(spsa, trajectory.rows.back(), output);
        SpsaStep step = spsa.next_step(worker);
        IterationResult played = play_iteration(parameters, step, how, worker);
        if (played.interrupted) {
            std::printf(
                "interrupted in an iteration: its games are not counted; the same command joins "
                "the run again\n");
            std::fflush(stdout);
            return 130;
        }
        {
            FileLock lock(lock_path);
            trajectory = read_shared();
            const SpsaTrajectoryRow& now = trajectory.rows.back();
            if (now.iteration >= iterations) {
                std::printf(
                    "the run reached its %d iterations while this worker played; its "
                    "last games are not counted\n",
                    iterations);
                break;
            }
            // The step moves theta as it is now, with the gain of the iteration it becomes.
            resume_from(spsa, now, output);
            step.k = now.iteration + 1;
            spsa.update(step, played.wins - played.losses);
            trajectory.rows.push_back(
                {step.k, played.wins, played.draws, played.losses, spsa.theta()});
            write_file_atomically(
                output, [&](std::ostream& out) { out << spsa_trajectory_csv(trajectory); });
        }
        ++played_here;
        double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::printf("iteration %4d  plus-minus +%.0f =%.0f -%.0f%s  %.0f s (worker %d: %d)\n",
                    step.k, played.wins, played.draws, played.losses,
                    theta_text(parameters, spsa.theta()).c_str(), seconds, worker, played_here);
        std::fflush(stdout);
    }
    print_spsa_result(trajectory, parameters, output, how.player_options);
    std::printf("worker     %d played %d of the %d iterations\n", worker, played_here, iterations);
    return 0;
}

}  // namespace

int learn_spsa_command(const Arguments& args) {
    std::vector<SpsaParameter> parameters;
    SpsaSettings settings;
    settings.iterations = 0;
    int games_per_iteration = 2, concurrency = 1, worker = 0;
    std::string limit = "depth=4", openings_path, output, params_path;
    std::vector<std::string> player_options;
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
        else if (a == "--option") {
            std::string option = reader.value(a);
            if (option.find('=') == std::string::npos || option.front() == '=')
                throw UsageError("--option " + option + ": expected NAME=VALUE");
            player_options.push_back(option);
        } else if (a == "--params")
            params_path = reader.value(a);
        else if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (a == "--worker")
            worker = int(reader.integer(a, 1, 100000));
        else if (a == "--seed")
            settings.seed = std::uint64_t(reader.integer(a, 0, 1LL << 62));
        else
            reader.unexpected(a);
    }
    require_arguments(
        {{!parameters.empty(), "--param NAME=..."}, {settings.iterations != 0, "--iterations K"}});
    if (worker != 0 && output.empty())
        throw UsageError("--worker needs -o TRAJECTORY.csv: the workers share that file");
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
    require_readable_files({openings_path});
    require_outputs_apart(with_file({openings_path}, params_path), {output});
    // Both players evaluate with this table (the engine's, unless given).
    if (!params_path.empty()) set_active_eval_params(load_params_or_throw(params_path));
    // "depth=4", "st=0.05", "nodes=N" are player words; anything else is a clock.
    std::vector<std::string> limit_words = {limit.find('=') != std::string::npos ? limit
                                                                                 : "tc=" + limit};
    std::vector<double> starts;
    for (const SpsaParameter& p : parameters) starts.push_back(p.start);
    {
        // The players' options are checked now, not after the first iteration's games.
        MnemePlayer check(spsa_player("check", parameters, starts, limit_words, player_options));
        std::string error;
        if (!check.start(error)) throw UsageError("the players cannot start: " + error);
    }

    Spsa spsa(parameters, settings);
    const std::string settings_line = run_settings(parameters, settings, games_per_iteration, limit,
                                                   openings_path, params_path, player_options);
    IterationGames how{games_per_iteration, concurrency, settings.seed,
                       openings_path,       limit_words, player_options};
    std::printf("SPSA       %d iterations of %d games, %s per move, openings %s\n",
                settings.iterations, games_per_iteration, limit.c_str(), openings_path.c_str());
    if (worker != 0) return run_spsa_worker(spsa, settings_line, how, worker, output);

    SpsaTrajectory trajectory = trajectory_to_continue(output, settings_line, parameters);
    if (trajectory.rows.empty()) {
        trajectory.rows.push_back({0, 0, 0, 0, spsa.theta()});
        if (!output.empty())
            write_file_atomically(
                output, [&](std::ostream& out) { out << spsa_trajectory_csv(trajectory); });
    } else {
        resume_from(spsa, trajectory.rows.back(), output);
    }
    if (spsa.iterations_done() > 0)
        std::printf("resumed    %s after iteration %d of %d (%.0f games)\n", output.c_str(),
                    spsa.iterations_done(), settings.iterations, games_in(trajectory).games());
    std::fflush(stdout);

    spsa_stop_requested = false;
    InterruptHandlers handlers;
    auto started = std::chrono::steady_clock::now();
    const int first_iteration = spsa.iterations_done() + 1;
    for (int k = first_iteration; k <= settings.iterations; ++k) {
        SpsaStep step = spsa.next_step();
        IterationResult played = play_iteration(parameters, step, how, 0);
        if (played.interrupted) {
            std::printf(
                "interrupted in iteration %d: its games are not counted; the same command goes "
                "on after iteration %d\n",
                k, k - 1);
            std::fflush(stdout);
            return 130;
        }
        spsa.update(step, played.wins - played.losses);
        trajectory.rows.push_back({k, played.wins, played.draws, played.losses, spsa.theta()});
        if (!output.empty())
            write_file_atomically(
                output, [&](std::ostream& out) { out << spsa_trajectory_csv(trajectory); });
        double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        // The time left at this run's pace so far (a resumed run counts only its own).
        double eta = seconds / (k - first_iteration + 1) * (settings.iterations - k);
        std::printf("iteration %4d  plus-minus +%.0f =%.0f -%.0f%s  %.0f s, ETA %.0f min\n", k,
                    played.wins, played.draws, played.losses,
                    theta_text(parameters, spsa.theta()).c_str(), seconds, eta / 60);
        std::fflush(stdout);
    }
    print_spsa_result(trajectory, parameters, output, player_options);
    return 0;
}

}  // namespace mneme::app
