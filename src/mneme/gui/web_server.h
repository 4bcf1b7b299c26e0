// mneme serve's HTTP side (cpp-httplib): the embedded front end, the JSON API (api_router) and
// the Server-Sent Events stream of game changes and engine output. Every request passes the
// request guard first (request_guard.h); every answer forbids framing and content sniffing and
// carries a Content-Security-Policy that allows only the server's own scripts and styles.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

#include "mneme/gui/event_stream.h"
#include "mneme/gui/game_session.h"

namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib

namespace mneme::gui {

class RequestGuard;

struct WebServerLimits {
    std::size_t max_request_bytes = 8 * 1024 * 1024;  // larger bodies are refused (413)
    int max_event_streams = 16;  // more simultaneous event streams are refused (503)
    // An idle event stream sends a comment this often, so that a closed tab is noticed (and
    // its thread freed) within this time.
    std::chrono::milliseconds keep_alive_interval{2000};
};

// The policy every answer carries: only the server's own scripts, styles and connections.
// Styles that scripts set through element.style are allowed by CSP; a style attribute is not,
// except the one chessground (10.4) puts on its SVG layers, style="color-scheme:light only",
// allowed by its hash (style.css sets the same for browsers without 'unsafe-hashes'). The
// end-to-end test fails on any policy violation, so a changed attribute is noticed.
inline constexpr const char* CONTENT_SECURITY_POLICY =
    "default-src 'self'; img-src 'self' data:; "
    "style-src 'self' 'unsafe-hashes' 'sha256-SyXRxMCl6H7Kgy9uTmu1UZqVBsRmMBF4sHRiTO3FQc0='; "
    "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

class WebServer {
public:
    WebServer(GameSession& session, EventStream& events, WebServerLimits limits = {});
    ~WebServer();

    // Binds to host:port (port 0: any free port) and returns the port; throws std::runtime_error
    // when the address cannot be bound. A host beyond loopback makes every request need token().
    int bind(const std::string& host, int port);
    // The token requests must carry, empty when the server listens on loopback only.
    const std::string& token() const;
    // Serves until stop(); returns false when serving failed.
    bool run();
    // From any thread; the event stream must be closed first so that event readers return.
    void stop();

private:
    void add_routes();
    void add_guards();
    void serve_events(const httplib::Request& request, httplib::Response& response);
    std::string too_large() const;

    GameSession& session_;
    EventStream& events_;
    WebServerLimits limits_;
    std::unique_ptr<httplib::Server> server_;
    std::unique_ptr<RequestGuard> guard_;  // set by bind()
    std::atomic<int> open_event_streams_{0};
};

}  // namespace mneme::gui
