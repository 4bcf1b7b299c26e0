#include "mneme/gui/web_server.h"

#include <httplib.h>

#include <stdexcept>

#include "mneme/gui/api_router.h"
#include "mneme/gui/web_assets.h"

namespace mneme::gui {

namespace {

// A browser keeps one event stream open per tab besides its API requests; the default pool of
// eight threads would be used up by a few tabs.
constexpr std::size_t HTTP_THREADS = 32;
// An idle event stream sends a comment this often, so that a closed tab is noticed.
constexpr std::chrono::seconds KEEP_ALIVE_INTERVAL{10};
constexpr std::size_t MAX_REQUEST_BYTES = 64 * 1024 * 1024;  // a large PGN file

}  // namespace

const WebAsset* find_web_asset(std::string_view path) {
    if (path == "/") path = "/index.html";
    for (const WebAsset& asset : web_assets())
        if (asset.path == path) return &asset;
    return nullptr;
}

WebServer::WebServer(GameSession& session, EventStream& events)
    : session_(session), events_(events), server_(std::make_unique<httplib::Server>()) {
    server_->new_task_queue = [] { return new httplib::ThreadPool(HTTP_THREADS); };
    server_->set_payload_max_length(MAX_REQUEST_BYTES);
    add_routes();
}

WebServer::~WebServer() = default;

void WebServer::add_routes() {
    auto api = [this](const httplib::Request& request, httplib::Response& response) {
        QueryParameters query(request.params.begin(), request.params.end());
        ApiResponse answer =
            handle_api_request(session_, request.method, request.path, query, request.body);
        response.status = answer.status;
        response.set_header("Cache-Control", "no-store");
        response.set_content(answer.body, "application/json");
    };
    server_->Get("/api/events", [this](const httplib::Request& request, httplib::Response& response) {
        // A reconnecting EventSource says where it stopped; a new one starts from now.
        std::uint64_t last_id = events_.last_id();
        if (request.has_header("Last-Event-ID")) {
            try {
                last_id = std::stoull(request.get_header_value("Last-Event-ID"));
            } catch (const std::exception&) {
            }
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
                    std::vector<StreamEvent> batch = events_.wait_after(last_id, KEEP_ALIVE_INTERVAL);
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
            });
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
    int bound = port == 0 ? server_->bind_to_any_port(host) : (server_->bind_to_port(host, port) ? port : -1);
    if (bound <= 0)
        throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port) +
                                 " (is the port in use? --port 0 picks a free one)");
    return bound;
}

bool WebServer::run() { return server_->listen_after_bind(); }

void WebServer::stop() { server_->stop(); }

}  // namespace mneme::gui
