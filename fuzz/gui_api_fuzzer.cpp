// The graphical program's JSON API: any method, path and body gets an answer with a status and
// a JSON body (an error names what was wrong), and the server's game stays consistent. The input
// is "METHOD PATH" on its first line and the body after it. One game session serves every input,
// as one server serves every request.
#include "fuzz_support.h"
#include "mneme/gui/api_router.h"
#include "mneme/gui/event_stream.h"
#include "mneme/gui/game_session.h"

using namespace mneme;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static gui::EventStream events;
    static gui::GameSession session(events, nullptr);
    std::string_view text = fuzz::as_text(data, size);
    std::size_t end = text.find('\n');
    std::string_view request = text.substr(0, end);
    std::string_view body =
        end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    std::size_t space = request.find(' ');
    std::string_view method = request.substr(0, space);
    std::string_view path = space == std::string_view::npos ? std::string_view("/api/state")
                                                            : request.substr(space + 1);
    gui::QueryParameters query;
    if (std::size_t mark = path.find('?'); mark != std::string_view::npos) {
        std::string_view rest = path.substr(mark + 1);
        path = path.substr(0, mark);
        std::size_t equals = rest.find('=');
        query.emplace(std::string(rest.substr(0, equals)),
                      equals == std::string_view::npos ? std::string()
                                                       : std::string(rest.substr(equals + 1)));
    }
    gui::ApiResponse response = gui::handle_api_request(session, method, path, query, body);
    MNEME_FUZZ_CHECK(response.status >= 200 && response.status < 600);
    MNEME_FUZZ_CHECK(gui::Json::accept(response.body));
    return 0;
}
