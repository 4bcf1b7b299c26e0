// EPD lines: each either gives an error message or a record whose position fields make a
// position (the reader checks them) and whose operations are all named.
#include "fuzz_support.h"
#include "mneme/core/position.h"
#include "mneme/notation/epd.h"

using namespace mneme;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text = fuzz::as_text(data, size);
    while (!text.empty()) {
        std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        std::string error;
        std::optional<EpdRecord> record = parse_epd_line(line, &error);
        if (!record) continue;
        for (const EpdOperation& operation : record->operations)
            MNEME_FUZZ_CHECK(!operation.opcode.empty());
        (void)record->operand("id");
        (void)record->operand("bm");
    }
    return 0;
}
