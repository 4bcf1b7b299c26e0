#include "mneme/gui/api_router.h"

#include <functional>
#include <limits>

#include "mneme/gui/api_error.h"
#include "mneme/gui/position_setup.h"
#include "mneme/pgn/pgn_reader.h"
#include "mneme/search/skill.h"

namespace mneme::gui {

namespace {

Json parse_body(std::string_view body) {
    if (body.empty()) return Json::object();
    Json parsed = Json::parse(body.begin(), body.end(), nullptr, false);
    if (parsed.is_discarded()) throw bad_request("the request body is not valid JSON");
    if (!parsed.is_object()) throw bad_request("the request body must be a JSON object");
    return parsed;
}

const Json* field(const Json& object, const char* name) {
    auto it = object.find(name);
    return it == object.end() || it->is_null() ? nullptr : &*it;
}

std::string required_string(const Json& object, const char* name) {
    const Json* value = field(object, name);
    if (!value) throw bad_request(std::string("'") + name + "' is missing");
    if (!value->is_string()) throw bad_request(std::string("'") + name + "' must be a string");
    return value->get<std::string>();
}

std::int64_t integer(const Json& object, const char* name, std::int64_t fallback, std::int64_t min,
                     std::int64_t max) {
    const Json* value = field(object, name);
    if (!value) return fallback;
    if (!value->is_number_integer() || value->get<std::int64_t>() < min ||
        value->get<std::int64_t>() > max)
        throw bad_request(std::string("'") + name + "' must be a whole number from " +
                          std::to_string(min) + " to " + std::to_string(max));
    return value->get<std::int64_t>();
}

bool boolean(const Json& object, const char* name, bool fallback) {
    const Json* value = field(object, name);
    if (!value) return fallback;
    if (!value->is_boolean())
        throw bad_request(std::string("'") + name + "' must be true or false");
    return value->get<bool>();
}

EngineStrength read_strength(const Json& object, const EngineStrength& fallback) {
    EngineStrength strength = fallback;
    strength.depth = int(integer(object, "depth", fallback.depth, 0, MAX_PLY - 1));
    strength.movetime_ms = integer(object, "movetime_ms", fallback.movetime_ms, 0, 3600 * 1000);
    strength.elo = int(integer(object, "elo", fallback.elo, 0, Skill::MAX_ELO));
    if (strength.elo && strength.elo < Skill::MIN_ELO)
        throw bad_request("'elo' must be 0 (full strength) or from " +
                          std::to_string(Skill::MIN_ELO) + " to " + std::to_string(Skill::MAX_ELO));
    return strength;
}

GameSetup read_setup(const Json& body, const PlayerLibrary& library) {
    GameSetup setup;
    if (const Json* players = field(body, "players")) {
        if (!players->is_object()) throw bad_request("'players' must be an object");
        if (const Json* white = field(*players, "white"))
            setup.players[WHITE] = read_player_setup(*white, library, "players.white");
        if (const Json* black = field(*players, "black"))
            setup.players[BLACK] = read_player_setup(*black, library, "players.black");
    }
    if (const Json* strength = field(body, "strength")) {
        if (!strength->is_object()) throw bad_request("'strength' must be an object");
        setup.strength = read_strength(*strength, setup.strength);
    }
    if (const Json* clock = field(body, "clock")) {
        if (!clock->is_object()) throw bad_request("'clock' must be an object");
        setup.clock.enabled = boolean(*clock, "enabled", false);
        setup.clock.base_ms =
            integer(*clock, "base_ms", setup.clock.base_ms, 1000, 24 * 3600 * 1000);
        setup.clock.increment_ms =
            integer(*clock, "increment_ms", setup.clock.increment_ms, 0, 3600 * 1000);
    }
    if (field(body, "fen")) setup.fen = required_string(body, "fen");
    return setup;
}

Json setup_verdict_json(const SetupVerdict& verdict) {
    return {{"valid", verdict.valid}, {"check", verdict.check}, {"reason", verdict.reason}};
}

// The Games tab lists a collection, not a database: a table of 200,000 rows answered 17 MB
// and stalled the page. The rest are counted, and stay loadable by their index.
constexpr std::size_t MOST_LISTED_GAMES = 10000;
constexpr std::size_t MOST_LISTED_ERRORS = 100;

Json pgn_games(const std::string& text) {
    PgnReaderOptions options;
    options.name = "the PGN text";
    PgnReader reader = PgnReader::from_string(text, options);
    Json games = Json::array();
    int index = 0;
    while (auto game = reader.next()) {
        if (games.size() == MOST_LISTED_GAMES) {
            ++index;
            continue;
        }
        games.push_back({
            {"index", index++},
            {"white", game->headers.get("White", "?")},
            {"black", game->headers.get("Black", "?")},
            {"event", game->headers.get("Event", "?")},
            {"date", game->headers.get("Date", "?")},
            {"result", result_text(game->result)},
            {"plies", game->mainline.moves.size()},
        });
    }
    Json errors = Json::array();
    for (const PgnError& error : reader.errors())
        if (errors.size() < MOST_LISTED_ERRORS) errors.push_back(error.message());
    return {{"games", games},
            {"total", index},
            {"errors", errors},
            {"error_total", reader.errors().size()}};
}

PgnGame pgn_game_at(const std::string& text, std::int64_t index) {
    PgnReader reader = PgnReader::from_string(text);
    std::int64_t seen = 0;
    while (auto game = reader.next())
        if (seen++ == index) return std::move(*game);
    std::string why = reader.errors().empty() ? "" : " (" + reader.errors().front().message() + ")";
    throw unprocessable("the PGN text has no readable game number " + std::to_string(index + 1) +
                        "; it has " + std::to_string(seen) + why);
}

int ply_parameter(const QueryParameters& query) {
    auto it = query.find("ply");
    if (it == query.end()) throw bad_request("'ply' is missing");
    std::size_t used = 0;
    int ply = -1;
    try {
        ply = std::stoi(it->second, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != it->second.size())
        throw bad_request("'ply' must be a whole number, got '" + it->second + "'");
    return ply;
}

using Handler = std::function<Json(GameSession&, const QueryParameters&, const Json&)>;

struct Route {
    const char* method;
    const char* path;
    Handler handler;
};

Json ok() { return {{"ok", true}}; }

const std::vector<Route>& routes() {
    static const std::vector<Route> table = {
        {"GET", "/api/state",
         [](GameSession& s, const QueryParameters&, const Json&) { return s.state(); }},
        {"GET", "/api/position",
         [](GameSession& s, const QueryParameters& query, const Json&) {
             return s.position_at(ply_parameter(query));
         }},
        {"GET", "/api/players",
         [](GameSession& s, const QueryParameters&, const Json&) {
             return s.library().catalogue();
         }},
        {"GET", "/api/book",
         [](GameSession& s, const QueryParameters& query, const Json&) {
             auto text = [&](const char* name) {
                 auto it = query.find(name);
                 return it == query.end() ? std::string() : it->second;
             };
             return s.book_table(ply_parameter(query), text("book"), text("policy"));
         }},
        {"GET", "/api/pgn",
         [](GameSession& s, const QueryParameters&, const Json&) {
             return Json{{"pgn", s.pgn()}};
         }},
        {"POST", "/api/new-game",
         [](GameSession& s, const QueryParameters&, const Json& body) {
             s.new_game(read_setup(body, s.library()));
             return s.state();
         }},
        {"POST", "/api/move",
         [](GameSession& s, const QueryParameters&, const Json& body) {
             std::string uci = required_string(body, "uci");
             std::optional<int> ply;
             if (field(body, "ply")) ply = int(integer(body, "ply", 0, 0, 100000));
             s.play_move(uci, ply);
             return s.state();
         }},
        {"POST", "/api/take-back",
         [](GameSession& s, const QueryParameters&, const Json&) {
             s.take_back();
             return s.state();
         }},
        {"POST", "/api/resign",
         [](GameSession& s, const QueryParameters&, const Json&) {
             s.resign();
             return s.state();
         }},
        {"POST", "/api/offer-draw",
         [](GameSession& s, const QueryParameters&, const Json&) {
             bool accepted = s.offer_draw();
             return Json{{"accepted", accepted}, {"state", s.state()}};
         }},
        {"POST", "/api/claim-draw",
         [](GameSession& s, const QueryParameters&, const Json&) {
             s.claim_draw();
             return s.state();
         }},
        {"POST", "/api/hint",
         [](GameSession& s, const QueryParameters&, const Json&) {
             s.request_hint();
             return ok();
         }},
        {"POST", "/api/move-now",
         [](GameSession& s, const QueryParameters&, const Json&) {
             s.move_now();
             return ok();
         }},
        {"POST", "/api/strength",
         [](GameSession& s, const QueryParameters&, const Json& body) {
             s.set_strength(read_strength(body, EngineStrength{}));
             return s.state();
         }},
        {"POST", "/api/analysis",
         [](GameSession& s, const QueryParameters&, const Json& body) {
             s.set_analysis(boolean(body, "on", true), int(integer(body, "ply", 0, 0, 100000)),
                            int(integer(body, "lines", 3, 1, 5)));
             return ok();
         }},
        {"POST", "/api/evaluate-game",
         [](GameSession& s, const QueryParameters&, const Json& body) {
             // "nodes": the budget of each position's search; absent, the session's default.
             s.evaluate_game(std::uint64_t(integer(body, "nodes", 0,
                                                   std::int64_t(GameSession::MIN_REVIEW_NODES),
                                                   std::int64_t(GameSession::MAX_REVIEW_NODES))));
             return ok();
         }},
        {"POST", "/api/validate-position",
         [](GameSession&, const QueryParameters&, const Json& body) {
             return setup_verdict_json(judge_setup(required_string(body, "fen")));
         }},
        {"POST", "/api/pgn/games",
         [](GameSession&, const QueryParameters&, const Json& body) {
             return pgn_games(required_string(body, "pgn"));
         }},
        {"POST", "/api/pgn/load",
         [](GameSession& s, const QueryParameters&, const Json& body) {
             std::string text = required_string(body, "pgn");
             s.load_game(
                 pgn_game_at(text, integer(body, "index", 0, 0, std::numeric_limits<int>::max())));
             return s.state();
         }},
    };
    return table;
}

Json error_json(const std::string& message) { return {{"error", message}}; }

}  // namespace

ApiResponse handle_api_request(GameSession& session, std::string_view method, std::string_view path,
                               const QueryParameters& query, std::string_view body) {
    bool path_known = false;
    for (const Route& route : routes()) {
        if (path != route.path) continue;
        path_known = true;
        if (method != route.method) continue;
        try {
            return {200, to_text(route.handler(session, query, parse_body(body)))};
        } catch (const ApiError& e) {
            return {e.status(), to_text(error_json(e.what()))};
        } catch (const Json::exception& e) {
            return {400, to_text(error_json(std::string("malformed request: ") + e.what()))};
        } catch (const std::exception& e) {
            return {500, to_text(error_json(std::string("internal error: ") + e.what()))};
        }
    }
    if (path_known)
        return {405,
                to_text(error_json(std::string(path) + " does not take " + std::string(method)))};
    return {404, to_text(error_json("no API endpoint " + std::string(path)))};
}

}  // namespace mneme::gui
