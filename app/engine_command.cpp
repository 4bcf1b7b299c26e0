// mneme with no arguments (or "uci", "xboard", "engine"): the engine on stdin and stdout.
// "mneme uci --player cbr --cases FILE" serves an in-process player over UCI instead.
#include <iostream>

#include "commands.h"
#include "mneme/match/player_spec.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/protocol/uci_player_protocol.h"

namespace mneme::app {

namespace {

constexpr const char* PLAYER_USAGE =
    "usage: mneme uci --player cbr|random|greedy [--cases FILE] [--seed N]\n"
    "                 [--option NAME=VALUE]... (CBR settings: weights=V1,V2,V3 k=N\n"
    "                 choice=random|vote|penalise mirror= repetition= exact= verify=DEPTH ...)";

}  // namespace

int engine_command(const Arguments& args) {
    if (args.empty()) {
        run_engine(std::cin, std::cout);
        return 0;
    }
    // The player's words in the match runner's KEY=VALUE form.
    std::vector<std::string> words;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        bool has_value = i + 1 < args.size();
        if (a == "--player" && has_value) words.push_back("proto=" + args[++i]);
        else if (a == "--cases" && has_value) words.push_back("cases=" + args[++i]);
        else if (a == "--seed" && has_value) words.push_back("seed=" + args[++i]);
        else if (a == "--name" && has_value) words.push_back("name=" + args[++i]);
        else if (a == "--option" && has_value) words.push_back("option." + args[++i]);
        else {
            std::cerr << "mneme: unexpected engine argument '" << a << "'\n" << PLAYER_USAGE << '\n';
            return 2;
        }
    }
    PlayerSpec spec;
    try {
        spec = parse_player_spec(words);
    } catch (const std::exception& e) {
        std::cerr << "mneme: " << e.what() << '\n' << PLAYER_USAGE << '\n';
        return 2;
    }
    if (spec.kind != PlayerKind::CBR && spec.kind != PlayerKind::RANDOM &&
        spec.kind != PlayerKind::GREEDY) {
        std::cerr << "mneme: --player must be cbr, random or greedy\n";
        return 2;
    }
    std::cin.tie(nullptr);
    run_player_uci(spec, std::cin, std::cout);
    return 0;
}

}  // namespace mneme::app
