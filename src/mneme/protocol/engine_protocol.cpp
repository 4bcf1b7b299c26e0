#include "mneme/protocol/engine_protocol.h"

#include "mneme/protocol/uci_protocol.h"
#include "mneme/protocol/xboard_protocol.h"
#include "mneme/util/text.h"

namespace mneme {

std::vector<std::string> split_words(std::string_view line) {
    std::vector<std::string> words;
    for (std::string_view word : split_whitespace(line)) words.emplace_back(word);
    return words;
}

namespace {

template <typename Protocol>
void serve(Protocol& protocol, std::istream& in, const std::string& first_line) {
    if (!protocol.handle(first_line)) return;
    std::string line;
    while (std::getline(in, line))
        if (!protocol.handle(line)) return;
    protocol.end_of_input();
}

}  // namespace

void run_engine(std::istream& in, std::ostream& out, Searcher* searcher) {
    // std::cin is tied to std::cout: every read would flush the output from this thread while
    // the search thread writes to it, a data race that garbled and repeated lines (stale
    // "bestmove"s seen in soak games). Output needs no tie: LineOutput flushes every line.
    in.tie(nullptr);
    std::string line;
    while (std::getline(in, line)) {
        auto words = split_words(line);
        if (words.empty()) continue;
        if (words.front() == "xboard") {
            XboardProtocol xboard(out, searcher);
            serve(xboard, in, line);
        } else {
            // UCI is the default: a GUI that starts with "isready" or "position" means UCI too.
            UciProtocol uci(out, searcher);
            serve(uci, in, line);
        }
        return;
    }
}

}  // namespace mneme
