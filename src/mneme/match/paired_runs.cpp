#include "mneme/match/paired_runs.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <sstream>

#include "mneme/match/elo_statistics.h"
#include "mneme/match/round_tag.h"
#include "mneme/util/text.h"

namespace mneme {

std::string first_player(const std::vector<RunGame>& games) {
    auto lowest = std::min_element(games.begin(), games.end(), [](const auto& a, const auto& b) {
        return round_order(a.round) < round_order(b.round);
    });
    return lowest == games.end() ? std::string() : lowest->white;
}

namespace {

// One number in a printf pattern; an infinite Elo (a score of 0 or 1) as "+inf" or "-inf", and
// an undefined Elo shift (from a score of 0 or 1 there) as "n/a".
std::string number(const char* pattern, double value) {
    if (std::isinf(value)) return value > 0 ? "+inf" : "-inf";
    if (std::isnan(value)) return "n/a";
    char text[64];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

// A run's games by Round tag; a tag that stands twice pairs with nothing (null).
std::map<std::string, const RunGame*> by_round(const std::vector<RunGame>& games,
                                               std::string& twice) {
    std::map<std::string, const RunGame*> rounds;
    for (const RunGame& game : games) {
        auto [it, inserted] = rounds.emplace(game.round, &game);
        if (!inserted) {
            it->second = nullptr;
            if (twice.empty()) twice = game.round;
        }
    }
    return rounds;
}

}  // namespace

PairedComparison compare_runs(const std::vector<RunGame>& here, const std::vector<RunGame>& there,
                              const std::string& player) {
    PairedComparison result;
    result.player = player;
    std::string twice;
    auto here_rounds = by_round(here, twice);
    auto there_rounds = by_round(there, twice);
    if (!twice.empty()) result.mismatch = "round " + twice + " stands twice in one run";

    // Per round (the number before the dot): the player's points here minus there, and games.
    std::map<long long, std::pair<double, int>> per_round;
    double points_here = 0, points_there = 0;
    for (const auto& [round, game] : here_rounds) {
        auto other = there_rounds.find(round);
        if (!game || other == there_rounds.end() || !other->second) continue;
        const RunGame& twin = *other->second;
        bool plays = game->white == player || game->black == player;
        if (game->white != twin.white || game->black != twin.black || game->start != twin.start ||
            !plays) {
            if (result.mismatch.empty())
                result.mismatch = "round " + round + ": " + game->white + " - " + game->black +
                                  (plays ? " against " + twin.white + " - " + twin.black +
                                               (game->start != twin.start ? ", other start" : "")
                                         : " without " + player);
            continue;
        }
        double mine = game->white == player ? game->white_score : 1 - game->white_score;
        double before = twin.white == player ? twin.white_score : 1 - twin.white_score;
        auto& [difference, games] = per_round[round_order(round).first];
        difference += mine - before;
        ++games;
        ++result.games;
        points_here += mine;
        points_there += before;
        if (mine > before) ++result.better;
        if (mine == before) ++result.same;
        if (mine < before) ++result.worse;
        if (mine == 1 && before == 0) ++result.won_here_lost_there;
        if (mine == 0 && before == 1) ++result.lost_here_won_there;
    }
    result.unpaired_here = int(here.size()) - result.games;
    result.unpaired_there = int(there.size()) - result.games;
    result.rounds = int(per_round.size());
    if (result.games == 0) return result;

    const double n = result.games;
    result.score_here = points_here / n;
    result.score_there = points_there / n;
    result.difference = result.score_here - result.score_there;
    // A ratio estimate over the rounds (their games may number differently): the spread of
    // each round's difference around the mean difference times its games.
    double spread = 0;
    for (const auto& [round, entry] : per_round) {
        double residual = entry.first - result.difference * entry.second;
        spread += residual * residual;
    }
    const double k = result.rounds;
    double standard_error = k > 1 ? std::sqrt(spread * k / (k - 1)) / n : 0;
    result.error95 = 1.959964 * standard_error;
    result.los = standard_error > 0
                     ? 0.5 * std::erfc(-result.difference / (standard_error * std::sqrt(2.0)))
                     : (result.difference > 0   ? 1.0
                        : result.difference < 0 ? 0.0
                                                : 0.5);
    // From a score of 0 or 1 there, whose Elo is infinite, no shift is defined (NaN).
    auto elo_moved_by = [&](double change) {
        if (result.score_there <= 0 || result.score_there >= 1)
            return std::numeric_limits<double>::quiet_NaN();
        return elo_from_score(result.score_there + change) - elo_from_score(result.score_there);
    };
    result.elo_difference = elo_moved_by(result.difference);
    result.elo_lower = elo_moved_by(result.difference - result.error95);
    result.elo_upper = elo_moved_by(result.difference + result.error95);
    return result;
}

std::string format_paired_comparison(const PairedComparison& c, const std::string& there_name) {
    std::ostringstream out;
    out << "Paired with " << there_name
        << " (the same rounds, players, colours and starts): " << c.games
        << (c.games == 1 ? " game" : " games") << " in " << c.rounds
        << (c.rounds == 1 ? " round" : " rounds") << '\n';
    if (c.games > 0) {
        out << "  " << printable(c.player) << " scored " << number("%.1f%%", 100 * c.score_here)
            << " here and " << number("%.1f%%", 100 * c.score_there)
            << " there: " << number("%+.1f", 100 * c.difference) << " points +- "
            << number("%.1f", 100 * c.error95) << " (95%), " << number("%+.1f", c.elo_difference)
            << " Elo (" << number("%+.1f", c.elo_lower) << " to " << number("%+.1f", c.elo_upper)
            << "), LOS " << number("%.1f%%", 100 * c.los) << '\n';
        out << "  game by game: " << c.better << " better here, " << c.same << " the same, "
            << c.worse << " worse (" << c.won_here_lost_there << " won here that were lost there, "
            << c.lost_here_won_there << " lost here that were won there)\n";
    }
    if (c.unpaired_here || c.unpaired_there)
        out << "  without a twin: " << c.unpaired_here << " games here, " << c.unpaired_there
            << " there\n";
    if (!c.mismatch.empty())
        out << "  first difference in the schedules: " << printable(c.mismatch) << '\n';
    return out.str();
}

}  // namespace mneme
