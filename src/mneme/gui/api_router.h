// The JSON API of mneme serve, apart from HTTP: one request (method, path, query, body) in, one
// response (status, JSON text) out. Bad JSON, missing or mistyped fields and refused actions
// come back as 4xx responses with {"error": "..."}; nothing a browser sends can crash the server.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "mneme/gui/game_session.h"

namespace mneme::gui {

struct ApiResponse {
    int status = 200;
    std::string body;  // JSON text
};

using QueryParameters = std::map<std::string, std::string>;

ApiResponse handle_api_request(GameSession& session, std::string_view method, std::string_view path,
                               const QueryParameters& query, std::string_view body);

}  // namespace mneme::gui
