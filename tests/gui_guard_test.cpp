// What mneme serve refuses, and why: requests under a foreign Host (DNS rebinding), changes
// asked for by another site's page, bodies that are not JSON, oversized bodies, too many event
// streams, and requests without the token when the server listens beyond loopback. First the
// request guard alone, then the same refusals over real HTTP.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "mneme/gui/event_stream.h"
#include "mneme/gui/game_session.h"
#include "mneme/gui/request_guard.h"
#include "mneme/gui/web_server.h"

namespace mneme::gui {
namespace {

GuardedRequest post_from(std::string_view host, std::string_view origin = "",
                         std::string_view content_type = "application/json") {
    GuardedRequest request;
    request.method = "POST";
    request.host = host;
    request.origin = origin;
    request.has_origin = !origin.empty();
    request.content_type = content_type;
    return request;
}

GuardedRequest get_from(std::string_view host) {
    GuardedRequest request;
    request.method = "GET";
    request.host = host;
    return request;
}

TEST(RequestGuard, OnlyTheServersOwnAddressesAreAnsweredOnLoopback) {
    RequestGuard guard = RequestGuard::for_address("127.0.0.1", 8099);
    EXPECT_FALSE(guard.needs_token());
    for (const char* host : {"127.0.0.1:8099", "localhost:8099", "LocalHost:8099", "[::1]:8099"})
        EXPECT_TRUE(guard.check(get_from(host)).allowed()) << host;
    for (const char* host :
         {"evil.example", "evil.example:8099", "127.0.0.1:8080", "127.0.0.1", ""}) {
        GuardVerdict verdict = guard.check(get_from(host));
        EXPECT_EQ(verdict.status, 403) << host;
    }
    EXPECT_NE(guard.check(get_from("evil.example:8099")).reason.find("DNS rebinding"),
              std::string::npos);
    // Port 80 is left out of the Host header by browsers.
    EXPECT_TRUE(RequestGuard("localhost", 80, "").check(get_from("localhost")).allowed());
    EXPECT_TRUE(RequestGuard("::1", 8099, "").check(get_from("[::1]:8099")).allowed());
}

TEST(RequestGuard, ChangesFromAnotherSitesPageAreRefused) {
    RequestGuard guard("127.0.0.1", 8099, "");
    EXPECT_TRUE(guard.check(post_from("127.0.0.1:8099", "http://127.0.0.1:8099")).allowed());
    EXPECT_TRUE(guard.check(post_from("localhost:8099", "http://localhost:8099")).allowed());
    EXPECT_TRUE(guard.check(post_from("127.0.0.1:8099")).allowed());  // curl sends no Origin
    for (const char* origin :
         {"http://evil.example", "http://localhost:8099", "https://127.0.0.1:8099", "null"}) {
        GuardVerdict verdict = guard.check(post_from("127.0.0.1:8099", origin));
        EXPECT_EQ(verdict.status, 403) << origin;
        EXPECT_NE(verdict.reason.find(origin), std::string::npos) << verdict.reason;
    }
    // Reading needs no Origin check: without CORS headers the browser keeps the answer from the
    // page.
    GuardedRequest read = get_from("127.0.0.1:8099");
    read.origin = "http://evil.example";
    read.has_origin = true;
    EXPECT_TRUE(guard.check(read).allowed());
}

TEST(RequestGuard, PostBodiesMustBeJson) {
    RequestGuard guard("127.0.0.1", 8099, "");
    EXPECT_TRUE(
        guard.check(post_from("127.0.0.1:8099", "", "application/json; charset=utf-8")).allowed());
    EXPECT_TRUE(guard.check(post_from("127.0.0.1:8099", "", "Application/JSON")).allowed());
    for (const char* type : {"text/plain", "application/x-www-form-urlencoded",
                             "multipart/form-data; boundary=x", "", "application/jsonx"}) {
        GuardVerdict verdict = guard.check(post_from("127.0.0.1:8099", "", type));
        EXPECT_EQ(verdict.status, 415) << type;
        EXPECT_NE(verdict.reason.find("application/json"), std::string::npos);
    }
}

TEST(RequestGuard, BeyondLoopbackEveryRequestNeedsTheToken) {
    RequestGuard guard = RequestGuard::for_address("0.0.0.0", 8099);
    ASSERT_TRUE(guard.needs_token());
    EXPECT_GE(guard.token().size(), 32u);
    EXPECT_NE(guard.token(), RequestGuard::for_address("0.0.0.0", 8099).token());
    const std::string token = guard.token();

    GuardedRequest request = get_from("192.168.1.5:8099");  // any name: the machine has several
    GuardVerdict refused = guard.check(request);
    EXPECT_EQ(refused.status, 401);
    EXPECT_NE(refused.reason.find("token"), std::string::npos);

    request.token_parameter = "not-the-token";
    EXPECT_EQ(guard.check(request).status, 401);
    request.token_parameter = token;
    GuardVerdict by_parameter = guard.check(request);
    EXPECT_TRUE(by_parameter.allowed());
    EXPECT_TRUE(by_parameter.remember_token);
    EXPECT_EQ(guard.token_cookie(),
              "mneme_token_8099=" + token + "; Path=/; HttpOnly; SameSite=Strict");

    request.token_parameter = {};
    std::string bearer = "Bearer " + token;
    request.authorization = bearer;
    EXPECT_TRUE(guard.check(request).allowed());
    EXPECT_FALSE(guard.check(request).remember_token);
    request.authorization = {};
    std::string cookies = "theme=dark; mneme_token_8099=" + token;
    request.cookie = cookies;
    EXPECT_TRUE(guard.check(request).allowed());
    std::string other_port = "mneme_token_8100=" + token;
    request.cookie = other_port;
    EXPECT_EQ(guard.check(request).status, 401);

    // Bound to one address, that address (and no other name) is answered.
    RequestGuard lan = RequestGuard::for_address("192.168.1.5", 8099);
    EXPECT_TRUE(lan.needs_token());
    GuardedRequest foreign = get_from("evil.example:8099");
    foreign.token_parameter = lan.token();
    EXPECT_EQ(lan.check(foreign).status, 403);
    GuardedRequest own = get_from("192.168.1.5:8099");
    own.token_parameter = lan.token();
    EXPECT_TRUE(lan.check(own).allowed());
}

// ---------------------------------------------------------------------------------------------
// Over HTTP: raw requests, so that every header is exactly what a hostile page or curl sends.

struct RawReply {
    int status = 0;
    std::string headers;
    std::string body;

    bool has_header(const std::string& line) const {
        return headers.find(line) != std::string::npos;
    }
};

class RawConnection {
public:
    explicit RawConnection(int port) : socket_(::socket(AF_INET, SOCK_STREAM, 0)) {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(std::uint16_t(port));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        timeval timeout{5, 0};
        setsockopt(socket_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
        connected_ = ::connect(socket_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    }
    ~RawConnection() { ::close(socket_); }
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;

    bool send(const std::string& text) {
        return connected_ &&
               ::send(socket_, text.data(), text.size(), MSG_NOSIGNAL) == ssize_t(text.size());
    }
    // What arrives until `marker` has been seen (empty: until the server closes) or 5 s pass.
    std::string receive(const std::string& marker = "") {
        char buffer[4096];
        while (marker.empty() || received_.find(marker) == std::string::npos) {
            ssize_t got = ::recv(socket_, buffer, sizeof buffer, 0);
            if (got <= 0) break;
            received_.append(buffer, std::size_t(got));
        }
        return received_;
    }

private:
    int socket_;
    bool connected_ = false;
    std::string received_;
};

RawReply parse_reply(const std::string& text) {
    RawReply reply;
    if (text.rfind("HTTP/1.1 ", 0) == 0) reply.status = std::stoi(text.substr(9, 3));
    std::size_t end = text.find("\r\n\r\n");
    reply.headers = text.substr(0, end);
    if (end != std::string::npos) reply.body = text.substr(end + 4);
    return reply;
}

std::string request_text(const std::string& method, const std::string& path,
                         const std::vector<std::string>& headers, const std::string& body = "") {
    std::string text = method + " " + path + " HTTP/1.1\r\n";
    for (const std::string& header : headers) text += header + "\r\n";
    if (method == "POST") text += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    return text + "Connection: close\r\n\r\n" + body;
}

class ServedGame : public ::testing::Test {
protected:
    void start(const std::string& host = "127.0.0.1", WebServerLimits limits = {}) {
        GameSetup between_humans;  // so that no engine reply changes the move count
        between_humans.players[WHITE] = between_humans.players[BLACK] = PlayerSetup{};
        session.new_game(between_humans);
        server = std::make_unique<WebServer>(session, events, limits);
        port = server->bind(host, 0);
        serving = std::thread([this] { server->run(); });
    }
    void TearDown() override {
        session.shutdown();
        events.close();
        if (server) server->stop();
        if (serving.joinable()) serving.join();
    }
    RawReply send(const std::string& method, const std::string& path,
                  const std::vector<std::string>& headers, const std::string& body = "") {
        RawConnection connection(port);
        EXPECT_TRUE(connection.send(request_text(method, path, headers, body)));
        return parse_reply(connection.receive());
    }
    std::string own_host() const { return "Host: 127.0.0.1:" + std::to_string(port); }
    std::size_t moves_played() { return session.state()["moves"].size(); }

    EventStream events;
    GameSession session{events, nullptr};
    std::unique_ptr<WebServer> server;
    std::thread serving;
    int port = 0;
};

TEST_F(ServedGame, TheRebindingReproductionIsRefusedAndPlaysNothing) {
    start();
    // The outside tester's curl: foreign Host and Origin, a text/plain body a form could send.
    RawReply rebinding =
        send("POST", "/api/move",
             {"Host: evil.example", "Origin: http://evil.example", "Content-Type: text/plain"},
             R"({"uci":"e2e4"})");
    EXPECT_EQ(rebinding.status, 403);
    EXPECT_NE(Json::parse(rebinding.body)["error"].get<std::string>().find("Host"),
              std::string::npos);
    EXPECT_EQ(send("GET", "/", {"Host: evil.example:" + std::to_string(port)}).status, 403);
    EXPECT_EQ(send("GET", "/api/events", {"Host: evil.example:" + std::to_string(port)}).status,
              403);

    RawReply cross_site =
        send("POST", "/api/move",
             {own_host(), "Origin: http://evil.example", "Content-Type: application/json"},
             R"({"uci":"e2e4"})");
    EXPECT_EQ(cross_site.status, 403);
    EXPECT_NE(Json::parse(cross_site.body)["error"].get<std::string>().find("http://evil.example"),
              std::string::npos);
    for (const char* type :
         {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=b"})
        EXPECT_EQ(send("POST", "/api/move", {own_host(), std::string("Content-Type: ") + type},
                       R"({"uci":"e2e4"})")
                      .status,
                  415)
            << type;
    EXPECT_EQ(send("POST", "/api/resign", {own_host()}).status, 415);  // no body, no type
    EXPECT_EQ(moves_played(), 0u);

    RawReply own_page = send("POST", "/api/move",
                             {own_host(), "Origin: http://127.0.0.1:" + std::to_string(port),
                              "Content-Type: application/json"},
                             R"({"uci":"e2e4"})");
    EXPECT_EQ(own_page.status, 200);
    EXPECT_EQ(moves_played(), 1u);
}

TEST_F(ServedGame, EveryAnswerForbidsFramingAndSniffingAndNoneAllowsOtherSites) {
    start();
    for (const RawReply& reply :
         {send("GET", "/", {own_host()}), send("GET", "/api/state", {own_host()}),
          send("GET", "/api/nothing", {own_host()}), send("GET", "/", {"Host: evil.example"})}) {
        EXPECT_TRUE(reply.has_header("X-Frame-Options: DENY")) << reply.headers;
        EXPECT_TRUE(reply.has_header("X-Content-Type-Options: nosniff")) << reply.headers;
        EXPECT_TRUE(
            reply.has_header(std::string("Content-Security-Policy: ") + CONTENT_SECURITY_POLICY))
            << reply.headers;
        EXPECT_FALSE(reply.has_header("Access-Control-Allow")) << reply.headers;
    }
}

TEST_F(ServedGame, OversizedBodiesAreRefusedBeforeTheyAreRead) {
    WebServerLimits limits;
    limits.max_request_bytes = 4096;
    start("127.0.0.1", limits);
    RawConnection connection(port);
    // Only the headers are sent: the refusal must not wait for the promised body.
    ASSERT_TRUE(
        connection.send("POST /api/pgn/games HTTP/1.1\r\n" + own_host() +
                        "\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n"));
    RawReply reply = parse_reply(connection.receive("}"));
    EXPECT_EQ(reply.status, 413);
    EXPECT_NE(Json::parse(reply.body)["error"].get<std::string>().find("larger than"),
              std::string::npos);
    EXPECT_EQ(WebServerLimits{}.max_request_bytes, 8u * 1024 * 1024);
}

TEST_F(ServedGame, EventStreamsBeyondTheLimitAreRefusedUntilOneCloses) {
    WebServerLimits limits;
    limits.max_event_streams = 2;
    limits.keep_alive_interval = std::chrono::milliseconds(50);
    start("127.0.0.1", limits);
    const std::string open_stream = "GET /api/events HTTP/1.1\r\n" + own_host() + "\r\n\r\n";
    std::vector<std::unique_ptr<RawConnection>> streams;
    for (int i = 0; i < 2; ++i) {
        streams.push_back(std::make_unique<RawConnection>(port));
        ASSERT_TRUE(streams.back()->send(open_stream));
        ASSERT_NE(streams.back()->receive(": connected").find(": connected"), std::string::npos);
    }
    RawReply refused = send("GET", "/api/events", {own_host()});
    EXPECT_EQ(refused.status, 503);
    EXPECT_NE(Json::parse(refused.body)["error"].get<std::string>().find("too many event streams"),
              std::string::npos);
    EXPECT_EQ(send("GET", "/api/state", {own_host()}).status, 200);  // the API still answers

    // A closed tab is noticed at the next keep-alive, and its place is free again.
    streams.pop_back();
    bool reopened = false;
    for (int attempt = 0; attempt < 100 && !reopened; ++attempt) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        RawConnection again(port);
        again.send(open_stream);
        reopened = again.receive(": connected").find(": connected") != std::string::npos;
    }
    EXPECT_TRUE(reopened);
}

TEST_F(ServedGame, BeyondLoopbackTheTokenIsRequiredAndRemembered) {
    start("0.0.0.0");
    const std::string token = server->token();
    ASSERT_FALSE(token.empty());
    RawReply refused = send("GET", "/api/state", {own_host()});
    EXPECT_EQ(refused.status, 401);
    EXPECT_NE(Json::parse(refused.body)["error"].get<std::string>().find("token"),
              std::string::npos);
    EXPECT_EQ(send("GET", "/", {own_host()}).status, 401);
    EXPECT_EQ(send("GET", "/?token=wrong", {own_host()}).status, 401);

    RawReply page = send("GET", "/?token=" + token, {own_host()});
    EXPECT_EQ(page.status, 200);
    EXPECT_TRUE(page.has_header("Set-Cookie: mneme_token_" + std::to_string(port) + "=" + token +
                                "; Path=/; HttpOnly; SameSite=Strict"))
        << page.headers;
    const std::string cookie = "Cookie: mneme_token_" + std::to_string(port) + "=" + token;
    EXPECT_EQ(send("GET", "/api/state", {own_host(), cookie}).status, 200);
    EXPECT_EQ(send("POST", "/api/move",
                   {own_host(), "Authorization: Bearer " + token, "Content-Type: application/json"},
                   R"({"uci":"d2d4"})")
                  .status,
              200);
    EXPECT_EQ(moves_played(), 1u);
}

}  // namespace
}  // namespace mneme::gui
