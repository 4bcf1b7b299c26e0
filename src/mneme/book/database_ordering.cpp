#include "mneme/book/database_ordering.h"

#include <algorithm>

#include "mneme/book/book_policy.h"
#include "mneme/book/polyglot_book.h"
#include "mneme/core/movegen.h"

namespace mneme {

DatabaseOrdering::DatabaseOrdering(std::shared_ptr<const BookFile> book,
                                   std::shared_ptr<const OphistaFile> ophista)
    : book_(std::move(book)), ophista_(std::move(ophista)) {}

bool DatabaseOrdering::prepare(const Position& root) {
    book_distance_ = ophista_distance_ = -1;
    table_.fill(0);
    Position pos = root;
    for (int back = 0; back <= OPHISTA_WINDOW; ++back) {
        if (book_distance_ < 0 && book_ && !book_->lookup(pos.key()).empty()) book_distance_ = back;
        if (ophista_distance_ < 0 && ophista_) {
            std::span<const OphistaMove> moves = ophista_->lookup(pos.key());
            if (!moves.empty()) {
                ophista_distance_ = back;
                for (const OphistaMove& m : moves) table_[m.code] = m.value;
            }
        }
        if (pos.history_length() == 0) break;
        pos.undo_move();
    }
    return book_distance_ >= 0 || ophista_distance_ >= 0;
}

int DatabaseOrdering::preferred_moves(const Position& pos, int ply, Move* out) const {
    if (book_distance_ < 0 || book_distance_ + ply > OPHISTA_WINDOW) return 0;
    std::span<const BookEntry> entries = book_->lookup(pos.key());
    if (entries.empty()) return 0;
    struct Scored {
        Move move;
        double score;
        std::uint64_t games;
    };
    std::vector<Scored> scored;
    MoveList<LEGAL> legal(pos);
    for (const BookEntry& e : entries)
        for (Move m : legal)
            if (PolyglotBook::encode_move(m, pos) == e.move) {
                BookCandidate c = BookCandidate::from_entry(e);
                scored.push_back({m, c.score(), c.games()});
                break;
            }
    std::stable_sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) {
        return a.score != b.score ? a.score > b.score : a.games > b.games;
    });
    int count = std::min<int>(int(scored.size()), MAX_PREFERRED_MOVES);
    for (int i = 0; i < count; ++i) out[i] = scored[std::size_t(i)].move;
    return count;
}

int DatabaseOrdering::quiet_bonus(const Position& pos, Move m, int ply) const {
    if (ophista_distance_ < 0 || ophista_distance_ + ply > OPHISTA_WINDOW) return 0;
    return table_[OphistaMove::code_of(pos.side_to_move(), m)] * OPHISTA_SCALE;
}

}  // namespace mneme
