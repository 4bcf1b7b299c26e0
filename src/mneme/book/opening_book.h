// The book an engine plays from: a native .mbook (counts per move) or a Polyglot .bin (weights
// only), recognised by content, optionally combined with an experience file of the engine's
// own games (OPTA FB, see book_learning.h). This is the one object a player needs from a book.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "mneme/book/book_file.h"
#include "mneme/book/book_policy.h"
#include "mneme/book/polyglot_book.h"
#include "mneme/core/position.h"

namespace mneme {

// The book built into the binary ("builtin:masters.mbook", see defaults/MANIFEST.md; the first
// built-in book by name), or empty when it was built without one: the book the engine and the
// graphical program use when they are given none.
std::string builtin_book_path();

// One book move of a position: counts from the mover's view (database plus experience) for a
// native book, the weight for a Polyglot one.
struct OpeningBookMove {
    Move move;
    BookCandidate counts;
    std::uint64_t experience_games = 0;  // the part of counts.games() that came from experience
    std::uint16_t weight = 0;            // Polyglot only
};

class OpeningBook {
public:
    // Opens `path` as a native book when it starts with the native magic, otherwise as a
    // Polyglot book. Throws std::runtime_error naming the file and the reason.
    static OpeningBook open(const std::string& path);

    // Adds the counts of an experience file (a native book written by learn_from_game) to the
    // database counts. Throws std::runtime_error naming the file when it cannot be used.
    void set_experience(const std::string& path);
    void clear_experience() { experience_.reset(); }
    bool has_experience() const { return experience_.has_value(); }

    bool has_counts() const { return native_ != nullptr; }
    // The native book (null for a Polyglot one), shared with whoever else reads it.
    std::shared_ptr<const BookFile> native() const { return native_; }
    const std::string& path() const { return path_; }
    // "native, 1234 entries" / "Polyglot, 5678 entries".
    std::string summary() const;

    // The book moves of `pos`, most played (or heaviest) first; moves not legal here are left
    // out (key collisions).
    std::vector<OpeningBookMove> moves(const Position& pos) const;

    // The move `policy` picks among `moves`, or -1 when none passes its filters. A Polyglot
    // book has no counts, so opta1 and weighted draw in proportion to the weights and the
    // ranking policies (opta2, opta3, wilson, best) take the heaviest move.
    int choose(const std::vector<OpeningBookMove>& moves, const BookPolicy& policy,
               std::mt19937_64& rng) const;

private:
    std::string path_;
    std::shared_ptr<const BookFile> native_;
    std::optional<PolyglotBook> polyglot_;
    std::optional<BookFile> experience_;
};

}  // namespace mneme
