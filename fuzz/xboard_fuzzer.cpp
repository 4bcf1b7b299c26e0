// The XBoard command loop: any sequence of lines after "xboard" and "protover 2".
#include "engine_loop.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    mneme::fuzz::run_script("xboard\nprotover 2\n", mneme::fuzz::as_text(data, size));
    return 0;
}
