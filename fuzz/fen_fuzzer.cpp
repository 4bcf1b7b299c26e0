// FEN: any text either is refused with FenError or gives a position whose own FEN reads back to
// the same position, and whose every legal move can be made and unmade.
#include "fuzz_support.h"
#include "mneme/core/movegen.h"
#include "mneme/core/position.h"

using namespace mneme;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    bool chess960 = data[0] & 1;
    std::string_view text = fuzz::as_text(data + 1, size - 1);
    Position pos;
    try {
        pos = Position::from_fen(text, chess960);
    } catch (const FenError&) {
        return 0;
    }
    std::string fen = pos.fen();
    Position again = Position::from_fen(fen, chess960);
    MNEME_FUZZ_CHECK(again.fen() == fen);
    MNEME_FUZZ_CHECK(again.key() == pos.key());
    for (Move m : MoveList<LEGAL>(pos)) {
        pos.do_move(m);
        pos.undo_move();
    }
    MNEME_FUZZ_CHECK(pos.fen() == fen);
    return 0;
}
