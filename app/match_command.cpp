// mneme match / tournament / report: the cutechess-style front end of the match runner.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <initializer_list>
#include <iostream>
#include <map>
#include <sstream>
#include <string_view>
#include <thread>
#include <utility>

#include "commands.h"
#include "mneme/match/match_report.h"
#include "mneme/match/paired_runs.h"
#include "mneme/match/tournament.h"
#include "mneme/util/atomic_file.h"
#include "mneme/util/text.h"
#include "required_inputs.h"
#include "shard_argument.h"

namespace mneme::app {

namespace {

std::atomic<bool> stop_requested{false};

extern "C" void on_interrupt(int) {
    // The second Ctrl-C does not wait for the running games.
    if (stop_requested.exchange(true)) _exit(130);
}

std::map<std::string, std::string> key_values(const std::vector<std::string>& words,
                                              const std::string& flag) {
    std::map<std::string, std::string> values;
    for (const std::string& word : words) {
        auto equals = word.find('=');
        if (equals == std::string::npos || equals == 0)
            throw UsageError(flag + ": expected key=value, got '" + word + "'");
        values[word.substr(0, equals)] = word.substr(equals + 1);
    }
    return values;
}

long long to_integer(const std::string& text, const std::string& what) {
    try {
        std::size_t used = 0;
        long long value = std::stoll(text, &used);
        if (used == text.size()) return value;
    } catch (const std::exception&) {}
    throw UsageError(what + " needs a whole number, got '" + text + "'");
}

// Bounds that keep the adjudication numbers meaningful and their doubling in range: no game
// lasts 100000 moves, and no engine's score reaches 100000 centipawns.
constexpr long long MOST_MOVES = 100'000;
constexpr long long MOST_CENTIPAWNS = 100'000;
// A run's games are scheduled up front (tournament.h, MOST_SCHEDULED_GAMES); each game at once
// is two engine processes.
constexpr long long MOST_GAMES = MOST_SCHEDULED_GAMES;
constexpr long long MOST_CONCURRENT_GAMES = 1'024;

long long integer_in_range(const std::string& text, const std::string& what, long long least,
                           long long most) {
    long long value = to_integer(text, what);
    if (value < least || value > most)
        throw UsageError(what + " needs a whole number from " + std::to_string(least) + " to " +
                         std::to_string(most) + ", got '" + text + "'");
    return value;
}

void refuse_unknown_keys(const std::map<std::string, std::string>& values, const std::string& flag,
                         std::initializer_list<std::string_view> known) {
    for (const auto& [key, value] : values)
        if (std::find(known.begin(), known.end(), key) == known.end())
            throw UsageError(flag + ": unknown key '" + key + "'");
}

double to_real(const std::string& text, const std::string& what) {
    try {
        std::size_t used = 0;
        double value = std::stod(text, &used);
        if (used == text.size()) return value;
    } catch (const std::exception&) {}
    throw UsageError(what + " needs a number, got '" + text + "'");
}

SprtParameters parse_sprt(const std::vector<std::string>& words, const std::string& flag) {
    auto kv = key_values(words, flag);
    SprtParameters sprt;
    for (const auto& [key, text] : kv) {
        if (key == "elo0")
            sprt.elo0 = to_real(text, key);
        else if (key == "elo1")
            sprt.elo1 = to_real(text, key);
        else if (key == "alpha")
            sprt.alpha = to_real(text, key);
        else if (key == "beta")
            sprt.beta = to_real(text, key);
        else
            throw UsageError(flag + ": unknown key '" + key + "'");
    }
    // As the user would write them: 5 and 0.05, not 5.000000 and 0.050000.
    auto shown = [](double value) {
        std::ostringstream text;
        text << value;
        return text.str();
    };
    // The test's bounds must be two hypotheses, H0 below H1, and its error rates probabilities
    // that leave room for a decision (the log-likelihood bounds are log(beta / (1 - alpha)) and
    // log((1 - beta) / alpha)).
    if (!(std::abs(sprt.elo0) < 1000 && std::abs(sprt.elo1) < 1000 && sprt.elo0 < sprt.elo1))
        throw UsageError(flag + ": elo0 must be below elo1 (both between -1000 and 1000), got " +
                         shown(sprt.elo0) + " and " + shown(sprt.elo1));
    for (auto [name, rate] : {std::pair{"alpha", sprt.alpha}, std::pair{"beta", sprt.beta}})
        if (!(rate > 0 && rate < 0.5))
            throw UsageError(flag + ": " + name + " must be above 0 and below 0.5, got " +
                             shown(rate));
    return sprt;
}

TournamentSettings parse_settings(const Arguments& args, bool tournament) {
    TournamentSettings settings;
    settings.concurrency = int(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::vector<std::string>> engine_words;
    std::vector<std::string> each_words;
    std::vector<std::string> referee_words;
    int result_function_moves = 0;

    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string flag = args[i];
        if (flag.rfind("--", 0) == 0) flag = flag.substr(1);
        // The words after a flag up to the next flag.
        auto words = [&]() {
            std::vector<std::string> list;
            while (i + 1 < args.size() && args[i + 1].rfind("-", 0) != 0) list.push_back(args[++i]);
            return list;
        };
        auto value = [&]() -> std::string {
            if (i + 1 >= args.size()) throw UsageError(flag + " needs a value");
            return args[++i];
        };
        if (flag == "-engine")
            engine_words.push_back(words());
        else if (flag == "-each") {
            auto list = words();
            each_words.insert(each_words.end(), list.begin(), list.end());
        } else if (flag == "-games")
            settings.games_per_encounter = int(integer_in_range(value(), flag, 1, MOST_GAMES));
        else if (flag == "-rounds")
            settings.rounds = int(integer_in_range(value(), flag, 1, MOST_GAMES));
        else if (flag == "-shard") {
            read_shard("-shard", value(), settings.shard, settings.shards);
        } else if (flag == "-gauntlet")
            settings.format = TournamentFormat::GAUNTLET;
        else if (flag == "-roundrobin")
            settings.format = TournamentFormat::ROUND_ROBIN;
        else if (flag == "-seed")
            settings.seed = std::uint64_t(to_integer(value(), flag));
        else if (flag == "-concurrency")
            settings.concurrency = int(integer_in_range(value(), flag, 1, MOST_CONCURRENT_GAMES));
        else if (flag == "-maxmoves")
            settings.game.max_plies = 2 * int(integer_in_range(value(), flag, 1, MOST_MOVES));
        else if (flag == "-margin")
            settings.game.time_margin_ms = to_integer(value(), flag);
        else if (flag == "-hangtimeout")
            settings.game.hang_timeout =
                std::chrono::milliseconds(std::llround(to_real(value(), flag) * 1000));
        else if (flag == "-pgnout")
            settings.pgn_out = value();
        else if (flag == "-resume")
            settings.resume = true;
        else if (flag == "-recover") {
            // cutechess's flag for restarting an engine that faulted, which the runner always
            // does. Not -resume: that would go on from an old PGN the user meant to replace.
        } else if (flag == "-overwrite")
            settings.overwrite = true;
        else if (flag == "-json")
            settings.json_out = value();
        else if (flag == "-event")
            settings.game.event = value();
        else if (flag == "-openings") {
            auto kv = key_values(words(), flag);
            OpeningOptions options;
            if (!kv.count("file")) throw UsageError("-openings needs file=FILE");
            options.file = kv["file"];
            options.format = kv.count("format") ? opening_format_from_name(kv["format"])
                                                : opening_format_from_path(options.file);
            if (kv.count("order")) {
                if (kv["order"] == "random")
                    options.order = OpeningOrder::RANDOM;
                else if (kv["order"] == "sequential")
                    options.order = OpeningOrder::SEQUENTIAL;
                else
                    throw UsageError("-openings order= must be sequential or random");
            }
            if (kv.count("plies")) options.plies = int(to_integer(kv["plies"], "plies"));
            if (kv.count("start")) options.start = int(to_integer(kv["start"], "start"));
            for (const auto& [key, v] : kv)
                if (key != "file" && key != "format" && key != "order" && key != "plies" &&
                    key != "start")
                    throw UsageError("-openings: unknown key '" + key + "'");
            settings.openings = options;
        } else if (flag == "-draw") {
            auto kv = key_values(words(), flag);
            refuse_unknown_keys(kv, flag, {"movenumber", "movecount", "score"});
            // movenumber may be left out (from the first move); movecount and score may not.
            settings.game.draw.move_number =
                int(integer_in_range(kv["movenumber"].empty() ? "0" : kv["movenumber"],
                                     flag + ": movenumber", 0, MOST_MOVES));
            settings.game.draw.move_count =
                int(integer_in_range(kv["movecount"], flag + ": movecount", 1, MOST_MOVES));
            settings.game.draw.score =
                int(integer_in_range(kv["score"], flag + ": score", 0, MOST_CENTIPAWNS));
        } else if (flag == "-resign") {
            auto kv = key_values(words(), flag);
            refuse_unknown_keys(kv, flag, {"movecount", "score", "twosided"});
            settings.game.resign.move_count =
                int(integer_in_range(kv["movecount"], flag + ": movecount", 1, MOST_MOVES));
            settings.game.resign.score =
                int(integer_in_range(kv["score"], flag + ": score", 0, MOST_CENTIPAWNS));
            settings.game.resign.two_sided = kv.count("twosided") && kv["twosided"] == "true";
        } else if (flag == "-resultfunction") {
            for (const std::string& word : words()) {
                if (word.rfind("moves=", 0) == 0)
                    result_function_moves = int(to_integer(word.substr(6), "moves"));
                else
                    referee_words.push_back(word);
            }
            if (result_function_moves <= 0) throw UsageError("-resultfunction needs moves=N");
        } else if (flag == "-sprt") {
            settings.sprt = parse_sprt(words(), flag);
        } else {
            throw UsageError("unknown option '" + args[i] + "'");
        }
    }

    if (engine_words.size() < 2) throw UsageError("at least two -engine players are needed");
    if (!tournament && engine_words.size() != 2)
        throw UsageError("mneme match plays two players; use mneme tournament for more");
    if (settings.sprt && engine_words.size() != 2)
        throw UsageError("-sprt needs exactly two players");
    if (settings.shards > settings.rounds)
        throw UsageError("-shard: " + std::to_string(settings.shards) + " shards of " +
                         std::to_string(settings.rounds) + " rounds would leave some empty");
    if (settings.sprt && settings.shards > 1)
        throw UsageError(
            "-sprt stops one run early, which a shard cannot do; give the SPRT to "
            "'mneme report --sprt' over the shards' PGNs");
    // The games' record and the report are written after the games: their files are checked
    // before the first one.
    std::vector<std::string> inputs;
    if (settings.openings) inputs.push_back(settings.openings->file);
    require_outputs_apart(inputs, {settings.pgn_out, settings.json_out});
    require_writable_outputs({settings.pgn_out, settings.json_out});

    for (auto& words : engine_words) {
        std::vector<std::string> all = each_words;
        all.insert(all.end(), words.begin(), words.end());
        try {
            PlayerSpec spec = parse_player_spec(all);
            if (!spec.time_control_given)
                throw UsageError("player '" + spec.name +
                                 "' has no time control: give tc=, st=, depth= or nodes= "
                                 "(with -each for all)");
            settings.players.push_back(spec);
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("-engine: ") + e.what());
        }
    }
    if (result_function_moves > 0) {
        try {
            PlayerSpec referee = parse_player_spec(referee_words);
            if (!referee.time_control_given) referee.time_control.movetime_ms = 1000;
            settings.referee = referee;
            settings.game.result_function.after_moves = result_function_moves;
            settings.game.result_function.referee_limit = referee.time_control;
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("-resultfunction: ") + e.what());
        }
    }
    try {
        check_schedule_size(settings);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    settings.live_status = isatty(STDERR_FILENO);
    return settings;
}

}  // namespace

int match_command(const Arguments& args, bool tournament) {
    if (args.empty()) throw UsageError("no players");
    TournamentSettings settings = parse_settings(args, tournament);
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);

    std::cout << "Players:";
    for (const PlayerSpec& p : settings.players)
        std::cout << " " << p.name << " (" << p.time_control.describe() << ")";
    std::cout << "\n";
    TournamentOutcome outcome = run_tournament(settings, std::cout, &stop_requested);
    std::cout << '\n' << format_report(outcome.report);
    if (outcome.sprt) std::cout << sprt_line(*outcome.sprt) << '\n';
    if (outcome.interrupted &&
        !(outcome.sprt && outcome.sprt->decision != SprtDecision::CONTINUE)) {
        std::cout << "Interrupted after " << outcome.report.total_games << " games";
        if (!settings.pgn_out.empty()) std::cout << "; continue with the same command and -resume";
        std::cout << '\n';
        return 130;
    }
    return 0;
}

namespace {

// The report's games (`here`) against the same schedule played in `paired_paths`, game by
// game, for `player` (the runner's first player when empty). False when no game pairs.
bool report_paired(const std::vector<RunGame>& here, const std::vector<std::string>& paired_paths,
                   std::string player, std::vector<std::string>& errors) {
    int skipped = 0;
    std::vector<std::string> warnings, there_errors;
    std::vector<RunGame> there = run_games_from_pgn(paired_paths, skipped, there_errors, warnings);
    for (const std::string& w : warnings) std::cerr << w << '\n';
    for (const std::string& e : there_errors) std::cerr << e << '\n';
    errors.insert(errors.end(), there_errors.begin(), there_errors.end());
    if (player.empty()) player = first_player(here);
    PairedComparison comparison = compare_runs(here, there, player);
    std::string there_name = paired_paths.size() > 1 ? "the --paired-with files" : paired_paths[0];
    std::cout << '\n' << format_paired_comparison(comparison, there_name);
    if (comparison.games > 0) return true;
    std::cerr << "mneme report: no game of " << printable(player) << " pairs with one of "
              << there_name << " (the same Round tag, players, colours and FEN)\n";
    return false;
}

}  // namespace

int report_command(const Arguments& args) {
    if (args.empty()) throw UsageError("needs FILE.pgn...");
    std::vector<std::string> paths, paired_paths;
    std::string json_out, player;
    std::optional<SprtParameters> sprt;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--json" || args[i] == "-json") {
            if (i + 1 >= args.size()) throw UsageError("--json needs a file");
            json_out = args[++i];
        } else if (args[i] == "--paired-with") {
            if (i + 1 >= args.size()) throw UsageError("--paired-with needs a PGN file");
            paired_paths.push_back(args[++i]);
        } else if (args[i] == "--player") {
            if (i + 1 >= args.size() || args[i + 1].empty())
                throw UsageError("--player needs a name");
            player = args[++i];
        } else if (args[i] == "--sprt" || args[i] == "-sprt") {
            std::vector<std::string> words;
            while (i + 1 < args.size() && args[i + 1].find('=') != std::string::npos &&
                   args[i + 1].rfind("-", 0) != 0)
                words.push_back(args[++i]);
            sprt = parse_sprt(words, "--sprt");
        } else if (args[i].size() > 1 && args[i][0] == '-') {
            throw UsageError("unexpected argument '" + args[i] + "'");
        } else {
            paths.push_back(args[i]);
        }
    }
    require_arguments({{!paths.empty(), "FILE.pgn..."}});
    if (!player.empty() && paired_paths.empty())
        throw UsageError("--player names whose results --paired-with compares; give --paired-with");
    std::vector<std::string> inputs = paths;
    inputs.insert(inputs.end(), paired_paths.begin(), paired_paths.end());
    require_readable_files(inputs);
    require_distinct_inputs(inputs);
    require_outputs_apart(inputs, {json_out});
    require_writable_outputs({json_out});
    std::vector<std::string> names, errors, warnings;
    int skipped = 0;
    // Read once: the report and the comparison with --paired-with both take these games.
    std::vector<RunGame> run_games = run_games_from_pgn(paths, skipped, errors, warnings);
    std::vector<GameSummary> games = summaries_from_run_games(run_games, names);
    for (const std::string& w : warnings) std::cerr << w << '\n';
    for (const std::string& e : errors) std::cerr << e << '\n';
    if (skipped)
        std::cout << skipped << (skipped == 1 ? " game" : " games")
                  << " without a result skipped\n";
    if (games.empty()) {
        std::cerr << "mneme report: no game with a result and two players in "
                  << (paths.size() > 1 ? "the files" : paths[0]) << '\n';
        return 1;
    }
    TournamentReport report = compute_report(names, games);
    std::cout << format_report(report);
    if (sprt) std::cout << sprt_line(report_sprt(report, *sprt)) << '\n';
    if (!json_out.empty()) {
        std::string json = report_json(report);
        write_file_atomically(json_out, [&](std::ostream& out) { out << json << '\n'; });
    }
    if (!paired_paths.empty() && !report_paired(run_games, paired_paths, player, errors)) return 1;
    // A game left out makes the figures partial, which a script must not take for the whole;
    // a warning's game is counted.
    return errors.empty() ? 0 : 1;
}

}  // namespace mneme::app
