#include "mneme/gui/event_stream.h"

namespace mneme::gui {

void EventStream::publish(std::string_view name, std::string data) {
    {
        std::lock_guard lock(mutex_);
        events_.push_back({next_id_++, std::string(name), std::move(data)});
        while (events_.size() > backlog_) events_.pop_front();
    }
    changed_.notify_all();
}

std::vector<StreamEvent> EventStream::wait_after(std::uint64_t last_id,
                                                 std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, timeout, [&] { return closed_ || next_id_ - 1 > last_id; });
    std::vector<StreamEvent> newer;
    if (closed_) return newer;
    for (const StreamEvent& event : events_)
        if (event.id > last_id) newer.push_back(event);
    return newer;
}

std::uint64_t EventStream::last_id() const {
    std::lock_guard lock(mutex_);
    return next_id_ - 1;
}

void EventStream::close() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    changed_.notify_all();
}

bool EventStream::closed() const {
    std::lock_guard lock(mutex_);
    return closed_;
}

std::string EventStream::format(const StreamEvent& event) {
    // JSON from nlohmann's dump() has no raw line breaks, so one data line suffices.
    return "id: " + std::to_string(event.id) + "\nevent: " + event.name + "\ndata: " + event.data +
           "\n\n";
}

}  // namespace mneme::gui
