#include "mneme/gui/web_server.h"

#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "mneme/gui/api_router.h"
#include "mneme/gui/json_views.h"
#include "mneme/gui/request_guard.h"
#include "mneme/gui/web_assets.h"

namespace mneme::gui {

namespace {

// A browser keeps one event stream open per tab besides its API requests; the default pool of
// eight threads would be used up by a few tabs. The event streams (at most 16, see
// WebServerLimits) take an eighth; connections that say nothing are dropped after
// CLIENT_TIMEOUT_S, but a client that sends its request a byte a second holds a thread until
// the header limit, so the pool is sized for many of those (bench/server_under_load.py: with 64
// threads, 16 streams and 50 such clients left no thread for /api/state). Idle threads cost
// address space only.
constexpr std::size_t HTTP_THREADS = 128;
constexpr time_t CLIENT_TIMEOUT_S = 2;

// cpp-httplib (Debian ships it as a shared library, so its settings cannot be changed at
// compile time) listens with a backlog of 5: at 100 clients at once the kernel drops
// connections. Calling listen() again on the bound socket raises the backlog.
void raise_listen_backlog(int port) {
    constexpr int MAX_DESCRIPTOR = 4096;
    for (int fd = 0; fd < MAX_DESCRIPTOR; ++fd) {
        int listening = 0;
        socklen_t size = sizeof listening;
        if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) != 0 || !listening)
            continue;
        sockaddr_storage address{};
        socklen_t length = sizeof address;
        if (getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) continue;
        int bound = -1;
        if (address.ss_family == AF_INET)
            bound = ntohs(reinterpret_cast<const sockaddr_in*>(&address)->sin_port);
        else if (address.ss_family == AF_INET6)
            bound = ntohs(reinterpret_cast<const sockaddr_in6*>(&address)->sin6_port);
        if (bound == port) listen(fd, SOMAXCONN);
    }
}

// cpp-httplib's default options add SO_REUSEPORT, with which a second `mneme serve` on the same
// port binds as well and the kernel shares the browser's connections between the two programs
// (two games, half the requests each). SO_REUSEADDR alone still lets a restarted server bind
// at once while the old one's connections wait out TIME_WAIT.
void exclusive_socket_options(socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
}

// The Content-Length header's value; 0 when absent, the most there is when unreadable.
std::uint64_t content_length(const httplib::Request& request) {
    if (!request.has_header("Content-Length")) return 0;
    std::string text = request.get_header_value("Content-Length");
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos ||
        text.size() > 18)
        return std::numeric_limits<std::uint64_t>::max();
    return std::stoull(text);
}

void send_error(httplib::Response& response, int status, const std::string& reason) {
    response.status = status;
    response.set_header("Cache-Control", "no-store");
    response.set_content(to_text(Json{{"error", reason}}), "application/json");
}

}  // namespace

const WebAsset* find_web_asset(std::string_view path) {
    if (path == "/") path = "/index.html";
    for (const WebAsset& asset : web_assets())
        if (asset.path == path) return &asset;
    return nullptr;
}

WebServer::WebServer(GameSession& session, EventStream& events, WebServerLimits limits)
    : session_(session),
      events_(events),
      limits_(limits),
      server_(std::make_unique<httplib::Server>()) {
    server_->new_task_queue = [] { return new httplib::ThreadPool(HTTP_THREADS); };
    server_->set_socket_options(exclusive_socket_options);
    server_->set_payload_max_length(limits_.max_request_bytes);
    server_->set_read_timeout(CLIENT_TIMEOUT_S, 0);
    server_->set_keep_alive_timeout(CLIENT_TIMEOUT_S);
    add_guards();
    add_routes();
}

WebServer::~WebServer() = default;

const std::string& WebServer::token() const {
    static const std::string none;
    return guard_ ? guard_->token() : none;
}

void WebServer::add_guards() {
    server_->set_default_headers({
        {"X-Frame-Options", "DENY"},
        {"X-Content-Type-Options", "nosniff"},
        {"Content-Security-Policy", CONTENT_SECURITY_POLICY},
        {"Referrer-Policy", "no-referrer"},
    });
    // Runs before the body is read, so a refused request costs nothing more.
    server_->set_pre_routing_handler([this](const httplib::Request& request,
                                            httplib::Response& response) {
        std::string host = request.get_header_value("Host");
        std::string origin = request.get_header_value("Origin");
        std::string content_type = request.get_header_value("Content-Type");
        std::string authorization = request.get_header_value("Authorization");
        std::string cookie = request.get_header_value("Cookie");
        std::string token = request.get_param_value("token");
        GuardedRequest facts{request.method, host,          origin, request.has_header("Origin"),
                             content_type,   authorization, cookie, token};
        GuardVerdict verdict =
            guard_ ? guard_->check(facts) : GuardVerdict{503, "the server is not bound yet"};
        if (!verdict.allowed()) {
            send_error(response, verdict.status, verdict.reason);
            return httplib::Server::HandlerResponse::Handled;
        }
        // The size is judged from the headers, before any of the body is read. The HTTP library
        // would read and drop an oversized body first, and does not limit chunked ones at all.
        if (request.has_header("Transfer-Encoding")) {
            send_error(response, 411, "send the request body with a Content-Length");
            response.set_header("Connection", "close");
            return httplib::Server::HandlerResponse::Handled;
        }
        if (content_length(request) > limits_.max_request_bytes) {
            send_error(response, 413, too_large());
            response.set_header("Connection", "close");
            return httplib::Server::HandlerResponse::Handled;
        }
        if (verdict.remember_token) response.set_header("Set-Cookie", guard_->token_cookie());
        return httplib::Server::HandlerResponse::Unhandled;
    });
    // Refusals made by the HTTP library itself (a body over the limit) come without a body.
    server_->set_error_handler(httplib::Server::HandlerWithResponse(
        [this](const httplib::Request&, httplib::Response& response) {
            if (!response.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
            send_error(response, response.status,
                       response.status == 413 ? too_large()
                                              : "the server refused the request (HTTP " +
                                                    std::to_string(response.status) + ")");
            return httplib::Server::HandlerResponse::Handled;
        }));
}

std::string WebServer::too_large() const {
    std::size_t bytes = limits_.max_request_bytes;
    std::string size = bytes >= (1u << 20) ? std::to_string(bytes >> 20) + " MB"
                                           : std::to_string(bytes >> 10) + " KB";
    return "the request is larger than the server accepts (" + size + ")";
}

void WebServer::serve_events(const httplib::Request& request, httplib::Response& response) {
    // Each stream holds one of the server's threads for as long as the tab stays open.
    int open = open_event_streams_.load();
    do {
        if (open >= limits_.max_event_streams) {
            send_error(response, 503,
                       "too many event streams are open (" +
                           std::to_string(limits_.max_event_streams) +
                           "); close some of this server's tabs");
            return;
        }
    } while (!open_event_streams_.compare_exchange_weak(open, open + 1));

    // A reconnecting EventSource says where it stopped; a new one starts from now, and so does
    // one whose id this run never gave (a tab of an earlier run: ids start again at 1; the page
    // asks for the state when it connects).
    std::uint64_t last_id = events_.last_id();
    if (request.has_header("Last-Event-ID")) {
        try {
            last_id = std::min<std::uint64_t>(
                last_id, std::stoull(request.get_header_value("Last-Event-ID")));
        } catch (const std::exception&) {}
    }
    response.set_header("Cache-Control", "no-store");
    response.set_chunked_content_provider(
        "text/event-stream",
        [this, last_id, greeted = false](std::size_t, httplib::DataSink& sink) mutable {
            std::string text;
            if (!greeted) {
                text = "retry: 1000\n: connected\n\n";
                greeted = true;
            } else {
                std::vector<StreamEvent> batch =
                    events_.wait_after(last_id, limits_.keep_alive_interval);
                if (events_.closed()) {
                    sink.done();
                    return true;
                }
                for (const StreamEvent& event : batch) text += EventStream::format(event);
                if (!batch.empty()) last_id = batch.back().id;
                if (text.empty()) text = ": keep-alive\n\n";
            }
            // A failed write means the browser went away: end this stream, nothing else.
            return sink.write(text.data(), text.size());
        },
        [this](bool) { --open_event_streams_; });
}

void WebServer::add_routes() {
    auto api = [this](const httplib::Request& request, httplib::Response& response) {
        QueryParameters query(request.params.begin(), request.params.end());
        ApiResponse answer =
            handle_api_request(session_, request.method, request.path, query, request.body);
        response.status = answer.status;
        response.set_header("Cache-Control", "no-store");
        response.set_content(answer.body, "application/json");
    };
    server_->Get("/api/events",
                 [this](const httplib::Request& request, httplib::Response& response) {
                     serve_events(request, response);
                 });
    server_->Get(R"(/api/.*)", api);
    server_->Post(R"(/api/.*)", api);
    server_->Get(R"(/.*)", [](const httplib::Request& request, httplib::Response& response) {
        const WebAsset* asset = find_web_asset(request.path);
        if (!asset) {
            response.status = 404;
            response.set_content("not found: " + request.path + "\n", "text/plain");
            return;
        }
        response.set_header("Cache-Control", "no-cache");
        response.set_content(asset->content.data(), asset->content.size(),
                             std::string(asset->content_type));
    });
}

int WebServer::bind(const std::string& host, int port) {
    int bound = port == 0 ? server_->bind_to_any_port(host)
                          : (server_->bind_to_port(host, port) ? port : -1);
    if (bound <= 0)
        throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port) +
                                 " (is the port in use? --port 0 picks a free one)");
    raise_listen_backlog(bound);
    guard_ = std::make_unique<RequestGuard>(RequestGuard::for_address(host, bound));
    return bound;
}

bool WebServer::run() { return server_->listen_after_bind(); }

void WebServer::stop() { server_->stop(); }

}  // namespace mneme::gui
