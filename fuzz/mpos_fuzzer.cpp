// Training position files (.mpos): refused with the reason, or every position in them decodes
// to a legal position.
#include "fuzz_support.h"
#include "mneme/learn/position_file.h"

using namespace mneme;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static fuzz::InputFile file("mpos");
    try {
        PositionFile positions = load_position_file(file.write(fuzz::as_text(data, size)));
        (void)positions.positions.size();
    } catch (const std::exception&) {}
    return 0;
}
