#include "mneme/match/player_spec.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "mneme/cbr/case_base.h"
#include "mneme/match/cbr_player.h"
#include "mneme/match/in_process_players.h"
#include "mneme/match/uci_engine_player.h"
#include "mneme/match/xboard_engine_player.h"
#include "mneme/search/score.h"

namespace mneme {

namespace {

std::int64_t parse_positive_seconds_ms(const std::string& word, const std::string& value) {
    double seconds = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seconds);
    if (ec != std::errc() || end != value.data() + value.size() || !(seconds > 0) ||
        !std::isfinite(seconds))
        throw std::invalid_argument("'" + word + "': needs a positive number of seconds");
    return std::max<std::int64_t>(1, std::llround(seconds * 1000));
}

std::uint64_t parse_count(const std::string& word, const std::string& value) {
    std::uint64_t n = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end != value.data() + value.size())
        throw std::invalid_argument("'" + word + "': needs a whole number");
    return n;
}

// Depth and node limits start at 1: 0 means no limit, and a game under it would never end.
int parse_depth(const std::string& word, const std::string& value) {
    std::uint64_t depth = parse_count(word, value);
    if (depth < 1 || depth >= std::uint64_t(MAX_PLY))
        throw std::invalid_argument(
            "'" + word + "': needs a whole number from 1 to " + std::to_string(MAX_PLY - 1) +
            (depth == 0 ? " (0 would be no limit: the game would never end)" : ""));
    return int(depth);
}

std::uint64_t parse_node_limit(const std::string& word, const std::string& value) {
    std::uint64_t nodes = parse_count(word, value);
    if (nodes == 0)
        throw std::invalid_argument("'" + word +
                                    "': needs a whole number of at least 1 (0 would be no limit: "
                                    "the game would never end)");
    return nodes;
}

std::string default_name(const PlayerSpec& spec) {
    switch (spec.kind) {
        case PlayerKind::MNEME:
            return "mneme";
        case PlayerKind::RANDOM:
            return "random";
        case PlayerKind::GREEDY:
            return "greedy";
        case PlayerKind::BOOK:
            return "book";
        case PlayerKind::CBR:
            return "cbr";
        default:
            break;
    }
    std::vector<std::string> words = split_command_line(spec.command);
    if (words.empty()) return "engine";
    std::string program = words.front();
    if (auto slash = program.rfind('/'); slash != std::string::npos)
        program = program.substr(slash + 1);
    return program;
}

}  // namespace

PlayerSpec parse_player_spec(const std::vector<std::string>& words) {
    PlayerSpec spec;
    bool kind_given = false;
    for (const std::string& word : words) {
        auto equals = word.find('=');
        if (equals == std::string::npos || equals == 0)
            throw std::invalid_argument("'" + word + "': expected key=value");
        std::string key = word.substr(0, equals), value = word.substr(equals + 1);
        if (key == "cmd") {
            spec.command = value;
        } else if (key == "name") {
            spec.name = value;
        } else if (key == "proto" || key == "kind") {
            kind_given = true;
            if (value == "uci")
                spec.kind = PlayerKind::UCI;
            else if (value == "xboard" || value == "cecp")
                spec.kind = PlayerKind::XBOARD;
            else if (value == "mneme")
                spec.kind = PlayerKind::MNEME;
            else if (value == "random")
                spec.kind = PlayerKind::RANDOM;
            else if (value == "greedy")
                spec.kind = PlayerKind::GREEDY;
            else if (value == "book")
                spec.kind = PlayerKind::BOOK;
            else if (value == "cbr")
                spec.kind = PlayerKind::CBR;
            else
                throw std::invalid_argument("'" + word +
                                            "': the protocol must be uci, xboard, mneme, random, "
                                            "greedy, book or cbr");
        } else if (key == "dir") {
            spec.working_directory = value;
        } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
            spec.options.emplace_back(key.substr(7), value);
        } else if (key == "initstr") {
            spec.init_strings.push_back(value);
        } else if (key == "tc") {
            TimeControl parsed = TimeControl::parse(value);
            spec.time_control.moves = parsed.moves;
            spec.time_control.base_ms = parsed.base_ms;
            spec.time_control.increment_ms = parsed.increment_ms;
            spec.time_control.infinite = parsed.infinite;
            spec.time_control_given = true;
        } else if (key == "st") {
            spec.time_control.movetime_ms = parse_positive_seconds_ms(word, value);
            spec.time_control_given = true;
        } else if (key == "depth") {
            spec.time_control.depth = parse_depth(word, value);
            spec.time_control_given = true;
        } else if (key == "nodes") {
            spec.time_control.nodes = parse_node_limit(word, value);
            spec.time_control_given = true;
        } else if (key == "timeout") {
            spec.start_timeout = std::chrono::milliseconds(parse_positive_seconds_ms(word, value));
        } else if (key == "cases") {
            spec.cases_path = value;
        } else if (key == "seed") {
            spec.seed = parse_count(word, value);
        } else {
            throw std::invalid_argument("'" + word + "': unknown key '" + key + "'");
        }
    }
    if (!kind_given) spec.kind = spec.command.empty() ? PlayerKind::MNEME : PlayerKind::UCI;
    bool external = spec.kind == PlayerKind::UCI || spec.kind == PlayerKind::XBOARD;
    if (external && spec.command.empty())
        throw std::invalid_argument("an external engine needs cmd=COMMAND");
    if (!external && !spec.command.empty())
        throw std::invalid_argument("cmd= is only for uci and xboard engines");
    if (spec.kind == PlayerKind::CBR && spec.cases_path.empty()) {
        std::vector<std::string> builtin = builtin_case_base_paths();
        if (builtin.empty())
            throw std::invalid_argument(
                "a cbr player needs cases=FILE (this mneme has no built-in case base)");
        spec.cases_path = builtin.front();
    }
    if (spec.kind != PlayerKind::CBR && !spec.cases_path.empty())
        throw std::invalid_argument("cases= is only for cbr players");
    if (spec.name.empty()) spec.name = default_name(spec);
    return spec;
}

std::unique_ptr<Player> make_player(const PlayerSpec& spec) {
    switch (spec.kind) {
        case PlayerKind::UCI:
            return std::make_unique<UciEnginePlayer>(spec);
        case PlayerKind::XBOARD:
            return std::make_unique<XboardEnginePlayer>(spec);
        case PlayerKind::MNEME:
        case PlayerKind::BOOK:
            return std::make_unique<MnemePlayer>(spec);
        case PlayerKind::RANDOM:
            return std::make_unique<RandomPlayer>(spec);
        case PlayerKind::GREEDY:
            return std::make_unique<GreedyPlayer>(spec);
        case PlayerKind::CBR:
            return std::make_unique<CbrPlayer>(spec);
    }
    throw std::logic_error("unknown player kind");
}

}  // namespace mneme
