// UCI move text ("e2e4", "e7e8q", castling as e1g1 or king takes rook in Chess960): refused, or
// a legal move that writes back as the text that names it.
#include "fuzz_support.h"
#include "mneme/core/movegen.h"
#include "mneme/core/position.h"
#include "mneme/notation/uci_move.h"

using namespace mneme;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    Position pos = fuzz::position_chosen_by(data[0]);
    Move m = parse_uci_move(pos, fuzz::as_text(data + 1, size - 1));
    if (!m) return 0;
    MNEME_FUZZ_CHECK(MoveList<LEGAL>(pos).contains(m));
    MNEME_FUZZ_CHECK(parse_uci_move(pos, move_to_uci(pos, m)) == m);
    return 0;
}
