// mneme's own books (.mbook): a file is refused with the reason, or every position probed gets
// legal moves only, and every book policy chooses among them or declines.
#include <random>

#include "fuzz_support.h"
#include "mneme/book/book_file.h"
#include "mneme/book/opening_book.h"
#include "mneme/core/movegen.h"

using namespace mneme;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static fuzz::InputFile file("mbook");
    std::optional<OpeningBook> book = fuzz::open_repairing<OpeningBook, BookFileError>(
        file, std::string(fuzz::as_text(data, size)), 24,
        [](const std::string& path) { return OpeningBook::open(path); });
    if (!book) return 0;
    (void)book->summary();
    std::mt19937_64 rng(1);
    for (const char* fen : fuzz::POSITIONS) {
        Position pos = Position::from_fen(fen);
        std::vector<OpeningBookMove> moves = book->moves(pos);
        for (const OpeningBookMove& move : moves)
            MNEME_FUZZ_CHECK(MoveList<LEGAL>(pos).contains(move.move));
        for (BookPolicyKind kind :
             {BookPolicyKind::OPTA1, BookPolicyKind::OPTA2, BookPolicyKind::OPTA3,
              BookPolicyKind::WILSON, BookPolicyKind::BEST, BookPolicyKind::WEIGHTED}) {
            BookPolicy policy;
            policy.kind = kind;
            policy.min_games = 0;
            int chosen = book->choose(moves, policy, rng);
            MNEME_FUZZ_CHECK(chosen >= -1 && chosen < int(moves.size()));
        }
    }
    return 0;
}
