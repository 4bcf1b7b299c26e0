// A request the server refuses, with the HTTP status and a message meant for the person.
#pragma once

#include <stdexcept>
#include <string>

namespace mneme::gui {

class ApiError : public std::runtime_error {
public:
    ApiError(int status, const std::string& message)
        : std::runtime_error(message), status_(status) {}
    int status() const { return status_; }

private:
    int status_;
};

// 400: the request itself is malformed; 409: not possible now (game over, not your turn);
// 422: well formed but wrong for chess (an illegal move, an impossible position).
inline ApiError bad_request(const std::string& message) { return ApiError(400, message); }
inline ApiError conflict(const std::string& message) { return ApiError(409, message); }
inline ApiError unprocessable(const std::string& message) { return ApiError(422, message); }

}  // namespace mneme::gui
