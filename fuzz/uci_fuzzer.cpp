// The UCI command loop: any sequence of lines after "uci" is answered or refused with an
// "info string" and the engine ends cleanly at "quit".
#include "engine_loop.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    mneme::fuzz::run_script("uci\n", mneme::fuzz::as_text(data, size));
    return 0;
}
