#include "command_line.h"

#include <algorithm>
#include <exception>
#include <ostream>
#include <string_view>

#include "build_info.h"
#include "usage.h"

namespace mneme::app {

namespace {

using Handler = int (*)(const Arguments&);

int run_match(const Arguments& args) { return match_command(args, false); }
int run_tournament(const Arguments& args) { return match_command(args, true); }

// The first word of every command and what runs it; a group's handler reads its subcommand.
constexpr std::pair<std::string_view, Handler> HANDLERS[] = {
    {"serve", serve_command},
    {"play", play_command},
    {"engine", engine_command},
    {"uci", engine_command},
    {"xboard", engine_command},
    {"bench", bench_command},
    {"search-compare", search_compare_command},
    {"eval", eval_command},
    {"epd-test", epd_test_command},
    {"perft", perft_command},
    {"match", run_match},
    {"tournament", run_tournament},
    {"report", report_command},
    {"pgn", pgn_command},
    {"book", book_command},
    {"cases", cases_command},
    {"cbr", cbr_command},
    {"learn", learn_command},
};

Handler find_handler(std::string_view command) {
    for (const auto& [name, handler] : HANDLERS)
        if (name == command) return handler;
    return nullptr;
}

bool asks_for_help(const Arguments& args) {
    return std::any_of(args.begin(), args.end(),
                       [](const std::string& a) { return a == "--help" || a == "-h"; });
}

bool is_option(const std::string& word) { return !word.empty() && word[0] == '-'; }

// mneme help [COMMAND [SUBCOMMAND]]
int help(const Arguments& words, std::ostream& out, std::ostream& err) {
    if (words.empty()) {
        out << overview_text();
        return 0;
    }
    const std::string& command = words[0] == "--help" || words[0] == "-h" ? "help" : words[0];
    if (is_command_group(command) && words.size() > 1) {
        const std::string name = command + " " + words[1];
        if (find_command_usage(name)) {
            out << usage_text(name);
            return 0;
        }
        err << "mneme help: " << command << " has no subcommand '" << words[1] << "'"
            << did_you_mean(words[1], command_names_under(command)) << "\n\n"
            << usage_text(command);
        return 2;
    }
    if (is_command_group(command) || find_command_usage(command)) {
        out << usage_text(command);
        return 0;
    }
    err << "mneme help: unknown command '" << command << "'"
        << did_you_mean(command, command_names_under("")) << "\n'mneme help' lists the commands.\n";
    return 2;
}

}  // namespace

int run_command_line(const Arguments& args, std::ostream& out, std::ostream& err) {
    if (args.empty()) return engine_command(args);
    const std::string& command = args[0];
    if (command == "--version" || command == "version") {
        out << (asks_for_help(args) ? usage_text("version") : build_info_text());
        return 0;
    }
    if (command == "help" || command == "--help" || command == "-h")
        return help(Arguments(args.begin() + 1, args.end()), out, err);

    Handler handler = find_handler(command);
    if (!handler) {
        err << "mneme: unknown command '" << command << "'"
            << did_you_mean(command, command_names_under(""))
            << "\n'mneme help' lists the commands.\n";
        return 2;
    }
    // The usage shown is the most specific one: "book build" rather than "book".
    std::string name = command;
    if (is_command_group(command)) {
        if (args.size() < 2 || is_option(args[1])) {
            if (asks_for_help(args)) {
                out << usage_text(command);
                return 0;
            }
            err << "mneme " << command << ": a subcommand is needed\n\n" << usage_text(command);
            return 2;
        }
        name += " " + args[1];
        if (!find_command_usage(name)) {
            err << "mneme " << command << ": unknown subcommand '" << args[1] << "'"
                << did_you_mean(args[1], command_names_under(command)) << "\n\n"
                << usage_text(command);
            return 2;
        }
    }
    if (asks_for_help(args)) {
        out << usage_text(name);
        return 0;
    }
    try {
        return handler(Arguments(args.begin() + 1, args.end()));
    } catch (const UsageError& e) {
        err << "mneme " << name << ": " << e.what() << "\n\n" << usage_text(name);
        return 2;
    } catch (const std::exception& e) {
        err << "mneme " << name << ": " << e.what() << '\n';
        return 1;
    }
}

}  // namespace mneme::app
