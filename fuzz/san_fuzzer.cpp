// SAN: text read as a move in one of a few positions is either refused or a legal move that
// writes back as SAN naming the same move.
#include "fuzz_support.h"
#include "mneme/core/movegen.h"
#include "mneme/core/position.h"
#include "mneme/notation/san.h"

using namespace mneme;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    Position pos = fuzz::position_chosen_by(data[0]);
    std::string_view text = fuzz::as_text(data + 1, size - 1);
    SanError error{};
    Move m = parse_san(pos, text, &error);
    if (!m) return 0;
    MNEME_FUZZ_CHECK(MoveList<LEGAL>(pos).contains(m));
    std::string san = move_to_san(pos, m);
    MNEME_FUZZ_CHECK(parse_san(pos, san) == m);
    return 0;
}
