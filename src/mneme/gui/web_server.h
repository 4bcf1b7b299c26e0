// mneme serve's HTTP side (cpp-httplib): the embedded front end, the JSON API (api_router) and
// the Server-Sent Events stream of game changes and engine output.
#pragma once

#include <memory>
#include <string>

#include "mneme/gui/event_stream.h"
#include "mneme/gui/game_session.h"

namespace httplib {
class Server;
}

namespace mneme::gui {

class WebServer {
public:
    WebServer(GameSession& session, EventStream& events);
    ~WebServer();

    // Binds to host:port (port 0: any free port) and returns the port; throws std::runtime_error
    // when the address cannot be bound.
    int bind(const std::string& host, int port);
    // Serves until stop(); returns false when serving failed.
    bool run();
    // From any thread; the event stream must be closed first so that event readers return.
    void stop();

private:
    void add_routes();

    GameSession& session_;
    EventStream& events_;
    std::unique_ptr<httplib::Server> server_;
};

}  // namespace mneme::gui
