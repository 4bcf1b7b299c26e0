// mneme cbr: the thesis's expert-ranking experiment and move prediction with the CBR player.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <sstream>

#include "book_arguments.h"
#include "commands.h"
#include "mneme/cbr/case_base_builder.h"
#include "mneme/cbr/player_name.h"
#include "mneme/match/cbr_experiment.h"
#include "mneme/match/orderings.h"
#include "mneme/match/rating_fit.h"
#include "mneme/pgn/pgn_reader.h"
#include "mneme/pgn/pgn_writer.h"
#include "mneme/util/atomic_file.h"
#include "required_inputs.h"

namespace mneme::app {

namespace {

std::vector<AdaptationWeights> parse_configurations(const std::string& text) {
    if (text == "thesis") return thesis_configurations();
    std::vector<AdaptationWeights> configurations;
    std::stringstream parts(text);
    for (std::string part; std::getline(parts, part, '/');) {
        CbrSettings settings;
        std::string error;
        if (!parse_cbr_setting("weights", part, settings, error))
            throw UsageError("--configs: " + error);
        configurations.push_back(settings.weights);
    }
    if (configurations.empty()) throw UsageError("--configs: no configuration");
    return configurations;
}

void apply_option(const std::string& option, CbrSettings& settings) {
    auto equals = option.find('=');
    std::string error;
    if (equals == std::string::npos ||
        !parse_cbr_setting(option.substr(0, equals), option.substr(equals + 1), settings, error))
        throw UsageError("--option " + option + ": " +
                         (error.empty() ? "expected NAME=VALUE" : error));
}

Participant open_participant(const std::string& word) {
    Participant expert;
    if (word == "random" || word == "greedy") {
        expert.name = word;
        expert.kind =
            word == "random" ? ParticipantKind::RANDOM_MOVER : ParticipantKind::GREEDY_MOVER;
        return expert;
    }
    const std::string& path = word;
    expert.name = std::filesystem::path(path).stem().string();
    expert.base = CaseBase::open(path);
    double sum = 0;
    std::size_t rated = 0;
    for (const CaseRecord& c : expert.base->cases())
        if (c.mover_elo) sum += c.mover_elo, ++rated;
    expert.mean_elo = rated ? sum / double(rated) : 0;
    return expert;
}

double white_score(const GameOutcome& outcome) {
    return outcome.result == GameResult::WHITE_WINS   ? 1.0
           : outcome.result == GameResult::BLACK_WINS ? 0.0
                                                      : 0.5;
}

std::string ordering_text(const std::vector<int>& ordering) {
    std::string text;
    for (int i : ordering) {
        if (!text.empty()) text += ',';
        text += std::to_string(i + 1);
    }
    return text;
}

std::string format_weights(const AdaptationWeights& w) {
    char text[48];
    std::snprintf(text, sizeof text, "%.1f %.1f %.1f", w.v1, w.v2, w.v3);
    return text;
}

// The showdown table (points of the row expert against the column expert), the orderings and
// the share of decisive games of one configuration.
void print_configuration(const std::vector<Participant>& experts, const ExperimentResult& result,
                         int configuration) {
    int n = int(experts.size());
    Crosstable table(n);
    std::size_t games = 0, decisive = 0;
    for (const ExperimentGame& g : result.games) {
        if (g.configuration != configuration) continue;
        table.add_game(g.white, g.black, white_score(g.outcome));
        ++games;
        decisive += g.outcome.result != GameResult::DRAW;
    }
    std::printf("      ");
    for (int j = 0; j < n; ++j) std::printf(" %5d", j + 1);
    std::printf("\n");
    for (int i = 0; i < n; ++i) {
        std::printf("  %2d  ", i + 1);
        for (int j = 0; j < n; ++j)
            if (i == j)
                std::printf(" %5s", "-");
            else
                std::printf(" %5.1f", table.points[std::size_t(i)][std::size_t(j)]);
        std::printf("\n");
    }
    std::printf(
        "  longest ordering: strict %s, non-strict %s; decisive %zu of %zu games (%.0f%%)\n",
        ordering_text(longest_ordering(table, true)).c_str(),
        ordering_text(longest_ordering(table, false)).c_str(), decisive, games,
        100.0 * double(decisive) / double(std::max<std::size_t>(games, 1)));
}

// Maximum-likelihood ratings over all the games, and how many pairs of rated case bases they
// order as the bases' movers' ratings do.
void print_ratings(const std::vector<Participant>& experts, const ExperimentResult& result) {
    std::vector<RatedGame> rated;
    for (const ExperimentGame& g : result.games)
        rated.push_back({g.white, g.black, white_score(g.outcome)});
    RatingFit fit = fit_rating_model(int(experts.size()), rated);
    std::printf("\nratings (maximum likelihood over all %zu games, 95%% intervals):\n",
                result.games.size());
    std::printf("  %2s  %-28s %9s %14s\n", "#", "participant", "mean Elo", "rating");
    for (std::size_t i = 0; i < experts.size(); ++i) {
        std::string elo =
            experts[i].mean_elo > 0 ? std::to_string(int(experts[i].mean_elo + 0.5)) : "-";
        std::printf("  %2zu  %-28s %9s %7.0f +- %3.0f\n", i + 1, experts[i].name.c_str(),
                    elo.c_str(), fit.players[i].elo, fit.players[i].error95);
    }
    // Only case bases whose movers have ratings have an expected place in the order.
    auto rated_base = [&](std::size_t i) {
        return experts[i].kind == ParticipantKind::CASE_BASE && experts[i].mean_elo > 0;
    };
    int agree = 0, pairs = 0;
    for (std::size_t i = 0; i < experts.size(); ++i)
        for (std::size_t j = i + 1; j < experts.size(); ++j) {
            if (!rated_base(i) || !rated_base(j)) continue;
            ++pairs;
            bool expert_order = experts[i].mean_elo < experts[j].mean_elo;
            agree += expert_order == (fit.players[i].elo < fit.players[j].elo);
        }
    std::printf("  pairs of rated case bases ordered as their movers' mean Elo: %d of %d\n", agree,
                pairs);
    std::size_t decisive = 0;
    for (const ExperimentGame& g : result.games) decisive += g.outcome.result != GameResult::DRAW;
    std::printf("  decisive games: %zu of %zu (%.0f%%)\n", decisive, result.games.size(),
                100.0 * double(decisive) / double(std::max<std::size_t>(result.games.size(), 1)));
}

void write_experiment_pgn(const std::string& path, const std::vector<Participant>& experts,
                          const ExperimentSettings& settings, const ExperimentResult& result) {
    write_file_atomically(path, [&](std::ostream& out) {
        for (const ExperimentGame& g : result.games) {
            PgnMainline game;
            const Participant& white = experts[std::size_t(g.white)];
            const Participant& black = experts[std::size_t(g.black)];
            game.headers.set("Event", "mneme cbr experiment");
            game.headers.set("Site", "?");
            game.headers.set("Date", "????.??.??");
            game.headers.set("Round", std::to_string(g.round));
            game.headers.set("White", white.name);
            game.headers.set("Black", black.name);
            if (white.mean_elo > 0)
                game.headers.set("WhiteElo", std::to_string(int(white.mean_elo + 0.5)));
            if (black.mean_elo > 0)
                game.headers.set("BlackElo", std::to_string(int(black.mean_elo + 0.5)));
            game.headers.set("Configuration",
                             format_weights(settings.configurations[std::size_t(g.configuration)]));
            game.headers.set("Seed", std::to_string(g.round - 1));
            game.headers.set("Termination", termination_text(g.outcome.termination));
            game.moves = g.moves;
            game.result = g.outcome.result;
            out << write_pgn(game) << '\n';
        }
    });
}

int experiment_command(const Arguments& args) {
    std::vector<std::string> paths;
    ExperimentSettings settings;
    std::string pgn_path;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "--rounds")
            settings.rounds = int(reader.integer(a, 1, 100000));
        else if (a == "--threads")
            settings.threads = int(reader.integer(a, 1, 256));
        else if (a == "--configs")
            settings.configurations = parse_configurations(reader.value(a));
        else if (a == "--option")
            apply_option(reader.value(a), settings.agent);
        else if (a == "--pgn")
            pgn_path = reader.value(a);
        else if (a.rfind("-", 0) != 0)
            paths.push_back(a);
        else
            reader.unexpected(a);
    }
    if (paths.size() < 2) throw UsageError("needs two participants or more");
    // The games are written after all of them are played: the file is checked before.
    std::vector<std::string> case_bases;
    for (const std::string& path : paths)
        if (path != "random" && path != "greedy") case_bases.push_back(path);
    require_outputs_apart(case_bases, {pgn_path});
    require_writable_outputs({pgn_path});
    std::vector<Participant> experts;
    for (const std::string& path : paths) experts.push_back(open_participant(path));

    bool terminal = isatty(STDERR_FILENO);
    std::mutex progress_mutex;
    auto started = std::chrono::steady_clock::now();
    double next_report = 0;
    settings.progress = [&](std::size_t done, std::size_t total) {
        std::lock_guard lock(progress_mutex);
        double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (seconds < next_report && done != total) return;
        next_report = seconds + (terminal ? 0.5 : 10);
        std::fprintf(stderr, "%s%zu / %zu games, %.1f s, ETA %.0f s%s", terminal ? "\r" : "", done,
                     total, seconds, seconds * double(total - done) / double(done),
                     terminal ? "   " : "\n");
    };
    ExperimentResult result = run_experiment(experts, settings);
    if (terminal) std::fprintf(stderr, "\r\033[K");

    std::printf("participants:\n");
    for (std::size_t i = 0; i < experts.size(); ++i) {
        const Participant& p = experts[i];
        if (p.kind == ParticipantKind::CASE_BASE)
            std::printf("  %2zu  %-28s mean Elo %4.0f, %zu cases\n", i + 1, p.name.c_str(),
                        p.mean_elo, p.base->cases().size());
        else
            std::printf("  %2zu  %-28s baseline: %s\n", i + 1, p.name.c_str(),
                        p.kind == ParticipantKind::RANDOM_MOVER
                            ? "a random legal move"
                            : "mate in one, else the best static exchange");
    }
    for (int c = 0; c < int(settings.configurations.size()); ++c) {
        std::printf("\nconfiguration %d (v1 v2 v3 = %s): points of row against column\n", c + 1,
                    format_weights(settings.configurations[std::size_t(c)]).c_str());
        print_configuration(experts, result, c);
    }
    print_ratings(experts, result);
    std::size_t plies = 0, fallbacks = 0;
    for (const ExperimentGame& g : result.games)
        plies += g.moves.size(), fallbacks += g.fallback_moves;
    std::printf(
        "\n%zu games, %zu moves (%zu without a case), %.1f s with %d thread%s (%.2f ms per move)\n",
        result.games.size(), plies, fallbacks, result.seconds, settings.threads,
        settings.threads == 1 ? "" : "s",
        1000 * result.seconds * settings.threads / double(std::max<std::size_t>(plies, 1)));
    if (!pgn_path.empty()) {
        write_experiment_pgn(pgn_path, experts, settings, result);
        std::printf("games written to %s\n", pgn_path.c_str());
    }
    return 0;
}

// Top-1 move prediction: on positions of games the base was not built from, how often the
// CBR player (and, with --depth, mneme's search) picks the move that was played.
int predict_command(const Arguments& args) {
    std::vector<std::string> paths;
    std::vector<std::string> players;
    std::uint64_t from_game = 1, max_positions = 1000;
    int depth = 0;
    CbrSettings settings;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "--player")
            players.push_back(reader.value(a));
        else if (a == "--from-game")
            from_game = std::uint64_t(reader.integer(a, 1, 1LL << 40));
        else if (a == "--positions")
            max_positions = std::uint64_t(reader.integer(a, 1, 1LL << 40));
        else if (a == "--depth")
            depth = int(reader.integer(a, 0, 30));
        else if (a == "--option")
            apply_option(reader.value(a), settings);
        else if (a.rfind("-", 0) != 0)
            paths.push_back(a);
        else
            reader.unexpected(a);
    }
    require_arguments({{!paths.empty(), "BASE.mcases"}, {paths.size() >= 2, "GAMES.pgn"}});
    if (paths.size() > 2) throw UsageError("unexpected argument '" + paths[2] + "'");
    require_readable_files({paths[1]});
    CbrAgent agent(CaseBase::open(paths[0]), settings);
    agent.seed(0);
    ExpertNames names(players);
    Searcher searcher(16);
    PgnReaderOptions options;
    options.mainline_only = true;
    PgnReader games(paths[1], options);
    PgnMainline game;
    std::uint64_t game_number = 0, positions = 0, cbr_hits = 0, engine_hits = 0, exact = 0;
    auto started = std::chrono::steady_clock::now();
    while (positions < max_positions && games.next_mainline(game)) {
        if (++game_number < from_game) continue;
        bool wanted[2] = {true, true};
        if (!names.empty())
            for (Color c : {WHITE, BLACK})
                wanted[c] = names.match(game.headers.get(c == WHITE ? "White" : "Black")) >= 0;
        Position pos = game.start_position();
        for (Move played : game.moves) {
            if (positions >= max_positions) break;
            if (wanted[pos.side_to_move()]) {
                ++positions;
                CbrDecision decision = agent.choose(pos);
                cbr_hits += decision.move == played;
                exact += decision.similarity == 256;
                if (depth) {
                    SearchLimits limits;
                    limits.depth = depth;
                    searcher.clear();
                    engine_hits += searcher.search(pos, limits).best == played;
                }
            }
            pos.do_move(played);
        }
    }
    for (const PgnError& e : games.errors()) std::cerr << e.message() << '\n';
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (!positions)
        throw std::runtime_error("no position to predict (check --player and --from-game)");
    auto percent = [&](std::uint64_t hits) { return 100.0 * double(hits) / double(positions); };
    std::printf("positions    %llu from games %llu..%llu of %s\n",
                static_cast<unsigned long long>(positions),
                static_cast<unsigned long long>(from_game),
                static_cast<unsigned long long>(game_number), paths[1].c_str());
    std::printf(
        "cbr top-1    %.1f%% (%llu); the position itself was in the base %.1f%% of the time\n",
        percent(cbr_hits), static_cast<unsigned long long>(cbr_hits), percent(exact));
    if (depth)
        std::printf("engine top-1 %.1f%% (%llu) at depth %d\n", percent(engine_hits),
                    static_cast<unsigned long long>(engine_hits), depth);
    std::printf("time         %.1f s\n", seconds);
    return 0;
}

}  // namespace

int cbr_command(const Arguments& args) {
    // The command line has checked that args[0] names a subcommand (usage.cpp).
    if (args.empty()) throw UsageError("a subcommand is needed");
    Arguments rest(args.begin() + 1, args.end());
    if (args[0] == "experiment") return experiment_command(rest);
    if (args[0] == "predict") return predict_command(rest);
    throw UsageError("unknown subcommand '" + args[0] + "'");
}

}  // namespace mneme::app
