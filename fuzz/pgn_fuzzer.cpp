// PGN, plain or compressed (zstd, gzip: the reader recognises them by their magic): every game
// the reader returns writes out as PGN, and that text reads back to the same mainline moves.
// Nested variations and comments go through the writer's and the tree's non-recursive paths.
#include "fuzz_support.h"
#include "mneme/pgn/pgn_reader.h"
#include "mneme/pgn/pgn_writer.h"

using namespace mneme;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    PgnReader reader = PgnReader::from_string(std::string(fuzz::as_text(data, size)));
    PgnGame game;
    for (int games = 0; games < 64 && reader.next(game); ++games) {
        std::string text = write_pgn(game);
        PgnReader again = PgnReader::from_string(text);
        PgnGame reread;
        MNEME_FUZZ_CHECK(again.next(reread));
        MNEME_FUZZ_CHECK(reread.mainline_moves() == game.mainline_moves());
    }
    (void)reader.errors();
    return 0;
}
