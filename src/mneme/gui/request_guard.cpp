#include "mneme/gui/request_guard.h"

#include <random>

namespace mneme::gui {

namespace {

std::string lower(std::string_view text) {
    std::string result(text);
    for (char& c : result)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return result;
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

// Compares in time that does not depend on where the texts differ, so that a token cannot be
// guessed a character at a time from response times.
bool same_secret(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    unsigned char difference = 0;
    for (std::size_t i = 0; i < a.size(); ++i) difference |= (unsigned char)(a[i] ^ b[i]);
    return difference == 0;
}

bool changes_state(std::string_view method) {
    return method != "GET" && method != "HEAD" && method != "OPTIONS";
}

bool has_body(std::string_view method) {
    return method == "POST" || method == "PUT" || method == "PATCH";
}

// "[::1]" and "::1" alike become "[::1]"; names become lower case.
std::string normalised_host(std::string_view host) {
    std::string name = lower(host);
    if (name.find(':') != std::string::npos && name.front() != '[') name = "[" + name + "]";
    return name;
}

}  // namespace

RequestGuard::RequestGuard(std::string host, int port, std::string token)
    : host_(normalised_host(host)), port_(port), token_(std::move(token)) {}

RequestGuard RequestGuard::for_address(const std::string& host, int port) {
    if (is_loopback(host)) return RequestGuard(host, port, "");
    std::random_device entropy;
    static constexpr char HEX[] = "0123456789abcdef";
    std::string token;
    for (int i = 0; i < 8; ++i) {  // 8 x 32 bits
        std::uint32_t bits = entropy();
        for (int nibble = 0; nibble < 8; ++nibble, bits >>= 4) token += HEX[bits & 15];
    }
    return RequestGuard(host, port, token);
}

bool RequestGuard::is_loopback(std::string_view host) {
    std::string name = lower(host);
    if (name.size() >= 2 && name.front() == '[' && name.back() == ']')
        name = name.substr(1, name.size() - 2);
    return name == "localhost" || name == "::1" || name.rfind("127.", 0) == 0;
}

bool RequestGuard::is_wildcard(std::string_view host) {
    return host == "0.0.0.0" || host == "::" || host == "[::]";
}

bool RequestGuard::host_allowed(std::string_view host_header) const {
    // Listening on every interface, the server may be reached under any of the machine's names;
    // the token (always required then) is what keeps other sites out.
    if (is_wildcard(host_)) return true;
    std::string_view name = host_header;
    std::string_view port;
    std::size_t colon = host_header.rfind(':');
    std::size_t bracket = host_header.rfind(']');
    if (colon != std::string_view::npos && (bracket == std::string_view::npos || colon > bracket)) {
        name = host_header.substr(0, colon);
        port = host_header.substr(colon + 1);
    }
    if (port.empty() ? port_ != 80 : port != std::to_string(port_)) return false;
    std::string lowered = lower(name);
    return lowered == "127.0.0.1" || lowered == "localhost" || lowered == "[::1]" ||
           lowered == host_;
}

std::string RequestGuard::cookie_name() const { return "mneme_token_" + std::to_string(port_); }

std::string RequestGuard::token_cookie() const {
    return cookie_name() + "=" + token_ + "; Path=/; HttpOnly; SameSite=Strict";
}

bool RequestGuard::token_presented(const GuardedRequest& request) const {
    std::string_view authorization = trim(request.authorization);
    if (authorization.size() > 7 && lower(authorization.substr(0, 7)) == "bearer " &&
        same_secret(trim(authorization.substr(7)), token_))
        return true;
    std::string_view cookies = request.cookie;
    while (!cookies.empty()) {
        std::size_t end = cookies.find(';');
        std::string_view pair = trim(cookies.substr(0, end));
        cookies = end == std::string_view::npos ? std::string_view() : cookies.substr(end + 1);
        std::size_t equals = pair.find('=');
        if (equals != std::string_view::npos && pair.substr(0, equals) == cookie_name() &&
            same_secret(pair.substr(equals + 1), token_))
            return true;
    }
    return false;
}

GuardVerdict RequestGuard::check(const GuardedRequest& request) const {
    if (request.host.empty()) return {403, "the request has no Host header"};
    if (!host_allowed(request.host))
        return {403, "the Host header '" + std::string(request.host) +
                         "' does not name this server; it answers only to the address it "
                         "listens on (a guard against DNS rebinding)"};
    GuardVerdict verdict;
    if (needs_token() && !token_presented(request)) {
        if (request.token_parameter.empty() || !same_secret(request.token_parameter, token_))
            return {401,
                    "this server is reachable from other machines and needs its token: open "
                    "the address with ?token= that mneme serve printed, or send "
                    "'Authorization: Bearer TOKEN'"};
        verdict.remember_token = true;
    }
    if (changes_state(request.method) && request.has_origin &&
        lower(request.origin) != "http://" + lower(request.host))
        return {403, "a page from " + std::string(request.origin) +
                         " may not change anything here; only this server's own pages may"};
    if (has_body(request.method)) {
        std::string_view media_type =
            request.content_type.substr(0, request.content_type.find(';'));
        if (lower(trim(media_type)) != "application/json")
            return {415,
                    "the request body must be JSON sent with 'Content-Type: application/json'" +
                        (request.content_type.empty()
                             ? std::string(", and this request has no Content-Type")
                             : ", not '" + std::string(request.content_type) + "'")};
    }
    return verdict;
}

}  // namespace mneme::gui
