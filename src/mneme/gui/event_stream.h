// Server-Sent Events fan-out: the game session publishes named JSON events and every connected
// browser reads them in order from its own place in a bounded backlog.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace mneme::gui {

struct StreamEvent {
    std::uint64_t id = 0;
    std::string name;
    std::string data;  // one line of JSON
};

class EventStream {
public:
    explicit EventStream(std::size_t backlog = 512) : backlog_(backlog) {}

    void publish(std::string_view name, std::string data);

    // The events after `last_id`, waiting up to `timeout` for the first one. Empty on a timeout
    // and once closed. A reader that fell behind the backlog resumes at its oldest event.
    std::vector<StreamEvent> wait_after(std::uint64_t last_id, std::chrono::milliseconds timeout);

    std::uint64_t last_id() const;

    // Wakes every waiting reader for good (the server is shutting down).
    void close();
    bool closed() const;

    // The text/event-stream form: "id: N\nevent: NAME\ndata: JSON\n\n".
    static std::string format(const StreamEvent& event);

private:
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<StreamEvent> events_;
    std::size_t backlog_;
    std::uint64_t next_id_ = 1;
    bool closed_ = false;
};

}  // namespace mneme::gui
