// The engine's command loop fed a script: the fuzzer's lines after a protocol's greeting, then
// "stop" and "quit", so that every search it starts ends. Lines that would only make the run
// slow or large rather than exercise parsing are dropped: options naming files or paths (the GUI
// that names them is trusted), a hash table or thread count a machine cannot afford. One
// searcher serves every input, reset to a new searcher's state each time: mapping its tables
// afresh (page faults under ASan) took most of the time of an input.
#pragma once

#include <sstream>

#include "fuzz_support.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/search/search.h"

namespace mneme::fuzz {

inline bool costly(std::string_view line) {
    for (std::string_view word : {"Hash", "Threads", "File", "Path", "memory", "cores", "egtpath"})
        if (line.find(word) != std::string_view::npos) return true;
    return false;
}

inline void run_script(std::string_view greeting, std::string_view input) {
    std::string script(greeting);
    int lines = 0;
    while (!input.empty() && lines < 200) {
        std::size_t end = input.find('\n');
        std::string_view line = input.substr(0, end);
        input = end == std::string_view::npos ? std::string_view() : input.substr(end + 1);
        if (costly(line)) continue;
        script.append(line).append("\n");
        ++lines;
    }
    script += "stop\nquit\n";
    std::istringstream in(script);
    std::ostringstream out;
    static Searcher searcher;
    run_engine(in, out, &searcher);
}

}  // namespace mneme::fuzz
