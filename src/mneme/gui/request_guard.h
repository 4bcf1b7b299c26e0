// Who may talk to mneme serve. Any web page the user opens can make the browser send requests to
// a server on this machine, and DNS rebinding can even make them look same-origin to the
// browser; these checks keep such pages from driving the game:
//   - the Host header must name the address the server listens on (defeats DNS rebinding);
//   - a POST, PUT, PATCH or DELETE whose Origin is not this server's is refused;
//   - a POST must be Content-Type application/json, which another site's page can only send
//     after a CORS preflight the server never grants (it sends no CORS headers at all);
//   - bound beyond loopback, every request needs the token printed at start.
// The checks need no HTTP library: the server hands in the few headers they read.
#pragma once

#include <string>
#include <string_view>

namespace mneme::gui {

// The parts of a request the guard reads; absent headers are empty.
struct GuardedRequest {
    std::string_view method;
    std::string_view host;  // the Host header
    std::string_view origin;
    bool has_origin = false;
    std::string_view content_type;
    std::string_view authorization;
    std::string_view cookie;
    std::string_view token_parameter;  // the ?token= query parameter
};

struct GuardVerdict {
    int status = 200;  // 200: let through; else the HTTP status of the refusal
    std::string reason;
    bool remember_token = false;  // let through by ?token=: the answer should set the cookie

    bool allowed() const { return status == 200; }
};

class RequestGuard {
public:
    // For a server listening on `host`:`port`. With an empty `token` none is asked for.
    RequestGuard(std::string host, int port, std::string token);
    // The guard a server bound to `host` needs: a fresh random token unless `host` is loopback.
    static RequestGuard for_address(const std::string& host, int port);

    // 127.0.0.0/8, ::1 and localhost.
    static bool is_loopback(std::string_view host);
    // 0.0.0.0 and ::, which listen on every interface under any name.
    static bool is_wildcard(std::string_view host);

    GuardVerdict check(const GuardedRequest& request) const;

    const std::string& token() const { return token_; }
    bool needs_token() const { return !token_.empty(); }
    // The Set-Cookie value that remembers the token in this browser (HttpOnly, SameSite=Strict;
    // named after the port, since cookies do not tell ports apart).
    std::string token_cookie() const;

private:
    bool host_allowed(std::string_view host_header) const;
    bool token_presented(const GuardedRequest& request) const;
    std::string cookie_name() const;

    std::string host_;  // lower case, IPv6 in brackets
    int port_;
    std::string token_;
};

}  // namespace mneme::gui
