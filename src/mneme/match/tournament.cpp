#include "mneme/match/tournament.h"

#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "mneme/pgn/pgn_reader.h"
#include "mneme/pgn/pgn_writer.h"
#include "mneme/util/atomic_file.h"

namespace mneme {

namespace {

using SteadyClock = std::chrono::steady_clock;

std::vector<std::pair<int, int>> encounters(const TournamentSettings& settings) {
    std::vector<std::pair<int, int>> pairs;
    int n = int(settings.players.size());
    if (settings.format == TournamentFormat::GAUNTLET) {
        for (int j = 1; j < n; ++j) pairs.emplace_back(0, j);
    } else {
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) pairs.emplace_back(i, j);
    }
    return pairs;
}

std::string clock_text(double seconds) {
    long long s = (long long)(seconds + 0.5);
    char text[32];
    std::snprintf(text, sizeof text, "%02lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    return text;
}

// A player instance per worker and slot, started on first use and restarted after faults.
class PlayerPool {
public:
    explicit PlayerPool(const TournamentSettings& settings) : settings_(settings) {}

    // The player for spec `index` in `slot` (0 or 1: the same spec can play itself), or
    // nullptr with `error` when it cannot be started.
    Player* get(int index, int slot, std::string& error) {
        return ready(players_[{index, slot}], settings_.players[std::size_t(index)], error);
    }

    Player* referee(std::string& error) { return ready(referee_, *settings_.referee, error); }

private:
    const TournamentSettings& settings_;
    std::map<std::pair<int, int>, std::unique_ptr<Player>> players_;
    std::unique_ptr<Player> referee_;

    // Starts `entry` on first use and restarts it after a fault; empties it when it fails.
    static Player* ready(std::unique_ptr<Player>& entry, const PlayerSpec& spec,
                         std::string& error) {
        if (!entry) {
            entry = make_player(spec);
            if (!entry->start(error)) entry.reset();
        } else if (!entry->healthy() && !entry->restart(error)) {
            entry.reset();
        }
        return entry.get();
    }
};

// A game that could not start because a player could not be launched: a loss for that player.
GameRecord forfeit_record(const ScheduledGame& game, const TournamentSettings& settings, Color side,
                          const std::string& error) {
    GameRecord record;
    record.white_score = side == WHITE ? 0.0 : 1.0;
    record.termination = fault_text(PlayerFault::CRASHED);
    record.reason =
        std::string(side == WHITE ? "White" : "Black") + "'s engine could not start: " + error;
    record.fault[side] = PlayerFault::CRASHED;
    GameHeaders& tags = record.pgn.headers;
    tags.set("Event", settings.game.event);
    tags.set("Site", settings.game.site);
    tags.set("Round", game.round_tag());
    tags.set("White", settings.players[std::size_t(game.white)].name);
    tags.set("Black", settings.players[std::size_t(game.black)].name);
    record.pgn.result = side == WHITE ? GameResult::BLACK_WINS : GameResult::WHITE_WINS;
    tags.set("Result", result_text(record.pgn.result));
    tags.set("Termination", record.termination);
    record.pgn.mainline.comment = record.reason;
    return record;
}

struct Collected {
    std::vector<GameSummary> games;
    std::set<int> done;  // schedule numbers
};

// Whether the file's last non-blank text is a game termination token.
bool ends_with_result_token(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    in.seekg(0, std::ios::end);
    std::streamoff size = in.tellg();
    std::streamoff tail_size = std::min<std::streamoff>(size, 64);
    std::string tail(std::size_t(tail_size), '\0');
    in.seekg(size - tail_size);
    in.read(tail.data(), tail_size);
    while (!tail.empty() && std::isspace(static_cast<unsigned char>(tail.back()))) tail.pop_back();
    for (std::string_view token : {"1-0", "0-1", "1/2-1/2", "*"})
        if (tail.size() >= token.size() &&
            tail.compare(tail.size() - token.size(), token.size(), token) == 0)
            return true;
    return false;
}

// Reads the finished games of a previous run of this schedule; rewrites the file with exactly
// those (dropping an unfinished or cut-off tail).
void resume_from(const std::string& path, const std::vector<ScheduledGame>& schedule,
                 const TournamentSettings& settings, Collected& collected, std::ostream& log) {
    if (access(path.c_str(), F_OK) != 0) return;  // nothing to resume: a fresh start
    std::map<std::string, const ScheduledGame*> by_round;
    for (const ScheduledGame& g : schedule) by_round[g.round_tag()] = &g;

    PgnReader reader(path);
    std::vector<PgnGame> games;
    for (PgnGame game; reader.next(game);) games.push_back(game);
    // Games are appended whole, so only the last can have been cut off by a kill mid-write;
    // then the file does not end in a result token and that game is dropped.
    int dropped = 0;
    if (!games.empty() && !ends_with_result_token(path)) {
        games.pop_back();
        ++dropped;
    }
    std::string kept;
    for (const PgnGame& game : games) {
        std::optional<double> points = white_points(game.headers);
        if (!points) {  // unfinished: played again
            ++dropped;
            continue;
        }
        auto found = by_round.find(std::string(game.headers.get("Round")));
        if (found == by_round.end())
            throw std::runtime_error(path + ": game " + std::to_string(game.source.game_number) +
                                     " has round '" + std::string(game.headers.get("Round")) +
                                     "', which this tournament's schedule does not have");
        const ScheduledGame& scheduled = *found->second;
        const std::string& white = settings.players[std::size_t(scheduled.white)].name;
        const std::string& black = settings.players[std::size_t(scheduled.black)].name;
        if (game.headers.get("White") != white || game.headers.get("Black") != black)
            throw std::runtime_error(path + ": game " + std::to_string(game.source.game_number) +
                                     " (round " + scheduled.round_tag() + ") is " +
                                     std::string(game.headers.get("White")) + " vs " +
                                     std::string(game.headers.get("Black")) +
                                     ", but the schedule has " + white + " vs " + black);
        if (collected.done.count(scheduled.number)) {
            ++dropped;
            continue;
        }
        collected.done.insert(scheduled.number);
        collected.games.push_back(GameSummary{scheduled.white, scheduled.black, *points,
                                              std::string(game.headers.get("Termination")),
                                              scheduled.pair_key});
        kept += write_pgn(game) + "\n";
    }
    for (const auto& error : reader.errors()) {
        log << "resume: " << path << ": skipping an unreadable game: " << error.message() << '\n';
        ++dropped;
    }
    // A finished run (or shard) resumed again is left exactly as it was.
    if (dropped) write_file_atomically(path, [&](std::ostream& out) { out << kept; });
    log << "Resuming: " << collected.done.size() << " finished games kept from " << path;
    if (dropped) log << ", " << dropped << " unfinished or unreadable dropped";
    log << '\n';
}

}  // namespace

int shard_first_round(int rounds, int shard, int shards) {
    return int(std::int64_t(rounds) * shard / shards);
}

void check_schedule_size(const TournamentSettings& settings) {
    const std::int64_t pairs = std::int64_t(encounters(settings).size());
    const std::int64_t games = pairs * settings.games_per_encounter * settings.rounds;
    if (settings.games_per_encounter < 1 || settings.rounds < 1 || games > MOST_SCHEDULED_GAMES)
        throw std::invalid_argument(
            std::to_string(pairs) + (pairs == 1 ? " pairing x " : " pairings x ") +
            std::to_string(settings.rounds) + " rounds x " +
            std::to_string(settings.games_per_encounter) + " games make " + std::to_string(games) +
            " games; a run plays from 1 to " + std::to_string(MOST_SCHEDULED_GAMES) +
            " (split it into several runs)");
}

std::vector<ScheduledGame> make_schedule(const TournamentSettings& settings) {
    if (settings.shards < 1 || settings.shard < 0 || settings.shard >= settings.shards)
        throw std::invalid_argument("shard " + std::to_string(settings.shard) + "/" +
                                    std::to_string(settings.shards) + " does not exist");
    if (settings.shards > settings.rounds)
        throw std::invalid_argument(std::to_string(settings.shards) + " shards of " +
                                    std::to_string(settings.rounds) +
                                    " rounds would leave some empty; use at most as many shards "
                                    "as rounds");
    std::vector<ScheduledGame> schedule;
    auto pairs = encounters(settings);
    check_schedule_size(settings);
    int per_round = int(pairs.size()) * settings.games_per_encounter;
    const int first_round = shard_first_round(settings.rounds, settings.shard, settings.shards);
    const int end_round = shard_first_round(settings.rounds, settings.shard + 1, settings.shards);
    for (int r = first_round; r < end_round; ++r) {
        int in_round = 0;
        for (std::size_t p = 0; p < pairs.size(); ++p) {
            for (int g = 0; g < settings.games_per_encounter; ++g) {
                // The pair's s-th game: openings change every two games, colours every game,
                // so each opening is played once with each colour.
                int s = r * settings.games_per_encounter + g;
                ScheduledGame game;
                game.round = r + 1;
                game.game_in_round = ++in_round;
                game.number = r * per_round + in_round;
                game.white = s % 2 == 0 ? pairs[p].first : pairs[p].second;
                game.black = s % 2 == 0 ? pairs[p].second : pairs[p].first;
                game.opening = std::size_t(s / 2);
                game.pair_key = std::to_string(p) + ":" + std::to_string(s / 2);
                schedule.push_back(game);
            }
        }
    }
    return schedule;
}

TournamentOutcome run_tournament(const TournamentSettings& settings, std::ostream& log,
                                 std::atomic<bool>* user_stop) {
    if (settings.players.size() < 2) throw std::runtime_error("a match needs at least two players");
    std::vector<std::string> names;
    for (const PlayerSpec& spec : settings.players) {
        for (const std::string& other : names)
            if (other == spec.name)
                throw std::runtime_error("two players are called '" + spec.name +
                                         "'; give them different name= values");
        names.push_back(spec.name);
    }

    // Every player must start once before games are scheduled: a typo fails fast.
    for (const PlayerSpec& spec : settings.players) {
        std::unique_ptr<Player> probe = make_player(spec);
        std::string error;
        if (!probe->start(error))
            throw std::runtime_error("player '" + spec.name + "' cannot start: " + error);
    }
    if (settings.referee) {
        std::unique_ptr<Player> probe = make_player(*settings.referee);
        std::string error;
        if (!probe->start(error)) throw std::runtime_error("the referee cannot start: " + error);
    }

    OpeningSuite suite =
        settings.openings ? OpeningSuite::load(*settings.openings) : OpeningSuite::standard_start();
    for (const std::string& warning : suite.warnings()) log << "openings: " << warning << '\n';

    std::vector<ScheduledGame> schedule = make_schedule(settings);
    Collected collected;
    if (settings.resume && !settings.pgn_out.empty())
        resume_from(settings.pgn_out, schedule, settings, collected, log);

    std::FILE* pgn_file = nullptr;
    if (!settings.pgn_out.empty() && !settings.resume && !settings.overwrite) {
        if (std::FILE* existing = std::fopen(settings.pgn_out.c_str(), "r")) {
            bool empty = std::fgetc(existing) == EOF;
            std::fclose(existing);
            if (!empty)
                throw std::runtime_error(settings.pgn_out +
                                         " already holds games: continue it with --resume, or "
                                         "replace it with --overwrite");
        }
    }
    if (!settings.pgn_out.empty()) {
        pgn_file = std::fopen(settings.pgn_out.c_str(), settings.resume ? "a" : "w");
        if (!pgn_file) throw std::runtime_error("cannot write " + settings.pgn_out);
    }

    TournamentOutcome outcome;
    outcome.games_resumed = int(collected.games.size());
    std::vector<const ScheduledGame*> pending;
    for (const ScheduledGame& g : schedule)
        if (!collected.done.count(g.number)) pending.push_back(&g);

    std::mutex mutex;
    std::size_t next = 0;
    // Set by the user (through `user_stop`) or by a decided SPRT; running games see it between
    // moves and end unrecorded.
    std::atomic<bool> own_abort{false};
    std::atomic<bool>& abort = user_stop ? *user_stop : own_abort;
    auto started = SteadyClock::now();
    int finished_this_run = 0;
    bool two_players = settings.players.size() == 2;
    // A test that its resumed games already decide stays decided: no game more is played.
    if (settings.sprt && two_players && !collected.games.empty()) {
        SprtState state = report_sprt(compute_report(names, collected.games), *settings.sprt);
        if (state.decision != SprtDecision::CONTINUE) {
            outcome.sprt = state;
            abort = true;
        }
    }

    auto on_game_done = [&](const ScheduledGame& scheduled, const GameRecord& record) {
        std::lock_guard lock(mutex);
        if (pgn_file) {
            std::string text = write_pgn(record.pgn) + "\n";
            std::fwrite(text.data(), 1, text.size(), pgn_file);
            std::fflush(pgn_file);
            fsync(fileno(pgn_file));
        }
        collected.games.push_back(GameSummary{scheduled.white, scheduled.black, *record.white_score,
                                              record.termination, scheduled.pair_key});
        ++finished_this_run;
        TournamentReport report = compute_report(names, collected.games);
        double elapsed = std::chrono::duration<double>(SteadyClock::now() - started).count();
        std::size_t remaining = pending.size() - std::size_t(finished_this_run);
        double eta = elapsed / finished_this_run * double(remaining);
        std::ostringstream line;
        line << "Finished game " << scheduled.number << " (" << names[std::size_t(scheduled.white)]
             << " vs " << names[std::size_t(scheduled.black)]
             << "): " << record.pgn.headers.get("Result");
        if (const std::string* p = record.pgn.headers.find("WhitePoints"))
            line << " (" << *p << ")";
        line << " {" << record.reason << "}";
        log << line.str() << '\n';
        std::string status = std::string("[").append(std::to_string(collected.games.size())) + "/" +
                             std::to_string(schedule.size()) + "] ";
        if (two_players) status += score_line(report);
        // A test's progress is its log-likelihood ratio against the bounds, as cutechess shows it.
        if (settings.sprt && two_players) {
            SprtState state = report_sprt(report, *settings.sprt);
            outcome.sprt = state;
            if (state.decision != SprtDecision::CONTINUE) abort = true;
            status += llr_text(state);
        }
        status += "  ETA " + clock_text(eta);
        if (two_players) log << status << '\n';
        if (settings.live_status) std::fprintf(stderr, "\r%s\033[K", status.c_str());
        log.flush();
    };

    auto worker = [&]() {
        PlayerPool pool(settings);
        for (;;) {
            const ScheduledGame* scheduled;
            {
                std::lock_guard lock(mutex);
                if (abort || next >= pending.size()) return;
                scheduled = pending[next++];
            }
            GameSettings game_settings = settings.game;
            game_settings.round = scheduled->round_tag();
            game_settings.time_control[WHITE] =
                settings.players[std::size_t(scheduled->white)].time_control;
            game_settings.time_control[BLACK] =
                settings.players[std::size_t(scheduled->black)].time_control;
            std::string error;
            Player* white = pool.get(scheduled->white, 0, error);
            if (!white) {
                on_game_done(*scheduled, forfeit_record(*scheduled, settings, WHITE, error));
                continue;
            }
            Player* black =
                pool.get(scheduled->black, scheduled->black == scheduled->white ? 1 : 0, error);
            if (!black) {
                on_game_done(*scheduled, forfeit_record(*scheduled, settings, BLACK, error));
                continue;
            }
            if (settings.referee) {
                game_settings.result_function.referee = pool.referee(error);
                if (!game_settings.result_function.referee) {
                    std::lock_guard lock(mutex);
                    log << "referee: " << error << "; game " << scheduled->number
                        << " is played without the result function\n";
                }
            }
            std::uint64_t game_seed = settings.seed * 1000003u + std::uint64_t(scheduled->number);
            white->set_game_seed(game_seed);
            black->set_game_seed(game_seed ^ 0x9e3779b97f4a7c15ull);
            Opening opening = suite.opening(scheduled->opening);

            GameRecord record = play_game(*white, *black, opening, game_settings, &abort);
            if (record.aborted || !record.white_score) return;
            on_game_done(*scheduled, record);
        }
    };

    int threads = std::max(1, std::min<int>(settings.concurrency, int(pending.size())));
    std::vector<std::thread> workers;
    for (int i = 0; i < threads; ++i) workers.emplace_back(worker);
    for (std::thread& t : workers) t.join();
    if (settings.live_status) std::fprintf(stderr, "\n");
    if (pgn_file) std::fclose(pgn_file);

    outcome.games = collected.games;
    outcome.games_played = finished_this_run;
    outcome.report = compute_report(names, collected.games);
    outcome.interrupted = collected.games.size() < schedule.size();
    if (!settings.json_out.empty()) {
        std::string json = report_json(outcome.report);
        write_file_atomically(settings.json_out, [&](std::ostream& out) { out << json << '\n'; });
    }
    return outcome;
}

}  // namespace mneme
