// Polyglot books: a file is refused (size, order) or probed in a few positions, every move it
// gives legal there.
#include "fuzz_support.h"
#include "mneme/book/polyglot_book.h"
#include "mneme/core/movegen.h"

using namespace mneme;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static fuzz::InputFile file("polyglot");
    PolyglotBook book;
    try {
        book = PolyglotBook::open(file.write(fuzz::as_text(data, size)));
    } catch (const std::exception&) {
        return 0;
    }
    std::mt19937_64 rng(1);
    for (const char* fen : fuzz::POSITIONS) {
        Position pos = Position::from_fen(fen);
        for (const PolyglotEntry& entry : book.probe(pos))
            MNEME_FUZZ_CHECK(MoveList<LEGAL>(pos).contains(entry.move));
        Move m = book.pick(pos, rng);
        MNEME_FUZZ_CHECK(!m || MoveList<LEGAL>(pos).contains(m));
    }
    return 0;
}
