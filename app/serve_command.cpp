// mneme serve: the graphical program, a web server on this machine with the board in a browser.
#include <pthread.h>
#include <unistd.h>

#include <csignal>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "commands.h"
#include "evaluation_argument.h"
#include "mneme/gui/event_stream.h"
#include "mneme/gui/game_session.h"
#include "mneme/gui/game_store.h"
#include "mneme/gui/player_library.h"
#include "mneme/gui/request_guard.h"
#include "mneme/gui/web_server.h"

namespace mneme::app {

namespace {

struct ServeOptions {
    std::string host = "127.0.0.1";
    int port = 8080;
    std::string games_directory = gui::GameStore::default_directory();
    bool save_games = true;
    std::vector<std::string> books;
    std::vector<std::string> case_bases;
    bool builtin_book = true;
    bool builtin_case_bases = true;
    EvaluationArgument evaluation;
};

int parse_port(const std::string& text) {
    std::size_t used = 0;
    int port = -1;
    try {
        port = std::stoi(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text.size() || port < 0 || port > 65535)
        throw UsageError("--port needs a number from 0 to 65535 (0: any free port), got '" + text +
                         "'");
    return port;
}

}  // namespace

int serve_command(const Arguments& args) {
    ServeOptions options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size()) throw UsageError(a + " needs a value");
            return args[++i];
        };
        if (a == "--port")
            options.port = parse_port(value());
        else if (a == "--host")
            options.host = value();
        else if (a == "--games-dir")
            options.games_directory = value();
        else if (a == "--no-save")
            options.save_games = false;
        else if (a == "--book")
            options.books.push_back(value());
        else if (a == "--cases")
            options.case_bases.push_back(value());
        else if (a == "--no-builtin-book")
            options.builtin_book = false;
        else if (a == "--no-builtin-cases")
            options.builtin_case_bases = false;
        else if (a == "--eval")
            options.evaluation.choose(value());
        else if (a == "--net")
            options.evaluation.use_network(value());
        else
            throw UsageError("unexpected argument '" + a + "'");
    }

    // Ctrl-C and SIGTERM are taken by one thread that stops the server in order; every other
    // thread (HTTP, search, clock) starts with them blocked.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    // A browser closing its connection mid-write must not kill the process.
    std::signal(SIGPIPE, SIG_IGN);

    // The files are read before the server starts, so that a bad one stops it with the reason.
    // The files given come first (the first book is the Analyse tab's), the built-in ones after.
    auto library = std::make_shared<gui::PlayerLibrary>();
    for (const std::string& path : options.books) library->add_book(path);
    if (options.builtin_book) library->add_builtin_book();
    for (const std::string& path : options.case_bases) library->add_case_base(path);
    if (options.builtin_case_bases) library->add_builtin_case_bases();
    library->set_evaluation(options.evaluation.id(), options.evaluation.make(),
                            options.evaluation.describe());
    std::cout << "mneme serve: the engine searches with " << options.evaluation.describe()
              << std::endl;
    for (const gui::LoadedBook& book : library->books())
        std::cout << "mneme serve: book " << book.id << " (" << book.book->summary() << ")"
                  << std::endl;
    for (const gui::LoadedCaseBase& base : library->case_bases())
        std::cout << "mneme serve: case base " << base.id << " (" << base.base->cases().size()
                  << " cases)" << std::endl;

    std::unique_ptr<gui::GameStore> store;
    if (options.save_games) store = std::make_unique<gui::GameStore>(options.games_directory);
    gui::EventStream events;
    gui::GameSession session(events, store.get(), library);
    gui::WebServer server(session, events);
    int port = server.bind(options.host, options.port);

    std::thread stopper([&] {
        int signal_number = 0;
        sigwait(&stop_signals, &signal_number);
        std::cout << "mneme serve: stopping" << std::endl;
        session.shutdown();
        events.close();
        server.stop();
    });
    std::string host =
        options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
    // Listening on every interface, the address to open is one of the machine's own names.
    if (gui::RequestGuard::is_wildcard(options.host)) {
        char name[256] = {};
        host = gethostname(name, sizeof name - 1) == 0 && name[0] ? name : "127.0.0.1";
    }
    std::string address = "http://" + host + ":" + std::to_string(port) + "/";
    if (!server.token().empty()) {
        std::cout << "mneme serve: warning: " << options.host
                  << " is not a loopback address, so the game and its API are reachable from other "
                     "machines; every request needs the token in the address below"
                  << std::endl;
        address += "?token=" + server.token();
    }
    std::cout << "mneme serve: open " << address << " in a browser (Ctrl-C stops)" << std::endl;
    if (store) std::cout << "mneme serve: games are saved in " << store->directory() << std::endl;
    bool served = server.run();
    if (!served) {
        // The stopper still waits for a signal: send it one so that it can be joined.
        pthread_kill(stopper.native_handle(), SIGTERM);
    }
    stopper.join();
    return served ? 0 : 1;
}

}  // namespace mneme::app
