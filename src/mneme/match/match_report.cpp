#include "mneme/match/match_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <string_view>
#include <tuple>

#include "mneme/match/round_tag.h"
#include "mneme/util/text.h"

namespace mneme {

namespace {

std::string format(const char* pattern, double value) {
    char text[64];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

std::string elo_text(double elo) {
    if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
    return format("%+.1f", elo);
}

std::string margin_text(const EloEstimate& e) {
    double margin = e.error_margin();
    if (!std::isfinite(margin)) return "inf";
    return format("%.1f", margin);
}

std::string points_text(double points) {
    return std::floor(points) == points ? format("%.0f", points) : format("%.1f", points);
}

std::string json_string(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", int(c));
            out += escaped;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string json_number(double value) {
    if (!std::isfinite(value)) return value > 0 ? "1e999" : value < 0 ? "-1e999" : "null";
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

std::string estimate_json(const EloEstimate& e) {
    return "{\"games\": " + json_number(e.games) + ", \"score\": " + json_number(e.score) +
           ", \"elo\": " + json_number(e.elo) + ", \"elo_lower\": " + json_number(e.elo_lower) +
           ", \"elo_upper\": " + json_number(e.elo_upper) + ", \"los\": " + json_number(e.los) +
           ", \"draw_ratio\": " + json_number(e.draw_ratio) + "}";
}

std::string ordering_text(const TournamentReport& report, const std::vector<int>& ordering) {
    std::string text;
    for (int index : ordering)
        text += (text.empty() ? "" : " > ") + report.names[std::size_t(index)];
    return text.empty() ? "-" : text;
}

}  // namespace

TournamentReport compute_report(const std::vector<std::string>& names,
                                const std::vector<GameSummary>& games) {
    TournamentReport report;
    report.names = names;
    int n = int(names.size());
    report.crosstable = Crosstable(n);
    report.losses_by_termination.resize(std::size_t(n));
    report.points.assign(std::size_t(n), 0.0);
    report.games.assign(std::size_t(n), 0);
    report.total_games = int(games.size());

    std::map<std::pair<int, int>, std::size_t> pair_index;
    std::vector<std::vector<double>> pair_scores;  // per pair: each game's score for `first`
    // Per pair key: the pair's games so far (first's score, first had White).
    std::vector<std::map<std::string, std::vector<std::pair<double, bool>>>> keyed;
    std::vector<RatedGame> rated;

    for (const GameSummary& game : games) {
        int first = std::min(game.white, game.black), second = std::max(game.white, game.black);
        auto [it, inserted] = pair_index.try_emplace({first, second}, report.pairs.size());
        if (inserted) {
            PairStatistics pair;
            pair.first = first;
            pair.second = second;
            report.pairs.push_back(pair);
            pair_scores.emplace_back();
            keyed.emplace_back();
        }
        std::size_t p = it->second;
        PairStatistics& pair = report.pairs[p];
        bool first_white = game.white == first;
        double s = first_white ? game.white_score : 1 - game.white_score;
        pair_scores[p].push_back(s);
        if (s == 1)
            pair.wdl.wins += 1;
        else if (s == 0)
            pair.wdl.losses += 1;
        else if (s == 0.5)
            pair.wdl.draws += 1;
        else {
            pair.wdl.wins += s;
            pair.wdl.losses += 1 - s;
            ++pair.fractional_games;
        }
        if (!game.pair_key.empty()) keyed[p][game.pair_key].emplace_back(s, first_white);

        report.crosstable.add_game(game.white, game.black, game.white_score);
        rated.push_back(RatedGame{game.white, game.black, game.white_score});
        report.points[std::size_t(game.white)] += game.white_score;
        report.points[std::size_t(game.black)] += 1 - game.white_score;
        ++report.games[std::size_t(game.white)];
        ++report.games[std::size_t(game.black)];
        if (game.white_score != 0.5 && (game.white_score == 0 || game.white_score == 1)) {
            int loser = game.white_score == 0 ? game.white : game.black;
            ++report.losses_by_termination[std::size_t(loser)][game.termination];
        }
    }

    for (std::size_t p = 0; p < report.pairs.size(); ++p) {
        PairStatistics& pair = report.pairs[p];
        for (const auto& [key, list] : keyed[p]) {
            for (std::size_t i = 0; i + 1 < list.size(); i += 2) {
                if (list[i].second == list[i + 1].second) continue;  // colours not swapped
                double sum = list[i].first + list[i + 1].first;
                double doubled = sum * 2;
                if (doubled != std::floor(doubled)) continue;  // fractional adjudications
                ++pair.pentanomial.pairs[std::size_t(doubled)];
            }
        }
        pair.trinomial_estimate =
            pair.fractional_games ? score_estimate(pair_scores[p]) : trinomial_estimate(pair.wdl);
        pair.trinomial_estimate.draw_ratio =
            pair.wdl.games() > 0 ? (pair.wdl.draws) / pair.wdl.games() : 0;
        pair.pentanomial_estimate = pentanomial_estimate(pair.pentanomial);
        pair.pentanomial_estimate.draw_ratio = pair.trinomial_estimate.draw_ratio;
    }

    if (n >= 2 && !rated.empty()) report.ratings = fit_ratings(n, rated);
    // A field too large for the orderings' exact search (a database of master games) still gets
    // every other statistic.
    report.orderings_left_out = n > MAX_ORDERING_PLAYERS;
    if (!report.orderings_left_out) {
        report.strict_ordering = longest_ordering(report.crosstable, true);
        report.non_strict_ordering = longest_ordering(report.crosstable, false);
    }
    return report;
}

std::string score_line(const TournamentReport& report, std::size_t p) {
    if (p >= report.pairs.size()) return "no games yet";
    const PairStatistics& pair = report.pairs[p];
    // The pentanomial interval needs a few pairs before its variance means anything.
    const EloEstimate& e =
        pair.pentanomial.total() >= 10 ? pair.pentanomial_estimate : pair.trinomial_estimate;
    std::ostringstream out;
    out << report.names[std::size_t(pair.first)] << " - " << report.names[std::size_t(pair.second)]
        << ": " << points_text(pair.wdl.wins + pair.wdl.draws / 2) << " - "
        << points_text(pair.wdl.losses + pair.wdl.draws / 2) << " (+" << points_text(pair.wdl.wins)
        << " -" << points_text(pair.wdl.losses) << " =" << points_text(pair.wdl.draws) << ")  Elo "
        << elo_text(e.elo) << " +- " << margin_text(e) << "  LOS " << format("%.1f", e.los * 100)
        << "%  DR " << format("%.1f", e.draw_ratio * 100) << "%";
    return out.str();
}

std::string format_report(const TournamentReport& report) {
    std::ostringstream out;
    std::size_t width = 6;
    for (const std::string& name : report.names) width = std::max(width, name.size());

    out << "Results of " << report.total_games << " games\n\n";
    for (std::size_t p = 0; p < report.pairs.size(); ++p) {
        const PairStatistics& pair = report.pairs[p];
        const EloEstimate& t = pair.trinomial_estimate;
        out << report.names[std::size_t(pair.first)] << " vs "
            << report.names[std::size_t(pair.second)] << ": " << pair.wdl.games() << " games, +"
            << points_text(pair.wdl.wins) << " =" << points_text(pair.wdl.draws) << " -"
            << points_text(pair.wdl.losses) << ", score " << format("%.1f", t.score * 100) << "%";
        if (pair.fractional_games)
            out << " (" << pair.fractional_games << " by the result function)";
        out << "\n  Elo " << elo_text(t.elo) << " +- " << margin_text(t) << " (95%, "
            << (pair.fractional_games ? "per-game scores" : "trinomial") << ", "
            << elo_text(t.elo_lower) << " to " << elo_text(t.elo_upper) << ")  LOS "
            << format("%.1f", t.los * 100) << "%  draw ratio " << format("%.1f", t.draw_ratio * 100)
            << "%\n";
        if (pair.pentanomial.total() > 0) {
            const EloEstimate& e = pair.pentanomial_estimate;
            out << "  Elo " << elo_text(e.elo) << " +- " << margin_text(e)
                << " (95%, pentanomial over " << pair.pentanomial.total()
                << " game pairs [0, 1/2, 1, 3/2, 2]: ";
            for (int i = 0; i < 5; ++i) out << (i ? " " : "") << pair.pentanomial.pairs[i];
            out << ")  LOS " << format("%.1f", e.los * 100) << "%\n";
        }
    }

    out << "\nLosses by how the game ended:\n";
    for (std::size_t i = 0; i < report.names.size(); ++i) {
        out << "  " << report.names[i] << ":";
        if (report.losses_by_termination[i].empty()) out << " none";
        for (const auto& [termination, count] : report.losses_by_termination[i])
            out << " " << (termination.empty() ? "?" : termination) << " " << count << ";";
        int forfeits = 0;
        if (auto it = report.losses_by_termination[i].find("time forfeit");
            it != report.losses_by_termination[i].end())
            forfeits = it->second;
        out << "  (time forfeits: " << forfeits << ")\n";
    }

    if (report.names.size() > 2 && !report.ratings.empty()) {
        std::vector<std::size_t> order(report.names.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return report.ratings[a].elo > report.ratings[b].elo;
        });
        out << "\nRanking (maximum likelihood, BayesElo model, mean 0):\n";
        char line[256];
        std::snprintf(line, sizeof line, "  %4s  %-*s %8s %8s %8s %6s %7s\n", "Rank", int(width),
                      "Name", "Elo", "+-95%", "Points", "Games", "Score");
        out << line;
        for (std::size_t r = 0; r < order.size(); ++r) {
            std::size_t i = order[r];
            double score = report.games[i] ? report.points[i] / report.games[i] : 0;
            std::snprintf(line, sizeof line, "  %4zu  %-*s %8.1f %8.1f %8.1f %6d %6.1f%%\n", r + 1,
                          int(width), report.names[i].c_str(), report.ratings[i].elo,
                          report.ratings[i].error95, report.points[i], report.games[i],
                          score * 100);
            out << line;
        }
        // Rows and columns in ranking order, numbered by rank, so "#2" is the second line above.
        out << "\nCrosstable (points scored by the row player against the column player / "
               "games):\n";
        const int label_width = int(width) + 4;  // the name and " #NN"
        std::snprintf(line, sizeof line, "  %-*s", label_width, "");
        out << line;
        for (std::size_t c = 0; c < order.size(); ++c) {
            std::snprintf(line, sizeof line, " %9s",
                          std::string("#").append(std::to_string(c + 1)).c_str());
            out << line;
        }
        out << '\n';
        for (std::size_t r = 0; r < order.size(); ++r) {
            std::size_t i = order[r];
            std::snprintf(line, sizeof line, "  %-*s", label_width,
                          (report.names[i] + " #" + std::to_string(r + 1)).c_str());
            out << line;
            for (std::size_t j : order) {
                int games = report.crosstable.games[i][j];
                std::string cell =
                    i == j || games == 0
                        ? "."
                        : points_text(report.crosstable.points[i][j]) + "/" + std::to_string(games);
                std::snprintf(line, sizeof line, " %9s", cell.c_str());
                out << line;
            }
            out << '\n';
        }
        if (report.orderings_left_out)
            out << "\nShowdown orderings left out: " << report.names.size()
                << " players, and the exact search for the longest line of players who each beat "
                   "every later one in their games takes at most "
                << MAX_ORDERING_PLAYERS << "; the ranking and the crosstable above are complete.\n";
        else
            out << "\nShowdown orderings (each player beat every later one in their games):\n"
                << "  strict (more than half the points): "
                << ordering_text(report, report.strict_ordering) << " ("
                << report.strict_ordering.size() << ")\n"
                << "  non-strict (at least half):         "
                << ordering_text(report, report.non_strict_ordering) << " ("
                << report.non_strict_ordering.size() << ")\n";
    }
    return out.str();
}

std::string report_json(const TournamentReport& report) {
    std::ostringstream out;
    out << "{\n  \"games\": " << report.total_games << ",\n  \"players\": [";
    for (std::size_t i = 0; i < report.names.size(); ++i) {
        out << (i ? ", " : "") << "\n    {\"name\": " << json_string(report.names[i])
            << ", \"games\": " << report.games[i]
            << ", \"points\": " << json_number(report.points[i]);
        if (i < report.ratings.size())
            out << ", \"elo\": " << json_number(report.ratings[i].elo)
                << ", \"error95\": " << json_number(report.ratings[i].error95);
        out << ", \"losses_by_termination\": {";
        bool first = true;
        for (const auto& [termination, count] : report.losses_by_termination[i]) {
            out << (first ? "" : ", ") << json_string(termination) << ": " << count;
            first = false;
        }
        out << "}}";
    }
    out << "\n  ],\n  \"pairs\": [";
    for (std::size_t p = 0; p < report.pairs.size(); ++p) {
        const PairStatistics& pair = report.pairs[p];
        out << (p ? ", " : "")
            << "\n    {\"first\": " << json_string(report.names[std::size_t(pair.first)])
            << ", \"second\": " << json_string(report.names[std::size_t(pair.second)])
            << ", \"wins\": " << json_number(pair.wdl.wins)
            << ", \"draws\": " << json_number(pair.wdl.draws)
            << ", \"losses\": " << json_number(pair.wdl.losses)
            << ", \"fractional_games\": " << pair.fractional_games << ", \"pentanomial\": [";
        for (int i = 0; i < 5; ++i) out << (i ? ", " : "") << pair.pentanomial.pairs[i];
        out << "],\n     \"trinomial\": " << estimate_json(pair.trinomial_estimate)
            << ",\n     \"pentanomial_estimate\": " << estimate_json(pair.pentanomial_estimate)
            << "}";
    }
    auto ordering_json = [&](const std::vector<int>& ordering) {
        if (report.orderings_left_out) return std::string("null");
        std::string text = "[";
        for (std::size_t i = 0; i < ordering.size(); ++i)
            text += (i ? ", " : "") + json_string(report.names[std::size_t(ordering[i])]);
        return text + "]";
    };
    out << "\n  ],\n  \"strict_ordering\": " << ordering_json(report.strict_ordering)
        << ",\n  \"non_strict_ordering\": " << ordering_json(report.non_strict_ordering) << "\n}";
    return out.str();
}

SprtState report_sprt(const TournamentReport& report, const SprtParameters& parameters) {
    if (report.pairs.empty()) return sprt_trinomial(WdlCounts{}, parameters);
    const PairStatistics& pair = report.pairs.front();
    return pair.pentanomial.total() > 0 ? sprt_pentanomial(pair.pentanomial, parameters)
                                        : sprt_trinomial(pair.wdl, parameters);
}

std::string sprt_line(const SprtState& state) {
    std::ostringstream out;
    out << "SPRT: llr " << state.llr << " (bounds " << state.lower_bound << ", "
        << state.upper_bound << "): "
        << (state.decision == SprtDecision::ACCEPT_H1   ? "H1 accepted"
            : state.decision == SprtDecision::ACCEPT_H0 ? "H0 accepted"
                                                        : "no decision yet");
    return out.str();
}

std::string llr_text(const SprtState& state) {
    return "  LLR " + format("%.2f", state.llr) + " (" + format("%.2f", state.lower_bound) + ", " +
           format("%.2f", state.upper_bound) + ")";
}

namespace {

// Round numbers a live run can have; beyond them a game's place in its encounter is not computed.
constexpr long long MAX_ROUND = 1'000'000'000;

}  // namespace

std::vector<GameSummary> summaries_from_pgn(const std::vector<std::string>& paths,
                                            std::vector<std::string>& names, int& skipped,
                                            std::vector<std::string>& errors,
                                            std::vector<std::string>& warnings) {
    std::vector<RunGame> games = run_games_from_pgn(paths, skipped, errors, warnings);
    return summaries_from_run_games(std::move(games), names);
}

std::vector<GameSummary> summaries_from_run_games(std::vector<RunGame> run_games,
                                                  std::vector<std::string>& names) {
    struct ReadGame {
        std::pair<long long, long long> round;
        std::string white, black;
        GameSummary summary;  // players and pair key are filled in once the games are ordered
        std::size_t file = 0;
        std::string opening;  // FEN and Opening tags: the two games of a pair share them
    };
    std::vector<ReadGame> read;
    for (RunGame& game : run_games) {
        ReadGame& entry = read.emplace_back();
        entry.round = round_order(game.round);
        entry.white = std::move(game.white);
        entry.black = std::move(game.black);
        entry.summary.white_score = game.white_score;
        entry.summary.termination = std::move(game.termination);
        entry.file = game.file;
        entry.opening = game.start + "|" + game.opening;
    }
    // In round order, so that the games of one run give the same report whether they come from
    // one file or from the files of its shards, and in whatever order concurrent games ended.
    std::stable_sort(read.begin(), read.end(),
                     [](const ReadGame& a, const ReadGame& b) { return a.round < b.round; });

    auto index_of = [&](const std::string& name) {
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == name) return int(i);
        names.push_back(name);
        return int(names.size() - 1);
    };
    // The live run pairs an encounter's s-th and (s+1)-th games for even s, counting its games
    // over the rounds (tournament.cpp: s = round * games per round + game), so a pair may span two
    // rounds (one game per encounter and round, or an odd number). The same count here, per file
    // and encounter: the games per round are the most the encounter played in one round.
    using Encounter = std::tuple<std::size_t, int, int>;  // file, lower and higher player
    std::vector<Encounter> encounter_of(read.size());
    std::map<std::pair<Encounter, long long>, int> in_round;
    std::map<Encounter, int> per_round;
    std::vector<GameSummary> games;
    games.reserve(read.size());
    for (std::size_t i = 0; i < read.size(); ++i) {
        GameSummary& summary = games.emplace_back(std::move(read[i].summary));
        summary.white = index_of(read[i].white);
        summary.black = index_of(read[i].black);
        encounter_of[i] = {read[i].file, std::min(summary.white, summary.black),
                           std::max(summary.white, summary.black)};
        int& count = in_round[{encounter_of[i], read[i].round.first}];
        per_round[encounter_of[i]] = std::max(per_round[encounter_of[i]], ++count);
    }
    in_round.clear();
    for (std::size_t i = 0; i < read.size(); ++i) {
        const auto& [file, low, high] = encounter_of[i];
        long long round = read[i].round.first;
        // Games without a usable round number are taken in the order they were read.
        long long first_of_round =
            round < 1 || round > MAX_ROUND ? 0 : (round - 1) * per_round[encounter_of[i]];
        long long s = first_of_round + in_round[{encounter_of[i], round}]++;
        games[i].pair_key = std::to_string(file) + "|" + std::to_string(low) + "-" +
                            std::to_string(high) + "|" + std::to_string(s / 2) + "|" +
                            read[i].opening;
    }
    return games;
}

}  // namespace mneme
