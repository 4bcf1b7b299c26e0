// The fuzz targets' committed inputs (fuzz/corpus/TARGET/ and fuzz/regressions/TARGET/), run
// through the same harnesses as libFuzzer runs them (fuzz/*_fuzzer.cpp, included here under
// other names), so that every build of the suite, the sanitizer one included, replays each
// crash the fuzzers ever found and the real-data seeds. A harness stops the process (abort)
// when an invariant breaks; a sanitizer reports what it catches.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

// The harnesses under their names here, declared first (-Wmissing-declarations).
extern "C" {
int fuzz_fen(const std::uint8_t*, std::size_t);
int fuzz_san(const std::uint8_t*, std::size_t);
int fuzz_uci_move(const std::uint8_t*, std::size_t);
int fuzz_epd(const std::uint8_t*, std::size_t);
int fuzz_pgn(const std::uint8_t*, std::size_t);
int fuzz_uci(const std::uint8_t*, std::size_t);
int fuzz_xboard(const std::uint8_t*, std::size_t);
int fuzz_polyglot(const std::uint8_t*, std::size_t);
int fuzz_mbook(const std::uint8_t*, std::size_t);
int fuzz_mcases(const std::uint8_t*, std::size_t);
int fuzz_mpos(const std::uint8_t*, std::size_t);
int fuzz_mpshard(const std::uint8_t*, std::size_t);
int fuzz_mdata(const std::uint8_t*, std::size_t);
int fuzz_mnet(const std::uint8_t*, std::size_t);
int fuzz_gui_api(const std::uint8_t*, std::size_t);
}

#define LLVMFuzzerTestOneInput fuzz_fen
#include "../fuzz/fen_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_san
#include "../fuzz/san_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_uci_move
#include "../fuzz/uci_move_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_epd
#include "../fuzz/epd_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_pgn
#include "../fuzz/pgn_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_uci
#include "../fuzz/uci_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_xboard
#include "../fuzz/xboard_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_polyglot
#include "../fuzz/polyglot_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_mbook
#include "../fuzz/mbook_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_mcases
#include "../fuzz/mcases_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_mpos
#include "../fuzz/mpos_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_mpshard
#include "../fuzz/mpshard_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_mdata
#include "../fuzz/mdata_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_mnet
#include "../fuzz/mnet_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_gui_api
#include "../fuzz/gui_api_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput

namespace {

namespace fs = std::filesystem;
using Harness = int (*)(const std::uint8_t*, std::size_t);

struct Target {
    const char* name;
    Harness run;
};

const Target TARGETS[] = {
    {"fen", fuzz_fen},       {"san", fuzz_san},           {"uci_move", fuzz_uci_move},
    {"epd", fuzz_epd},       {"pgn", fuzz_pgn},           {"uci", fuzz_uci},
    {"xboard", fuzz_xboard}, {"polyglot", fuzz_polyglot}, {"mbook", fuzz_mbook},
    {"mcases", fuzz_mcases}, {"mpos", fuzz_mpos},         {"mdata", fuzz_mdata},
    {"mnet", fuzz_mnet},     {"gui_api", fuzz_gui_api},   {"mpshard", fuzz_mpshard},
};

// Runs every file of fuzz/KIND/TARGET/ through its harness; returns how many each target had.
std::map<std::string, int> replay(const char* kind) {
    std::map<std::string, int> inputs;
    for (const Target& target : TARGETS) {
        fs::path directory = fs::path(MNEME_SOURCE_DIR) / "fuzz" / kind / target.name;
        if (!fs::is_directory(directory)) continue;
        std::vector<fs::path> files;
        for (const fs::directory_entry& entry : fs::directory_iterator(directory))
            if (entry.is_regular_file()) files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const fs::path& file : files) {
            SCOPED_TRACE(file.string());
            std::ifstream in(file, std::ios::binary);
            std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
            // A harness returns 0 always; what fails here is an abort (a broken invariant) or,
            // under the sanitizers, a report.
            EXPECT_EQ(target.run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()),
                      0);
            ++inputs[target.name];
        }
    }
    return inputs;
}

// The seeds (at least one per target) and every input a fuzzer once crashed on.
TEST(FuzzInputs, SeedsAndFoundCrashesRunClean) {
    std::map<std::string, int> seeds = replay("corpus");
    for (const Target& target : TARGETS)
        EXPECT_GE(seeds[target.name], 1) << target.name << ": no seed";
    std::map<std::string, int> regressions = replay("regressions");
    // The one crash found so far (the .mdata reader, fuzz/regressions/mdata/) must stay here.
    EXPECT_GE(regressions["mdata"], 1);
}

}  // namespace
