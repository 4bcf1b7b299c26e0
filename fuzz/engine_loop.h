// The engine's command loop fed a script: the fuzzer's lines after a protocol's greeting, then
// "stop" and "quit", so that every search it starts ends. Lines that would only make the run
// slow or large rather than exercise parsing are dropped: options naming files or paths (the GUI
// that names them is trusted), a hash table or thread count a machine cannot afford. One
// searcher serves every input, reset to a new searcher's state each time: mapping its tables
// afresh (page faults under ASan) took most of the time of an input.
#pragma once

#include <sys/resource.h>
#include <unistd.h>

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

// The searcher's thread yields to the command loop (nice 19). The campaign pins a fuzzer to one
// core, where a search started by `go` would otherwise take the core for a scheduler slice
// (milliseconds) before the loop could read the next line and stop it: searching, not reading
// commands, was most of an input's time. The searches still start, run and stop as before; they
// get the core when the loop waits (for `isready`, `stop` or `quit`).
// Made once, for the first input.
inline Searcher& searcher_that_yields() {
    static Searcher searcher;
    searcher.background_thread().run([] { setpriority(PRIO_PROCESS, gettid(), 19); });
    searcher.background_thread().wait();
    return searcher;
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
    static Searcher& searcher = searcher_that_yields();
    run_engine(in, out, &searcher);
    // What the input left in the searcher (its evaluator, the last search's lines) is freed
    // now rather than by the next input: libFuzzer runs an input a second time, to look for a
    // leak, whenever it made more allocations than it freed, which was a third of them.
    searcher.reset();
}

}  // namespace mneme::fuzz
